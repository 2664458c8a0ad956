"""Each campaign keeps its log's head (the hash of its last event) on its own row, written by
the statement that logs each event: an event's ``prev`` is then read with the claim of the
campaign's row, whose latest version a writer that waited for the row sees (on PostgreSQL,
another table read in that statement would be read as it was before the wait). Filled here
from each campaign's last event (NULL for an empty log).

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("campaigns", sa.Column("head", sa.String(length=64), nullable=True))
    op.execute(
        "UPDATE campaigns SET head = (SELECT hash FROM events "
        "WHERE events.campaign_id = campaigns.id AND events.seq = campaigns.last_seq)"
    )


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
