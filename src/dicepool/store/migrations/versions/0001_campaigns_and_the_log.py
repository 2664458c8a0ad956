"""Campaigns, characters and the log.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")  # SQLite's rowid is an INTEGER key
Data = sa.JSON()


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", Id, nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("system", sa.String(length=20), nullable=False),
        sa.Column("players", sa.Integer(), nullable=True),
        sa.Column("house_rules", sa.String(length=500), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaigns")),
        sa.UniqueConstraint("name_key", name=op.f("uq_campaigns_name_key")),
    )
    op.create_table(
        "characters",
        sa.Column("id", Id, nullable=False),
        sa.Column("campaign_id", Id, nullable=False),
        sa.Column("name_key", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("player", sa.String(length=40), nullable=True),
        sa.Column("sheet", Data, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name=op.f("fk_characters_campaign_id")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_characters")),
        sa.UniqueConstraint("campaign_id", "name_key", name=op.f("uq_characters_campaign_id")),
    )
    op.create_table(
        "events",
        sa.Column("id", Id, nullable=False),
        sa.Column("campaign_id", Id, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(length=80), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("data", Data, nullable=False),
        sa.Column("undoes", Id, nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name=op.f("fk_events_campaign_id")
        ),
        sa.ForeignKeyConstraint(["undoes"], ["events.id"], name=op.f("fk_events_undoes")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("campaign_id", "seq", name=op.f("uq_events_campaign_id")),
    )
    op.create_index(op.f("ix_events_undoes"), "events", ["undoes"], unique=False)
    op.create_table(
        "event_characters",
        sa.Column("event_id", Id, nullable=False),
        sa.Column("campaign_id", Id, nullable=False),
        sa.Column("character_key", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name=op.f("fk_event_characters_campaign_id")
        ),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_event_characters_event_id")
        ),
        sa.PrimaryKeyConstraint("event_id", "character_key", name=op.f("pk_event_characters")),
    )
    op.create_index(
        "ix_event_characters_lookup",
        "event_characters",
        ["campaign_id", "character_key", "event_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_table("event_characters")
    op.drop_table("events")
    op.drop_table("characters")
    op.drop_table("campaigns")
