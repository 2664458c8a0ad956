"""What the catalogue's commands share (``--seed``, ``--dice``, ``--json``), and `clock`, which
shows the campaign's clock (its `advance` is the catalogue's action)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from dicepool.cli.actions import add_actions
from dicepool.cli.render_sheet import clock_words
from dicepool.cli.safe import visible
from dicepool.cli.storage import campaign_of, open_database, storage_options

F = TypeVar("F", bound=Callable[..., Any])


def dice_options(command: F) -> F:
    """``--seed`` and ``--dice`` for a command whose rule may roll (a Stamina roll...)."""
    command = click.option("--seed", type=int, help="Make its rolls reproducible.")(command)
    return click.option(
        "--dice", "dice", metavar="FACES", help="Faces rolled by hand for its rolls, e.g. 3,9."
    )(command)


def json_option(command: F) -> F:
    """``--json``: print what changed as JSON."""
    return click.option("--json", "as_json", is_flag=True, help="Print what changed as JSON.")(
        command
    )


@click.group(invoke_without_command=True)
@json_option
@storage_options
@click.pass_context
def clock(ctx: click.Context, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Show the campaign's clock, or let story time pass (`clock advance 2d`)."""
    if ctx.invoked_subcommand is not None:
        return
    from dicepool.campaign import load_campaign

    db = open_database(db_url)
    name = campaign_of(db, campaign)
    shown = load_campaign(db, name).now.clock.to_dict()
    click.echo(json.dumps(shown) if as_json else f"{visible(name)}: {clock_words(shown)}")


add_actions(clock, "clock")
