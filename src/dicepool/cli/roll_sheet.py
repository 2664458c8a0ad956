"""`dicepool roll --char NAME LINE`: a sheet line rolled in a campaign and logged.

Loaded only when a roll goes to a campaign: this is where the store comes in.
"""

from __future__ import annotations

import json

import click

from dicepool.cli.render_roll import to_text
from dicepool.cli.render_sheet import effect_lines
from dicepool.cli.render_storypath import roll_lines
from dicepool.cli.safe import visible
from dicepool.cli.storage import actor, campaign_of, open_database
from dicepool.core.dice import DiceSource
from dicepool.notation import render, split_comment
from dicepool.sheet.payloads import Rolled
from dicepool.sheet.spends import Spends


def roll_in_campaign(
    text: str,
    source: DiceSource,
    as_json: bool,
    character: str | None,
    campaign: str | None,
    db_url: str | None,
    seed: int | None,
    spends: Spends,
) -> None:
    """Roll ``text`` in the campaign for ``character``, log it, and print it."""
    from dicepool.campaign import roll

    db = open_database(db_url)
    name = campaign_of(db, campaign)
    logged = roll(db, name, text, source, actor(), character, spends)
    event = logged.event
    rollers = [r for r in logged.line.rollers if r]
    if as_json:
        click.echo(json.dumps(logged.answer))
        return
    if ":" in split_comment(text)[0]:  # the line names its rollers itself
        click.secho(visible(text), bold=True)
    else:
        who = rollers[0] if rollers else "(no roller)"
        click.echo(f"{click.style(visible(who), bold=True)}: {visible(text)}")
    rolled = Rolled.of(event.data)
    click.secho(f"  = {rolled.numbers}", fg="cyan")
    if logged.house_rules:
        click.secho(f"  house rules: {visible(logged.house_rules)}", dim=True)
    click.echo(to_text(logged.result, render))
    for line in effect_lines(dict(rolled.effects), logged.state):
        click.echo(line)
    for line in roll_lines(event.data, logged.before, logged.state, event.seq):
        click.echo(line)
    if spends.consolation and "consolation" not in rolled.effects:
        click.secho("  the roll succeeded: no Consolation to take", dim=True)
    if seed is not None:
        click.secho(f"  (seed {seed})", dim=True)
    click.secho(f"logged as event {event.seq} in {visible(name)}", dim=True)
