"""The SQL :class:`~cuatrola.storage.base.GameStore`: SQLite (default) or PostgreSQL.

Durability: SQLite runs in WAL mode with ``synchronous=FULL``, so a commit has reached the disk
when it returns.

Group commit: every write goes through one writer task. It takes the first waiting write plus
every other write queued meanwhile (up to :attr:`SqlStore.max_batch`) and commits them in one
transaction, then wakes all their callers. Under load many tables' moves share one fsync, and
a lone move still commits at once. When the last commit was shared (several tables are
playing), the writer first waits ``commit_delay`` for more writes to join the next one, as
PostgreSQL's ``commit_delay`` does: fewer, larger commits cost the server less CPU per move
(the ``fsync``, the pages written, the hand-offs to the commit thread), for at most that delay
more before a move is acknowledged (docs/performance.md has both measured).

The commit itself is a :class:`Committer`. On a SQLite file it is :class:`SqliteCommitter`: one
thread of its own with a plain :mod:`sqlite3` connection, so a batch costs one hand-off to that
thread and a few C calls (through SQLAlchemy and aiosqlite it cost a thread hop per statement,
cursor and commit, and was the largest part of the server's CPU per move). Elsewhere
(PostgreSQL, an in-memory SQLite) it is :class:`EngineCommitter` on the async engine. Reads
always go through the engine. :class:`SqliteTransactions` gives other writers on a SQLite file
(the history of finished matches) the same one hand-off per transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, TypeVar

import msgspec
from sqlalchemy import bindparam, create_engine, delete, event, insert, or_, select, update
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.orm import Session

from cuatrola.storage.base import (
    LIVE_STATUSES,
    Fenced,
    Holder,
    NewRecord,
    Record,
    StoreError,
    StoreUnavailable,
    TableMeta,
    give_up,
)
from cuatrola.storage.migrate import upgrade
from cuatrola.storage.schema import game_tables, table_records

_encode: Final = msgspec.json.encode
_decode: Final = msgspec.json.decode


#: The driver the server uses for each database it supports (URLs name it: ``sqlite+aiosqlite``).
ASYNC_DRIVERS: Final = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}


def make_engine(url: str) -> AsyncEngine:
    """An async engine for ``url``, with the SQLite durability pragmas where it applies.

    Raises:
        ValueError: when the URL is not a usable async SQLAlchemy URL (message names it).
    """
    try:
        parsed = make_url(url)
    except Exception as exc:
        raise ValueError(f"bad database URL {hide_password(url)!r}: {exc}") from None
    backend = "postgresql" if parsed.drivername == "postgres" else parsed.get_backend_name()
    driver = ASYNC_DRIVERS.get(backend)
    # SQLAlchemy's own words would name a driver module the server does not install.
    if driver is None:
        raise ValueError(
            f"bad database URL {hide_password(url)!r}: the server stores its data in SQLite "
            "(sqlite+aiosqlite://...) or PostgreSQL (postgresql+asyncpg://...)"
        )
    if parsed.drivername != f"{backend}+{driver}":
        raise ValueError(
            f"bad database URL {hide_password(url)!r}: write it {backend}+{driver}://..."
        )
    try:
        engine = create_async_engine(parsed, pool_pre_ping=backend != "sqlite")
    except Exception as exc:
        raise ValueError(f"bad database URL {hide_password(url)!r}: {exc}") from None
    if parsed.get_backend_name() == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        _create_private_on_connect(engine.sync_engine, sqlite_path(parsed))
    return engine


def sqlite_path(url: URL) -> str | None:
    """The file of a SQLite URL, or ``None`` (another database, in memory, a ``file:`` URI)."""
    database = url.database
    if url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:") or url.query.get("uri"):
        return None
    return database


def create_private(path: str) -> None:
    """Create the SQLite file ``path`` empty, readable and writable by this user only (0600),
    unless it is there.

    SQLite itself would create it readable by everyone (0644), and it holds password hashes
    and sessions; its ``-wal`` and ``-shm`` files take its mode. A file that is there keeps
    the mode its operator gave it.
    """
    # There already, or it cannot be made (a missing directory): SQLite then opens it, or
    # says why it cannot.
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def _create_private_on_connect(engine: Engine, path: str | None) -> None:
    """Make every connection of ``engine`` create its SQLite file (``path``) as
    :func:`create_private` does, before SQLite would."""
    if path is not None:
        event.listen(engine, "do_connect", lambda *_: create_private(path))


def hide_password(url: str) -> str:
    """``url`` with its password replaced by ``***``, to be shown in messages and logs.

    >>> hide_password("postgresql+asyncpg://cuatrola:S3cret@db.example/cuatrola")
    'postgresql+asyncpg://cuatrola:***@db.example/cuatrola'
    >>> hide_password("nonsense:/u:S3cret@x")
    'nonsense:/u:***@x'
    """
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        # Not even a URL SQLAlchemy can parse: still hide what reads like user:password@.
        return re.sub(r"(?<=:)[^:@/]*(?=@)", "***", url)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


@dataclass
class _Write:
    kind: str  # "create", "append" or "compact"
    args: tuple[Any, ...]
    done: asyncio.Future[None]


@dataclass
class Batch:
    """The rows of one group commit, ready for the database (plain values only)."""

    tables: list[dict[str, Any]] = field(default_factory=list)
    """New ``game_tables`` rows."""
    fences: list[dict[str, Any]] = field(default_factory=list)
    """Appends made under an epoch: ``{"row_id", "held_epoch", "now"}``; the batch
    commits only if each table still has that epoch."""
    records: list[dict[str, Any]] = field(default_factory=list)
    """New ``table_records`` rows."""
    statuses: list[dict[str, Any]] = field(default_factory=list)
    """Status changes: ``{"row_id": ..., "new_status": ...}``."""
    compactions: list[dict[str, Any]] = field(default_factory=list)
    """Records to drop: ``{"row_id": ..., "before": ...}`` (see :meth:`SqlStore.compact`)."""


class Committer(Protocol):
    """Commits one :class:`Batch` in one transaction, or raises and commits nothing."""

    async def open(self) -> None:
        """Get ready to commit."""
        ...

    async def commit(self, batch: Batch) -> None:
        """Commit ``batch`` durably.

        Raises:
            StoreError: for a status change of an unknown table.
        """
        ...

    async def close(self) -> None:
        """Release what :meth:`open` took."""
        ...


_status_change = (
    update(game_tables)
    .where(game_tables.c.id == bindparam("row_id"))
    .values(status=bindparam("new_status"))
)
_fence = (
    update(game_tables)
    .where(game_tables.c.id == bindparam("row_id"), game_tables.c.epoch == bindparam("held_epoch"))
    .values(updated_at=bindparam("now"))
)
_compaction = delete(table_records).where(
    table_records.c.table_id == bindparam("row_id"), table_records.c.number < bindparam("before")
)


class EngineCommitter:
    """A :class:`Committer` on the async SQLAlchemy engine (PostgreSQL, in-memory SQLite)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def open(self) -> None:
        """Nothing to open: the engine's pool connects on demand."""

    async def commit(self, batch: Batch) -> None:
        """Commit ``batch`` in one transaction of the engine."""
        async with self.engine.begin() as conn:
            if batch.tables:
                await conn.execute(insert(game_tables), batch.tables)
            for fence in batch.fences:
                # An UPDATE, not a read: it waits for a claim being committed, then sees it.
                if (await conn.execute(_fence, fence)).rowcount != 1:
                    raise _fenced(fence)
            if batch.records:
                await conn.execute(insert(table_records), batch.records)
            for change in batch.statuses:
                result = await conn.execute(_status_change, change)
                if result.rowcount == 0:
                    raise StoreError(f"unknown table {change['row_id']!r}")
            if batch.compactions:
                await conn.execute(_compaction, batch.compactions)

    async def close(self) -> None:
        """Nothing to close: the engine is the caller's."""


def _named_sql(statement: Any) -> str:
    """``statement`` as SQLite text with ``:name`` parameters (one definition: the schema)."""
    return str(statement.compile(dialect=sqlite_dialect.dialect(paramstyle="named")))


class SqliteCommitter:
    """A :class:`Committer` on a SQLite file: one thread with a :mod:`sqlite3` connection.

    The connection has the same pragmas as the engine's (WAL, ``synchronous=FULL``, a busy
    timeout so that the accounts service's writes through the engine wait their turn instead
    of failing). The writer task hands it a whole batch at once.
    """

    _insert_table: Final = _named_sql(insert(game_tables))
    _insert_record: Final = _named_sql(insert(table_records))
    _change_status: Final = _named_sql(_status_change)
    _compact: Final = _named_sql(_compaction)
    _check_epoch: Final = _named_sql(_fence)

    def __init__(self, path: str) -> None:
        self.path = path
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="cuatrola-sqlite-commit")
        self._db: sqlite3.Connection | None = None

    async def open(self) -> None:
        """Connect, in the committer's thread."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self._connect)

    def _connect(self) -> None:
        # isolation_level=None: the transactions below are explicit, one per batch.
        create_private(self.path)
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        _sqlite_pragmas(db, None)
        self._db = db

    async def commit(self, batch: Batch) -> None:
        """Commit ``batch`` in one transaction, in the committer's thread."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self._commit, batch)

    def _commit(self, batch: Batch) -> None:
        db = self._db
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            if batch.tables:
                db.executemany(self._insert_table, batch.tables)
            if batch.fences:
                # One call for every table of the batch (the rowcount of an executemany is
                # the sum of its statements'): each call costs the thread a GIL hand-back.
                held = db.executemany(self._check_epoch, batch.fences).rowcount
                if held != len(batch.fences):
                    raise self._first_fenced(db, batch.fences)
            if batch.records:
                db.executemany(self._insert_record, batch.records)
            if batch.statuses:
                changed = db.executemany(self._change_status, batch.statuses).rowcount
                if changed != len(batch.statuses):
                    raise StoreError("a status change names an unknown table")
            if batch.compactions:
                db.executemany(self._compact, batch.compactions)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _first_fenced(self, db: sqlite3.Connection, fences: list[dict[str, Any]]) -> Fenced:
        """The error naming the first table of ``fences`` held under another epoch (the
        transaction is rolled back after it, so checking them again one by one is harmless)."""
        for fence in fences:
            if db.execute(self._check_epoch, fence).rowcount != 1:
                return _fenced(fence)
        return _fenced(fences[0])  # pragma: no cover - the sum said one of them is

    async def close(self) -> None:
        """Close the connection and stop the thread."""
        if self._db is not None:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._db.close)
            self._db = None
        self._thread.shutdown(wait=True)


def _sqlite_file(engine: AsyncEngine) -> str | None:
    """The path of ``engine``'s database when it is a SQLite file, else ``None``."""
    return sqlite_path(engine.url)


def committer_for(engine: AsyncEngine) -> Committer:
    """The fastest :class:`Committer` for ``engine``'s database (see the module docstring)."""
    path = _sqlite_file(engine)
    return SqliteCommitter(path) if path is not None else EngineCommitter(engine)


_T = TypeVar("_T")


class SqliteTransactions:
    """Transactions of SQLAlchemy statements on a SQLite file, each run whole in one thread
    of its own on a synchronous engine with the same pragmas as the async one.

    Through the async engine (aiosqlite) every statement, cursor, fetch and commit is a hand-off
    to aiosqlite's thread and back (a finished match's history is about twenty); here a whole
    transaction is one. For writers that run a few statements at a time off the hot path (the
    history of finished matches).
    """

    def __init__(self, path: str) -> None:
        self.engine = create_engine(f"sqlite:///{path}")
        event.listen(self.engine, "connect", _sqlite_pragmas)
        _create_private_on_connect(self.engine, path)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="cuatrola-sqlite-transactions")

    async def run(self, work: Callable[..., _T], *args: Any) -> _T:
        """``work(session, *args)`` in one transaction (committed if it returns, rolled back
        if it raises), in the thread: its result or its exception."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._transaction, work, args)

    def _transaction(self, work: Callable[..., _T], args: tuple[Any, ...]) -> _T:
        with Session(self.engine) as session, session.begin():
            return work(session, *args)

    async def close(self) -> None:
        """Close the connections (in the thread that made them) and stop the thread."""
        await asyncio.get_running_loop().run_in_executor(self._thread, self.engine.dispose)
        self._thread.shutdown(wait=True)


def sqlite_transactions_for(engine: AsyncEngine) -> SqliteTransactions | None:
    """A :class:`SqliteTransactions` on ``engine``'s database when it is a SQLite file (else
    ``None``: use the async engine)."""
    path = _sqlite_file(engine)
    return SqliteTransactions(path) if path is not None else None


class SqlStore:
    """Tables in SQL; see the module docstring.

    Args:
        engine: the async engine (shared with the accounts service).
        migrate: apply the Alembic migrations in :meth:`open`.
        commit_delay: seconds the writer waits for more writes before a commit, when the
            last commit held more than one (0: never waits).
        commit_timeout: seconds a commit may take before its writes fail with
            :class:`TimeoutError` (a database that takes the connection and never answers
            would otherwise hold every table waiting on it for as long as it stays silent).
    """

    max_batch = 256

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        migrate: bool = True,
        commit_delay: float = 0.0,
        commit_timeout: float = 5.0,
    ) -> None:
        self.engine = engine
        self.committer = committer_for(engine)
        self.commit_delay = commit_delay
        self.commit_timeout = commit_timeout
        self._migrate = migrate
        self._queue: asyncio.Queue[_Write] | None = None
        self._writer: asyncio.Task[None] | None = None
        # The writer's loop, kept: asyncio.get_running_loop() costs a getpid() per write.
        self._loop: asyncio.AbstractEventLoop | None = None
        self.commits = 0
        #: Writes in the last commit: more than one says other tables are writing too.
        self._last_batch = 0

    async def open(self) -> None:
        """Apply migrations and start the writer task."""
        if self._migrate:
            await upgrade(self.engine)
        await self.committer.open()
        self._queue = asyncio.Queue()
        self._loop = asyncio.get_running_loop()
        self._writer = asyncio.create_task(self._write_loop(), name="cuatrola-store-writer")

    async def close(self, timeout: float | None = None) -> None:
        """Finish queued writes and stop the writer (see :meth:`GameStore.close`).

        Raises:
            TimeoutError: the queued writes were not all committed in ``timeout`` seconds.
        """
        queue, writer = self._queue, self._writer
        if queue is None or writer is None:
            return
        try:
            async with asyncio.timeout(timeout):
                await queue.join()
        except TimeoutError:
            # The database does not answer (a stopping server gives it a few seconds): the
            # writer is stopped where it waits, and what is still queued is dropped. Its
            # callers have stopped already; none of it was acknowledged to anybody.
            self._writer = None
            await give_up(writer)
            while not queue.empty():
                queue.get_nowait().done.cancel()
            raise
        self._writer = None
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await writer
        await self.committer.close()

    async def _submit(self, kind: str, *args: Any) -> None:
        loop = self._loop
        if self._queue is None or self._writer is None or self._writer.done() or loop is None:
            raise StoreError("the store is not open")
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put_nowait(_Write(kind, args, done))
        await done

    async def create(self, meta: TableMeta, owner: str | None = None, lease: float = 0.0) -> None:
        """Store a new table (see :meth:`GameStore.create`)."""
        await self._submit("create", meta, owner, lease)

    async def append(
        self,
        table_id: str,
        first: int,
        records: Sequence[NewRecord],
        status: str | None = None,
        epoch: int | None = None,
    ) -> None:
        """Durably append records (see :meth:`GameStore.append`)."""
        await self._submit("append", table_id, first, records, status, epoch)

    async def _write_loop(self) -> None:
        assert self._queue is not None
        queue = self._queue
        while True:
            batch = [await queue.get()]
            if self.commit_delay > 0 and self._last_batch > 1:
                await asyncio.sleep(self.commit_delay)
            while len(batch) < self.max_batch and not queue.empty():
                batch.append(queue.get_nowait())
            try:
                async with asyncio.timeout(self.commit_timeout):
                    await self._commit(batch)
            except TimeoutError:
                # The database did not answer. No write of the batch is to blame, and trying
                # them one by one would wait as long again for each: they all fail (a runner
                # retries its own, then stops its table until the store answers).
                silent = f"the database did not answer a commit in {self.commit_timeout:g} s"
                for write in batch:
                    if not write.done.done():
                        write.done.set_exception(StoreUnavailable(silent))
            except Exception:
                for write in batch:
                    try:
                        async with asyncio.timeout(self.commit_timeout):
                            await self._commit([write])
                    except Exception as exc:
                        if not write.done.done():
                            write.done.set_exception(_store_error(exc))
            for write in batch:
                if not write.done.done():
                    write.done.set_result(None)
                queue.task_done()
            self._last_batch = len(batch)

    async def _commit(self, batch: list[_Write]) -> None:
        # One statement per kind for the whole batch: its cost hardly grows with the number
        # of tables whose moves share this transaction.
        rows = Batch()
        for write in batch:
            if write.done.done():
                continue
            if write.kind == "create":
                rows.tables.append(_meta_row(*write.args))
                continue
            if write.kind == "compact":
                rows.compactions.append({"row_id": write.args[0], "before": write.args[1]})
                continue
            table_id, first, records, status, epoch = write.args
            if epoch is not None:
                fence = {"row_id": table_id, "held_epoch": epoch, "now": time.time()}
                rows.fences.append(fence)
            rows.records.extend(
                {"table_id": table_id, "number": first + i, "record": _encode(r).decode()}
                for i, r in enumerate(records)
            )
            if status is not None:
                rows.statuses.append({"row_id": table_id, "new_status": status})
        await self.committer.commit(rows)
        self.commits += 1

    async def compact(self, table_id: str, before: int) -> None:
        """Durably drop records before ``before`` (see :meth:`GameStore.compact`); in the
        same writer queue as the appends, so it never overtakes one."""
        await self._submit("compact", table_id, before)

    async def claim(self, table_id: str, node: str, now: float, lease: float) -> int | None:
        """Take the table for ``node`` (see :meth:`GameStore.claim`)."""
        t = game_tables.c
        free = or_(t.owner.is_(None), t.owner == node, t.lease_until < now)
        take = (
            update(game_tables)
            .where(t.id == table_id, t.status.in_(LIVE_STATUSES), free)
            .values(owner=node, epoch=t.epoch + 1, lease_until=lease)
        )
        async with self.engine.begin() as conn:
            if (await conn.execute(take)).rowcount != 1:
                return None
            epoch: int = (await conn.execute(select(t.epoch).where(t.id == table_id))).scalar_one()
        return epoch

    async def renew(self, node: str, epochs: Mapping[str, int], lease: float) -> set[str]:
        """Extend ``node``'s leases (see :meth:`GameStore.renew`)."""
        t = game_tables.c
        async with self.engine.begin() as conn:
            await conn.execute(update(game_tables).where(t.owner == node).values(lease_until=lease))
            held = dict((await conn.execute(select(t.id, t.epoch).where(t.owner == node))).all())
        return {table_id for table_id, epoch in epochs.items() if held.get(table_id) != epoch}

    async def release(self, node: str, table_ids: Sequence[str]) -> None:
        """End ``node``'s leases now (see :meth:`GameStore.release`)."""
        if not table_ids:
            return
        t = game_tables.c
        ended = (
            update(game_tables)
            .where(t.owner == node, t.id.in_(list(table_ids)))
            .values(lease_until=0.0)
        )
        async with self.engine.begin() as conn:
            await conn.execute(ended)

    async def claimable(self, node: str, now: float) -> list[TableMeta]:
        """The tables ``node`` may claim (see :meth:`GameStore.claimable`)."""
        t = game_tables.c
        query = (
            select(game_tables)
            .where(
                t.status.in_(LIVE_STATUSES),
                or_(t.owner.is_(None), t.owner == node, t.lease_until < now),
            )
            .order_by(t.created_at, t.id)
        )
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [_meta(row) for row in rows]

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

    async def locate(
        self, table_id: str | None = None, *, code: str | None = None
    ) -> Holder | None:
        """Who holds a table (see :meth:`GameStore.locate`)."""
        t = game_tables.c
        where = t.id == table_id if table_id is not None else t.code == code
        query = select(t.id, t.status, t.owner, t.lease_until).where(where)
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return Holder(row.id, row.status, row.owner, row.lease_until) if row is not None else None

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


def _meta_row(meta: TableMeta, owner: str | None, lease: float) -> dict[str, Any]:
    return {
        "owner": owner,
        "epoch": 1 if owner is not None else 0,
        "lease_until": lease,
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


def _fenced(fence: dict[str, Any]) -> Fenced:
    held = fence["held_epoch"]
    return Fenced(f"table {fence['row_id']!r} is held under another epoch than {held}")


def _store_error(exc: Exception) -> Exception:
    """The error a caller of :meth:`SqlStore.append` gets for ``exc``: a refusal, an outage,
    or (a defect) ``exc`` itself."""
    if isinstance(exc, StoreError | StoreUnavailable):
        return exc
    if isinstance(exc, IntegrityError):
        return StoreError(f"duplicate table, code or record: {exc.orig}")
    if isinstance(exc, sqlite3.IntegrityError):
        return StoreError(f"duplicate table, code or record: {exc}")
    if _unreachable(exc):
        reason = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
        words = f"{type(reason).__name__}: {reason}" if str(reason) else type(reason).__name__
        unavailable = StoreUnavailable(words)
        unavailable.__cause__ = exc
        return unavailable
    return exc


def _unreachable(exc: Exception) -> bool:
    """Whether ``exc`` says the database could not be reached or used (a connection refused,
    reset or timed out; a locked or failing SQLite file) rather than that a statement is
    wrong."""
    if isinstance(exc, OSError | TimeoutError | sqlite3.OperationalError):
        return True
    return isinstance(exc, DBAPIError) and (
        exc.connection_invalidated or isinstance(exc, OperationalError | InterfaceError)
    )
