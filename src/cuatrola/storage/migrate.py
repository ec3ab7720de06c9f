"""Apply the Alembic migrations of :mod:`cuatrola.storage.migrations` programmatically.

The server calls :func:`upgrade` at startup, so a new database file is created and an old one
brought up to date with nothing to run by hand.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic config pointing at the package's migrations (and ``connection``, if any)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _upgrade(connection: Connection) -> None:
    command.upgrade(alembic_config(connection), "head")


async def upgrade(engine: AsyncEngine) -> None:
    """Bring the database of ``engine`` to the latest schema."""
    async with engine.begin() as conn:
        await conn.run_sync(_upgrade)


def _revision(connection: Connection) -> str:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision() or "none"


async def current_revision(engine: AsyncEngine) -> str:
    """The Alembic revision the database of ``engine`` is at (``"none"`` before any)."""
    async with engine.connect() as conn:
        return await conn.run_sync(_revision)


def head_revision() -> str:
    """The newest revision of the package's migrations."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "the package ships its migrations"
    return head
