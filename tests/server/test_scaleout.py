"""Pub/sub fan-out and the backend choice (cuatrola.server.scaleout), in memory and on the real
Redis at 127.0.0.1:6379 (skipped when unreachable, failing instead under
CUATROLA_REQUIRE_SERVICES=1). The rate limiters are in test_limits.py."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis

from cuatrola.server.limits import MemoryRateLimiter, RedisRateLimiter
from cuatrola.server.scaleout import (
    MemoryBroker,
    RedisBroker,
    Relay,
    Subscription,
    check_redis,
    create_backends,
)
from tests.support.databases import redis_url


async def next_message(subscription: Subscription) -> bytes:
    async for message in subscription:
        return message
    raise AssertionError("the subscription ended")


async def test_memory_broker_fans_out_to_every_subscriber() -> None:
    broker = MemoryBroker()
    one = await broker.subscribe("lobby")
    two = await broker.subscribe("lobby")
    other = await broker.subscribe("table:1")
    await broker.publish("lobby", b"hello")
    assert await next_message(one) == b"hello"
    assert await next_message(two) == b"hello"
    await one.close()
    await broker.publish("lobby", b"again")
    assert await next_message(two) == b"again"
    await broker.publish("table:1", b"t")
    assert await next_message(other) == b"t"
    await broker.close()
    assert [m async for m in two] == []  # closed subscriptions end


async def test_redis_broker_delivers_across_processes(redis_prefix: str) -> None:
    a = RedisBroker(aioredis.Redis.from_url(redis_url()), prefix=redis_prefix)
    b = RedisBroker(aioredis.Redis.from_url(redis_url()), prefix=redis_prefix)
    try:
        on_a = await a.subscribe("lobby")
        on_b = await b.subscribe("lobby")
        also_b = await b.subscribe("lobby")
        elsewhere = await b.subscribe("table:9")
        await a.publish("lobby", b"from a")
        await b.publish("lobby", b"from b")
        for sub in (on_a, on_b, also_b):
            got = [await asyncio.wait_for(next_message(sub), 5) for _ in range(2)]
            assert sorted(got) == [b"from a", b"from b"]
        await b.publish("table:9", b"nine")
        assert await asyncio.wait_for(next_message(elsewhere), 5) == b"nine"
        # After the last local subscriber leaves, b no longer listens to the channel.
        await on_b.close()
        await also_b.close()
        await a.publish("lobby", b"only a")
        assert await asyncio.wait_for(next_message(on_a), 5) == b"only a"
        client = aioredis.Redis.from_url(redis_url())
        try:
            counts = dict(await client.pubsub_numsub(redis_prefix + "lobby"))
        finally:
            await client.aclose()
        assert counts[(redis_prefix + "lobby").encode()] == 1
    finally:
        await a.close()
        await b.close()


async def test_create_backends_picks_memory_or_redis(redis_prefix: str) -> None:
    limiter, broker = create_backends(None, rate=5, burst=5)
    assert isinstance(limiter, MemoryRateLimiter)
    assert isinstance(broker, MemoryBroker)
    limiter, broker = create_backends(redis_url(), rate=5, burst=5)
    try:
        assert isinstance(limiter, RedisRateLimiter)
        assert isinstance(broker, RedisBroker)
    finally:
        await limiter.close()
        await broker.close()
    with pytest.raises(ValueError, match="redis:// URL"):
        create_backends("http://user:hunter2@example.org", rate=5, burst=5)


async def test_check_redis_reports_a_dead_server_without_the_password() -> None:
    with pytest.raises(ConnectionError, match="does not answer") as info:
        await check_redis("redis://:hunter2@127.0.0.1:1/0", timeout=0.5)
    assert "hunter2" not in str(info.value)


async def _collect_until(got: list[bytes], count: int) -> None:
    for _ in range(500):
        if len(got) >= count:
            return
        await asyncio.sleep(0.01)


async def test_relays_deliver_other_processes_frames_but_not_their_own(redis_prefix: str) -> None:
    a = RedisBroker(aioredis.Redis.from_url(redis_url()), prefix=redis_prefix)
    b = RedisBroker(aioredis.Redis.from_url(redis_url()), prefix=redis_prefix)
    on_a: list[bytes] = []
    on_b: list[bytes] = []
    relay_a, relay_b = Relay(a, "lobby"), Relay(b, "lobby")
    try:
        await relay_a.start(on_a.append)
        await relay_b.start(on_b.append)
        await relay_a.publish(b'{"type":"lobby_update","n":1}')
        await relay_b.publish(b'{"type":"lobby_update","n":2}\nwith a newline')
        await _collect_until(on_a, 1)
        await _collect_until(on_b, 1)
        assert on_b == [b'{"type":"lobby_update","n":1}']
        assert on_a == [b'{"type":"lobby_update","n":2}\nwith a newline']
    finally:
        await relay_a.stop()
        await relay_b.stop()
        await a.close()
        await b.close()


async def test_a_relay_on_the_memory_broker_works_in_one_process() -> None:
    broker = MemoryBroker()
    got: list[bytes] = []
    mine, other = Relay(broker, "lobby"), Relay(broker, "lobby")
    await mine.start(got.append)
    await mine.publish(b"my own")  # first: once the next frame is in, this one was skipped
    await other.publish(b"from another room")
    await _collect_until(got, 1)
    await mine.stop()
    assert got == [b"from another room"]
