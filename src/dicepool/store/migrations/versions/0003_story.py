"""A campaign's story: its clock and what the state rules keep on the campaign itself.

Characters need no new column: a sheet's JSON takes its `status` (wounds...) beside the ratings.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("campaigns") as batch:
        batch.add_column(sa.Column("story", sa.JSON(), nullable=True))


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
