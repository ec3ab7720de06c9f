"""Throw-away databases for tests: a temporary SQLite file, or a fresh schema
in a real PostgreSQL database that is dropped afterwards.

The PostgreSQL variant makes the same code run against a shared server without tests
stepping on each other: every use gets its own schema (``cuatrola_t_<random>``), selected
through the connection's ``search_path``, and the schema is dropped with everything in it
at the end. :func:`services_required` tells tests whether a missing service must fail
(``CUATROLA_REQUIRE_SERVICES=1``, set by CI) or merely skip.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

from sqlalchemy import MetaData, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

DEFAULT_POSTGRES_URL: Final = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
DEFAULT_REDIS_URL: Final = "redis://127.0.0.1:6379/0"


class ServiceUnavailableError(RuntimeError):
    """PostgreSQL or Redis could not be reached."""


def services_required() -> bool:
    """Whether tests must fail (not skip) when PostgreSQL or Redis is unreachable."""
    return os.environ.get("CUATROLA_REQUIRE_SERVICES", "") == "1"


def postgres_url() -> str:
    """The PostgreSQL URL for tests: ``CUATROLA_TEST_POSTGRES_URL`` or the local default."""
    return os.environ.get("CUATROLA_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL)


def redis_url() -> str:
    """The Redis URL for tests: ``CUATROLA_TEST_REDIS_URL`` or the local default."""
    return os.environ.get("CUATROLA_TEST_REDIS_URL", DEFAULT_REDIS_URL)


@asynccontextmanager
async def _with_tables(engine: AsyncEngine, metadata: MetaData | None) -> AsyncIterator[None]:
    """Create the tables of ``metadata`` (when given) through ``engine``; dispose of the
    engine on the way out."""
    try:
        if metadata is not None:
            async with engine.begin() as conn:
                await conn.run_sync(metadata.create_all)
        yield
    finally:
        await engine.dispose()


@asynccontextmanager
async def sqlite_database(metadata: MetaData | None = None) -> AsyncIterator[AsyncEngine]:
    """An engine on a new SQLite file in a temporary directory (removed afterwards).

    Args:
        metadata: when given, its tables are created.
    """
    with tempfile.TemporaryDirectory(prefix="cuatrola-db-") as directory:
        engine = create_async_engine(f"sqlite+aiosqlite:///{Path(directory) / 'test.db'}")
        async with _with_tables(engine, metadata):
            yield engine


@asynccontextmanager
async def postgres_schema(
    url: str | None = None, metadata: MetaData | None = None
) -> AsyncIterator[AsyncEngine]:
    """An engine whose connections use a brand-new PostgreSQL schema, dropped afterwards.

    Args:
        url: an asyncpg SQLAlchemy URL (default :func:`postgres_url`).
        metadata: when given, its tables are created in the schema.

    Raises:
        ServiceUnavailableError: when the server cannot be reached.
    """
    url = url or postgres_url()
    schema = f"cuatrola_t_{secrets.token_hex(6)}"
    admin = create_async_engine(url)
    try:
        async with admin.begin() as conn:
            await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except (OSError, ConnectionError) as exc:
        await admin.dispose()
        raise ServiceUnavailableError(f"PostgreSQL at {_safe(url)} is unreachable: {exc}") from exc
    except Exception as exc:
        await admin.dispose()
        if "connect" in str(exc).lower() or "refused" in str(exc).lower():
            raise ServiceUnavailableError(
                f"PostgreSQL at {_safe(url)} is unreachable: {exc}"
            ) from exc
        raise
    engine = create_async_engine(url, connect_args={"server_settings": {"search_path": schema}})
    try:
        async with _with_tables(engine, metadata):
            yield engine
    finally:
        async with admin.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await admin.dispose()


@asynccontextmanager
async def postgres_database(url: str | None = None) -> AsyncIterator[str]:
    """The URL of a brand-new PostgreSQL database, dropped afterwards.

    For code that opens its own engines from a URL (a whole server, several of them): a
    schema cannot be selected through the URL, a database can.

    Args:
        url: an asyncpg SQLAlchemy URL of an existing database to connect through
            (default :func:`postgres_url`).

    Raises:
        ServiceUnavailableError: when the server cannot be reached.
    """
    base = make_url(url or postgres_url())
    name = f"cuatrola_t_{secrets.token_hex(6)}"
    # CREATE/DROP DATABASE cannot run inside a transaction.
    admin = create_async_engine(base, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
    except (OSError, ConnectionError) as exc:
        await admin.dispose()
        raise ServiceUnavailableError(
            f"PostgreSQL at {_safe(str(base))} is unreachable: {exc}"
        ) from exc
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    return make_url(url).render_as_string(hide_password=True)
