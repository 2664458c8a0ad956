"""`dicepool db ...`: bring the schema up to date; check the projections against the log; back
up a SQLite file while it serves."""

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
    """Run the schema's migrations (every command also does so on first use)."""
    database = open_database(db_url)
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
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@db_option
def backup(file: Path, db_url: str | None) -> None:
    """Copy the SQLite database to a new FILE, safe while it serves (PostgreSQL: pg_dump)."""
    from dicepool.store.backup import backup as back_up

    database = open_database(db_url)
    size = back_up(database.url, file)
    click.echo(
        f"backed up {visible(shown_url(database))} to {visible(str(file))} ({size:,} bytes); "
        f"check it with: dicepool db check --db {visible(str(file))}"
    )
