"""Show a roll in the terminal (colours by what happened to each die) and as JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import click

from dicepool.campaign.summaries import count_words, dice_groups, die_look
from dicepool.core.dice import Die
from dicepool.core.request import Request
from dicepool.core.result import ContestResult, Outcome, RollResult, Winner
from dicepool.notation.record import contest_request

Render = Callable[[Request], str]

OUTCOME_COLOURS = {
    Outcome.EXCEPTIONAL: "bright_green",
    Outcome.SUCCESS: "green",
    Outcome.FAILURE: "yellow",
    Outcome.BOTCH: "red",
    Outcome.DRAMATIC_FAILURE: "red",
}


DIE_COLOURS: dict[str, str | None] = {
    "gone": None,
    "cancelled": "yellow",
    "success": "green",
    "one": "red",
    "plain": None,
}
"""The colour of each look of a die (:func:`dicepool.campaign.summaries.die_look`)."""


def style_die(die: Die) -> str:
    """One die as text: its face and marks that survive without colour, in its colours
    (green successes, red ones, struck-through dice that no longer count)."""
    return style_look(*die_look(die.to_dict()))


def style_look(text: str, look: str) -> str:
    """A die's text in the colours of its look."""
    if look == "plain":
        return text
    struck = look in ("gone", "cancelled") or None  # None: no code at all (False resets)
    bold = look in ("success", "one") or None
    dim = look == "gone" or None
    return click.style(text, fg=DIE_COLOURS[look], bold=bold, dim=dim, strikethrough=struck)


def dice_lines(result: RollResult) -> list[str]:
    """The dice grouped by roller and how they came to be rolled, in the order read
    (:func:`dicepool.campaign.summaries.dice_groups`), one line a group."""
    groups = dice_groups(result.request.system, [die.to_dict() for die in result.dice])
    width = max(len(name) for name, _ in groups)
    return [
        f"  {name:<{width}}  {' '.join(style_look(*die_look(d)) for d in dice)}"
        for name, dice in groups
    ]


def counts_line(counts: Mapping[str, int], judged: bool = True) -> str:
    """The counts that matter, the judged count first (shown even at 0 when ``judged``);
    whose roll applies is said in the notes."""
    judged_names = ("successes", "hits", "hits_left", "net_hits") if judged else ()
    shown = [
        count_words(name, value)
        for name, value in counts.items()
        if (value or name in judged_names) and name != "applied"
    ]
    return ", ".join(shown)


def outcome_word(outcome: Outcome) -> str:
    """The outcome class in capitals, in its colour."""
    colour = OUTCOME_COLOURS[outcome]
    return click.style(outcome.value.replace("_", " ").upper(), fg=colour, bold=True)


def challenge_lines(result: RollResult) -> list[str]:
    """A storypath mixed action: each challenge's outcome, label and counts, in order."""
    return [
        f"  challenge {i}: {outcome_word(c.outcome)}  {c.label}  ({counts_line(c.counts)})"
        for i, c in enumerate(result.challenges, 1)
    ]


def render_result(result: RollResult, notation: str) -> str:
    """A roll for the terminal: the line, the dice, the counts, the outcome and label.

    A mixed action's counts line shows the roll's own counts; each challenge's follow it.
    """
    counts = result.counts
    if result.challenges:
        own = result.challenges[0].counts
        counts = {name: value for name, value in counts.items() if name not in own}
    lines = [click.style(notation, bold=True), *dice_lines(result)]
    lines.append(f"  = {counts_line(counts, judged=not result.challenges)}")
    lines.append(f"  {outcome_word(result.outcome)}  {result.label}")
    lines += challenge_lines(result)
    lines += [click.style(f"  ({note})", dim=True) for note in result.notes]
    return "\n".join(lines)


def render_contest(result: ContestResult, render: Render) -> str:
    """A contest for the terminal: both rolls, then who won and by how much."""
    attacker = render_result(result.attacker, render(result.attacker.request))
    defender = render_result(result.defender, render(result.defender.request))
    who = result.winner.value
    verdict = "a tie" if who == "tie" else f"the {who} wins by {result.margin}"
    if who != "tie" and result.margin == 0:
        verdict = f"the {who} wins the tie"
    lines = ["attacker: " + attacker, "defender: " + defender, click.style(verdict, bold=True)]
    override = contest_request(result).ties
    if override is not None:  # the line changed the system's tie rule: say so
        rule = f"{ties_words(override)}: ties {override}"
        if override is Winner.ATTACKER and result.winner is Winner.DEFENDER:
            rule += "; the attacker needs a success of its own to take them"
        lines.append(click.style(f"  ({rule})", dim=True))
    return "\n".join(lines)


def ties_words(ties: Winner) -> str:
    """Who takes equal totals, in words."""
    return "equal totals are a tie" if ties is Winner.TIE else f"equal totals go to the {ties}"


def to_text(result: RollResult | ContestResult, render: Render) -> str:
    """The terminal text for a roll or a contest."""
    if isinstance(result, ContestResult):
        return render_contest(result, render)
    return render_result(result, render(result.request))
