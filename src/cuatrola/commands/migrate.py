"""``cuatrola migrate``: bring a deployment's database to the latest schema, then exit.

``cuatrola serve`` migrates at start-up by default, which is all one node needs. Several nodes
on one PostgreSQL should not race to migrate: run ``cuatrola migrate`` once per deploy, then
start the nodes with ``--no-migrate`` (docs/server.md, "Several nodes"). The database is named
as for ``cuatrola serve`` (``--db`` or ``$CUATROLA_DB_URL``, else the data directory's SQLite
file). An unreachable database or a bad URL is one line on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from cuatrola.commands.storage_options import (
    create_data_dir,
    database_failure,
    storage_settings,
)

NAME = "migrate"
HELP = "apply the database migrations and exit (before starting several nodes)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "--db",
        default=None,
        help="the database URL, as for cuatrola serve ($CUATROLA_DB_URL)",
    )
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="data directory ($CUATROLA_DATA)"
    )


async def _migrate(url: str) -> str:
    """Apply the migrations to ``url``; the revision the database is at afterwards."""
    from cuatrola.storage.migrate import current_revision, upgrade
    from cuatrola.storage.sql import make_engine

    engine = make_engine(url)
    try:
        await upgrade(engine)
        return await current_revision(engine)
    finally:
        await engine.dispose()


def run(args: argparse.Namespace) -> int:
    """Migrate the database; print the revision it is at."""
    try:
        settings = storage_settings(args)
        if settings.db_url is None:
            create_data_dir(settings.data_dir)
        url = settings.resolved_db_url()
        revision = asyncio.run(_migrate(url))
    except Exception as exc:
        # A bad URL or secret says so itself; the database's own failures are said after
        # "cannot migrate the database", in the words serve and admin use.
        print(f"cuatrola migrate: {database_failure(exc, 'migrate')}", file=sys.stderr)
        return 2
    print(f"cuatrola migrate: the database is at revision {revision}")
    return 0
