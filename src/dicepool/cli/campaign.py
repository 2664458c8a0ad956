"""`dicepool campaign ...`: create a campaign, list them, pick the current one, show one, export
one's log."""

from __future__ import annotations

import json
from pathlib import Path

import click

from dicepool.cli.actions import add_actions
from dicepool.cli.safe import error_line, visible
from dicepool.cli.storage import (
    actor,
    campaign_of,
    campaign_option,
    db_option,
    open_database,
    shown_url,
)
from dicepool.errors import CampaignError, DicepoolError
from dicepool.web.addresses import ENV_PUBLIC_URL


@click.group()
def campaign() -> None:
    """Create, list, choose, show and export campaigns."""


def settings_words(players: int | None, house_rules: str, system: str = "") -> str:
    """``4 players, house rules: 9again``: a campaign's settings in words ("" for none); a
    storypath campaign's players say where their number comes from (its Momentum pool holds
    twice as many): the storyteller, or the seated players."""
    words = []
    if players is not None:
        words.append(f"{players} player{'s' if players != 1 else ''}")
        if system == "storypath":
            words[-1] += " (set by the storyteller)"
    elif system == "storypath":
        words.append("players: the seated players")
    if house_rules:
        words.append(f"house rules: {visible(house_rules)}")
    return ", ".join(words)


@campaign.command("create")
@click.argument("campaign_name", metavar="NAME")
@click.option("--system", required=True, help="The system every roll uses, e.g. chronicles.")
@click.option(
    "--players",
    type=int,
    help="How many players sit at the table (1..100); storypath's Momentum pool holds twice "
    "as many. Left out, the pool follows the seated players (each web seat with a character).",
)
@click.option(
    "--house-rules",
    default="",
    metavar="OPTIONS",
    help='Options applied to every roll, as a line writes them, e.g. "9again".',
)
@db_option
def create(
    campaign_name: str, system: str, players: int | None, house_rules: str, db_url: str | None
) -> None:
    """Create campaign NAME and make it the current one.

    e.g. dicepool campaign create "Night Watch" --system cofd --house-rules 9again
    """
    from dicepool.campaign import create_campaign
    from dicepool.store.current import remember_campaign

    db = open_database(db_url)
    state = create_campaign(db, campaign_name, system, actor(), players, house_rules)
    extra = settings_words(state.players, state.house_rules, state.system)
    created = (
        f"created campaign {click.style(visible(state.name), bold=True)} ({state.system}"
        f"{', ' + extra if extra else ''})"
    )
    try:
        remember_campaign(shown_url(db), state.name)
    except DicepoolError as exc:  # the campaign is stored: say so, and why it is not current
        click.echo(created)
        click.secho(
            f"warning: {error_line(str(exc))}; pick it with --campaign", fg="yellow", err=True
        )
        return
    click.echo(f"{created}; it is now the current campaign")
    if state.system == "storypath" and state.players is None:
        click.secho(
            "  Momentum: the pool holds twice the seated players (each seat with a character "
            "at the web table); with none, `dicepool campaign players N` sets a number",
            dim=True,
        )
    click.secho('  next: dicepool char create NAME --set "Dexterity=3 ..."', dim=True)


@campaign.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@db_option
def list_(as_json: bool, db_url: str | None) -> None:
    """List the campaigns of the database; `*` marks the current one."""
    from dicepool.campaign import campaign_names
    from dicepool.store.current import current_campaign

    db = open_database(db_url)
    found = campaign_names(db)
    current = (current_campaign(shown_url(db)) or "").casefold()
    if as_json:
        rows = [
            {
                "name": c.name,
                "system": c.system,
                "players": c.players,
                "house_rules": c.house_rules,
                "current": c.name.casefold() == current,
            }
            for c in found
        ]
        click.echo(json.dumps(rows))
        return
    if not found:
        click.echo("no campaign yet: dicepool campaign create NAME --system SYSTEM")
        return
    width = max(len(visible(c.name)) for c in found)
    for c in found:
        mark = "*" if c.name.casefold() == current else " "
        name = f"{visible(c.name):<{width}}"
        line = f"{mark} {click.style(name, bold=mark == '*')}  {c.system:<10}"
        extra = settings_words(c.players, c.house_rules, c.system)
        click.echo(f"{line}  {extra}".rstrip())


@campaign.command("use")
@click.argument("campaign_name", metavar="NAME")
@db_option
def use(campaign_name: str, db_url: str | None) -> None:
    """Make NAME the current campaign of the database."""
    from dicepool.campaign import load_campaign
    from dicepool.store.current import remember_campaign

    db = open_database(db_url)
    state = load_campaign(db, campaign_name)
    remember_campaign(shown_url(db), state.name)
    click.echo(f"the current campaign is now {visible(state.name)} ({state.system})")


@campaign.command("show")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@campaign_option
@db_option
def show(as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Show a campaign: its system, players, house rules, characters and events."""
    from dicepool.campaign import campaign_info
    from dicepool.cli.render_sheet import clock_words
    from dicepool.cli.render_storypath import pool_text
    from dicepool.sheet.storypath.play import pool_of

    db = open_database(db_url)
    state, events = campaign_info(db, campaign_of(db, campaign))
    sheets = sorted(state.characters.values(), key=lambda c: c.name.casefold())
    if as_json:
        data = {
            "name": state.name,
            "system": state.system,
            "players": state.players,
            "house_rules": state.house_rules,
            "characters": [c.name for c in sheets],
            "events": events,
            "database": shown_url(db),
            "clock": state.now.clock.to_dict(),
            **({"momentum": pool_of(state).to_dict()} if state.system == "storypath" else {}),
        }
        click.echo(json.dumps(data))
        return
    click.secho(visible(state.name), bold=True)
    players = "not said" if state.players is None else str(state.players)
    rows = [
        ("system", state.system),
        ("players", pool_of(state).players_words() if state.system == "storypath" else players),
        ("house rules", visible(state.house_rules) or "none"),
        ("characters", ", ".join(_who(c.name, c.player) for c in sheets) or "none yet"),
        ("events", str(events)),
        ("clock", clock_words(state.now.clock.to_dict())),
        ("database", visible(shown_url(db))),
    ]
    if state.system == "storypath":
        rows.insert(-1, ("momentum", pool_text(state)))
    for label, value in rows:
        click.echo(f"  {label + ':':<13}{value}")


def _who(name: str, player: str | None) -> str:
    return visible(name if player is None else f"{name} ({player})")


@campaign.command("link")
@click.argument("campaign_name", metavar="NAME")
@click.option(
    "--server",
    metavar="URL",
    help="The address players open: the table's server (`dicepool serve` prints it; "
    f"else ${ENV_PUBLIC_URL}, else http://127.0.0.1:8000).",
)
@db_option
def link_(campaign_name: str, server: str | None, db_url: str | None) -> None:
    """Print a new storyteller's link to campaign NAME's table in the browser (a campaign made
    on the command line, or another link; the old links keep working).

    e.g. dicepool campaign link Night --server http://192.168.1.5:8000
    """
    from dicepool.campaign.seat_admin import storyteller_link
    from dicepool.cli.acted import link, public_base

    public_base(server)  # a bad address is refused before a link is made
    token = storyteller_link(open_database(db_url), campaign_name, actor())
    shown = link(token, server)
    click.echo(f"the storyteller's link to {visible(campaign_name)}, shown once: {shown}")
    click.secho("  run `dicepool serve` with this database, then open it", dim=True)


@campaign.command("export")
@click.argument("campaign_name", metavar="NAME")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE (default: standard output).")
@db_option
def export(campaign_name: str, output: str | None, db_url: str | None) -> None:
    """Write campaign NAME's whole log as a JSON file that `dicepool verify FILE` checks.

    e.g. dicepool campaign export Night -o night.json
    """
    from dicepool.campaign.export import export_campaign, export_text
    from dicepool.store.files import write_atomically

    db = open_database(db_url)
    exported = export_campaign(db, campaign_name)
    text = export_text(exported)
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        write_atomically(Path(output), text)
    except OSError as exc:
        raise CampaignError(f"cannot write {visible(output)}: {exc.strerror or exc}") from exc
    name, count = exported["campaign"]["name"], len(exported["events"])
    click.echo(
        f"wrote {visible(name)}'s log ({count} event{'s' if count != 1 else ''}) to "
        f"{visible(output)}",
        err=True,
    )


add_actions(campaign, "campaign")
