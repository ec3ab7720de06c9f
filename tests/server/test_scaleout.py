"""Shared rate limits and pub/sub fan-out (cuatrola.server.scaleout), in memory and on the real
Redis at 127.0.0.1:6379 (skipped when unreachable, failing instead under
CUATROLA_REQUIRE_SERVICES=1)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from types import SimpleNamespace

import httpx
import pytest
import redis.asyncio as aioredis
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.applications import Starlette
from starlette.routing import Mount

from cuatrola.server import rest
from cuatrola.server.auth import Authenticator
from cuatrola.server.scaleout import (
    MemoryBroker,
    MemoryRateLimiter,
    RedisBroker,
    RedisRateLimiter,
    Relay,
    Subscription,
    check_redis,
    create_backends,
)
from cuatrola.storage.isolated import redis_url
from tests.services import unavailable

from .conftest import FAST_HASHER, Clock


@pytest.fixture
async def redis_prefix() -> AsyncIterator[str]:
    """A unique key prefix on the real Redis; every key under it is deleted afterwards."""
    try:
        await check_redis(redis_url(), timeout=1.0)
    except ConnectionError as exc:
        unavailable(exc)
    prefix = f"cuatrola-test:{secrets.token_hex(6)}:"
    yield prefix
    client = aioredis.Redis.from_url(redis_url())
    try:
        keys = [key async for key in client.scan_iter(match=prefix + "*")]
        if keys:
            await client.delete(*keys)
    finally:
        await client.aclose()


def redis_limiter(prefix: str, rate: float, burst: float) -> RedisRateLimiter:
    return RedisRateLimiter(aioredis.Redis.from_url(redis_url()), rate, burst, prefix=prefix)


async def next_message(subscription: Subscription) -> bytes:
    async for message in subscription:
        return message
    raise AssertionError("the subscription ended")


async def test_memory_limiter_allows_a_burst_then_refills() -> None:
    clock = Clock(0.0)
    limiter = MemoryRateLimiter(rate=2.0, burst=3, clock=clock)
    assert [await limiter.hit("u1") for _ in range(4)] == [True, True, True, False]
    assert await limiter.hit("u2")  # keys are independent
    clock.now += 0.5  # one token back
    assert await limiter.hit("u1")
    assert not await limiter.hit("u1")
    clock.now += 100
    assert [await limiter.hit("u1") for _ in range(4)] == [True, True, True, False]


async def test_memory_limiter_forgets_idle_buckets_only() -> None:
    clock = Clock(0.0)
    limiter = MemoryRateLimiter(rate=1.0, burst=2, clock=clock, max_keys=2)
    await limiter.hit("a")
    await limiter.hit("a")
    clock.now += 10  # "a" refilled completely: forgettable
    await limiter.hit("b")
    await limiter.hit("c")
    assert set(limiter._buckets) == {"b", "c"}


@pytest.mark.parametrize(("rate", "burst"), [(0, 5), (-1, 5), (1, 0), (float("nan"), 2)])
def test_bad_bucket_parameters_are_refused(rate: float, burst: float) -> None:
    with pytest.raises(ValueError, match="expected"):
        MemoryRateLimiter(rate, burst)


async def test_redis_limiter_shares_one_budget_between_processes(redis_prefix: str) -> None:
    # Two limiters on two connections stand for two server processes.
    first = redis_limiter(redis_prefix, rate=0.01, burst=4)
    second = redis_limiter(redis_prefix, rate=0.01, burst=4)
    try:
        results = [await (first if n % 2 else second).hit("user:42") for n in range(6)]
        assert results == [True, True, True, True, False, False]
        assert await first.hit("user:43")
    finally:
        await first.close()
        await second.close()


async def test_redis_limiter_refills_over_time(redis_prefix: str) -> None:
    limiter = redis_limiter(redis_prefix, rate=4.0, burst=1)
    try:
        assert await limiter.hit("k")
        assert not await limiter.hit("k")  # the next token comes 250 ms later
        await asyncio.sleep(0.3)
        assert await limiter.hit("k")
        assert not await limiter.hit("k")  # capped at the burst of 1
    finally:
        await limiter.close()


async def test_redis_limiter_keys_expire(redis_prefix: str) -> None:
    limiter = redis_limiter(redis_prefix, rate=10.0, burst=5)
    client = aioredis.Redis.from_url(redis_url())
    try:
        await limiter.hit("k")
        ttl = await client.pttl(redis_prefix + "k")
        assert 0 < ttl <= 1500
    finally:
        await client.aclose()
        await limiter.close()


async def test_redis_limiter_fails_open_or_closed_when_redis_is_gone() -> None:
    dead = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    for fail_open in (True, False):
        limiter = RedisRateLimiter(
            aioredis.Redis.from_url(dead, socket_connect_timeout=0.5), 1.0, 1, fail_open=fail_open
        )
        try:
            assert await limiter.hit("k") is fail_open
        finally:
            await limiter.close()


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


async def test_derived_redis_limiters_have_their_own_buckets_and_keys(redis_prefix: str) -> None:
    base = redis_limiter(redis_prefix, rate=100.0, burst=100)
    strict = base.derive(0.01, 2, "password")
    try:
        assert [await strict.hit("k") for _ in range(3)] == [True, True, False]
        assert await base.hit("k")  # the parent's bucket for the same key is untouched
        client = aioredis.Redis.from_url(redis_url())
        try:
            keys = {key.decode() async for key in client.scan_iter(match=redis_prefix + "*")}
        finally:
            await client.aclose()
        assert keys == {redis_prefix + "k", redis_prefix + "password:k"}
    finally:
        await base.close()  # the derived limiter shares this connection


async def test_two_processes_share_the_password_attempt_budget_through_redis(
    redis_prefix: str, factory: async_sessionmaker[AsyncSession], authenticator: Authenticator
) -> None:
    # Two REST route sets with their own Redis connections stand for two server processes.
    apps, limiters = [], []
    for _ in range(2):
        limiter = redis_limiter(redis_prefix, rate=20.0, burst=40)
        limiters.append(limiter)
        services = SimpleNamespace(
            session_factory=factory,
            authenticator=authenticator,
            match_listeners=[],
            rate_limiter=limiter,
        )
        routes = rest.routes(services, hasher=FAST_HASHER)
        apps.append(Starlette(routes=[Mount("/api", routes=routes)]))
    wrong = {"name": "Nobody", "password": "wrong password"}
    statuses = []
    try:
        for n in range(rest.PASSWORD_BURST + 1):
            transport = httpx.ASGITransport(app=apps[n % 2])
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
                statuses.append((await http.post("/api/login", json=wrong)).status_code)
    finally:
        for limiter in limiters:
            await limiter.close()
    assert statuses == [401] * rest.PASSWORD_BURST + [429]
