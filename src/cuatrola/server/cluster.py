"""Several nodes, one card room: a client may connect to any node, and each table runs on the
node that holds its claim (:mod:`.claims`).

A node forwards what a client sends about a table that another live node runs to that node,
through Redis; the owner serves it there as a :class:`RemoteConnection`, a connection whose
frames travel back to the client's node, which puts them on the client's socket. So every
table keeps one runner, one order of events and one place where its commands are checked, and
a client's ``since`` works wherever it reconnects.

Between two nodes (one pub/sub channel per node, ``node:<name>``) travel packets of items:

* from the client's node: :class:`Forward` (a client message and who sent it) and
  :class:`Gone` (the connection closed);
* from the owner: :class:`Frame` (an encoded server frame for one connection), :class:`Close`,
  :class:`Moved` (the table does not run here any more: look it up again) and
  :class:`Dequeued` (a queued player was seated at a table here, :mod:`.quick`);
* either way: :class:`Reset` ("I dropped everything of yours": close the connections that
  depend on me, forget my connections).

Redis pub/sub may lose messages (a subscriber connection that drops, a full queue), so each
node numbers the packets it sends to each other node, and every node announces on the
``cluster`` channel, once a :data:`BEAT` seconds, which numbers it has sent (a
:class:`Beat`, which also carries its public tables for the lobby and its online count). A
receiver that misses a number **resets** the link: the connections of the sender are forgotten
here and this node's connections that relied on the sender are closed (code 1012), so their
clients reconnect and resume from their last ``seq`` (docs/protocol.md). A node whose beats
stop for :data:`DEAD_AFTER` seconds is treated the same way; its tables move to other nodes
once their leases run out. A node that stops cleanly says so in a last beat (``leaving``):
the others forget it at once, without taking it for a failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

import msgspec
from redis.exceptions import RedisError

from cuatrola.protocol import messages as wire
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import UserId
from cuatrola.server.accounts.auth import Identity
from cuatrola.server.connection import Connection
from cuatrola.server.scaleout import Broker, Subscription
from cuatrola.storage.base import LIVE_STATUSES, GameStore

logger = logging.getLogger("cuatrola.cluster")

#: Seconds between two beats of a node.
BEAT: Final = 1.0
#: A node not heard of for this many seconds is gone: its connections here are forgotten.
DEAD_AFTER: Final = 3.0
#: Seconds a table's owner is remembered before the database is asked again.
OWNER_TTL: Final = 5.0
#: Seconds a node run that ended (silent, or replaced by a restart) is remembered.
FORGET_AFTER: Final = 600.0
#: A beat carries the node's lobby rows when they changed, and at least every this many beats.
ROWS_EVERY: Final = 5
#: Close code of a connection whose tables run on a node this node lost touch with.
CLOSE_RESET: Final = 1012

CLUSTER_CHANNEL: Final = "cluster"


def node_channel(node: str) -> str:
    """The pub/sub channel of packets for ``node``."""
    return f"node:{node}"


class Forward(msgspec.Struct, frozen=True, tag="forward", array_like=True):
    """A client message for a table the receiver runs, and the connection that sent it."""

    conn: int
    user: str
    name: str
    guest: bool
    room: int
    """How many more frames the client's queue took when it sent this."""
    message: wire.ClientMessage


class Gone(msgspec.Struct, frozen=True, tag="gone", array_like=True):
    """The sender's connection ``conn`` closed."""

    conn: int


class Frame(msgspec.Struct, frozen=True, tag="frame", array_like=True):
    """An encoded server frame for the receiver's connection ``conn``."""

    conn: int
    data: bytes


class Close(msgspec.Struct, frozen=True, tag="close", array_like=True):
    """Close the receiver's connection ``conn`` with ``code``."""

    conn: int
    code: int


class Moved(msgspec.Struct, frozen=True, tag="moved", array_like=True):
    """The table does not run on the sender (any more): forget who runs it."""

    table: str


class Dequeued(msgspec.Struct, frozen=True, tag="dequeued", array_like=True):
    """The receiver's connection ``conn`` left the quick-match queue for a table."""

    conn: int


class Reset(msgspec.Struct, frozen=True, tag="reset", array_like=True):
    """The sender forgot every connection of the receiver."""


Item = Forward | Gone | Frame | Close | Moved | Dequeued | Reset


class Packet(msgspec.Struct, frozen=True, array_like=True):
    """Items from one node instance to one node, numbered from 1 per receiving node."""

    node: str
    instance: str
    number: int
    items: list[Item]


class Beat(msgspec.Struct, frozen=True, array_like=True):
    """A node's sign of life on the ``cluster`` channel.

    Attributes:
        node: its name; instance: this run of it.
        sent: the number of the last packet it sent to each node.
        online: users connected to it.
        rows: its public live tables (``None``: the same as in its last beat).
        leaving: it stops cleanly, and sends nothing more (its last beat). Last, so that a
            node of an earlier version takes the beat as it was and ignores the flag.
    """

    node: str
    instance: str
    sent: dict[str, int]
    online: int
    rows: list[wire.TableInfo] | None = None
    leaving: bool = False


_M = TypeVar("_M", "Packet", "Beat")

_encode = msgspec.msgpack.Encoder().encode
_packet = msgspec.msgpack.Decoder(Packet)
_beat = msgspec.msgpack.Decoder(Beat)


class ClusterHost(Protocol):
    """What the cluster needs from the room."""

    async def handle(self, conn: Connection, msg: wire.ClientMessage) -> None:
        """Carry out a client message from ``conn`` (never raises)."""
        ...

    def forget_remote(self, conn: Connection) -> None:
        """Another node's connection is gone: unsubscribe it everywhere here."""
        ...

    def local_rows(self) -> list[wire.TableInfo]:
        """This node's public live tables."""
        ...

    def online_here(self) -> int:
        """Users connected to this node."""
        ...

    def cluster_changed(self) -> None:
        """Another node's online count or tables changed."""
        ...

    def dequeued(self, number: int) -> None:
        """This node's connection ``number`` was seated from the quick-match queue."""
        ...


class RemoteConnection(Connection):
    """A client connection of another node, as the tables of this node see it.

    What the tables send it travels to that node as :class:`Frame` items; closing it closes
    the client's socket there.
    """

    def __init__(
        self, cluster: Cluster, node: str, instance: str, number: int, identity: Identity
    ) -> None:
        super().__init__(identity)
        self.cluster = cluster
        self.node = node
        self.instance = instance
        self.remote_number = number
        #: Free frames of the client's queue when it last sent something.
        self.window = self.max_queue

    def room(self) -> int:
        """How many frames the client's queue took when it last sent a command."""
        return self.window

    def send_raw(self, data: bytes) -> None:
        """Send one encoded frame to the client, on its node."""
        if not self.closed:
            self.cluster.post(self.node, Frame(self.remote_number, data))

    def close(self, code: int = 1000) -> None:
        """Close the client's socket on its node."""
        if not self.closed:
            self.closed = True
            self.cluster.post(self.node, Close(self.remote_number, code))

    def drop(self) -> None:
        """Mark it closed without telling its node (which forgot it, or is gone)."""
        self.closed = True


@dataclass
class _Peer:
    instance: str
    seen: float
    #: The number of the last packet received from it, and the number its last beat said it
    #: had sent (checked at the next beat: a packet published before a beat may be handled
    #: after it, as they come on two channels).
    received: int | None = None
    announced: int = 0
    online: int = 0
    rows: list[wire.TableInfo] | None = None


class Cluster:
    """This node's links with the other nodes (see the module docstring).

    Args:
        host: the room.
        broker: the Redis broker.
        store: where tables' owners are looked up.
        node: this node's name.
    """

    def __init__(self, host: ClusterHost, broker: Broker, store: GameStore, node: str) -> None:
        self.host = host
        self.broker = broker
        self.store = store
        self.node = node
        self.instance = secrets.token_hex(8)
        #: Local connections by number (frames for them come from other nodes).
        self.local: dict[int, Connection] = {}
        #: Other nodes' connections, by (instance, number).
        self.proxies: dict[tuple[str, int], RemoteConnection] = {}
        self.peers: dict[str, _Peer] = {}
        #: Instances given up for dead (and when): if one speaks again, it is told to reset.
        self.dead: dict[str, float] = {}
        #: Earlier runs of nodes that restarted since (and when): what they still send is
        #: ignored.
        self.retired: dict[str, float] = {}
        self.owners: dict[str, tuple[str, float]] = {}
        self.outbox: dict[str, list[Item]] = {}
        self.sent: dict[str, int] = {}
        self.resets_total = 0
        self.forwarded_total = 0
        self._wake = asyncio.Event()
        self._beat_due = False
        self._beats = 0
        self._rows_sent: list[wire.TableInfo] | None = None
        self._degraded = False
        self._leaving = False
        #: Set once the beat that says this node leaves has been published (or has failed).
        self._said_leaving = asyncio.Event()
        self._subscriptions: list[Subscription] = []
        self._tasks: list[asyncio.Task[None]] = []

    # Life cycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Subscribe to this node's channel and the cluster's, and start beating."""
        mine = await self.broker.subscribe(node_channel(self.node))
        everyone = await self.broker.subscribe(CLUSTER_CHANNEL)
        self._subscriptions = [mine, everyone]
        self._tasks = [
            asyncio.create_task(
                self._pump(mine, _packet.decode, self._on_packet), name="cluster-packets"
            ),
            asyncio.create_task(
                self._pump(everyone, _beat.decode, self._on_beat), name="cluster-beats"
            ),
            asyncio.create_task(self._send_forever(), name="cluster-sender"),
            asyncio.create_task(self._beat_forever(), name="cluster-beat"),
        ]

    async def stop(self) -> None:
        """Send what is queued and a last beat that says this node leaves, then stop."""
        # Needed: what is queued tells the other nodes to close their clients' sockets to this
        # node's tables (they reconnect at once, instead of after DEAD_AFTER), and the last
        # beat that this node leaves: they forget it at once, as no failure. At most 1 s, all
        # of it spent only when Redis does not answer (the sender waits on a publish).
        self._leaving = True
        self._beat_due = True
        self._wake.set()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1.0):
                await self._said_leaving.wait()
        logger.info("node %s leaves: told the other nodes", self.node)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for subscription in self._subscriptions:
            with contextlib.suppress(Exception):
                await subscription.close()

    # Local connections ------------------------------------------------------------------------

    def attach(self, conn: Connection) -> None:
        """A client connected here."""
        self.local[conn.number] = conn

    def detach(self, conn: Connection) -> None:
        """A client's connection here closed: tell the nodes that serve it."""
        self.local.pop(conn.number, None)
        for node in conn.peers:
            self.post(node, Gone(conn.number))

    def forward(self, conn: Connection, node: str, msg: wire.ClientMessage) -> None:
        """Send ``conn``'s message to ``node``, which runs its table."""
        conn.peers.add(node)
        ident = conn.identity
        self.post(node, Forward(conn.number, ident.user, ident.name, ident.guest, conn.room(), msg))
        self.forwarded_total += 1

    def remote(self, node: str, instance: str, number: int, identity: Identity) -> RemoteConnection:
        """Another node's connection, as the tables here see it."""
        key = (instance, number)
        proxy = self.proxies.get(key)
        if proxy is None:
            proxy = RemoteConnection(self, node, instance, number, identity)
            self.proxies[key] = proxy
        return proxy

    # Owners -----------------------------------------------------------------------------------

    def alive(self, node: str) -> bool:
        """Whether ``node`` is another node heard of lately."""
        peer = self.peers.get(node)
        return peer is not None and time.monotonic() - peer.seen < DEAD_AFTER

    async def runs(self, table_id: str | None, code: str | None = None) -> str | None:
        """The other live node that runs the table with ``table_id`` (or invite ``code``), or
        ``None``: this node, nobody, or a node that is gone (whose table this node may take)."""
        key = table_id if table_id is not None else f"code:{code}"
        cached = self.owners.get(key)
        now = time.monotonic()
        if cached is not None and cached[1] > now and self.alive(cached[0]):
            return cached[0]
        holder = await self.store.locate(table_id, code=code)
        if (
            holder is None
            or holder.owner is None
            or holder.owner == self.node
            or holder.status not in LIVE_STATUSES
            or holder.lease_until < time.time()
            or not self.alive(holder.owner)
        ):
            self.owners.pop(key, None)
            return None
        self.owners[key] = (holder.owner, now + OWNER_TTL)
        return holder.owner

    def dequeued(self, node: str, number: int) -> None:
        """Tell ``node`` that its connection ``number`` left the queue for a table here."""
        self.post(node, Dequeued(number))

    def moved(self, conn: Connection, table: str) -> None:
        """Tell ``conn``'s node that ``table`` does not run here (it looks it up again)."""
        if isinstance(conn, RemoteConnection):
            self.post(conn.node, Moved(table))

    # The lobby --------------------------------------------------------------------------------

    def rows(self) -> list[wire.TableInfo]:
        """The other live nodes' public live tables."""
        return [
            row
            for node, peer in self.peers.items()
            if peer.rows is not None and self.alive(node)
            for row in peer.rows
        ]

    def online(self) -> int:
        """Users connected to the other live nodes."""
        return sum(peer.online for node, peer in self.peers.items() if self.alive(node))

    # Sending ----------------------------------------------------------------------------------

    def post(self, node: str, item: Item) -> None:
        """Queue ``item`` for ``node``; it leaves with the next packet (this loop turn)."""
        self.outbox.setdefault(node, []).append(item)
        self._wake.set()

    async def _send_forever(self) -> None:
        # One task sends everything, packets and beats, one publish after the other: Redis
        # then delivers them in this order, which the numbering relies on.
        while True:
            await self._wake.wait()
            self._wake.clear()
            outbox, self.outbox = self.outbox, {}
            for node, items in outbox.items():
                number = self.sent.get(node, 0) + 1
                self.sent[node] = number
                packet = Packet(self.node, self.instance, number, items)
                if not await self._publish(node_channel(node), _encode(packet)):
                    self._undelivered(items)
            if self._beat_due:
                self._beat_due = False
                beat = self._beat()
                await self._publish(CLUSTER_CHANNEL, _encode(beat))
                if beat.leaving:
                    self._said_leaving.set()

    async def _publish(self, channel: str, data: bytes) -> bool:
        try:
            await self.broker.publish(channel, data)
        except (RedisError, OSError) as exc:
            if not self._degraded:
                self._degraded = True
                logger.warning("redis unreachable (%s): this node serves only its own tables", exc)
            return False
        if self._degraded:
            self._degraded = False
            logger.warning("redis is back: forwarding to other nodes again")
        return True

    def _undelivered(self, items: Sequence[Item]) -> None:
        # A command that could not leave is answered at once: the client sends it again.
        for item in items:
            if isinstance(item, Forward):
                conn = self.local.get(item.conn)
                if conn is not None:
                    conn.send(
                        wire.Error(
                            code=ErrorCode.UNAVAILABLE,
                            message="the node that runs this table cannot be reached; retry",
                            id=getattr(item.message, "id", None),
                        )
                    )

    def _beat(self) -> Beat:
        self._beats += 1
        rows = self.host.local_rows()
        changed = rows != self._rows_sent or self._beats % ROWS_EVERY == 0
        self._rows_sent = rows
        return Beat(
            self.node,
            self.instance,
            dict(self.sent),
            self.host.online_here(),
            rows if changed else None,
            self._leaving,
        )

    async def _beat_forever(self) -> None:
        while True:
            self._beat_due = True
            self._wake.set()
            self._check_peers()
            await asyncio.sleep(BEAT)

    # Receiving --------------------------------------------------------------------------------

    async def _pump(
        self,
        subscription: Subscription,
        decode: Callable[[bytes], _M],
        handle: Callable[[_M], Awaitable[None]],
    ) -> None:
        async for data in subscription:
            try:
                message = decode(data)
            except msgspec.MsgspecError:
                logger.warning("ignored a malformed message from another node")
                continue
            try:
                await handle(message)
            except Exception:
                logger.exception("a message from another node could not be handled")

    async def _on_packet(self, packet: Packet) -> None:
        if packet.instance == self.instance:
            return
        peer = self._peer(packet.node, packet.instance)
        if peer is None:
            return
        peer.seen = time.monotonic()
        if peer.received is not None and packet.number != peer.received + 1:
            logger.warning(
                "lost packets from node %s (%d after %d): resetting the link",
                packet.node,
                packet.number,
                peer.received,
            )
            self._reset(packet.node, peer, tell=True)
            peer.received = packet.number
            return
        peer.received = packet.number
        for item in packet.items:
            await self._apply(packet, item)

    async def _apply(self, packet: Packet, item: Item) -> None:
        match item:
            case Forward():
                identity = Identity(UserId(item.user), item.name, item.guest)
                proxy = self.remote(packet.node, packet.instance, item.conn, identity)
                proxy.window = item.room
                await self.host.handle(proxy, item.message)
            case Frame():
                conn = self.local.get(item.conn)
                if conn is not None:
                    conn.peers.add(packet.node)
                    conn.send_raw(item.data)
            case Close():
                conn = self.local.get(item.conn)
                if conn is not None:
                    conn.close(item.code)
            case Gone():
                gone = self.proxies.pop((packet.instance, item.conn), None)
                if gone is not None:
                    gone.drop()
                    self.host.forget_remote(gone)
            case Moved():
                self.owners.pop(item.table, None)
                self.owners = {k: v for k, v in self.owners.items() if v[0] != packet.node}
            case Dequeued():
                self.host.dequeued(item.conn)
            case Reset():
                peer = self.peers.get(packet.node)
                if peer is not None:
                    self._reset(packet.node, peer, tell=False)

    async def _on_beat(self, beat: Beat) -> None:
        if beat.instance == self.instance:
            return
        if beat.leaving:
            self._left(beat.node, beat.instance)
            return
        fresh = beat.node not in self.peers or self.peers[beat.node].instance != beat.instance
        peer = self._peer(beat.node, beat.instance)
        if peer is None:
            return
        peer.seen = time.monotonic()
        sent = beat.sent.get(self.node, 0)
        if fresh and peer.received is None:
            peer.received = sent
        elif peer.received is not None and peer.received < peer.announced:
            logger.warning("lost packets from node %s: resetting the link", beat.node)
            self._reset(beat.node, peer, tell=True)
            peer.received = sent
        peer.announced = sent
        changed = peer.online != beat.online
        peer.online = beat.online
        if beat.rows is not None:
            changed = changed or beat.rows != peer.rows
            peer.rows = beat.rows
        if changed or fresh:
            self.host.cluster_changed()

    def _peer(self, node: str, instance: str) -> _Peer | None:
        """The peer ``node`` as run by ``instance``; ``None`` for a node's earlier run."""
        if instance in self.dead:
            # Given up for dead, and speaking again (it was paused or cut off): it must
            # drop what it holds of this node, then it starts afresh.
            del self.dead[instance]
            self.post(node, Reset())
        if instance in self.retired:
            return None  # a late word of a run that has been replaced
        peer = self.peers.get(node)
        if peer is not None and peer.instance != instance:
            # The node restarted: what its earlier run held is gone.
            self._reset(node, peer, tell=False)
            self.retired[peer.instance] = time.monotonic()
            peer = None
        if peer is None:
            peer = _Peer(instance, time.monotonic())
            self.peers[node] = peer
        return peer

    def _left(self, node: str, instance: str) -> None:
        """``node``, run by ``instance``, stopped cleanly: forget it at once (it is no failure,
        so one info line, not the warning of a silent node)."""
        self.dead.pop(instance, None)
        # What it sent before its last beat may come later, on its own channel: ignored.
        self.retired.setdefault(instance, time.monotonic())
        peer = self.peers.get(node)
        if peer is None or peer.instance != instance:
            return
        logger.info("node %s leaves: forgetting its connections", node)
        self._reset(node, peer, tell=False)
        del self.peers[node]
        self.host.cluster_changed()

    def _check_peers(self) -> None:
        now = time.monotonic()
        for node, peer in list(self.peers.items()):
            if now - peer.seen >= DEAD_AFTER:
                logger.warning("node %s is silent: forgetting its connections", node)
                self._reset(node, peer, tell=False)
                self.dead[peer.instance] = now
                del self.peers[node]
                self.host.cluster_changed()
        # What is remembered of other nodes does not grow with time: owners looked up long
        # ago, and runs that ended long ago, are forgotten.
        self.owners = {k: v for k, v in self.owners.items() if v[1] > now}
        for runs in (self.dead, self.retired):
            for instance in [i for i, since in runs.items() if now - since > FORGET_AFTER]:
                del runs[instance]

    def _reset(self, node: str, peer: _Peer, *, tell: bool) -> None:
        """Forget ``node``'s connections and close the local ones that rely on it."""
        self.resets_total += 1
        for key, proxy in list(self.proxies.items()):
            if key[0] == peer.instance:
                del self.proxies[key]
                proxy.drop()
                self.host.forget_remote(proxy)
        for conn in list(self.local.values()):
            if node in conn.peers:
                conn.peers.discard(node)
                conn.close(CLOSE_RESET)
        self.owners = {k: v for k, v in self.owners.items() if v[0] != node}
        if tell:
            self.post(node, Reset())


__all__ = [
    "BEAT",
    "CLOSE_RESET",
    "DEAD_AFTER",
    "Beat",
    "Cluster",
    "ClusterHost",
    "Packet",
    "RemoteConnection",
    "node_channel",
]
