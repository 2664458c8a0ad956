"""The servers' leases (issue 32): each running server keeps a row saying its dicepool
version and the schema it was built for, renewed every few seconds, so ``db upgrade`` (and a new
server's start-up upgrade) refuses while a server of another version still serves, and a server
finds the schema moved under it.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("servers"):
        return  # a database set back to an older revision by hand (as tests do): kept as is
    op.create_table(
        "servers",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("version", sa.String(length=40), nullable=False),
        sa.Column("schema", sa.String(length=8), nullable=False),
        sa.Column("host", sa.String(length=255), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("renewed", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_servers")),
    )
