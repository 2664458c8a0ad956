"""Players' contributions: each seal keeps the key its stream is read with (its seed with the
contributions mixed in) and how many are mixed. The seal open in each campaign was drawn
under the old scheme (a storyteller's free nonce), so the upgrade closes it, its seed logged
for its rolls to be checked as before, and opens the next under the new one; both events
are chained (see 0011).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27
"""

from __future__ import annotations

import hashlib
import os
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

from dicepool.store.chain import GENESIS, digest_of, link, new_salt

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
ACTOR = "dicepool"

seals = sa.table(
    "seals",
    sa.column("id", Id),
    sa.column("campaign_id", Id),
    sa.column("number", sa.Integer()),
    sa.column("seed", sa.String()),
    sa.column("rolls", sa.Integer()),
    sa.column("closed", sa.Boolean()),
    sa.column("stream_key", sa.String()),
)
events = sa.table(
    "events",
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
campaigns = sa.table("campaigns", sa.column("id", Id), sa.column("last_seq", sa.Integer()))


def upgrade() -> None:
    op.add_column("seals", sa.Column("stream_key", sa.String(length=64), nullable=True))
    op.add_column(
        "seals", sa.Column("mixed", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )
    conn = op.get_bind()
    conn.execute(seals.update().values(stream_key=seals.c.seed))
    still_open = sa.select(seals).where(seals.c.closed == sa.false())
    for seal in conn.execute(still_open).mappings().all():
        conn.execute(seals.update().where(seals.c.id == seal["id"]).values(closed=True))
        closed = {"seal": seal["number"], "seed": seal["seed"], "rolls": seal["rolls"]}
        _append(conn, seal["campaign_id"], "seal-close", closed)
        seed = os.urandom(32)
        number = seal["number"] + 1
        conn.execute(
            seals.insert().values(
                campaign_id=seal["campaign_id"],
                number=number,
                seed=seed.hex(),
                rolls=0,
                closed=False,
                stream_key=seed.hex(),
            )
        )
        opened = {"seal": number, "commitment": hashlib.sha256(seed).hexdigest()}
        _append(conn, seal["campaign_id"], "seal-open", opened)


def _append(conn: sa.Connection, campaign_id: int, kind: str, data: dict[str, Any]) -> None:
    """One event at the end of a campaign's log, chained after the last."""
    last = conn.execute(
        sa.select(campaigns.c.last_seq).where(campaigns.c.id == campaign_id)
    ).scalar_one()
    prev = GENESIS
    if last:
        found = conn.execute(
            sa.select(events.c.hash).where(
                events.c.campaign_id == campaign_id, events.c.seq == last
            )
        ).scalar_one()
        prev = found or GENESIS
    seq, at, salt = last + 1, datetime.now(UTC), new_salt()
    digest = digest_of(seq, at.isoformat(), ACTOR, kind, data, salt)
    conn.execute(
        events.insert().values(
            campaign_id=campaign_id,
            seq=seq,
            at=at,
            actor=ACTOR,
            kind=kind,
            data=data,
            salt=salt,
            prev=prev,
            digest=digest,
            hash=link(prev, seq, digest),
        )
    )
    conn.execute(campaigns.update().where(campaigns.c.id == campaign_id).values(last_seq=seq))


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
