"""The state rules' commands: `next`, `clock`, `damage`, `heal`, `stabilize`.

Each command is one use case of :mod:`dicepool.campaign.play`; it prints what changed (the
Health track of the character hurt, the clock after time passed) or the JSON of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from dicepool.cli.render_sheet import clock_words, health_line
from dicepool.cli.roll import pick_source
from dicepool.cli.safe import visible
from dicepool.cli.storage import actor, campaign_of, open_database, storage_options

F = TypeVar("F", bound=Callable[..., Any])


def dice_options(command: F) -> F:
    """``--seed`` and ``--dice`` for a command whose rule may roll (a Stamina roll...)."""
    command = click.option("--seed", type=int, help="Make its rolls reproducible.")(command)
    return click.option(
        "--dice", "dice", metavar="FACES", help="Faces rolled by hand for its rolls, e.g. 3,9."
    )(command)


def _json_option(command: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print what changed as JSON.")(
        command
    )


def _open(db_url: str | None, campaign: str | None) -> tuple[Any, str]:
    db = open_database(db_url)
    return db, campaign_of(db, campaign)


def _print_event(acted: Any, as_json: bool, lines: list[str]) -> None:
    if as_json:
        click.echo(json.dumps({"event": acted.event.id, **acted.event.data}))
        return
    click.echo("\n".join(lines))
    click.secho(f"  (event {acted.event.id}; `dicepool undo` takes it back)", dim=True)


def _health_of(acted: Any, name: str) -> str:
    from dicepool.sheet.view import condition

    sheet = acted.state.character(name)
    health = condition(sheet, acted.state.now)["health"]
    assert isinstance(health, dict)
    return f"{visible(sheet.name)}  {health_line(health)}"


@click.command("next")
@click.argument("unit", metavar="UNIT")
@dice_options
@_json_option
@storage_options
def next_(
    unit: str,
    seed: int | None,
    dice: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Begin the next UNIT: turn, round, scene, session or chronicle (storypath also act,
    episode, arc, season). Limits per UNIT reset; Stamina rolls are made as a turn begins.

    e.g. dicepool next scene
    """
    from dicepool.campaign.play import next_boundary

    db, name = _open(db_url, campaign)
    acted = next_boundary(db, name, unit, pick_source(seed, dice), actor())
    clock = acted.state.now.clock
    lines = [f"{visible(name)}: {clock_words(clock.to_dict())}"]
    lines += roll_lines(acted.event.data["rolls"])
    _print_event(acted, as_json, lines)


def roll_lines(rolls: list[dict[str, Any]]) -> list[str]:
    """A line for each roll a rule made: who, what for, the dice and what came of it."""
    lines = []
    for made in rolls:
        faces = " ".join(str(d["face"]) for d in made["roll"]["dice"])
        count = made["successes"]
        came = click.style(
            f"{count} success{'es' if count != 1 else ''}", fg="green" if count else "red"
        )
        who = visible(made["character"])
        lines.append(
            f"  {who} rolls {made['purpose']} ({made['roll']['notation']}): {faces} = {came}"
        )
    return lines


@click.group(invoke_without_command=True)
@_json_option
@storage_options
@click.pass_context
def clock(ctx: click.Context, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Show the campaign's clock, or let story time pass (`clock advance 2d`)."""
    if ctx.invoked_subcommand is not None:
        return
    from dicepool.campaign import load_campaign

    db, name = _open(db_url, campaign)
    shown = load_campaign(db, name).now.clock.to_dict()
    click.echo(json.dumps(shown) if as_json else f"{visible(name)}: {clock_words(shown)}")


@clock.command("advance")
@click.argument("duration", metavar="DURATION")
@dice_options
@_json_option
@storage_options
def advance(
    duration: str,
    seed: int | None,
    dice: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Let DURATION of story time pass (15m, 3h, 2d, 1w, 1w2d): wounds heal or bleed.

    e.g. dicepool clock advance 2d
    """
    from dicepool.campaign.play import advance_clock

    db, name = _open(db_url, campaign)
    acted = advance_clock(db, name, duration, actor(), pick_source(seed, dice))
    lines = [f"{visible(name)}: {clock_words(acted.state.now.clock.to_dict())}"]
    lines += roll_lines(acted.event.data["rolls"])
    lines += [
        f"  {_health_of(acted, c.name)}"
        for c in acted.state.characters.values()
        if c.system == "hubris"
    ]
    _print_event(acted, as_json, lines)


@click.command()
@click.argument("character", metavar="NAME")
@click.argument("points", type=int, metavar="N")
@click.argument("kind", metavar="KIND")
@click.option("--resistant", is_flag=True, help="Resistant wounds: only time heals them.")
@_json_option
@storage_options
def damage(
    character: str,
    points: int,
    kind: str,
    resistant: bool,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Deal N points of KIND damage (bashing, lethal, aggravated) to NAME (hubris).

    e.g. dicepool damage Ana 2 lethal
    """
    from dicepool.campaign.play import damage as deal

    db, name = _open(db_url, campaign)
    acted = deal(db, name, character, points, kind, actor(), resistant)
    _print_event(acted, as_json, [_health_of(acted, acted.event.data["character"])])


@click.command()
@click.argument("character", metavar="NAME")
@click.argument("points", type=int, metavar="N")
@click.argument("kind", required=False, metavar="[KIND]")
@_json_option
@storage_options
def heal(
    character: str,
    points: int,
    kind: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Heal N points of NAME's wounds (of KIND only, when given) by care or a power.

    e.g. dicepool heal Ana 1 lethal
    """
    from dicepool.campaign.play import heal as mend

    db, name = _open(db_url, campaign)
    acted = mend(db, name, character, points, actor(), kind)
    _print_event(acted, as_json, [_health_of(acted, acted.event.data["character"])])


@click.command()
@click.argument("character", metavar="NAME")
@_json_option
@storage_options
def stabilize(character: str, as_json: bool, campaign: str | None, db_url: str | None) -> None:
    """Stop NAME's bleeding (a lethal wound in the last box).

    e.g. dicepool stabilize Ana
    """
    from dicepool.campaign.play import stabilize as stop

    db, name = _open(db_url, campaign)
    acted = stop(db, name, character, actor())
    _print_event(acted, as_json, [_health_of(acted, acted.event.data["character"])])
