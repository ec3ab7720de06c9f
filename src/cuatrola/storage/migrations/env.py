"""Alembic environment: runs on the connection handed in by :mod:`cuatrola.storage.migrate`."""

from __future__ import annotations

from alembic import context

from cuatrola.storage.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - always called through cuatrola.storage.migrate
    raise RuntimeError("run migrations through cuatrola.storage.migrate.upgrade()")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
