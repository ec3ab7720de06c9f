"""The database schema of the game server, in one shared :data:`metadata`.

Every table of the project lives in this one :class:`~sqlalchemy.MetaData`: the game tables
below, and the accounts tables that :mod:`cuatrola.server.accounts.schema` declares against it
(the server owns them; storage never imports the server). Alembic migrations in
:mod:`cuatrola.storage.migrations` create them: ``0001`` the game tables below, ``0002`` and
``0003`` the accounts tables, ``0004`` the finished matches' analyses (``match_analyses``),
``0005`` the tables' owners (``owner``, ``epoch``, ``lease_until`` of ``game_tables``).

Game tables are event-sourced (docs/server.md, "Durability"):

* ``game_tables``: one row per table: its id, invite code, options (JSON) and status, and
  which node runs it (with the fencing epoch and lease of that claim).
* ``table_records``: the table's append-only log, one JSON record per accepted command or
  generated fact (a deal with its shuffled deck, a seat change, an action...). Replaying the
  records in order rebuilds the table exactly.

Times are UNIX seconds as floats (portable across SQLite and PostgreSQL).
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

#: The project's one schema; Alembic's ``target_metadata``.
metadata = MetaData()


def parent_key(name: str, parent: str) -> Column[str]:
    """The key column ``name`` of a child row: its parent's id (``parent`` is ``"table.id"``),
    so that the child rows go when their parent does."""
    return Column(name, String(40), ForeignKey(parent, ondelete="CASCADE"), primary_key=True)


game_tables = Table(
    "game_tables",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("options", Text, nullable=False),  # JSON object (protocol TableOptions)
    Column("kind", String(16), nullable=False),  # private, quick, computer
    Column("status", String(16), nullable=False),  # open, playing, finished, closed
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    # The node that runs the table, the fencing epoch of its claim and the end of its lease
    # (migration 0005; docs/server.md, "Several nodes").
    Column("owner", String(120), nullable=True),
    Column("epoch", Integer, nullable=False, server_default="0"),
    Column("lease_until", Float, nullable=False, server_default="0"),
    Index("ix_game_tables_status", "status"),
)

table_records = Table(
    "table_records",
    metadata,
    parent_key("table_id", "game_tables.id"),
    Column("number", Integer, primary_key=True),
    Column("record", Text, nullable=False),  # JSON object
)

GAME_TABLES = (game_tables, table_records)
"""Every game table, in creation order."""
