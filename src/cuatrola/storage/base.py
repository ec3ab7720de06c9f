"""The :class:`GameStore` protocol: where event-sourced tables are kept.

A table is its :class:`TableMeta` (id, invite code, kind, options, status) and its append-only
list of records (JSON-ready dicts, numbered from 0). :meth:`GameStore.append` returns only once
the records are durable; the server acknowledges or broadcasts nothing before that.

Adapters: :class:`cuatrola.storage.memory.MemoryStore` (tests, benchmarks) and
:class:`cuatrola.storage.sql.SqlStore` (SQLite with WAL and ``synchronous=FULL``, or
PostgreSQL). One contract test suite (tests/storage/) runs against each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

import msgspec

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


class GameStore(Protocol):
    """Storage of tables and their records."""

    async def open(self) -> None:
        """Prepare the store (create or migrate the schema)."""
        ...

    async def close(self) -> None:
        """Flush pending writes and release resources."""
        ...

    async def create(self, meta: TableMeta) -> None:
        """Store a new table, durably.

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
    ) -> None:
        """Durably append ``records`` numbered ``first``, ``first + 1``... (and set ``status``).

        Raises:
            StoreError: for an unknown table or numbers that are already used.
        """
        ...

    async def live_tables(self) -> list[TableMeta]:
        """Tables whose status is in :data:`LIVE_STATUSES`, oldest first."""
        ...

    async def get(self, table_id: str) -> TableMeta | None:
        """A table's meta, or ``None``."""
        ...

    async def records(self, table_id: str) -> list[Record]:
        """Every record of a table, in order."""
        ...
