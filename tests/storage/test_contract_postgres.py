"""The GameStore contract (tests/storage/test_contract.py) against the real PostgreSQL.

Every test of the contract suite runs again here with a :class:`SqlStore` on a fresh schema
of the local PostgreSQL, migrated by Alembic exactly as the server does at startup, and
dropped afterwards. Skipped with the reason when PostgreSQL is unreachable, failing instead
under ``CUATROLA_REQUIRE_SERVICES=1`` (CI).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

import cuatrola.server.accounts.schema  # noqa: F401 (registers the accounts tables)
from cuatrola.storage.base import GameStore
from cuatrola.storage.schema import metadata
from cuatrola.storage.sql import SqlStore
from tests.services import service
from tests.support.databases import postgres_schema

from . import test_contract

# Collect the contract's tests in this module too; the ``store`` fixture below replaces the
# contract's memory/SQLite one for them.
globals().update(
    {name: value for name, value in vars(test_contract).items() if name.startswith("test_")}
)


@pytest.fixture
async def store() -> AsyncIterator[GameStore]:
    async with service(postgres_schema()) as engine:
        sql = SqlStore(engine)
        await sql.open()
        yield sql
        await sql.close()


async def test_the_migrations_create_every_table_of_the_schema_on_postgresql(
    store: GameStore,
) -> None:
    assert isinstance(store, SqlStore)
    async with store.engine.connect() as conn:
        names = await conn.run_sync(lambda sync: set(inspect(sync).get_table_names()))
    assert set(metadata.tables) <= names
    assert "alembic_version" in names


async def test_the_migrated_schema_matches_the_declared_tables_on_postgresql(
    store: GameStore,
) -> None:
    assert isinstance(store, SqlStore)
    async with store.engine.connect() as conn:
        diff = await conn.run_sync(
            lambda sync: compare_metadata(MigrationContext.configure(sync), metadata)
        )
    assert diff == []
