"""Seats at a web table: capability tokens (stored hashed) for the storyteller, players and
the invitation; an index of the reveals of hidden rolls (read with every page of the log that
holds one).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "seats",
        sa.Column("id", Id, nullable=False),
        sa.Column("campaign_id", Id, nullable=False),
        sa.Column("role", sa.String(length=12), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("character_key", sa.String(length=40), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name=op.f("fk_seats_campaign_id")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_seats_token_hash")),
    )

    only_reveals = sa.text("kind = 'revealed'")
    op.create_index(
        "ix_events_revealed",
        "events",
        ["campaign_id"],
        sqlite_where=only_reveals,
        postgresql_where=only_reveals,
    )


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
