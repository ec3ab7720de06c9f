"""What several server processes must share: rate limits and pub/sub fan-out.

One process keeps both in memory (the default). To run the card room on several processes
or machines behind one address, give them a Redis URL (``cuatrola serve --redis URL``):

* the rate limiter is a :class:`~cuatrola.server.limits.RedisRateLimiter` (a token bucket
  per key in Redis), so a user who opens connections to two processes still gets one budget;
* :class:`RedisBroker` fans messages out through Redis ``PUBLISH``/``SUBSCRIBE``: every
  process holds ONE subscriber connection for all its channels and dispatches locally, so a
  lobby update published by any process reaches every subscriber on every process.

Both have an in-process twin with the same interface
(:class:`~cuatrola.server.limits.MemoryRateLimiter`, :class:`MemoryBroker`);
:func:`create_backends` picks the pair from the URL. :class:`Relay` is the adapter a room uses
on top of a broker: what it broadcasts locally (lobby updates) is delivered to the other
processes' local subscribers too.

Delivery: the broker is best-effort and at-most-once (Redis pub/sub semantics). Use it for
notifications that a client can also recover from (lobby updates, "table changed" pings);
durable facts go through the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Any, Final, Protocol
from urllib.parse import urlsplit

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from cuatrola.server.limits import MemoryRateLimiter, RateLimiter, RedisRateLimiter

logger = logging.getLogger("cuatrola.scaleout")

SUBSCRIBER_QUEUE: Final = 1024
"""Messages buffered per subscriber; a subscriber that falls further behind loses the oldest."""


class Subscription(Protocol):
    """An open subscription to one channel: iterate it to receive messages."""

    def __aiter__(self) -> AsyncIterator[bytes]:
        """The messages, in publication order (per publisher)."""
        ...

    async def close(self) -> None:
        """Stop receiving."""
        ...


class Broker(Protocol):
    """Publish/subscribe by channel name."""

    async def publish(self, channel: str, message: bytes) -> None:
        """Send ``message`` to every current subscriber of ``channel`` (in any process)."""
        ...

    async def subscribe(self, channel: str) -> Subscription:
        """Start receiving ``channel``; the subscription is live when this returns."""
        ...

    async def close(self) -> None:
        """Close every subscription and connection."""
        ...


class _Queue:
    """One subscriber's bounded queue; when full, the oldest message is dropped."""

    def __init__(self, on_close: Callable[[_Queue], None]) -> None:
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(SUBSCRIBER_QUEUE)
        self._on_close = on_close
        self.closed = False

    def put(self, message: bytes | None) -> None:
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(message)

    async def __aiter__(self) -> AsyncIterator[bytes]:
        while not self.closed:
            message = await self.queue.get()
            if message is None:
                return
            yield message

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.put(None)
            self._on_close(self)


class _LocalFanout:
    """Channel name -> local subscriber queues."""

    def __init__(self) -> None:
        self.channels: dict[str, set[_Queue]] = {}

    def add(self, channel: str) -> _Queue:
        queue = _Queue(lambda q: self.remove(channel, q))
        self.channels.setdefault(channel, set()).add(queue)
        return queue

    def remove(self, channel: str, queue: _Queue) -> None:
        subscribers = self.channels.get(channel)
        if subscribers is not None:
            subscribers.discard(queue)
            if not subscribers:
                del self.channels[channel]

    def deliver(self, channel: str, message: bytes) -> None:
        for queue in list(self.channels.get(channel, ())):
            queue.put(message)

    async def close(self) -> None:
        for subscribers in list(self.channels.values()):
            for queue in list(subscribers):
                await queue.close()


class MemoryBroker:
    """In-process publish/subscribe (one server process)."""

    def __init__(self) -> None:
        self._local = _LocalFanout()

    async def publish(self, channel: str, message: bytes) -> None:
        """Deliver to this process's subscribers of ``channel``."""
        self._local.deliver(channel, message)

    async def subscribe(self, channel: str) -> Subscription:
        """Start receiving ``channel``."""
        return self._local.add(channel)

    async def close(self) -> None:
        """End every subscription."""
        await self._local.close()


class RedisBroker:
    """Publish/subscribe through Redis, shared by every process on the same Redis.

    One subscriber connection per process carries all its channels; a reader task hands
    each message to the local subscribers.

    Args:
        client: a ``redis.asyncio`` client.
        prefix: channel name prefix, so several deployments can share a Redis.
    """

    def __init__(self, client: aioredis.Redis, *, prefix: str = "cuatrola:ps:") -> None:
        self.prefix = prefix
        self._client = client
        self._pubsub: Any = client.pubsub(ignore_subscribe_messages=True)
        self._local = _LocalFanout()
        self._reader: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    async def publish(self, channel: str, message: bytes) -> None:
        """Publish to every subscriber of ``channel`` on any process.

        Raises:
            redis.exceptions.RedisError: when Redis is unreachable.
        """
        await self._client.publish(self.prefix + channel, message)

    async def subscribe(self, channel: str) -> Subscription:
        """Start receiving ``channel``; Redis has confirmed the subscription on return."""
        async with self._lock:
            new = channel not in self._local.channels
            queue = self._local.add(channel)
            if new:
                await self._pubsub.subscribe(self.prefix + channel)
                await self._confirm()
            if self._reader is None:
                self._reader = asyncio.create_task(self._read(), name="redis-broker-reader")
        return _RedisSubscription(self, channel, queue)

    async def _release(self, channel: str) -> None:
        # Unsubscribe from Redis when the last local subscriber of a channel has left.
        async with self._lock:
            if channel not in self._local.channels:
                with contextlib.suppress(RedisError, OSError):
                    await self._pubsub.unsubscribe(self.prefix + channel)

    async def _confirm(self) -> None:
        # SUBSCRIBE is confirmed by a reply on the subscriber connection; until then a
        # publish could be missed. Ping round-trips through the same connection in order.
        await self._pubsub.ping()

    async def _read(self) -> None:
        prefix_len = len(self.prefix)
        while True:
            try:
                if not self._pubsub.subscribed:
                    await asyncio.sleep(0.05)
                    continue
                message = await self._pubsub.get_message(timeout=1.0)
            except (RedisError, OSError):
                await asyncio.sleep(0.5)  # Redis went away: retry, subscriptions resume
                continue
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"]
            if isinstance(channel, bytes):
                channel = channel.decode()
            self._local.deliver(channel[prefix_len:], message["data"])

    async def close(self) -> None:
        """End every subscription and close the connections."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None
        await self._local.close()
        with contextlib.suppress(RedisError, OSError):
            await self._pubsub.aclose()
        await self._client.aclose()


class _RedisSubscription:
    """A local subscriber of a :class:`RedisBroker` channel."""

    def __init__(self, broker: RedisBroker, channel: str, queue: _Queue) -> None:
        self._broker = broker
        self._channel = channel
        self._queue = queue

    def __aiter__(self) -> AsyncIterator[bytes]:
        return self._queue.__aiter__()

    async def close(self) -> None:
        if not self._queue.closed:
            await self._queue.close()
            await self._broker._release(self._channel)


class Relay:
    """Fan one process's local broadcasts out to the same channel on every other process.

    The adapter the room uses for what all processes must see (the lobby): call
    :meth:`publish` with each encoded frame it sends to its own subscribers, and give
    :meth:`start` the function that delivers a frame to them; frames published by *other*
    processes then reach that function too. Frames carry the publishing process's id, so a
    process never delivers its own frames twice.

    Args:
        broker: the broker (in memory for one process, Redis for several).
        channel: the channel name, e.g. ``"lobby"``.
        origin: this process's id (random by default).
    """

    def __init__(self, broker: Broker, channel: str, origin: str | None = None) -> None:
        self.broker = broker
        self.channel = channel
        self.origin = (origin or secrets.token_hex(8)).encode()
        #: Whether the last publish could not reach Redis.
        self.degraded = False
        self._task: asyncio.Task[None] | None = None
        self._subscription: Subscription | None = None

    async def start(self, deliver: Callable[[bytes], None]) -> None:
        """Subscribe; ``deliver`` is called with every frame another process publishes."""
        self._subscription = await self.broker.subscribe(self.channel)
        subscription = self._subscription

        async def pump() -> None:
            async for message in subscription:
                origin, _, frame = message.partition(b"\n")
                if origin != self.origin:
                    deliver(frame)

        self._task = asyncio.create_task(pump(), name=f"relay-{self.channel}")

    async def publish(self, frame: bytes) -> None:
        """Send a frame this process has delivered locally to every other process.

        While Redis is unreachable the frame stays on this process (its own subscribers
        already have it): one log line when that starts, one when Redis answers again.
        """
        try:
            await self.send(frame)
        except (RedisError, OSError) as exc:
            if not self.degraded:
                self.degraded = True
                logger.warning(
                    "redis unreachable (%s): %s updates stay on this process until it is back",
                    type(exc).__name__,
                    self.channel,
                )
            return
        if self.degraded:
            self.degraded = False
            logger.warning("redis is back: %s updates reach every process again", self.channel)

    async def send(self, frame: bytes) -> None:
        """Send a frame to every other process, or raise: for a process that must know
        whether it got through (``cuatrola admin``); :meth:`publish` is the forgiving one.

        Raises:
            RedisError, OSError: when Redis cannot be reached.
        """
        await self.broker.publish(self.channel, self.origin + b"\n" + frame)

    async def stop(self) -> None:
        """Unsubscribe."""
        if self._subscription is not None:
            await self._subscription.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


def redacted_redis_url(url: str) -> str:
    """A Redis URL without its password, for messages and logs."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"


def create_backends(
    redis_url: str | None, *, rate: float, burst: float, prefix: str = "cuatrola:"
) -> tuple[RateLimiter, Broker]:
    """The rate limiter and broker for a server: in memory, or on Redis when a URL is given.

    Args:
        redis_url: ``redis://host:port/db`` (or ``rediss://``), or ``None`` for in-process.
        rate, burst: the token bucket of the rate limiter.
        prefix: the deployment's Redis prefix: keys are ``<prefix>rl:...``, channels
            ``<prefix><db>:ps:...`` (see :func:`channel_prefix`).

    Raises:
        ValueError: on a URL that is not a Redis URL, a bad prefix, or a bad rate or burst.
    """
    if redis_url is None:
        return MemoryRateLimiter(rate, burst), MemoryBroker()
    if not redis_url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"expected a redis:// URL, got {redacted_redis_url(redis_url)!r}")
    check_prefix(prefix)
    limiter_client = aioredis.Redis.from_url(redis_url)
    limiter = RedisRateLimiter(limiter_client, rate, burst, prefix=f"{prefix}rl:")
    broker_client = aioredis.Redis.from_url(redis_url)
    broker = RedisBroker(broker_client, prefix=channel_prefix(prefix, broker_client))
    return limiter, broker


def check_prefix(prefix: str) -> None:
    """Refuse a Redis prefix that could run into another deployment's names.

    Raises:
        ValueError: unless the prefix is 1 to 64 printable ASCII characters without spaces
            that end with ``:``.
    """
    if not (
        0 < len(prefix) <= 64 and prefix.isascii() and prefix.isprintable() and " " not in prefix
    ) or not prefix.endswith(":"):
        raise ValueError(
            f"a Redis prefix is 1 to 64 ASCII characters without spaces ending in ':', "
            f"got {prefix!r}"
        )


def channel_prefix(prefix: str, client: aioredis.Redis) -> str:
    """The start of this deployment's channel names: the prefix and the database number.

    Redis keys live in the URL's numbered database, but pub/sub channels are global to the
    Redis server, so the number goes into the channel names: servers on ``/1`` and ``/2`` of
    one Redis never hear each other.
    """
    database = client.connection_pool.connection_kwargs.get("db", 0)
    return f"{prefix}{database}:ps:"


async def check_redis(redis_url: str, timeout: float = 2.0) -> None:
    """Ping Redis once, so a server can refuse to start with a clear error.

    Raises:
        ConnectionError: when Redis does not answer.
    """
    client = aioredis.Redis.from_url(redis_url, socket_connect_timeout=timeout)
    try:
        await client.ping()
    except (RedisError, OSError) as exc:
        raise ConnectionError(
            f"Redis at {redacted_redis_url(redis_url)} does not answer: {exc}"
        ) from None
    finally:
        await client.aclose()
