"""Rate limits (cuatrola.server.limits): the keyed token buckets in memory and on the real Redis
at 127.0.0.1:6379 (skipped when unreachable, failing instead under
CUATROLA_REQUIRE_SERVICES=1); the token bucket and the sliding window have doctests."""

from __future__ import annotations

import asyncio

import httpx
import pytest
import redis.asyncio as aioredis
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.applications import Starlette
from starlette.routing import Mount

from cuatrola.server.accounts import rest
from cuatrola.server.accounts.accounts import Accounts
from cuatrola.server.accounts.auth import Authenticator
from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.ratings import Ratings
from cuatrola.server.limits import MemoryRateLimiter, RedisRateLimiter
from tests.support.databases import redis_url

from .conftest import FAST_HASHER, Clock


def redis_limiter(prefix: str, rate: float, burst: float) -> RedisRateLimiter:
    return RedisRateLimiter(aioredis.Redis.from_url(redis_url()), rate, burst, prefix=prefix)


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
        accounts = Accounts(factory, authenticator, hasher=FAST_HASHER)
        routes = rest.routes(accounts, History(factory, Ratings(factory)), limiter=limiter)
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
