"""The :class:`GameStore` protocol: where event-sourced tables are kept.

A table is its :class:`TableMeta` (id, invite code, kind, options, status) and its append-only
list of records (JSON-ready dicts, numbered from 0). :meth:`GameStore.append` returns only once
the records are durable; the server acknowledges or broadcasts nothing before that.

Adapters: :class:`cuatrola.storage.memory.MemoryStore` (tests, benchmarks) and
:class:`cuatrola.storage.sql.SqlStore` (SQLite with WAL and ``synchronous=FULL``, or
PostgreSQL). One contract test suite (tests/storage/) runs against each.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Protocol, TypeVar

import msgspec

T = TypeVar("T")

Record = dict[str, Any]
"""A stored record as the store gives it back: a JSON object."""

NewRecord = msgspec.Struct | Record
"""A record to append: a :mod:`msgspec` struct (or a JSON-ready dict), stored as JSON."""


class TableKind(StrEnum):
    """How a table came to be."""

    PRIVATE = "private"
    """Created by a player, joined with its invite code."""
    QUICK = "quick"
    """Formed by the quick match queue."""
    COMPUTER = "computer"
    """One person against three computer players."""


class TableStatus(StrEnum):
    """Where a table is in its life."""

    OPEN = "open"
    """Waiting for players."""
    PLAYING = "playing"
    """A match is being played."""
    FINISHED = "finished"
    """The match is over; its players may start another."""
    CLOSED = "closed"
    """Closed for good."""


#: Statuses of a table that is resumed when the server starts: waiting for players, being
#: played, or finished and in its rematch window (the table closes itself once that is over).
LIVE_STATUSES = (TableStatus.OPEN.value, TableStatus.PLAYING.value, TableStatus.FINISHED.value)


class StoreError(Exception):
    """The store refused an operation (duplicate table, record number out of order...)."""


class StoreUnavailable(Exception):
    """The store could not be reached or did not answer in time (a database outage): a
    passing fault, unlike :class:`StoreError`, so the same operation may succeed later. A
    write that failed so may or may not have been done; its caller reads the store back."""


class Fenced(StoreError):
    """A write under an epoch that is not the table's any more: another node has claimed the
    table since, and only it may write the table's log."""


@dataclass(frozen=True)
class TableMeta:
    """What a table is, apart from its records.

    Attributes:
        id: the table id.
        code: the invite code (unique).
        kind: ``private``, ``quick`` or ``computer``.
        options: the table options as a JSON object.
        status: ``open``, ``playing``, ``finished`` or ``closed``.
        created_at: UNIX seconds.
    """

    id: str
    code: str
    kind: str
    options: dict[str, Any]
    status: str
    created_at: float


@dataclass(frozen=True)
class Holder:
    """Where a table runs: its id and status and the node that holds its claim.

    Attributes:
        id: the table id.
        status: the table's status.
        owner: the node that holds the claim, or ``None``.
        lease_until: UNIX time the owner's lease ends (it is over before then when the owner
            handed the table over).
    """

    id: str
    status: str
    owner: str | None
    lease_until: float


class GameStore(Protocol):
    """Storage of tables and their records."""

    async def open(self) -> None:
        """Prepare the store (create or migrate the schema)."""
        ...

    async def close(self, timeout: float | None = None) -> None:
        """Flush pending writes and release resources.

        Args:
            timeout: seconds to wait for the pending writes (``None``: as long as they take).

        Raises:
            TimeoutError: the pending writes were not all done in time (the database does not
                answer); they are given up, and the store is closed all the same.
        """
        ...

    async def create(self, meta: TableMeta, owner: str | None = None, lease: float = 0.0) -> None:
        """Store a new table, durably; with ``owner``, claimed by that node (epoch 1) with a
        lease until UNIX time ``lease``.

        Raises:
            StoreError: when the id or the code is already used.
        """
        ...

    async def append(
        self,
        table_id: str,
        first: int,
        records: Sequence[NewRecord],
        status: str | None = None,
        epoch: int | None = None,
    ) -> None:
        """Durably append ``records`` numbered ``first``, ``first + 1``... (and set ``status``);
        with ``epoch``, only while the table's claim is still that one (fencing).

        Raises:
            Fenced: when ``epoch`` is not the table's epoch any more.
            StoreError: for an unknown table or numbers that are already used.
            StoreUnavailable: when the database cannot be reached or does not answer.
        """
        ...

    async def claim(self, table_id: str, node: str, now: float, lease: float) -> int | None:
        """Take an open, playing or finished table for ``node`` until UNIX time ``lease``
        when nobody holds it (no owner, or a lease over before ``now``) or ``node`` itself
        does; returns the new epoch (one more than the last), or ``None``."""
        ...

    async def renew(self, node: str, epochs: Mapping[str, int], lease: float) -> set[str]:
        """Extend ``node``'s leases of the tables in ``epochs`` (id to the epoch it holds)
        until ``lease``; returns the ids of those it does not hold any more."""
        ...

    async def release(self, node: str, table_ids: Sequence[str]) -> None:
        """End ``node``'s leases of ``table_ids`` now (a node shutting down hands its tables
        to the others); the claims themselves stay until another node takes them."""
        ...

    async def claimable(self, node: str, now: float) -> list[TableMeta]:
        """Open, playing or finished tables that ``node`` may claim at ``now``, oldest first."""
        ...

    async def compact(self, table_id: str, before: int) -> None:
        """Drop a table's records numbered below ``before`` (the record numbered ``before``
        stands for them: a snapshot), durably; later numbers do not change, and the caller
        never appends a dropped number again. Nothing happens for an unknown table or records
        already dropped."""
        ...

    async def live_tables(self) -> list[TableMeta]:
        """Tables whose status is in :data:`LIVE_STATUSES`, oldest first."""
        ...

    async def get(self, table_id: str) -> TableMeta | None:
        """A table's meta, or ``None``."""
        ...

    async def locate(
        self, table_id: str | None = None, *, code: str | None = None
    ) -> Holder | None:
        """Who holds the table with ``table_id`` (or the invite ``code``), or ``None`` for an
        unknown one."""
        ...

    async def records(self, table_id: str) -> list[Record]:
        """Every record of a table that was not compacted away, in order."""
        ...


#: Seconds a cancelled store call gets to end before :func:`give_up` cancels it once more.
GIVE_UP_GRACE: Final = 0.1


async def give_up(task: asyncio.Task[Any]) -> None:
    """Cancel ``task``, a store call that takes too long, and let it end (at most about
    ``2 * GIVE_UP_GRACE`` seconds).

    SQLAlchemy closes a connection whose call is cancelled gracefully first, waiting up to 2 s
    for the database to take the close (asyncpg's ``close(timeout=2)``): with a database that
    does not answer, that is 2 s for nothing (a stopping server used to linger that long), so
    the call is cancelled a second time, which drops the connection at once."""
    for _ in range(2):
        task.cancel()
        await asyncio.wait({task}, timeout=GIVE_UP_GRACE)
        if task.done():
            if not task.cancelled():
                task.exception()  # retrieved: asyncio does not log it as lost
            return


async def until(deadline: float, call: Awaitable[T]) -> T:
    """What ``call`` returns, if it does before ``deadline`` (on the event loop's clock).

    Raises:
        TimeoutError: the deadline passed; the call is given up (:func:`give_up`).
    """
    task = asyncio.ensure_future(call)
    remaining = deadline - asyncio.get_running_loop().time()
    try:
        await asyncio.wait({task}, timeout=max(0.0, remaining))
    finally:
        if not task.done():
            await give_up(task)
    if not task.done() or task.cancelled():
        raise TimeoutError
    return task.result()
