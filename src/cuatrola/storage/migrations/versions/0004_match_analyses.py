"""The analysis after the hand of each finished match (docs/analysis.md).

One row per finished match once its analysis is computed: its status (``done`` or
``failed``) and the analysis as JSON text.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``match_analyses``."""
    op.create_table(
        "match_analyses",
        sa.Column(
            "match_id",
            sa.String(40),
            sa.ForeignKey("finished_matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("analysis", sa.Text(), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    """Drop ``match_analyses``."""
    op.drop_table("match_analyses")
