"""Rate limits: the token bucket, the sliding window, and the keyed limiters built on them.

* :class:`TokenBucket`: ``rate`` tokens per second, at most ``burst`` stored; each event takes
  one. One object per thing limited, in this process (a connection's commands, its pings).
* :class:`SlidingWindow`: at most ``limit`` events in any ``window`` seconds (chat lines).
* :class:`RateLimiter`: a token bucket *per key* (an address, an account name), for limits
  that must hold however many connections a client opens. :class:`MemoryRateLimiter` keeps
  one :class:`TokenBucket` per key in this process; :class:`RedisRateLimiter` runs the same
  bucket in Redis, updated by one Lua script atomically on Redis's own clock, so every server
  process sharing that Redis (``cuatrola serve --redis URL``) gives a key one budget.
  :func:`cuatrola.server.scaleout.create_backends` picks one from the server's settings.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(1.0)]
[True, True, False, True]
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from typing import Final, Protocol

import redis.asyncio as aioredis
from redis.exceptions import RedisError


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` stored; each command takes one.

    It starts full, at time ``now``.
    """

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if there are that many; return whether the command may go on.

        A refused command takes nothing.
        """
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


class SlidingWindow:
    """At most ``limit`` events in any ``window`` seconds (chat lines per user).

    >>> chat = SlidingWindow(limit=2, window=10.0)
    >>> [chat.hit(0.0), chat.hit(1.0), chat.hit(2.0), chat.hit(10.5)]
    [True, True, False, True]
    """

    __slots__ = ("limit", "stamps", "window")

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self.stamps: deque[float] = deque()

    def hit(self, now: float) -> bool:
        """Record an event at ``now`` if the limit allows it; return whether it did."""
        if not self.allows(now):
            return False
        self.stamps.append(now)
        return True

    def allows(self, now: float) -> bool:
        """Whether the limit allows one more event at ``now`` (recording nothing): for an
        event counted only once it happens (:meth:`record`), such as a hint that the table
        may still refuse.

        >>> hints = SlidingWindow(limit=1, window=60.0)
        >>> hints.allows(0.0), hints.allows(1.0)
        (True, True)
        >>> hints.record(1.0)
        >>> hints.allows(2.0), hints.allows(61.5)
        (False, True)
        """
        while self.stamps and self.stamps[0] <= now - self.window:
            self.stamps.popleft()
        return len(self.stamps) < self.limit

    def record(self, now: float) -> None:
        """Count an event at ``now`` that was allowed earlier (see :meth:`allows`)."""
        self.stamps.append(now)


class RateLimiter(Protocol):
    """A token bucket per key: ``rate`` tokens per second refill, at most ``burst`` stored."""

    async def hit(self, key: str, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens from ``key``'s bucket; ``False`` (and take nothing) if too few."""
        ...

    def derive(self, rate: float, burst: float, namespace: str) -> RateLimiter:
        """Another limiter with its own bucket size and keys, on the same backend.

        It shares this limiter's connection: close only this (the parent) one.
        """
        ...

    async def close(self) -> None:
        """Release resources."""
        ...


def _check_bucket(rate: float, burst: float) -> None:
    if not (math.isfinite(rate) and rate > 0):
        raise ValueError(f"expected a positive rate, got {rate!r}")
    if not (math.isfinite(burst) and burst >= 1):
        raise ValueError(f"expected a burst of at least 1, got {burst!r}")


class MemoryRateLimiter:
    """A :class:`TokenBucket` per key, in this process (one server process).

    Args:
        rate: tokens per second.
        burst: bucket size.
        clock: a monotonic clock (tests pass a fake one).
        max_keys: buckets kept; beyond that the fullest (idle) ones are forgotten.

    Raises:
        ValueError: on a rate or burst out of range.
    """

    def __init__(
        self,
        rate: float,
        burst: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 100_000,
    ) -> None:
        _check_bucket(rate, burst)
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: dict[str, TokenBucket] = {}

    async def hit(self, key: str, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens from ``key``'s bucket; ``False`` if there are too few."""
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, now)
        allowed = bucket.take(now, cost)
        if len(self._buckets) > self._max_keys:
            self._forget_idle(now)
        return allowed

    def derive(self, rate: float, burst: float, namespace: str) -> MemoryRateLimiter:
        """A separate in-process limiter with its own bucket size (``namespace`` unused)."""
        return MemoryRateLimiter(rate, burst, clock=self._clock, max_keys=self._max_keys)

    def _forget_idle(self, now: float) -> None:
        # A bucket that has refilled completely carries no information: drop those.
        full_after = self.burst / self.rate
        self._buckets = {
            key: bucket for key, bucket in self._buckets.items() if now - bucket.stamp < full_after
        }

    async def close(self) -> None:
        """Nothing to release."""


# KEYS[1]: the bucket; ARGV: rate, burst, cost, ttl in ms. Returns 1 if allowed, else 0.
# Redis's TIME is the clock, so processes on different machines agree. The arithmetic is
# TokenBucket.take's.
_BUCKET_SCRIPT: Final = """
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1]) or burst
local last = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - last) * rate)
local allowed = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return allowed
"""


class RedisRateLimiter:
    """Token buckets in Redis, shared by every server process using the same Redis.

    Args:
        client: a ``redis.asyncio`` client.
        rate: tokens per second.
        burst: bucket size.
        prefix: key prefix (``<prefix><key>``), so several deployments can share a Redis.
        fail_open: when Redis is unreachable, allow (``True``) or refuse (``False``) the hit.

    Raises:
        ValueError: on a rate or burst out of range.
    """

    def __init__(
        self,
        client: aioredis.Redis,
        rate: float,
        burst: float,
        *,
        prefix: str = "cuatrola:rl:",
        fail_open: bool = True,
    ) -> None:
        _check_bucket(rate, burst)
        self.rate = rate
        self.burst = burst
        self.prefix = prefix
        self.fail_open = fail_open
        self._client = client
        self._script = client.register_script(_BUCKET_SCRIPT)
        # The bucket is full again after burst/rate seconds: after that it may vanish.
        self._ttl_ms = math.ceil(burst / rate * 1000) + 1000

    async def hit(self, key: str, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens from ``key``'s bucket; ``False`` if there are too few."""
        try:
            allowed = await self._script(
                keys=[self.prefix + key], args=[self.rate, self.burst, cost, self._ttl_ms]
            )
        except (RedisError, OSError):
            return self.fail_open
        return bool(allowed)

    def derive(self, rate: float, burst: float, namespace: str) -> RedisRateLimiter:
        """A limiter with its own bucket size under ``<prefix><namespace>:``, same connection."""
        return RedisRateLimiter(
            self._client,
            rate,
            burst,
            prefix=f"{self.prefix}{namespace}:",
            fail_open=self.fail_open,
        )

    async def close(self) -> None:
        """Close the Redis connection pool."""
        await self._client.aclose()
