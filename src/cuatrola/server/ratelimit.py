"""Per-connection and per-user rate limits (in memory, one server process).

>>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(1.0)]
[True, True, False, True]
"""

from __future__ import annotations

from collections import deque


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` stored; each command takes one."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float) -> bool:
        """Take a token if one is left; return whether the command may go on."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
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
        while self.stamps and self.stamps[0] <= now - self.window:
            self.stamps.popleft()
        if len(self.stamps) >= self.limit:
            return False
        self.stamps.append(now)
        return True
