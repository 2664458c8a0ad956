"""A campaign's story keeps which player seats sit with a character (issue 29): storypath's
Momentum pool holds twice the seated players unless the storyteller sets a number, and the log's
seat events (a character taken, handed, a seat revoked) now change the story, so replaying a
log counts them. Each story kept until now is given its table's seated players, read from the
seats the same events made: every player's seat, not revoked, that sits with a character.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-28
"""

from __future__ import annotations

import json
import unicodedata
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

campaigns = sa.table("campaigns", sa.column("id", Id), sa.column("story", sa.JSON()))
seats = sa.table(
    "seats",
    sa.column("campaign_id", Id),
    sa.column("role", sa.String()),
    sa.column("name", sa.String()),
    sa.column("character_key", sa.String()),
    sa.column("revoked", sa.Boolean()),
)


def _key(name: str) -> str:
    """A seat's name as the story keeps it: as any name is found, whatever its case, spacing
    or Unicode form (this revision's copy of ``dicepool.sheet.traits.name_key``)."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def upgrade() -> None:
    conn = op.get_bind()
    seated: dict[int, set[str]] = defaultdict(set)
    found = conn.execute(
        sa.select(seats.c.campaign_id, seats.c.name).where(
            seats.c.role == "player",
            seats.c.character_key.is_not(None),
            seats.c.revoked == sa.false(),
        )
    )
    for campaign_id, name in found:
        seated[int(campaign_id)].add(_key(name))
    for campaign_id, keys in seated.items():
        story = conn.execute(
            sa.select(campaigns.c.story).where(campaigns.c.id == campaign_id)
        ).scalar_one()
        held = json.loads(story) if isinstance(story, str) else story
        conn.execute(
            campaigns.update()
            .where(campaigns.c.id == campaign_id)
            .values(story={**(held or {}), "seated": sorted(keys)})
        )


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
