"""An index of the seats by campaign: a player's every roll at the web table reads which
characters the players hold.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(op.f("ix_seats_campaign_id"), "seats", ["campaign_id"])


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
