"""After Sundown's commands: `reroll` (a second chance), `spend` (Edge), `pass`, `power`.

Each command is one use case of :mod:`dicepool.campaign.sundown`; it prints what changed (the
Edge left, the Power Reserve, the passes of the round) or the JSON of it. An Edge spent on a
roll's dice is ``roll --spend edge``; Edge added free to a Resistance Test is ``roll --resist``.
"""

from __future__ import annotations

import json
from typing import Any

import click

from dicepool.cli.play import _json_option, _open, _print_event, dice_options
from dicepool.cli.render_roll import to_text
from dicepool.cli.render_sundown import edge_glyphs, passes_glyphs, power_bar, spent_line
from dicepool.cli.roll import pick_source
from dicepool.cli.safe import visible
from dicepool.cli.storage import actor, storage_options
from dicepool.errors import SheetError
from dicepool.notation import render


def _shown(acted: Any, name: str) -> dict[str, Any]:
    from dicepool.sheet.view import condition

    return condition(acted.state.character(name), acted.state.now)


def _edge_only(spend: str) -> None:
    if spend.strip().lower() != "edge":
        raise SheetError(
            f"`{spend[:20]}` is not spent here: write `edge` (Willpower and Momentum are "
            "spent on a roll with --spend)"
        )


@click.command()
@click.argument("event_id", type=int, metavar="EVENT")
@click.option("--spend", "spend", metavar="edge", help="What buys the second chance: edge.")
@dice_options
@_json_option
@storage_options
def reroll(
    event_id: int,
    spend: str | None,
    seed: int | None,
    dice: str | None,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Spend Edge for a second chance on logged roll EVENT (ruling 1): every die that did not
    score a hit is rolled again. With --dice, give the rerolled dice only, one per miss.

    e.g. dicepool reroll 12 --spend edge
    """
    from dicepool.campaign.sundown import reroll as again

    if spend is None:
        raise SheetError(
            f"a second chance is bought with Edge: dicepool reroll {event_id} --spend edge"
        )
    _edge_only(spend)
    db, name = _open(db_url, campaign)
    made = again(db, name, event_id, pick_source(seed, dice), actor())
    data = made.event.data
    if as_json:
        payload = dict(data["result"])
        payload.update(
            {"event": made.event.id, "rerolls": data["event"], "character": data["character"]}
        )
        click.echo(json.dumps({**payload, "edge": _shown(made, data["character"])["edge"]}))
        return
    who = click.style(visible(data["character"]), bold=True)
    click.echo(f"second chance on event {data['event']}: {who}: {visible(data['line'])}")
    click.secho(f"  = {data['numbers']}", fg="cyan")
    click.echo(to_text(made.result, render))
    click.echo(f"  {spent_line(made.state, data['character'], 'a second chance')}")
    if seed is not None:
        click.secho(f"  (seed {seed})", dim=True)
    click.secho(f"logged as event {made.event.id} in {visible(name)}", dim=True)


@click.command()
@click.argument("character", metavar="NAME")
@click.argument("resource", metavar="edge")
@click.option("--for", "purpose", metavar="TEXT", default="", help="What the Edge buys.")
@click.option("--escape", is_flag=True, help="Fate saves NAME from certain death.")
@_json_option
@storage_options
def spend(
    character: str,
    resource: str,
    purpose: str,
    escape: bool,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Spend one of NAME's Edge (sundown) on an escape or another use, said with --for.

    Edge dice are `roll --spend edge`, a second chance `reroll EVENT --spend edge`, an extra
    Initiative Pass `pass NAME --edge`.

    e.g. dicepool spend Ana edge --escape --for "the floor gives way"
    """
    from dicepool.campaign.sundown import spend_edge

    _edge_only(resource)
    db, name = _open(db_url, campaign)
    acted = spend_edge(db, name, character, actor(), purpose, escape)
    who = acted.event.data["character"]
    use = "an escape" if escape else visible(acted.event.data["for"])
    _print_event(acted, as_json, [spent_line(acted.state, who, use)])


@click.command("pass")
@click.argument("character", metavar="NAME")
@click.option("--edge", is_flag=True, help="An extra pass for Edge, after the normal ones.")
@click.option("--bonus", type=int, default=0, metavar="N", help="Normal passes a power adds.")
@_json_option
@storage_options
def pass_(
    character: str,
    edge: bool,
    bonus: int,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """NAME takes an Initiative Pass this round (sundown): a normal one, or with --edge an
    extra one for Edge; at most 4 a round. `next round` gives them back.

    e.g. dicepool pass Ana --edge
    """
    from dicepool.campaign.sundown import take_pass

    db, name = _open(db_url, campaign)
    acted = take_pass(db, name, character, actor(), edge, bonus)
    who = acted.event.data["character"]
    shown = _shown(acted, who)
    lines = [f"{visible(who)} takes an Initiative Pass: {passes_glyphs(shown['passes'])}"]
    if edge:
        lines.append(f"  Edge {edge_glyphs(shown['edge'])}")
    _print_event(acted, as_json, lines)


@click.command()
@click.argument("character", metavar="NAME")
@click.argument("action", metavar="spend|regain")
@click.argument("points", type=int, metavar="N")
@_json_option
@storage_options
def power(
    character: str,
    action: str,
    points: int,
    as_json: bool,
    campaign: str | None,
    db_url: str | None,
) -> None:
    """Spend or regain N of NAME's Power Points (sundown), within 0..10 + 3 x Potency.

    e.g. dicepool power Ana spend 2
    """
    from dicepool.campaign.sundown import change_power

    db, name = _open(db_url, campaign)
    acted = change_power(db, name, character, action, points, actor())
    who = acted.event.data["character"]
    shown = _shown(acted, who)
    _print_event(acted, as_json, [f"{visible(who)}  Power {power_bar(shown['power'])}"])
