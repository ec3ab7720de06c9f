"""Which node owns each live table, with a fencing epoch and a lease.

``owner`` is the node that runs the table, ``epoch`` grows by one at every claim, and every
write of the table's log names the epoch it was made under: the database refuses one whose
epoch is not the table's any more, so a node that paused past its lease can never write
again. ``lease_until`` (UNIX seconds) is when another node may claim the table.
docs/server.md, "Several nodes", describes how the nodes use them.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``game_tables.owner``, ``epoch`` and ``lease_until`` (no owner for older rows)."""
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(120), nullable=True))
        batch.add_column(sa.Column("epoch", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("lease_until", sa.Float(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop the ownership columns."""
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("epoch")
        batch.drop_column("owner")
