"""The link between two nodes (``server/cluster.py``) on its own, in one process: what a
node does when Redis lost a packet, and that what it remembers of other nodes stays bounded.
The nodes' own tests (real processes, Redis and PostgreSQL) are test_many_nodes.py and
test_cluster_kills.py."""

from __future__ import annotations

import time

from cuatrola.protocol import messages as wire
from cuatrola.protocol.ids import UserId
from cuatrola.server.accounts.auth import Identity
from cuatrola.server.cluster import (
    CLOSE_RESET,
    FORGET_AFTER,
    Beat,
    Cluster,
    Frame,
    Packet,
    Reset,
)
from cuatrola.server.connection import Connection
from cuatrola.server.scaleout import MemoryBroker
from cuatrola.storage.memory import MemoryStore


class Room:
    """The room's side of the link, recording what it is told."""

    def __init__(self) -> None:
        self.forgotten: list[Connection] = []

    async def handle(self, conn: Connection, msg: wire.ClientMessage) -> None:
        """Nothing to route here."""

    def forget_remote(self, conn: Connection) -> None:
        self.forgotten.append(conn)

    def local_rows(self) -> list[wire.TableInfo]:
        return []

    def online_here(self) -> int:
        return 1

    def cluster_changed(self) -> None:
        """Nothing to show."""

    def dequeued(self, number: int) -> None:
        """Nobody queued."""


def node_b() -> tuple[Cluster, Connection]:
    """Node b, and a connection of its own that follows a table node a runs."""
    cluster = Cluster(Room(), MemoryBroker(), MemoryStore(), "b")
    conn = Connection(Identity(UserId("u-ana"), "Ana", True))
    cluster.attach(conn)
    conn.peers.add("a")
    return cluster, conn


async def test_frames_pass_in_order_and_a_missing_number_resets_the_link() -> None:
    b, ana = node_b()
    await b._on_packet(Packet("a", "run-1", 1, [Frame(ana.number, b"one")]))
    await b._on_packet(Packet("a", "run-1", 2, [Frame(ana.number, b"two")]))
    assert [ana.frames.get_nowait() for _ in range(2)] == [b"one", b"two"]
    # Number 3 was lost: what 4 carries is not passed on, the connection is closed so that
    # its client resumes from its seq, and a is told to forget b's connections.
    await b._on_packet(Packet("a", "run-1", 4, [Frame(ana.number, b"four")]))
    assert ana.closed and ana.frames.get_nowait() == CLOSE_RESET
    assert b.outbox["a"] == [Reset()]


async def test_a_packet_lost_after_the_last_one_is_found_from_the_beats() -> None:
    b, ana = node_b()
    await b._on_beat(Beat("a", "run-1", {"b": 0}, online=1))
    await b._on_packet(Packet("a", "run-1", 1, [Frame(ana.number, b"one")]))
    # a says it sent two packets; the second never came (and nothing comes after it).
    await b._on_beat(Beat("a", "run-1", {"b": 2}, online=1))
    assert not ana.closed  # it may still be on its way: the next beat decides
    await b._on_beat(Beat("a", "run-1", {"b": 2}, online=1))
    assert ana.closed


async def test_a_restarted_node_replaces_its_earlier_run() -> None:
    b, ana = node_b()
    await b._on_beat(Beat("a", "run-1", {}, online=1))
    await b._on_beat(Beat("a", "run-2", {}, online=1))  # a restarted
    assert ana.closed  # it relied on a's first run, which is gone
    assert b.peers["a"].instance == "run-2"
    late = Packet("a", "run-1", 7, [Frame(ana.number, b"late")])
    await b._on_packet(late)  # a late word of the first run is ignored
    assert b.peers["a"].instance == "run-2"


async def test_what_a_node_remembers_of_the_others_is_forgotten_in_time() -> None:
    b, _ = node_b()
    now = time.monotonic()
    b.owners = {"t-old": ("a", now - 1.0), "t-new": ("a", now + 5.0)}
    b.dead = {"run-0": now - FORGET_AFTER - 1, "run-9": now}
    b.retired = {"run-1": now - FORGET_AFTER - 1}
    b._check_peers()
    assert list(b.owners) == ["t-new"]
    assert list(b.dead) == ["run-9"] and b.retired == {}
