"""The hash chain: every event keeps a salt, the hash of the event before it in its campaign,
its digest and its own hash (see dicepool.store.chain). The log written until now is chained
here, in the order of each campaign's sequence numbers.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dicepool.store.chain import GENESIS, digest_of, link, new_salt
from dicepool.store.sql import moment

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    for name, size in (("salt", 32), ("prev", 64), ("digest", 64), ("hash", 64)):
        op.add_column("events", sa.Column(name, sa.String(length=size), nullable=True))
    events = sa.table(
        "events",
        sa.column("id", Id),
        sa.column("campaign_id", Id),
        sa.column("seq", sa.Integer()),
        sa.column("at", sa.DateTime(timezone=True)),
        sa.column("actor", sa.String()),
        sa.column("kind", sa.String()),
        sa.column("data", sa.JSON()),
        sa.column("salt", sa.String()),
        sa.column("prev", sa.String()),
        sa.column("digest", sa.String()),
        sa.column("hash", sa.String()),
    )
    conn = op.get_bind()
    ordered = sa.select(events).order_by(events.c.campaign_id, events.c.seq)
    campaign, prev = None, GENESIS
    for row in conn.execute(ordered).mappings().all():
        if row["campaign_id"] != campaign:
            campaign, prev = row["campaign_id"], GENESIS
        salt = new_salt()
        at = moment(row["at"]).isoformat()
        digest = digest_of(row["seq"], at, row["actor"], row["kind"], row["data"], salt)
        hashed = link(prev, row["seq"], digest)
        conn.execute(
            events.update()
            .where(events.c.id == row["id"])
            .values(salt=salt, prev=prev, digest=digest, hash=hashed)
        )
        prev = hashed


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
