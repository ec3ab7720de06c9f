"""Migration 0002_accounts: it creates exactly the declared accounts tables and reverts cleanly."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect

import cuatrola.server.accounts.schema  # noqa: F401 (registers the accounts tables)
from cuatrola.server.accounts.schema import ACCOUNT_TABLES
from cuatrola.storage.migrate import alembic_config
from cuatrola.storage.schema import metadata
from cuatrola.storage.sql import make_engine

ACCOUNT_NAMES = {table.name for table in ACCOUNT_TABLES}


def _tables(sync: Connection) -> set[str]:
    return set(inspect(sync).get_table_names())


async def test_upgrade_matches_the_schema_and_downgrade_removes_only_the_accounts_tables(
    tmp_path: Path,
) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'm.db'}")
    try:
        async with engine.begin() as conn:
            await conn.run_sync(lambda sync: command.upgrade(alembic_config(sync), "head"))
            assert await conn.run_sync(_tables) >= ACCOUNT_NAMES
            diff = await conn.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), metadata)
            )
            assert diff == []
            await conn.run_sync(lambda sync: command.downgrade(alembic_config(sync), "0001"))
            left = await conn.run_sync(_tables)
            assert not ACCOUNT_NAMES & left
            assert {"game_tables", "table_records"} <= left
            await conn.run_sync(lambda sync: command.upgrade(alembic_config(sync), "head"))
            assert await conn.run_sync(_tables) >= ACCOUNT_NAMES
    finally:
        await engine.dispose()
