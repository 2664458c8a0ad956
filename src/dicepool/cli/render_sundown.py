"""After Sundown's special attributes in the terminal: Edge left, the Power Reserve, passes.

Each is drawn with glyphs and its number beside them, so it reads at a glance and still reads
without colour: ``✦✦✧ 2 of 3 left``, ``███░░ 3/13``, ``▶▷▷▷ 1 this round``.
"""

from __future__ import annotations

from collections.abc import Mapping

import click

from dicepool.cli.safe import visible
from dicepool.sheet.state import CampaignState
from dicepool.sheet.sundown.edge import MAX_PASSES, EdgeUse
from dicepool.sheet.sundown.payloads import EdgeSpends, Resisted
from dicepool.sheet.view import condition

EDGE_LEFT, EDGE_SPENT = "✦", "✧"
POWER_FULL, POWER_EMPTY = "█", "░"
PASS_TAKEN, PASS_LEFT = "▶", "▷"


def edge_glyphs(edge: Mapping[str, object]) -> str:
    """``✦✦✧ 2 of 3 left this chronicle``: the spends left, then those spent."""
    rating, left = int(str(edge["rating"])), int(str(edge["left"]))
    if rating == 0:
        return click.style("none (an Extra)", dim=True)
    drawn = click.style(EDGE_LEFT * left, fg="yellow", bold=True)
    drawn += click.style(EDGE_SPENT * (rating - left), dim=True)
    return f"{drawn} {left} of {rating} left this chronicle"


def power_bar(power: Mapping[str, object]) -> str:
    """``███░░░ 3/13``: the Power Reserve's points against its maximum."""
    points, maximum = int(str(power["points"])), int(str(power["max"]))
    bar = click.style(POWER_FULL * points, fg="magenta")
    return bar + click.style(POWER_EMPTY * (maximum - points), dim=True) + f" {points}/{maximum}"


def passes_glyphs(taken: int) -> str:
    """``▶▷▷▷ 1 this round``: the Initiative Passes taken, out of the 4 anyone takes."""
    drawn = click.style(PASS_TAKEN * taken, fg="green", bold=True)
    return drawn + click.style(PASS_LEFT * (MAX_PASSES - taken), dim=True) + f" {taken} this round"


def special_lines(held: Mapping[str, object]) -> list[str]:
    """The Edge, Power and passes lines under a sundown sheet (none for another system)."""
    if "edge" not in held:
        return []
    edge, power = held["edge"], held["power"]
    assert isinstance(edge, dict) and isinstance(power, dict)
    return [
        f"  {'Edge':<10} {edge_glyphs(edge)}",
        f"  {'Power':<10} {power_bar(power)}",
        f"  {'Passes':<10} {passes_glyphs(int(str(held['passes'])))}",
    ]


def edge_effect_lines(effects: Mapping[str, object], state: CampaignState) -> list[str]:
    """What a roll's Edge did: the free dice of a Resistance Test, each Edge spent and what is
    left of it."""
    lines = []
    found = effects.get("resist")
    if isinstance(found, dict):
        resist = Resisted.of(found)
        what = "soaks" if resist.soak else "resists"
        armor = f" + Armor {resist.armor}" if resist.armor else ""
        free = f"Edge {resist.edge}{armor} added free"
        lines.append(f"  {visible(resist.character)} {what}: {free}")
    edge = effects.get("edge")
    for spend in EdgeSpends.of(edge).spends if isinstance(edge, dict) else ():
        use = "Edge dice" if spend.use is EdgeUse.DICE else "a second chance"
        lines.append(f"  {spent_line(state, spend.character, use)}")
    return lines


def spent_line(state: CampaignState, name: str, use: str) -> str:
    """``Ana spends Edge on an escape: ✦✧✧ 1 of 3 left this chronicle``."""
    sheet = state.character(name)
    edge = condition(sheet, state.now)["edge"]
    assert isinstance(edge, dict)
    return f"{visible(sheet.name)} spends Edge on {use}: {edge_glyphs(edge)}"
