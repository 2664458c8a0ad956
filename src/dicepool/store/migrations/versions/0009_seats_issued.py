"""When each seat's token was issued: an invitation expires a while after it (the server's
`--invite-hours`). Invitations held until now count as issued at the upgrade.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("issued_at", sa.DateTime(timezone=True), nullable=True))
    # every token held until now counts as issued now: an old invitation expires in its time
    issued = sa.text("UPDATE seats SET issued_at = :now").bindparams(now=datetime.now(UTC))
    op.execute(issued)


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
