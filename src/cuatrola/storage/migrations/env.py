"""Alembic environment: runs on the connection handed in by :mod:`cuatrola.storage.migrate`.

Importing this module outside Alembic (doctest collection, say) does nothing.
"""

from __future__ import annotations

from alembic import context

from cuatrola.storage.schema import metadata


def run() -> None:
    """Run the migrations on the connection the caller put in the config's attributes.

    Raises:
        RuntimeError: when called without one (use :func:`cuatrola.storage.migrate.upgrade`).
    """
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run migrations through cuatrola.storage.migrate.upgrade()")
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


try:
    _under_alembic = context.config is not None
except AttributeError:  # imported outside Alembic
    _under_alembic = False
if _under_alembic:
    run()
