"""`dicepool char ...`: create a character, change, show and list sheets, export and import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from dicepool.cli.actions import add_actions
from dicepool.cli.files import read_text
from dicepool.cli.render_sheet import condition_text, sheet_row, sheet_text
from dicepool.cli.safe import visible
from dicepool.cli.storage import actor, campaign_of, open_database, storage_options
from dicepool.errors import SheetError
from dicepool.sheet.character import Character

if TYPE_CHECKING:
    from dicepool.store.database import Database


@click.group()
def char() -> None:
    """Create characters, change and show their sheets, export and import them."""


def show_sheet(sheet: Character, as_json: bool) -> None:
    """Print a sheet: JSON (``to_dict``) or the terminal's rendering."""
    if as_json:
        click.echo(json.dumps(sheet.to_dict()))
    else:
        click.echo("\n".join(filter(None, [sheet_text(sheet), notes_text(sheet)])))


def notes_text(sheet: Character) -> str:
    """The sheet's notes under their heading, each line indented ("" when it has none)."""
    if not sheet.notes:
        return ""
    lines = [f"  {visible(line)}" for line in sheet.notes.split("\n")]
    return "\n".join([click.style("Notes", bold=True, underline=True), *lines])


ADD_HELP = (
    'Traits to add on purpose, e.g. "Dex=2 Sleight-of-Hand=1": a new trait whose name begins '
    "or nearly spells one the sheet or the system has is refused as a slip unless added here."
)


@char.command("create")
@click.argument("character", metavar="NAME")
@click.option("--player", metavar="P", help="Who plays the character (none: the storyteller).")
@click.option(
    "--set",
    "changes",
    default="",
    metavar="CHANGES",
    help='The sheet, e.g. "Dexterity=3 Stealth=2".',
)
@click.option("--add", "add", default="", metavar="CHANGES", help=ADD_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the sheet as JSON.")
@storage_options
def create(
    character: str,
    player: str | None,
    changes: str,
    add: str,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Create character NAME in the campaign, its sheet set by --set.

    e.g. dicepool char create Ana --player Bo --set "Dexterity=3 Stealth=2 Firearms=4 (Sniping)"
    """
    from dicepool.campaign import create_character

    db = open_database(db_url)
    name = campaign_of(db, campaign)
    sheet = create_character(db, name, character, actor(), player, changes, add)
    if not as_json:
        click.echo(f"created {visible(sheet.name)} in {visible(name)}")
    show_sheet(sheet, as_json)


@char.command("show")
@click.argument("character", metavar="NAME")
@click.option("--json", "as_json", is_flag=True, help="Print the sheet as JSON.")
@storage_options
def show(character: str, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Show NAME's sheet, and its state: health, Willpower, Edge...

    e.g. dicepool char show Ana --json
    """
    db = open_database(db_url)
    show_character(db, campaign_of(db, campaign), character, as_json)


def show_character(db: Database, campaign: str, character: str, as_json: bool) -> None:
    """Print a character's sheet and its state (health, Willpower, tracks...), or their JSON."""
    from dicepool.campaign import load_campaign
    from dicepool.sheet.storypath.play import pool_of
    from dicepool.sheet.view import condition

    state = load_campaign(db, campaign)
    sheet = state.character(character)
    held = condition(sheet, state.now)
    if sheet.system == "storypath":  # the table's pool, beside the character's own Legend
        held["momentum"] = pool_of(state).to_dict()
    if as_json:
        click.echo(json.dumps({**sheet.to_dict(), **held}))
    else:
        shown = [sheet_text(sheet), notes_text(sheet), condition_text(held)]
        click.echo("\n".join(filter(None, shown)))


@char.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of sheets.")
@storage_options
def list_(as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """List the campaign's characters, with the traits rated above their start."""
    from dicepool.campaign import load_campaign

    db = open_database(db_url)
    state = load_campaign(db, campaign_of(db, campaign))
    sheets = sorted(state.characters.values(), key=lambda c: c.name.casefold())
    if as_json:
        click.echo(json.dumps([s.to_dict() for s in sheets]))
        return
    if not sheets:
        click.echo(f"no character in {visible(state.name)} yet: dicepool char create NAME")
    for sheet in sheets:
        click.echo(sheet_row(sheet))


@char.command("export")
@click.argument("character", metavar="NAME")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE (default: standard output).")
@storage_options
def export(character: str, output: str | None, campaign: str | None, db_url: str | None) -> None:
    """Write NAME's sheet as a JSON file that `dicepool char import` reads."""
    from dicepool.campaign import find_character
    from dicepool.sheet.transfer import export as exported
    from dicepool.store.files import write_atomically

    db = open_database(db_url)
    sheet = find_character(db, campaign_of(db, campaign), character)
    text = json.dumps(exported(sheet), indent=2, ensure_ascii=False) + "\n"
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    path = Path(output)
    try:
        write_atomically(path, text)
    except OSError as exc:
        raise SheetError(f"cannot write {visible(output)}: {exc.strerror or exc}") from exc
    click.echo(f"wrote {visible(sheet.name)}'s sheet to {visible(output)}", err=True)


def read_file(source: str) -> object:
    """The JSON a file (``-``: standard input) holds, read up to ``MAX_FILE`` bytes.

    Raises:
        SheetError: the file cannot be read, is too large, or is not JSON (line and column).
    """
    from dicepool.sheet.transfer import MAX_FILE

    text, name = read_text(source, MAX_FILE, SheetError, f"{MAX_FILE} bytes: not a character sheet")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SheetError(
            f"{name} is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from exc
    except RecursionError as exc:
        raise SheetError(f"{name} nests too deep to be a character sheet") from exc
    except ValueError as exc:  # e.g. a number of thousands of digits
        raise SheetError(f"{name} is not a character sheet: {exc}") from exc


@char.command("import")
@click.argument("file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the sheet as JSON.")
@storage_options
def import_(file: str, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Add the character FILE holds (`-`: standard input); a bad file is refused whole."""
    from dicepool.campaign import import_character

    data = read_file(file)
    db = open_database(db_url)
    name = campaign_of(db, campaign)
    sheet = import_character(db, name, data, actor())
    if not as_json:
        click.echo(f"imported {visible(sheet.name)} into {visible(name)}")
    show_character(db, name, sheet.name, as_json)  # as `char show` shows it, with its state


add_actions(char, "char")
