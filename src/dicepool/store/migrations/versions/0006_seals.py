"""Seals: each campaign's log is cut into periods whose rolls read a secret seed's stream,
published as a commitment when the period opens and revealed when it closes. Every campaign
here opens its first seal now (a ``seal-open`` event at the end of its log).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

from __future__ import annotations

import hashlib
import os
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "seals",
        sa.Column("id", Id, nullable=False),
        sa.Column("campaign_id", Id, nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("rolls", sa.Integer(), nullable=False),
        sa.Column("closed", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"], ["campaigns.id"], name=op.f("fk_seals_campaign_id")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seals")),
        sa.UniqueConstraint("campaign_id", "number", name=op.f("uq_seals_campaign_id")),
    )
    conn = op.get_bind()
    seals = sa.table(
        "seals",
        sa.column("campaign_id", Id),
        sa.column("number", sa.Integer()),
        sa.column("seed", sa.String()),
        sa.column("rolls", sa.Integer()),
        sa.column("closed", sa.Boolean()),
    )
    events = sa.table(
        "events",
        sa.column("campaign_id", Id),
        sa.column("seq", sa.Integer()),
        sa.column("at", sa.DateTime(timezone=True)),
        sa.column("actor", sa.String()),
        sa.column("kind", sa.String()),
        sa.column("data", sa.JSON()),
    )
    campaigns = sa.table("campaigns", sa.column("id", Id), sa.column("last_seq", sa.Integer()))
    for campaign_id, last_seq in conn.execute(sa.select(campaigns.c.id, campaigns.c.last_seq)):
        seed = os.urandom(32)
        conn.execute(
            seals.insert().values(
                campaign_id=campaign_id, number=1, seed=seed.hex(), rolls=0, closed=False
            )
        )
        data = {"seal": 1, "commitment": hashlib.sha256(seed).hexdigest()}
        conn.execute(
            events.insert().values(
                campaign_id=campaign_id,
                seq=last_seq + 1,
                at=datetime.now(UTC),
                actor="dicepool",
                kind="seal-open",
                data=data,
            )
        )
        conn.execute(
            campaigns.update().where(campaigns.c.id == campaign_id).values(last_seq=last_seq + 1)
        )


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
