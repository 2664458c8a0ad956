"""storypath's Momentum and Legend, and actions that take several rolls, from the command line:
`momentum`, `legend`, `complex`, `extended` (and `campaign players`).

A roll's own spends are options of `dicepool roll` (``--spend momentum N``, ``--feat``,
``--consolation``, ``--advantage``, ``--drawback``, ``--complex``, ``--extended``); these
commands are the rest, each one use case of :mod:`dicepool.campaign.storypath`.
"""

from __future__ import annotations

import json
from typing import Any

import click

from dicepool.cli.play import _json_option, _open, _print_event
from dicepool.cli.render_storypath import legend_text, pool_text, tracker_lines
from dicepool.cli.safe import visible
from dicepool.cli.storage import actor, storage_options
from dicepool.sheet.state import CampaignState


def pool_json(state: CampaignState) -> dict[str, object]:
    """The pool as ``momentum --json`` prints it, with the pending Advantages."""
    from dicepool.sheet.storypath_play import pool_of

    return {**pool_of(state).to_dict(), "advantages": state.now.advantages.to_dict()}


def pool_lines(name: str, state: CampaignState) -> list[str]:
    """The pool, and the Advantages waiting for a later roll."""
    lines = [f"{visible(name)}: Momentum {pool_text(state)}"]
    for held in state.now.advantages.pending:
        lines.append(
            f"  {visible(held.character)} holds an Unlooked-for Advantage (event {held.event}: "
            f"{visible(held.what)}): roll with --advantage"
        )
    return lines


@click.group(invoke_without_command=True)
@_json_option
@storage_options
@click.pass_context
def momentum(ctx: click.Context, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Show the campaign's Momentum pool (storypath), or spend from it (`momentum spend 1`).

    The pool is shared by every player and holds twice their number; a failed roll adds its
    Consolation, `roll --spend momentum N` buys N dice, `complex buy` an Interval.
    """
    if ctx.invoked_subcommand is not None:
        return
    from dicepool.campaign import load_campaign
    from dicepool.sheet.storypath_play import storypath_only

    db, name = _open(db_url, campaign)
    state = load_campaign(db, name)
    storypath_only(state)
    if as_json:
        click.echo(json.dumps(pool_json(state)))
        return
    click.echo("\n".join(pool_lines(name, state)))


@momentum.command("spend")
@click.argument("points", type=int, metavar="N")
@click.option("--for", "what", default="", metavar="TEXT", help="What it is spent on.")
@_json_option
@storage_options
def spend(points: int, what: str, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Spend N Momentum on something else than dice (a Knack...).

    e.g. dicepool momentum spend 1 --for "Knack: Blitz"
    """
    from dicepool.campaign.storypath import spend_momentum

    db, name = _open(db_url, campaign)
    acted = spend_momentum(db, name, points, what, actor())
    _print_event(acted, as_json, [f"{visible(name)}: Momentum {pool_text(acted.state)}"])


@click.command()
@click.argument("character", metavar="NAME")
@click.argument("action", type=click.Choice(["regain"]), metavar="regain")
@click.argument("points", type=int, default=1, metavar="[N]")
@_json_option
@storage_options
def legend(
    character: str,
    action: str,
    points: int,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """NAME regains N Legend points (1 by default) within the sheet's Legend rating.

    e.g. dicepool legend Ana regain 1
    """
    del action  # the one action: Legend is spent by a roll's --feat
    from dicepool.campaign.storypath import regain_legend
    from dicepool.sheet.storypath_play import legendary

    db, name = _open(db_url, campaign)
    acted = regain_legend(db, name, character, points, actor())
    sheet, held = legendary(acted.state, acted.event.data["character"])
    line = f"{visible(sheet.name)} regains Legend: {legend_text(held.to_dict())}"
    if held.spent == 0:
        line += click.style(" (full: points above the rating are lost)", dim=True)
    _print_event(acted, as_json, [line])


def _tracker_options(command: Any) -> Any:
    command = click.option("--char", "character", metavar="A", help="Who acts.")(command)
    return click.option("--versus", metavar="B", help="Who opposes A (the defender).")(command)


def _sides(state: CampaignState, character: str | None, versus: str | None) -> list[str]:
    """The tracker's sides: --char (else the campaign's only character), and --versus."""
    from dicepool.errors import SheetError

    if character is None:
        held = list(state.characters.values())
        if len(held) != 1:
            raise SheetError("say who acts with --char NAME (and who opposes with --versus)")
        character = held[0].name
    return [character] if versus is None else [character, versus]


def _started(acted: Any, as_json: bool) -> None:
    tracker = acted.state.now.trackers.find(acted.event.data["name"]).to_dict()
    if as_json:
        click.echo(json.dumps({"event": acted.event.id, **tracker}))
        return
    _print_event(acted, False, tracker_lines(tracker))


def _show(
    db_url: str | None, campaign: str | None, tracker: str | None, story: bool, as_json: bool
) -> None:
    """Print one tracker, or every tracker of the kind (as JSON when asked)."""
    from dicepool.campaign import load_campaign

    db, name = _open(db_url, campaign)
    trackers = load_campaign(db, name).now.trackers
    if tracker is not None:
        shown = [trackers.find(tracker).to_dict()]
    else:
        shown = [t.to_dict() for t in trackers.values() if t.kind.storypath == story]
    if as_json:
        click.echo(json.dumps(shown[0] if tracker is not None else shown))
        return
    if not shown:
        command = "complex" if story else "extended"
        click.secho(f"no {command} actions yet: `dicepool {command} start NAME ...`", dim=True)
    for held in shown:
        click.echo("\n".join(tracker_lines(held)))


@click.group()
def complex_() -> None:
    """storypath Complex Actions: Milestones gained over Intervals (opposed with --versus)."""


@complex_.command("start")
@click.argument("tracker", metavar="NAME")
@click.option("--milestones", type=int, required=True, help="Milestones needed (1..20).")
@click.option("--intervals", type=int, help="Intervals allowed (none: no time pressure).")
@click.option("--difficulty", type=int, default=1, show_default=True, help="An Interval's.")
@_tracker_options
@_json_option
@storage_options
def complex_start(
    tracker: str,
    milestones: int,
    intervals: int | None,
    difficulty: int,
    character: str | None,
    versus: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Start Complex Action NAME: rolls counted with `roll --char A "..." --complex NAME`.

    e.g. dicepool complex start Heist --milestones 3 --intervals 5 --difficulty 2 --char Ana
    """
    from dicepool.campaign import load_campaign
    from dicepool.campaign.storypath import start_tracker

    db, name = _open(db_url, campaign)
    sides = _sides(load_campaign(db, name), character, versus)
    acted = start_tracker(db, name, tracker, sides, milestones, intervals, difficulty, actor())
    _started(acted, as_json)


@complex_.command("buy")
@click.argument("tracker", metavar="NAME")
@click.argument("intervals", type=int, default=1, metavar="[N]")
@_json_option
@storage_options
def complex_buy(
    tracker: str, intervals: int, as_json: bool, campaign: str | None, db_url: str | None
) -> None:
    """Buy N more Intervals of Complex Action NAME with Momentum, one a point.

    e.g. dicepool complex buy Heist 1
    """
    from dicepool.campaign.storypath import buy_intervals

    db, name = _open(db_url, campaign)
    acted = buy_intervals(db, name, tracker, intervals, actor())
    held = acted.state.now.trackers.find(acted.event.data["tracker"]).to_dict()
    lines = [*tracker_lines(held), f"Momentum {pool_text(acted.state)}"]
    _print_event(acted, as_json, lines)


@complex_.command("award")
@click.argument("tracker", metavar="NAME")
@click.argument("milestones", type=int, default=1, metavar="[N]")
@click.option("--char", "character", metavar="A", help="Whose side (an opposed action).")
@_json_option
@storage_options
def complex_award(
    tracker: str,
    milestones: int,
    character: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Award N Milestones of Complex Action NAME without a roll.

    e.g. dicepool complex award Heist 1
    """
    from dicepool.campaign.storypath import award_milestones

    db, name = _open(db_url, campaign)
    acted = award_milestones(db, name, tracker, character, milestones, actor())
    held = acted.state.now.trackers.find(acted.event.data["tracker"]).to_dict()
    _print_event(acted, as_json, tracker_lines(held))


@complex_.command("show")
@click.argument("tracker", metavar="NAME")
@_json_option
@storage_options
def complex_show(tracker: str, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Show Complex Action NAME: each side's Milestones and Intervals."""
    _show(db_url, campaign, tracker, True, as_json)


@complex_.command("list")
@_json_option
@storage_options
def complex_list(as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """List the campaign's Complex Actions, finished ones too."""
    _show(db_url, campaign, None, True, as_json)


@click.group()
def extended() -> None:
    """chronicles extended actions: successes add up to a goal (contested with --versus)."""


@extended.command("start")
@click.argument("tracker", metavar="NAME")
@click.option("--goal", type=int, required=True, help="Successes needed (1..100).")
@click.option("--rolls", type=int, help="Rolls allowed (none: no limit).")
@_tracker_options
@_json_option
@storage_options
def extended_start(
    tracker: str,
    goal: int,
    rolls: int | None,
    character: str | None,
    versus: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Start extended action NAME: rolls counted with `roll --char A "..." --extended NAME`;
    with --versus, the first to the goal wins.

    e.g. dicepool extended start Research --goal 10 --rolls 5 --char Ana
    """
    from dicepool.campaign import load_campaign
    from dicepool.campaign.storypath import start_tracker

    db, name = _open(db_url, campaign)
    sides = _sides(load_campaign(db, name), character, versus)
    acted = start_tracker(db, name, tracker, sides, goal, rolls, None, actor())
    _started(acted, as_json)


@extended.command("show")
@click.argument("tracker", metavar="NAME")
@_json_option
@storage_options
def extended_show(tracker: str, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Show extended action NAME: each side's successes and rolls."""
    _show(db_url, campaign, tracker, False, as_json)


@extended.command("list")
@_json_option
@storage_options
def extended_list(as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """List the campaign's extended actions, finished ones too."""
    _show(db_url, campaign, None, False, as_json)
