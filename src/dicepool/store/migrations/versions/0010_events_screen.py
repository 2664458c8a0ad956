"""What players read of a hidden roll, stored beside it: ``events.screen`` holds a hidden
roll's data as it stands behind the screen (its seal and roll number), NULL for every other
event. A player's read takes it instead of the roll's data, so reading the placeholder costs the
same whatever the roll (the roll's data is neither fetched nor parsed). Hidden rolls logged
before it get theirs here.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("events", sa.Column("screen", sa.JSON(), nullable=True))
    conn = op.get_bind()
    rolls = conn.execute(sa.text("SELECT id, data FROM events WHERE kind = 'rolled'"))
    for event_id, data in rolls.fetchall():
        data = json.loads(data) if isinstance(data, str) else data
        if data.get("hidden") and "result" in data:  # a hidden roll, whole
            seal = data.get("seal")
            screen: dict[str, object] = {"hidden": True}
            if seal:  # a roll logged before the seals has none: players never see it
                screen["seal"] = {"seal": seal["seal"], "roll_no": seal["roll_no"]}
            conn.execute(
                sa.text("UPDATE events SET screen = :screen WHERE id = :id"),
                {"screen": json.dumps(screen, separators=(",", ":")), "id": event_id},
            )


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
