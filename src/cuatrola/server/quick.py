"""The quick-match queue of several nodes, kept in Redis.

One node alone keeps its queue in memory (:class:`~.lobby.LobbyRoom`). With several nodes
on one Redis, two players queued on one node and two on another must meet at one table, so the
queue lives in Redis: a sorted set of user ids by the time they queued, and two hashes, one of
each player's entry (node, instance, connection number, name) and one of who holds the entry
now (``instance:connection``).

Any node may form a table: :data:`_TAKE` is one Lua script, run atomically by Redis, that
drops the entries of node runs that are gone (their ``alive`` key expired), then pops four
players, or, once the oldest has waited ``quick_fill_wait`` seconds, up to three (the table is
filled with computer players). The node that popped them creates the table and seats them;
players on other nodes are reached through the cluster (:mod:`.cluster`). Every change is
announced on the ``quick`` channel, and each node then tells its queued players how many wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Final

import msgspec
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, UserId
from cuatrola.protocol.messages import Ack, Error, QueueStatus
from cuatrola.server.accounts.auth import Identity
from cuatrola.server.cluster import DEAD_AFTER, Cluster
from cuatrola.server.connection import Connection
from cuatrola.server.scaleout import Broker, Subscription

logger = logging.getLogger("cuatrola.quick")

QUICK_CHANNEL: Final = "quick"
#: Seconds between two refreshes of this run's ``alive`` key.
ALIVE_EVERY: Final = 1.0

# KEYS: the set, the entries, the holders, the alive-key prefix as ARGV[3].
# ARGV: now, the fill wait, the alive-key prefix. Returns the popped entries, oldest first.
_TAKE: Final = """
local z, h, i = KEYS[1], KEYS[2], KEYS[3]
local now, wait, alive = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local live, first = {}, nil
local ranked = redis.call('ZRANGE', z, 0, 63, 'WITHSCORES')
for k = 1, #ranked, 2 do
  local user = ranked[k]
  local holder = redis.call('HGET', i, user)
  local instance = holder and string.sub(holder, 1, (string.find(holder, ':', 1, true) or 1) - 1)
  if not holder or redis.call('EXISTS', alive .. instance) == 0 then
    redis.call('ZREM', z, user); redis.call('HDEL', h, user); redis.call('HDEL', i, user)
  else
    if first == nil then first = tonumber(ranked[k + 1]) end
    table.insert(live, user)
  end
end
local take = 0
if #live >= 4 then take = 4
elseif #live > 0 and first <= now - wait then take = math.min(3, #live) end
local out = {}
for k = 1, take do
  local user = live[k]
  table.insert(out, redis.call('HGET', h, user))
  redis.call('ZREM', z, user); redis.call('HDEL', h, user); redis.call('HDEL', i, user)
end
return out
"""

# KEYS: the set, the entries, the holders. ARGV: user, holder. Leaves the queue only if that
# connection holds the entry (a newer connection of the same user may have taken it).
_LEAVE: Final = """
if redis.call('HGET', KEYS[3], ARGV[1]) == ARGV[2] then
  redis.call('ZREM', KEYS[1], ARGV[1]); redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('HDEL', KEYS[3], ARGV[1])
  return 1
end
return 0
"""


class Entry(msgspec.Struct, frozen=True, array_like=True):
    """A queued player: where their connection is, and who they are."""

    node: str
    instance: str
    conn: int
    user: str
    name: str
    guest: bool


_entry = msgspec.msgpack.Decoder(Entry)
_encode = msgspec.msgpack.Encoder().encode

FormQuick = Callable[[list[Connection]], Awaitable[None]]


class SharedQueue:
    """The quick-match queue in Redis (see the module docstring).

    Args:
        client: a Redis client on the deployment's database.
        broker: the pub/sub broker (for the ``quick`` channel).
        cluster: this node's links (its name and run, and the other nodes' connections).
        prefix: the deployment's key prefix.
        fill_wait: seconds before a table with fewer than four players is filled.
        form_quick: what seats a popped group at a new table on this node.
    """

    def __init__(
        self,
        client: aioredis.Redis,
        broker: Broker,
        cluster: Cluster,
        prefix: str,
        fill_wait: float,
        form_quick: FormQuick,
    ) -> None:
        self.client = client
        self.broker = broker
        self.cluster = cluster
        self.fill_wait = fill_wait
        self.form_quick = form_quick
        self.keys = [f"{prefix}quick:z", f"{prefix}quick:h", f"{prefix}quick:i"]
        self.alive = f"{prefix}alive:"
        #: This node's queued connections, by user.
        self.waiting: dict[UserId, Connection] = {}
        self._take = client.register_script(_TAKE)
        self._leave = client.register_script(_LEAVE)
        self._timer: asyncio.TimerHandle | None = None
        self._subscription: Subscription | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._background: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        """Mark this run alive and follow the queue's changes."""
        await self._mark_alive()
        self._subscription = await self.broker.subscribe(QUICK_CHANNEL)
        self._background = [
            asyncio.create_task(self._follow(self._subscription), name="quick-follow"),
            asyncio.create_task(self._alive_forever(), name="quick-alive"),
        ]

    async def stop(self) -> None:
        """Leave the queue's channel and stop the timers (the entries expire with the run)."""
        if self._timer is not None:
            self._timer.cancel()
        for task in [*self._background, *self._tasks]:
            task.cancel()
        if self._subscription is not None:
            with contextlib.suppress(Exception):
                await self._subscription.close()

    def holder(self, conn: Connection) -> str:
        """How the queue names the connection that holds an entry."""
        return f"{self.cluster.instance}:{conn.number}"

    async def queue(self, conn: Connection, on: bool, cmd_id: CommandId) -> None:
        """``quick_match``: join or leave the queue."""
        user = conn.user
        try:
            if on:
                entry = Entry(
                    self.cluster.node,
                    self.cluster.instance,
                    conn.number,
                    user,
                    conn.identity.name,
                    conn.identity.guest,
                )
                async with self.client.pipeline(transaction=True) as pipe:
                    pipe.zadd(self.keys[0], {user: time.time()}, nx=True)
                    pipe.hset(self.keys[1], user, _encode(entry))
                    pipe.hset(self.keys[2], user, self.holder(conn))
                    await pipe.execute()
                self.waiting[user] = conn
            else:
                await self._leave(keys=self.keys, args=[user, self.holder(conn)])
                self.waiting.pop(user, None)
        except (RedisError, OSError):
            logger.warning("the quick-match queue in Redis cannot be reached")
            message = "the quick-match queue cannot be reached now; retry"
            conn.send(Error(code=ErrorCode.UNAVAILABLE, message=message, id=cmd_id))
            return
        conn.send(Ack(id=cmd_id))
        if not on:
            conn.send(QueueStatus(on=False))
        await self.changed()

    def gone(self, conn: Connection) -> None:
        """A connection closed: its entry leaves the queue."""
        if self.waiting.get(conn.user) is conn:
            del self.waiting[conn.user]
            self._spawn(self._gone(conn))

    def seated(self, number: int) -> None:
        """This node's connection ``number`` was seated by another node: not queued here."""
        for user, conn in list(self.waiting.items()):
            if conn.number == number:
                del self.waiting[user]

    async def _gone(self, conn: Connection) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self._leave(keys=self.keys, args=[conn.user, self.holder(conn)])
            await self.changed()

    async def changed(self) -> None:
        """Form a table if the queue allows one, and tell every node the queue changed."""
        await self._form()
        with contextlib.suppress(RedisError, OSError):
            await self.broker.publish(QUICK_CHANNEL, b"")

    async def _form(self) -> None:
        try:
            popped = await self._take(
                keys=self.keys, args=[time.time(), self.fill_wait, self.alive]
            )
        except (RedisError, OSError):
            return
        entries = [_entry.decode(raw) for raw in popped]
        if not entries:
            return
        group: list[Connection] = []
        for entry in entries:
            if entry.instance == self.cluster.instance:
                conn = self.waiting.pop(UserId(entry.user), None)
                if conn is not None and conn.number == entry.conn and not conn.closed:
                    group.append(conn)
                    continue
            identity = Identity(UserId(entry.user), entry.name, entry.guest)
            group.append(self.cluster.remote(entry.node, entry.instance, entry.conn, identity))
            self.cluster.dequeued(entry.node, entry.conn)
        await self.form_quick(group)

    async def _follow(self, subscription: Subscription) -> None:
        async for _ in subscription:
            try:
                await self._tell_waiting()
            except (RedisError, OSError):
                continue

    async def _tell_waiting(self) -> None:
        """Tell this node's queued players how many wait, and time the fill."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self.waiting:
            return
        async with self.client.pipeline(transaction=False) as pipe:
            pipe.zcard(self.keys[0])
            pipe.zrange(self.keys[0], 0, 0, withscores=True)
            count, oldest = await pipe.execute()
        if not oldest:
            return
        fill_in = max(0.0, oldest[0][1] + self.fill_wait - time.time())
        for conn in self.waiting.values():
            conn.send(QueueStatus(on=True, waiting=int(count), fill_in=round(fill_in, 1)))
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(fill_in + 0.05, lambda: self._spawn(self.changed()))

    async def _mark_alive(self) -> None:
        await self.client.set(self.alive + self.cluster.instance, b"1", px=int(DEAD_AFTER * 1000))

    async def _alive_forever(self) -> None:
        while True:
            await asyncio.sleep(ALIVE_EVERY)
            with contextlib.suppress(RedisError, OSError):
                await self._mark_alive()

    def _spawn(self, coro: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


__all__ = ["QUICK_CHANNEL", "Entry", "SharedQueue"]
