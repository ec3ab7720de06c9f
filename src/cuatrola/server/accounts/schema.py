"""The accounts tables: users, login sessions, ratings and the finished-match history.

They are declared here, beside the code that reads and writes them, in the project's one
shared :data:`cuatrola.storage.schema.metadata` (so they are part of the schema only once
this module is imported). The storage layer's Alembic migrations create them without
importing this module (``0002_accounts``, then ``0003_bot_level``, then
``0004_match_analyses``), and
``tests/storage/test_accounts_migration.py`` checks that the migrated database matches these
declarations. Times are UNIX seconds as floats (portable across SQLite and PostgreSQL, no
time-zone surprises); ids are short random strings.

Implementation notes:

* ``users.name_key`` is the case-folded name. It is unique among *registered* users only
  (a partial unique index would not be portable, so registered names get the key and guests
  get ``NULL``, which a unique index ignores on both databases).
* ``sessions.token_hash`` is an HMAC of the token under the server secret: a copy of the
  database alone does not let anyone log in.
* ``match_hands.record`` holds one ``cuatrola-hand/1`` record as JSON text, exactly as it is
  served to clients, so the download is a concatenation.
* ``match_analyses.analysis`` holds a finished match's analysis after the hand as JSON text,
  exactly as ``GET /api/matches/{id}/analysis`` serves it
  (:mod:`cuatrola.server.accounts.analysis`).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
)

from cuatrola.storage.schema import metadata, parent_key

users = Table(
    "users",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=True, unique=True),
    Column("is_guest", Boolean, nullable=False),
    Column("password_hash", String(200), nullable=True),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", String(32), ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("ix_sessions_user_id", "user_id"),
)

ratings = Table(
    "ratings",
    metadata,
    Column("user_id", String(32), ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

finished_matches = Table(
    "finished_matches",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("rules", Text, nullable=False),  # JSON object
    Column("started_at", Float, nullable=False),
    Column("finished_at", Float, nullable=False),
    Column("score0", Integer, nullable=False),
    Column("score1", Integer, nullable=False),
    Column("winner", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("hand_count", Integer, nullable=False),
    Index("ix_finished_matches_finished_at", "finished_at"),
)

match_players = Table(
    "match_players",
    metadata,
    parent_key("match_id", "finished_matches.id"),
    Column("seat", Integer, primary_key=True),
    # NULL for a computer player; the name is kept as it was when the match was played.
    Column("user_id", String(32), ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
    Column("name", String(40), nullable=False),
    Column("is_bot", Boolean, nullable=False),
    # The computer level of a computer player's seat, so clients can name it in any language.
    Column("bot_level", String(10), nullable=True),
    Column("rating_before", Float, nullable=True),
    Column("rating_after", Float, nullable=True),
    Index("ix_match_players_user_id", "user_id"),
)

match_hands = Table(
    "match_hands",
    metadata,
    parent_key("match_id", "finished_matches.id"),
    Column("number", Integer, primary_key=True),
    Column("record", Text, nullable=False),
)

match_analyses = Table(
    "match_analyses",
    metadata,
    parent_key("match_id", "finished_matches.id"),
    Column("status", String(16), nullable=False),  # done, failed
    Column("analysis", Text, nullable=True),  # JSON (cuatrola.ai.analysis.MatchAnalysis)
    Column("created_at", Float, nullable=False),
)

ACCOUNT_TABLES = (
    users,
    sessions,
    ratings,
    finished_matches,
    match_players,
    match_hands,
    match_analyses,
)
"""Every table of this module, parents first (the creation order)."""
