"""storypath's Momentum pool, Legend and the trackers for the terminal, and what a roll did to
them: glyphs and colours, the numbers always beside them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from dicepool.campaign.summaries import carried_words
from dicepool.cli.safe import visible
from dicepool.sheet.payloads import RollCounted, Rolled
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import legend_of
from dicepool.sheet.storypath.momentum import Consolation
from dicepool.sheet.storypath.payloads import (
    AdvantageUsed,
    CarriedUsed,
    Consoled,
    DrawbackNamed,
    FeatInvoked,
    MomentumDice,
)
from dicepool.sheet.storypath.play import pool_of
from dicepool.sheet.storypath.stunts import Carried

STATUS_COLOURS = {
    "in_progress": "yellow",
    "complete": "green",
    "won": "green",
    "failed": "red",
    "tie": "cyan",
}

CONSOLATION_WORDS = {
    Consolation.ENCOUNTER: "failure reveals another approach",
    Consolation.MEETING: "failure brings in someone who can help, for a price",
}


def points_glyphs(points: int, most: int, full: str, empty: str, colour: str) -> str:
    """``◆◆◇◇ 2/4``: points among their most, the number beside (glyphs up to 20)."""
    shown = min(most, 20)
    if shown <= 0:  # nothing to hold: the numbers alone
        return f"{points}/{most}"
    filled = click.style(full * min(points, shown), fg=colour, bold=True)
    rest = click.style(empty * max(shown - points, 0), dim=True)
    return f"{filled}{rest} {points}/{most}"


SIZE_IT = "`dicepool campaign players N` sets a number"
"""How a storyteller sizes the pool of a table where nobody is seated (one played here)."""


def pool_text(state: CampaignState) -> str:
    """The Momentum pool: its points among its capacity, and the players it is sized for
    with where that number comes from (how to size it, while it holds nothing)."""
    pool = pool_of(state)
    glyphs = points_glyphs(pool.points, pool.capacity, "◆", "◇", "yellow")
    players = f"players: {pool.players_words()}"
    if pool.capacity == 0:
        return f"{glyphs}, {click.style(f'{players}; {SIZE_IT}', fg='yellow')}"
    return f"{glyphs}, {click.style(players, dim=True)}"


def legend_text(legend: Mapping[str, Any]) -> str:
    """``✦✦✧ 2/3``: Legend points left among the rating."""
    return points_glyphs(int(legend["points"]), int(legend["rating"]), "✦", "✧", "magenta")


def tracker_lines(tracker: Mapping[str, Any]) -> list[str]:
    """A tracker: its name, kind and status, then each side's progress."""
    story = tracker["kind"] in ("complex", "opposed")
    counted = "Milestones" if story else "successes"
    step = "Intervals" if story else "rolls"
    status = str(tracker["status"])
    words = click.style(str(tracker["outcome"]), fg=STATUS_COLOURS.get(status), bold=True)
    about = f"{tracker['kind']}" + (f", Difficulty {tracker['difficulty']}" if story else "")
    lines = [f"{click.style(visible(str(tracker['name'])), bold=True)} ({about})  {words}"]
    limit = tracker["limit"]
    for side, progress in tracker["progress"].items():
        target = int(tracker["target"])
        bar = (
            points_glyphs(int(progress), target, "●", "○", "cyan")
            if target <= 20
            else f"{progress}/{target}"
        )
        used = tracker["rolls"][side]
        allowed = f"{used}/{limit}" if limit is not None else f"{used}, no limit"
        lines.append(f"  {visible(side):<12} {bar} {counted}   {step} {allowed}")
    return lines


def _kept(effects: Mapping[str, Any], before: CampaignState, after: CampaignState) -> int:
    """Momentum a Consolation put in the pool: the pool after, less the pool before the gain."""
    spent = MomentumDice.of(effects["momentum"]).points if "momentum" in effects else 0
    feat = FeatInvoked.of(effects["feat"]) if effects.get("feat") else None
    spent += 2 if feat and feat.within == "calling" else 0
    return after.now.momentum - (before.now.momentum - spent)


def consolation_line(
    effects: Mapping[str, Any], before: CampaignState, after: CampaignState
) -> str:
    """What a failure's Consolation gave: Momentum (and what was lost), or its other kind."""
    given = Consoled.of(effects["consolation"])
    choice = Consolation(given.choice)
    head = click.style("  Consolation:", fg="yellow")
    refused = ""
    if given.refused:
        other = Consolation(given.refused).label
        refused = click.style(f" (a botch gives only Momentum: no {other})", fg="red")
    if choice is Consolation.MOMENTUM:
        points = given.points
        if pool_of(after).capacity == 0:
            empty = f"the pool holds nothing while nobody is seated: {SIZE_IT}"
            return f"{head} {points} Momentum, lost: {click.style(empty, fg='yellow')}{refused}"
        kept = _kept(effects, before, after)
        gained = f"+{kept} Momentum" if kept else "no Momentum"
        if kept < points:
            gained += click.style(f" ({points - kept} lost: the pool is full)", fg="red")
        return f"{head} {gained}: pool {pool_text(after)}{refused}"
    who = visible(given.character or "")
    if choice is Consolation.ADVANTAGE:
        return (
            f"{head} an Unlooked-for Advantage for {who}: Enhancement 1 on a later roll "
            "(roll with --advantage)"
        )
    return f"{head} a {choice.label} for {who}: {CONSOLATION_WORDS[choice]}"


def spend_lines(effects: Mapping[str, Any], after: CampaignState) -> list[str]:
    """What a roll spent: Momentum dice, a Feat of Scale, an Advantage; its Drawback."""
    lines = []
    if "momentum" in effects:
        points = MomentumDice.of(effects["momentum"]).points
        lines.append(f"  spends {points} Momentum for {points} dice: pool {pool_text(after)}")
    if "feat" in effects:
        feat = FeatInvoked.of(effects["feat"])
        sheet = after.character(feat.character)
        where = "within the Legendary Title" if feat.within == "title" else "outside the Title"
        extra = ", 2 Momentum" if feat.within == "calling" else ""
        legend = legend_of(sheet.status, sheet.traits.get("Legend", 0)).to_dict()
        lines.append(
            f"  {visible(sheet.name)} makes a Feat of Scale {where}: Scale +1 for 1 Legend{extra}; "
            f"Legend {legend_text(legend)}"
        )
    if "advantage" in effects:
        used = AdvantageUsed.of(effects["advantage"])
        lines.append(
            f"  {visible(used.character)} uses the Unlooked-for Advantage of "
            f"{used.earned_by.words()}: Enhancement +1"
        )
    if "drawback" in effects:
        text = DrawbackNamed.of(effects["drawback"]).text
        lines.append(click.style(f"  Drawback: {visible(str(text))}", fg="red"))
    return [*lines, *carried_lines(effects)]


def stunt_line(result: Mapping[str, Any], event: int | None = None) -> str | None:
    """A storypath success's stunt successes, with what they buy (None when there are none)."""
    left = int(result.get("stunt_successes", 0))
    if result.get("system") != "storypath" or left < 1:
        return None
    word = "success" if left == 1 else "successes"
    how = f" (`dicepool stunt {event} KIND`)" if event else ""
    return click.style(
        f"  Stunts: {left} stunt {word} to spend on a Complication, Enhancement or Difficulty "
        f"stunt{how} (with a Path: a Twist of Fate)",
        fg="green",
    )


def waiting_words(item: Carried | Mapping[str, Any]) -> str:
    """``Guard's next roll: Difficulty Stunt 1 (Ana, event 12: the high ground)``: what waits
    for a later roll (ruling 20), from the record or its JSON."""
    shown = item.to_dict() if isinstance(item, Carried) else item
    source, effect, level = shown["source"], str(shown["effect"]).title(), shown["level"]
    label = f"{effect} Stunt {level}" if source == "stunt" else f"Drawback: {effect} {level}"
    what = f": {visible(str(shown['what']))}" if shown["what"] else ""
    holder = visible(str(shown["holder"]))
    when = (
        f"{holder}'s roll with --stunt {shown['roll']}"
        if shown["named"]
        else f"{holder}'s next roll"
    )
    return f"{when}: {label} ({visible(str(shown['by']))}, event {shown['roll']}{what})"


def carried_lines(effects: Mapping[str, Any]) -> list[str]:
    """The Stunts and Drawbacks a roll took (ruling 20), a line each."""
    if "carried" not in effects:
        return []

    return [
        click.style(f"  takes the {carried_words(key)}", fg="magenta")
        for key in CarriedUsed.of(effects["carried"]).used
    ]


def roll_lines(
    event_data: Mapping[str, Any],
    before: CampaignState | None,
    after: CampaignState,
    event: int | None = None,
) -> list[str]:
    """Everything storypath and the trackers add under a logged roll (logged as ``event``)."""
    rolled = Rolled.of(event_data)
    effects = rolled.effects
    lines = spend_lines(effects, after)
    stunts = stunt_line(rolled.result, event)
    if stunts:
        lines.append(stunts)
    if "consolation" in effects and before is not None:
        lines.append(consolation_line(effects, before, after))
    if "tracker" in effects:
        tracker = after.now.trackers.find(RollCounted.of(effects["tracker"]).name)
        lines += ["  " + line for line in tracker_lines(tracker.to_dict())]
    return lines
