"""Seats the storyteller manages: a seat's token can be revoked (refused at once, the row kept
so its name and history stay), and each seat records when its token was last used (at most
once a minute), for the storyteller's list of seats.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # every seat held until now stays open (SQLite adds a column with its default in place)
    op.add_column(
        "seats",
        sa.Column("revoked", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("seats", sa.Column("last_seen", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
