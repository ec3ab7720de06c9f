"""The computer level of a computer player's seat in the match history.

Clients show a computer player's name in their own language from its level, so the history
keeps the level beside the stored name.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``match_players.bot_level`` (NULL for people and for older rows)."""
    with op.batch_alter_table("match_players") as batch:
        batch.add_column(sa.Column("bot_level", sa.String(10), nullable=True))


def downgrade() -> None:
    """Drop ``match_players.bot_level``."""
    with op.batch_alter_table("match_players") as batch:
        batch.drop_column("bot_level")
