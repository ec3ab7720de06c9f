"""A :class:`~cuatrola.storage.base.GameStore` in memory: for tests and benchmarks only
(nothing survives the process)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace

import msgspec

from cuatrola.storage.base import LIVE_STATUSES, NewRecord, Record, StoreError, TableMeta


class MemoryStore:
    """Tables and records in dicts; records are deep-copied in and out like a database."""

    def __init__(self) -> None:
        self._meta: dict[str, TableMeta] = {}
        self._records: dict[str, list[Record]] = {}

    async def open(self) -> None:
        """Nothing to prepare."""

    async def close(self) -> None:
        """Nothing to release."""

    async def create(self, meta: TableMeta) -> None:
        """Store a new table (see :meth:`GameStore.create`)."""
        if meta.id in self._meta:
            raise StoreError(f"table {meta.id!r} exists")
        if any(m.code == meta.code for m in self._meta.values()):
            raise StoreError(f"invite code {meta.code!r} is in use")
        self._meta[meta.id] = meta
        self._records[meta.id] = []

    async def append(
        self,
        table_id: str,
        first: int,
        records: Sequence[NewRecord],
        status: str | None = None,
    ) -> None:
        """Append records (see :meth:`GameStore.append`)."""
        stored = self._records.get(table_id)
        if stored is None:
            raise StoreError(f"unknown table {table_id!r}")
        if first != len(stored):
            raise StoreError(f"record {first} of table {table_id!r}: expected {len(stored)}")
        # Kept as the JSON objects a database would give back, never as the caller's objects.
        stored.extend(msgspec.to_builtins(list(records)))
        if status is not None:
            self._meta[table_id] = replace(self._meta[table_id], status=status)

    async def live_tables(self) -> list[TableMeta]:
        """Open and playing tables, oldest first."""
        live = [m for m in self._meta.values() if m.status in LIVE_STATUSES]
        return sorted(live, key=lambda m: (m.created_at, m.id))

    async def get(self, table_id: str) -> TableMeta | None:
        """A table's meta."""
        return self._meta.get(table_id)

    async def records(self, table_id: str) -> list[Record]:
        """A table's records."""
        return copy.deepcopy(self._records.get(table_id, []))
