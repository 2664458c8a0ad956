"""A roll's nonce as its idempotency key: the rolls each seat sent with a nonce of its own, so
the same nonce sent again (its answer lost to a dropped network) gets the first roll's answer
instead of a second roll.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "rolls_sent",
        sa.Column("campaign_id", Id, nullable=False),
        sa.Column("seat_id", Id, nullable=False),
        sa.Column("nonce", sa.String(length=64), nullable=False),
        sa.Column("event_id", Id, nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name=op.f("fk_rolls_sent_campaign_id")
        ),
        sa.ForeignKeyConstraint(["seat_id"], ["seats.id"], name=op.f("fk_rolls_sent_seat_id")),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_rolls_sent_event_id")),
        sa.PrimaryKeyConstraint("campaign_id", "seat_id", "nonce", name=op.f("pk_rolls_sent")),
    )


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
