"""`dicepool db ...`: bring the schema up to date; check the projections against the log; back
up the database while it serves (SQLite's online backup, or pg_dump)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from dicepool.cli.safe import visible
from dicepool.cli.storage import db_option, open_database, shown_url


@click.group()
def db() -> None:
    """Look after the database: upgrade its schema, check it against its log, back it up."""


@db.command("upgrade")
@db_option
def upgrade(db_url: str | None) -> None:
    """Run the schema's migrations (stop the servers of the older version first: other
    commands refuse an older schema, and `serve` upgrades on start)."""
    database = open_database(db_url, upgrade=True)
    before = database.version()
    database.ensure_schema()
    after = database.version()
    where = visible(shown_url(database))
    if before == after:
        click.echo(f"schema {after}, up to date: {where}")
    else:
        click.echo(f"schema {after} (was {before or 'empty'}): {where}")


@db.command("check")
@db_option
def check(db_url: str | None) -> None:
    """Rebuild every campaign from its log and compare with the stored sheets (exit 1 if not)."""
    from dicepool.campaign import check as check_log
    from dicepool.campaign import counts

    database = open_database(db_url)
    found = check_log(database)
    if found:
        for line in found:
            click.echo(visible(line))
        click.secho(f"{len(found)} difference(s) between the log and the sheets", fg="red")
        sys.exit(1)
    held = counts(database)
    click.echo(
        f"ok: {held['campaigns']} campaigns, {held['events']} events, "
        f"{held['characters']} characters agree with the log ({visible(shown_url(database))})"
    )


@db.command("backup")
@click.argument("file", type=click.Path(path_type=Path))
@db_option
def backup(file: Path, db_url: str | None) -> None:
    """Copy the database to a new FILE (or to a new file named by the moment in the folder
    FILE), safe while it serves: SQLite's online backup, or pg_dump on PostgreSQL."""
    from dicepool.store.backup import backup as back_up
    from dicepool.store.database import sqlite_path

    database = open_database(db_url)
    written = back_up(database.url, file)
    size = written.stat().st_size
    check = f"dicepool db check --db {visible(str(written))}"
    if sqlite_path(database.url) is None:
        check = "pg_restore into an empty database, then dicepool db check (docs/deploy.md)"
    click.echo(
        f"backed up {visible(shown_url(database))} to {visible(str(written))} ({size:,} bytes); "
        f"check it with: {check}"
    )
