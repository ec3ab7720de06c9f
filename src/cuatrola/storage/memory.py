"""A :class:`~cuatrola.storage.base.GameStore` in memory: for tests and benchmarks only
(nothing survives the process)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import replace

import msgspec

from cuatrola.storage.base import (
    LIVE_STATUSES,
    Fenced,
    Holder,
    NewRecord,
    Record,
    StoreError,
    TableMeta,
)


class MemoryStore:
    """Tables and records in dicts; records are deep-copied in and out like a database."""

    def __init__(self) -> None:
        self._meta: dict[str, TableMeta] = {}
        self._records: dict[str, list[Record]] = {}
        self._dropped: dict[str, int] = {}  # records compacted away, per table
        self._owners: dict[str, tuple[str | None, int, float]] = {}  # owner, epoch, lease

    async def open(self) -> None:
        """Nothing to prepare."""

    async def close(self, timeout: float | None = None) -> None:
        """Nothing to release."""

    async def create(self, meta: TableMeta, owner: str | None = None, lease: float = 0.0) -> None:
        """Store a new table (see :meth:`GameStore.create`)."""
        if meta.id in self._meta:
            raise StoreError(f"table {meta.id!r} exists")
        if any(m.code == meta.code for m in self._meta.values()):
            raise StoreError(f"invite code {meta.code!r} is in use")
        self._meta[meta.id] = meta
        self._records[meta.id] = []
        self._owners[meta.id] = (owner, 1 if owner is not None else 0, lease)

    async def append(
        self,
        table_id: str,
        first: int,
        records: Sequence[NewRecord],
        status: str | None = None,
        epoch: int | None = None,
    ) -> None:
        """Append records (see :meth:`GameStore.append`)."""
        stored = self._records.get(table_id)
        if stored is None:
            raise StoreError(f"unknown table {table_id!r}")
        if epoch is not None and self._owners[table_id][1] != epoch:
            raise Fenced(f"table {table_id!r} is held under another epoch than {epoch}")
        expected = self._dropped.get(table_id, 0) + len(stored)
        if first != expected:
            raise StoreError(f"record {first} of table {table_id!r}: expected {expected}")
        # Kept as the JSON objects a database would give back, never as the caller's objects.
        stored.extend(msgspec.to_builtins(list(records)))
        if status is not None:
            self._meta[table_id] = replace(self._meta[table_id], status=status)

    async def claim(self, table_id: str, node: str, now: float, lease: float) -> int | None:
        """Take the table for ``node`` (see :meth:`GameStore.claim`)."""
        meta = self._meta.get(table_id)
        if meta is None or meta.status not in LIVE_STATUSES:
            return None
        owner, epoch, until = self._owners[table_id]
        if owner is not None and owner != node and until >= now:
            return None
        self._owners[table_id] = (node, epoch + 1, lease)
        return epoch + 1

    async def renew(self, node: str, epochs: Mapping[str, int], lease: float) -> set[str]:
        """Extend ``node``'s leases (see :meth:`GameStore.renew`)."""
        lost = set()
        for table_id, epoch in epochs.items():
            owner, held, _ = self._owners.get(table_id, (None, 0, 0.0))
            if owner == node and held == epoch:
                self._owners[table_id] = (owner, held, lease)
            else:
                lost.add(table_id)
        return lost

    async def release(self, node: str, table_ids: Sequence[str]) -> None:
        """End ``node``'s leases now (see :meth:`GameStore.release`)."""
        for table_id in table_ids:
            owner, epoch, _ = self._owners.get(table_id, (None, 0, 0.0))
            if owner == node:
                self._owners[table_id] = (owner, epoch, 0.0)

    async def claimable(self, node: str, now: float) -> list[TableMeta]:
        """The tables ``node`` may claim (see :meth:`GameStore.claimable`)."""
        free = [
            m
            for m in await self.live_tables()
            if self._owners[m.id][0] in (None, node) or self._owners[m.id][2] < now
        ]
        return free

    async def compact(self, table_id: str, before: int) -> None:
        """Drop the records before ``before`` (see :meth:`GameStore.compact`)."""
        stored = self._records.get(table_id)
        if stored is None:
            return
        dropped = self._dropped.get(table_id, 0)
        if before > dropped:
            del stored[: before - dropped]
            self._dropped[table_id] = before

    async def live_tables(self) -> list[TableMeta]:
        """Open and playing tables, oldest first."""
        live = [m for m in self._meta.values() if m.status in LIVE_STATUSES]
        return sorted(live, key=lambda m: (m.created_at, m.id))

    async def get(self, table_id: str) -> TableMeta | None:
        """A table's meta."""
        return self._meta.get(table_id)

    async def locate(
        self, table_id: str | None = None, *, code: str | None = None
    ) -> Holder | None:
        """Who holds a table (see :meth:`GameStore.locate`)."""
        if table_id is None:
            table_id = next((m.id for m in self._meta.values() if m.code == code), None)
        meta = self._meta.get(table_id) if table_id is not None else None
        if meta is None:
            return None
        owner, _, until = self._owners[meta.id]
        return Holder(meta.id, meta.status, owner, until)

    async def records(self, table_id: str) -> list[Record]:
        """A table's records."""
        return copy.deepcopy(self._records.get(table_id, []))
