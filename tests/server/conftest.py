"""Shared fixtures of the server tests: fresh databases on SQLite and PostgreSQL with the
accounts services on them, a live server's database URL on either, and key prefixes on the
real Redis.

Every test using ``factory`` runs twice: on a temporary SQLite file and on a new schema of
the local PostgreSQL (dropped afterwards). PostgreSQL and Redis tests skip with the reason
when the service is unreachable, and fail instead when ``CUATROLA_REQUIRE_SERVICES=1`` (CI).
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis
from argon2 import PasswordHasher
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

import cuatrola.server.accounts.schema  # noqa: F401 (registers the accounts tables)
from cuatrola.server.accounts.accounts import Accounts
from cuatrola.server.accounts.auth import Authenticator
from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.ratings import Ratings
from cuatrola.server.scaleout import check_redis
from cuatrola.storage.schema import metadata
from cuatrola.storage.sql import sqlite_transactions_for
from tests.services import service, unavailable
from tests.support.databases import (
    postgres_database,
    postgres_schema,
    redis_url,
    sqlite_database,
)

SECRET = "test-secret-0123456789abcdef"

#: Cheap argon2 parameters: the tests check behaviour, not hashing cost.
FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)


@pytest.fixture(params=["sqlite", "postgresql"])
async def factory(
    request: pytest.FixtureRequest,
) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """A session factory on an empty database with every table created."""
    kind = request.param
    manager = sqlite_database(metadata) if kind == "sqlite" else postgres_schema(metadata=metadata)
    async with service(manager) as engine:
        yield async_sessionmaker(engine, expire_on_commit=False)


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A live server's database: a temporary SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'live.db'}"
        return
    async with service(postgres_database()) as url:
        yield url


class Clock:
    """A settable clock for expiry tests."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    """A fake clock shared by the services below."""
    return Clock()


@pytest.fixture
def authenticator(factory: async_sessionmaker[AsyncSession], clock: Clock) -> Authenticator:
    """The authenticator on the test database."""
    return Authenticator(factory, SECRET, clock=clock)


@pytest.fixture
def accounts(
    factory: async_sessionmaker[AsyncSession], authenticator: Authenticator, clock: Clock
) -> Accounts:
    """The accounts service with cheap password hashing."""
    return Accounts(factory, authenticator, hasher=FAST_HASHER, clock=clock)


@pytest.fixture
def ratings(factory: async_sessionmaker[AsyncSession], clock: Clock) -> Ratings:
    """The rating service."""
    return Ratings(factory, clock=clock)


@pytest.fixture
async def history(
    factory: async_sessionmaker[AsyncSession], ratings: Ratings, clock: Clock
) -> AsyncIterator[History]:
    """The history service, wired as the app wires it: on the SQLite file its matches are
    stored in a thread of its own (``SqliteTransactions``), on PostgreSQL through the async
    engine. (``History(factory, ...)`` alone, as other tests build it, uses the async engine
    on SQLite too.)"""
    history = History(
        factory, ratings, clock=clock, transactions=sqlite_transactions_for(factory.kw["bind"])
    )
    yield history
    await history.close()


@pytest.fixture
async def redis_prefix() -> AsyncIterator[str]:
    """A unique key prefix on the real Redis; every key under it is deleted afterwards."""
    try:
        await check_redis(redis_url(), timeout=1.0)
    except ConnectionError as exc:
        unavailable(exc)
    prefix = f"cuatrola-test:{secrets.token_hex(6)}:"
    yield prefix
    client = aioredis.Redis.from_url(redis_url())
    try:
        keys = [key async for key in client.scan_iter(match=prefix + "*")]
        if keys:
            await client.delete(*keys)
    finally:
        await client.aclose()
