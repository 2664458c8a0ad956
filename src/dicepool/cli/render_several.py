"""Show odds over several rolls in the terminal: extended, complex and prolonged actions."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from dicepool.cli.render_odds import (
    NARROW,
    SHOWN,
    bar,
    chances_table,
    percent,
    plain_table,
    sides,
    titled,
)
from dicepool.odds.several import ComplexAction, ExtendedAction, FirstTo, ProlongedConflict

MAX_ROWS = 30
"""The most rows a table of rolls (or Milestones) needed shows."""


def headline(text: str, p: float) -> Text:
    """``text = p`` with the chance in bold and a bar."""
    return Text(f"{text} = ").append(percent(p), style="bold").append("  ").append(bar(p))


def extended_view(action: ExtendedAction, word: str) -> Group:
    """An extended action: the chance within the rolls and the rolls needed, cumulated."""
    parts: list[RenderableType] = []
    if action.rolls is not None:
        parts.append(
            headline(f"P({action.goal} {word} within {action.rolls} rolls)", action.chance)
        )
    table = plain_table()
    for name in ("rolls", "exactly", "", "within", ""):
        table.add_column(name, justify="right" if name else "left")
    needed = [float(p) for p in action.needed]
    last = action.rolls or 0
    for k, p in enumerate(needed):
        if p >= SHOWN:
            last = max(last, k)
    first = next((k for k, p in enumerate(needed) if p >= SHOWN), 1)
    first = min(first, last)
    peak = max(needed[first : last + 1] or [1.0])
    rows = range(first, last + 1)
    if len(rows) > MAX_ROWS:
        rows = range(first, first + MAX_ROWS)
    for k in rows:
        p = needed[k] if k < len(needed) else 0.0
        within = action.within(k)
        style = "bold" if k == action.rolls else ""
        table.add_row(
            Text(str(k), style=style),
            percent(p),
            bar(p, peak, "cyan", NARROW),
            percent(within),
            bar(within, 1.0, "blue", NARROW),
        )
    parts += [
        titled(f"Rolls needed to gather {action.goal} {word}", table),
        Text(f"expected rolls {action.expected_rolls:.3f}  tail bound {action.tail_bound:.1e}"),
    ]
    return Group(*parts)


def complex_view(action: ComplexAction) -> Group:
    """A storypath complex action: Milestones within the Intervals."""
    title = f"P({action.milestones} Milestones within {action.intervals} Intervals)"
    table = plain_table()
    for name in ("Milestones", "exactly", "", "at least", ""):
        table.add_column(name, justify="right" if name else "left")
    gathered = [float(p) for p in action.gathered]
    peak = max(gathered)
    shown = [m for m, p in enumerate(gathered) if p >= SHOWN] or [0]
    for m in range(shown[0], min(shown[-1], shown[0] + MAX_ROWS - 1) + 1):
        at_least = sum(gathered[m:])
        style = "bold" if m == action.milestones else ""
        table.add_row(
            Text(str(m), style=style),
            percent(gathered[m]),
            bar(gathered[m], peak, "cyan", NARROW),
            percent(at_least),
            bar(at_least, 1.0, "blue", NARROW),
        )
    return Group(
        headline(title, action.chance),
        Text(
            f"one Interval meets its Difficulty {percent(action.interval_success)}; "
            f"mean Intervals needed {action.expected_intervals:.2f}"
        ),
        titled(f"Milestones after {action.intervals} Intervals", table),
    )


def first_to_view(race: FirstTo, word: str, limit_name: str = "rounds") -> Group:
    """A first-to-N contest: who gets there first, and (with a limit) who leads when it ends."""
    if race.rounds is None:
        title = f"First to {race.goal} {word}"
    else:
        title = f"First to {race.goal} {word} within {race.rounds} {limit_name}"
    parts: list[RenderableType] = [chances_table(title, sides(race.system, race.winner))]
    if race.rounds is not None:
        parts.append(Text(f"undecided when the {limit_name} run out: {percent(race.unresolved)}"))
        final = sides(race.system, race.final)
        parts.append(chances_table("With the leader taking an undecided contest", final))
    parts.append(
        Text(f"expected {limit_name} {race.expected_rounds:.3f}  tail bound {race.tail_bound:.1e}")
    )
    return Group(*parts)


def prolonged_view(conflict: ProlongedConflict) -> Group:
    """A prolonged conflict: who prevails, and how many contests it takes on average."""
    title = (
        f"Prolonged conflict: attacker Resistance {conflict.attacker_resistance}, "
        f"defender Resistance {conflict.defender_resistance}"
    )
    prevails = {"attacker": conflict.attacker, "defender": conflict.defender}
    return Group(
        chances_table(title, prevails),
        Text(f"expected contests {conflict.expected_contests:.3f} (ties count for no one)"),
    )
