"""A campaign's story names the logged rolls its storypath pieces came from by their seq (issue
28): the roll that earned each Unlooked-for Advantage, those each Stunt was bought on and each
Drawback carried from, and those whose stunt successes were spent. It named them by the
database's id, a number counted across every campaign, which told a table's reader how much
the others logged. Each story kept until now is rewritten so. The log is not: the hash chain
is over it, and the rules put an old event's ids by seq as they read it.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-28
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

campaigns = sa.table("campaigns", sa.column("id", Id), sa.column("story", sa.JSON()))
events = sa.table(
    "events", sa.column("id", Id), sa.column("campaign_id", Id), sa.column("seq", sa.Integer())
)


def upgrade() -> None:
    conn = op.get_bind()
    for campaign_id, story in conn.execute(sa.select(campaigns.c.id, campaigns.c.story)).all():
        held = json.loads(story) if isinstance(story, str) else story
        ids = _rolls(held) if isinstance(held, dict) else set()
        if not ids:
            continue
        found = conn.execute(
            sa.select(events.c.id, events.c.seq).where(
                events.c.campaign_id == campaign_id, events.c.id.in_(sorted(ids))
            )
        )
        seqs = {int(i): int(seq) for i, seq in found}
        conn.execute(
            campaigns.update()
            .where(campaigns.c.id == campaign_id)
            .values(story=_by_seq(held, seqs))
        )


def _rolls(story: Mapping[str, Any]) -> set[int]:
    """The rolls a story names (by id, until this revision)."""
    advantages = (story.get("advantages") or {}).get("pending", [])
    carries = story.get("carries") or {}
    found = {int(a[1]) for a in advantages}
    found |= {int(c[4]) for c in carries.get("pending", [])}
    found |= {int(s[0]) for s in carries.get("spent", [])}
    return found | {int(r) for r in carries.get("drawn", [])}


def _by_seq(story: Mapping[str, Any], seqs: Mapping[int, int]) -> dict[str, Any]:
    """The story with each roll it names by its seq (one its log does not hold left as is)."""

    def seq(roll: Any) -> int:
        return seqs.get(int(roll), int(roll))

    rewritten = dict(story)
    if story.get("advantages"):
        pending = story["advantages"].get("pending", [])
        rewritten["advantages"] = {
            **story["advantages"],
            "pending": [[c, seq(e), w] for c, e, w in pending],
        }
    if story.get("carries"):
        carries = story["carries"]
        rewritten["carries"] = {
            **carries,
            "pending": [[*c[:4], seq(c[4]), *c[5:]] for c in carries.get("pending", [])],
            "spent": [[seq(r), n] for r, n in carries.get("spent", [])],
            "drawn": [seq(r) for r in carries.get("drawn", [])],
        }
    return rewritten


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
