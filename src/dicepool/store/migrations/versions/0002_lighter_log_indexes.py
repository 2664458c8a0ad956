"""Lighter indexes on the log: undos only in `undoes`'s, one key for `log --char`.

A logged roll wrote an index entry for its NULL `undoes` and two for its character (the key
and the lookup); now it writes none and one.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
ONLY_UNDOS = sa.text("undoes IS NOT NULL")


def upgrade() -> None:
    op.drop_index("ix_events_undoes", table_name="events")
    op.create_index(
        "ix_events_undoes",
        "events",
        ["undoes"],
        sqlite_where=ONLY_UNDOS,
        postgresql_where=ONLY_UNDOS,
    )
    if op.get_bind().dialect.name == "sqlite":  # a new key means a new table there
        op.create_table(
            "event_characters_new",
            sa.Column("campaign_id", Id, nullable=False),
            sa.Column("character_key", sa.String(length=40), nullable=False),
            sa.Column("event_id", Id, nullable=False),
            sa.ForeignKeyConstraint(
                ["campaign_id"], ["campaigns.id"], name="fk_event_characters_campaign_id"
            ),
            sa.ForeignKeyConstraint(
                ["event_id"], ["events.id"], name="fk_event_characters_event_id"
            ),
            sa.PrimaryKeyConstraint(
                "campaign_id", "character_key", "event_id", name="pk_event_characters"
            ),
            sqlite_with_rowid=False,
        )
        op.execute(
            "INSERT INTO event_characters_new (campaign_id, character_key, event_id) "
            "SELECT campaign_id, character_key, event_id FROM event_characters"
        )
        op.drop_index("ix_event_characters_lookup", table_name="event_characters")
        op.drop_table("event_characters")
        op.rename_table("event_characters_new", "event_characters")
        return
    op.drop_index("ix_event_characters_lookup", table_name="event_characters")
    op.drop_constraint("pk_event_characters", "event_characters", type_="primary")
    op.create_primary_key(
        "pk_event_characters", "event_characters", ["campaign_id", "character_key", "event_id"]
    )


def downgrade() -> None:
    raise NotImplementedError("dicepool's schema only goes forward")
