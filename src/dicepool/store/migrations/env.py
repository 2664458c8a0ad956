"""Alembic's environment: migrate the connection dicepool hands over, in its transaction."""

from __future__ import annotations

from alembic import context

from dicepool.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
