"""The game tables: tables and their append-only records.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``game_tables`` and ``table_records``."""
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_game_tables_status", "game_tables", ["status"])
    op.create_table(
        "table_records",
        sa.Column(
            "table_id",
            sa.String(40),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("table_records")
    op.drop_index("ix_game_tables_status", "game_tables")
    op.drop_table("game_tables")
