"""The table on Discord (issue 24): who plays from which channel (``discord_ties``, each row
made by its event), and each table's channel webhook with the log's sequence number posted up
to and the server process posting to it (``discord_webhooks``).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "discord_ties",
        sa.Column("event_id", Id, nullable=False),
        sa.Column("campaign_id", Id, nullable=False),
        sa.Column("channel", sa.String(length=24), nullable=True),
        sa.Column("user_id", sa.String(length=24), nullable=False),
        sa.Column("seat_id", Id, nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_discord_ties_event_id")),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name=op.f("fk_discord_ties_campaign_id")
        ),
        sa.ForeignKeyConstraint(["seat_id"], ["seats.id"], name=op.f("fk_discord_ties_seat_id")),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_discord_ties")),
    )
    op.create_index("ix_discord_ties_channel", "discord_ties", ["channel"])
    op.create_index("ix_discord_ties_campaign_id", "discord_ties", ["campaign_id", "user_id"])
    op.create_table(
        "discord_webhooks",
        sa.Column("campaign_id", Id, nullable=False),
        sa.Column("url", sa.String(length=400), nullable=False),
        sa.Column("posted", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(length=32), nullable=True),
        sa.Column("held_until", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name=op.f("fk_discord_webhooks_campaign_id")
        ),
        sa.PrimaryKeyConstraint("campaign_id", name=op.f("pk_discord_webhooks")),
    )


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
