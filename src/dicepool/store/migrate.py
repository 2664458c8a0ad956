"""Alembic, run from inside the package: the migrations ship with dicepool, no alembic.ini."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).with_name("migrations")


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the migrations in the package, on ``connection``."""
    settings = Config()
    settings.set_main_option("script_location", str(MIGRATIONS))
    settings.attributes["connection"] = connection
    return settings


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Upgrade the database on ``connection`` (inside its transaction) to ``revision``."""
    command.upgrade(config(connection), revision)


def revisions() -> list[str]:
    """Every revision of the shipped migrations, oldest first."""
    script = ScriptDirectory.from_config(config())
    return [r.revision for r in reversed(list(script.walk_revisions()))]
