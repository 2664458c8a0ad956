"""`dicepool log` and `dicepool undo`: the campaign's history, and taking a step back."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from dicepool.campaign.summaries import clip, summary
from dicepool.cli.render_log import entry_line, event_json
from dicepool.cli.safe import visible
from dicepool.cli.storage import actor, campaign_of, open_database, storage_options
from dicepool.sheet.events import Kind
from dicepool.sheet.payloads import Undone

if TYPE_CHECKING:
    from dicepool.campaign.history import LogEntry
    from dicepool.store.database import Database


@click.command()
@click.option("--char", "character", metavar="NAME", help="Only the events about NAME.")
@click.option("--last", default=20, show_default=True, metavar="N", type=int, help="How many.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of events.")
@click.option(
    "--seat",
    metavar="NAME",
    help="The log as that seat of the web table sees it (a player's: hidden rolls behind the "
    "screen, the storyteller's characters' sheets kept back).",
)
@storage_options
def log(
    character: str | None,
    last: int,
    as_json: bool,
    seat: str | None,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Show the campaign's last events, oldest first; undone ones are struck and marked."""
    from dicepool.campaign import log as campaign_log

    db = open_database(db_url)
    name = campaign_of(db, campaign)
    if seat is not None:
        if character is not None:
            raise click.UsageError("--seat shows a seat's whole log: leave out --char")
        entries = _seen_by(db, name, seat, last)
    else:
        entries = campaign_log(db, name, last, character)
    if as_json:
        click.echo(json.dumps([event_json(e.event, e.struck) for e in entries]))
        return
    if not entries:
        click.echo(f"no event about {visible(character or '')} yet")
    for entry in entries:
        click.echo(entry_line(entry.event, entry.struck, entry.target))


def _seen_by(db: Database, campaign: str, seat: str, last: int) -> list[LogEntry]:
    """The last events as the seat called ``seat`` sees them."""
    from dicepool.campaign.history import MAX_LAST
    from dicepool.campaign.table import log_as, seat_named

    if not 1 <= last <= MAX_LAST:
        raise click.BadParameter(f"is 1..{MAX_LAST}, not {last}", param_hint="--last")
    return log_as(db, seat_named(db, campaign, seat), last)


@click.command()
@click.argument("event", type=int, required=False)  # its seq: the number `log` shows
@click.option("--json", "as_json", is_flag=True, help="Print the undo and its target as JSON.")
@storage_options
def undo(event: int | None, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Undo EVENT, its number in `dicepool log` (default: the latest event still standing);
    undoing an undo restores.

    Nothing is deleted: the undo is an event of the log too, and `dicepool undo` of its number
    brings back what it struck.
    """
    from dicepool.campaign import undo as campaign_undo

    db = open_database(db_url)
    stored, target = campaign_undo(db, campaign_of(db, campaign), actor(), event)
    restored = Undone.of(target.data).event.seq if target.kind is Kind.UNDONE else None
    if as_json:
        data = {
            "event": event_json(stored, False),
            "target": event_json(target, True),
            "restored": restored,
        }
        click.echo(json.dumps(data))
        return
    what = visible(clip(summary(target), 100))
    if restored is not None:
        click.echo(f"restored event {restored}: undid undo {target.seq}")
    else:
        click.echo(f"undid event {target.seq} ({target.kind.value}: {what})")
    click.secho(
        f"logged as event {stored.seq}; `dicepool undo {stored.seq}` takes it back", dim=True
    )


@click.command()
@click.argument("event", type=int)  # its seq: the number `log` shows
@click.option("--json", "as_json", is_flag=True, help="Print the undo and its target as JSON.")
@storage_options
def restore(event: int, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Bring back EVENT, its number in `dicepool log`, which an undo struck: the undo that
    strikes it is undone (one event logged).
    """
    from dicepool.campaign import restore as campaign_restore

    db = open_database(db_url)
    stored, undone = campaign_restore(db, campaign_of(db, campaign), actor(), event)
    if as_json:
        data = {"event": event_json(stored, False), "target": event_json(undone, True)}
        click.echo(json.dumps({**data, "restored": event}))
        return
    click.echo(f"restored event {event}: undid undo {undone.seq}")
    click.secho(
        f"logged as event {stored.seq}; `dicepool undo {stored.seq}` takes it back", dim=True
    )
