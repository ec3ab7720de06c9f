"""The SQL :class:`~cuatrola.storage.base.GameStore`: SQLite (default) or PostgreSQL.

Durability: SQLite runs in WAL mode with ``synchronous=FULL``, so a commit has reached the disk
when it returns; aiosqlite runs each statement in its own thread, off the event loop.

Group commit: every write goes through one writer task. It takes the first waiting write plus
every other write queued meanwhile (up to :attr:`SqlStore.max_batch`) and commits them in one
transaction, then wakes all their callers. Under load many tables' moves share one fsync, and
a lone move still commits at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import msgspec
from sqlalchemy import event, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from cuatrola.storage.base import LIVE_STATUSES, NewRecord, Record, StoreError, TableMeta
from cuatrola.storage.migrate import upgrade
from cuatrola.storage.schema import game_tables, table_records

_encode: Final = msgspec.json.encode
_decode: Final = msgspec.json.decode


def make_engine(url: str) -> AsyncEngine:
    """An async engine for ``url``, with the SQLite durability pragmas where it applies.

    Raises:
        ValueError: when the URL is not a usable async SQLAlchemy URL (message names it).
    """
    try:
        parsed = make_url(url)
        engine = create_async_engine(parsed, pool_pre_ping=parsed.get_backend_name() != "sqlite")
    except Exception as exc:
        raise ValueError(f"bad database URL {url!r}: {exc}") from None
    if parsed.get_backend_name() == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


@dataclass
class _Write:
    kind: str  # "create" or "append"
    args: tuple[Any, ...]
    done: asyncio.Future[None]


class SqlStore:
    """Tables in SQL; see the module docstring.

    Args:
        engine: the async engine (shared with the accounts service).
        migrate: apply the Alembic migrations in :meth:`open`.
    """

    max_batch = 256

    def __init__(self, engine: AsyncEngine, *, migrate: bool = True) -> None:
        self.engine = engine
        self._migrate = migrate
        self._queue: asyncio.Queue[_Write] | None = None
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0

    async def open(self) -> None:
        """Apply migrations and start the writer task."""
        if self._migrate:
            await upgrade(self.engine)
        self._queue = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop(), name="cuatrola-store-writer")

    async def close(self) -> None:
        """Finish queued writes and stop the writer."""
        if self._queue is not None and self._writer is not None:
            await self._queue.join()
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        self._writer = None

    async def _submit(self, kind: str, *args: Any) -> None:
        if self._queue is None or self._writer is None or self._writer.done():
            raise StoreError("the store is not open")
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Write(kind, args, done))
        await done

    async def create(self, meta: TableMeta) -> None:
        """Store a new table (see :meth:`GameStore.create`)."""
        await self._submit("create", meta)

    async def append(
        self,
        table_id: str,
        first: int,
        records: Sequence[NewRecord],
        status: str | None = None,
    ) -> None:
        """Durably append records (see :meth:`GameStore.append`)."""
        await self._submit("append", table_id, first, records, status)

    async def _write_loop(self) -> None:
        assert self._queue is not None
        queue = self._queue
        while True:
            batch = [await queue.get()]
            while len(batch) < self.max_batch and not queue.empty():
                batch.append(queue.get_nowait())
            try:
                await self._commit(batch)
            except Exception:
                for write in batch:
                    try:
                        await self._commit([write])
                    except Exception as exc:
                        if not write.done.done():
                            write.done.set_exception(_store_error(exc))
            for write in batch:
                if not write.done.done():
                    write.done.set_result(None)
                queue.task_done()

    async def _commit(self, batch: list[_Write]) -> None:
        # One statement per kind for the whole batch: its cost hardly grows with the number
        # of tables whose moves share this transaction.
        live = [w for w in batch if not w.done.done()]
        creates = [w.args[0] for w in live if w.kind == "create"]
        appends = [w.args for w in live if w.kind == "append"]
        rows = [
            {"table_id": table_id, "number": first + i, "record": _encode(r).decode()}
            for table_id, first, records, _status in appends
            for i, r in enumerate(records)
        ]
        async with self.engine.begin() as conn:
            if creates:
                await conn.execute(insert(game_tables), [_meta_row(m) for m in creates])
            if rows:
                await conn.execute(insert(table_records), rows)
            for table_id, _first, _records, status in appends:
                if status is None:
                    continue
                result = await conn.execute(
                    update(game_tables).where(game_tables.c.id == table_id).values(status=status)
                )
                if result.rowcount == 0:
                    raise StoreError(f"unknown table {table_id!r}")
        self.commits += 1

    async def live_tables(self) -> list[TableMeta]:
        """Open and playing tables, oldest first."""
        query = (
            select(game_tables)
            .where(game_tables.c.status.in_(LIVE_STATUSES))
            .order_by(game_tables.c.created_at, game_tables.c.id)
        )
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [_meta(row) for row in rows]

    async def get(self, table_id: str) -> TableMeta | None:
        """A table's meta."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(select(game_tables).where(game_tables.c.id == table_id))
            ).first()
        return _meta(row) if row is not None else None

    async def records(self, table_id: str) -> list[Record]:
        """A table's records, in order."""
        query = (
            select(table_records.c.record)
            .where(table_records.c.table_id == table_id)
            .order_by(table_records.c.number)
        )
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [_decode(row.record) for row in rows]


def _meta_row(meta: TableMeta) -> dict[str, Any]:
    return {
        "id": meta.id,
        "code": meta.code,
        "kind": meta.kind,
        "options": _encode(meta.options).decode(),
        "status": meta.status,
        "created_at": meta.created_at,
        "updated_at": meta.created_at,
    }


def _meta(row: Any) -> TableMeta:
    return TableMeta(
        id=row.id,
        code=row.code,
        kind=row.kind,
        options=_decode(row.options),
        status=row.status,
        created_at=row.created_at,
    )


def _store_error(exc: Exception) -> Exception:
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, IntegrityError):
        return StoreError(f"duplicate table, code or record: {exc.orig}")
    return exc
