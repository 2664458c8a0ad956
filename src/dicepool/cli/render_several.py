"""Show odds over several rolls in the terminal: extended, complex and prolonged actions."""

from __future__ import annotations

import numpy as np
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from dicepool.cli.render_odds import (
    NARROW,
    bar,
    chances_table,
    percent,
    plain_table,
    row_chances,
    rows_for,
    sides,
    titled,
)
from dicepool.odds.prolonged import ProlongedConflict
from dicepool.odds.records import at_least_over
from dicepool.odds.several import ComplexAction, ExtendedAction, FirstTo


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
    rows = rows_for(action.needed, keep=action.rolls)
    chances = row_chances(action.needed, 0, rows)
    done = np.cumsum(action.needed)  # done[k]: reached within k rolls
    table = steps_table("rolls", rows.step, "within")
    peak = float(chances.max())
    for start, p in zip(rows.starts(), chances.tolist(), strict=True):
        end = start + rows.step - 1
        within = float(done[min(end, done.size - 1)])
        bold = action.rolls is not None and start <= action.rolls <= end
        add_step_row(table, Text(rows.label(start), style="bold" if bold else ""), p, peak, within)
    parts += [
        titled(f"Rolls needed to gather {action.goal} {word}{per_row(rows.step, 'rolls')}", table),
        Text(f"expected rolls {action.expected_rolls:.3f}  tail bound {action.tail_bound:.1e}"),
    ]
    return Group(*parts)


def per_row(step: int, what: str) -> str:
    """`` (20 rolls a row)`` where rows gather several, else nothing."""
    return f" ({step} {what} a row)" if step > 1 else ""


def steps_table(first: str, step: int, cumulated: str) -> Table:
    """A table of rows: what they count, their chance, a bar, the cumulated chance, a bar."""
    table = plain_table()
    for name in (first, "exactly" if step == 1 else "chance", "", cumulated, ""):
        table.add_column(name, justify="right" if name else "left")
    return table


def add_step_row(table: Table, label: Text, p: float, peak: float, cumulated: float) -> None:
    """One row of a steps table: its chance with a bar, the cumulated chance with a bar."""
    table.add_row(
        label,
        percent(p),
        bar(p, peak, "cyan", NARROW),
        percent(cumulated),
        bar(cumulated, 1.0, "blue", NARROW),
    )


def complex_view(action: ComplexAction) -> Group:
    """A storypath complex action: Milestones within the Intervals."""
    title = f"P({action.milestones} Milestones within {action.intervals} Intervals)"
    rows = rows_for(action.gathered, keep=action.milestones)
    chances = row_chances(action.gathered, 0, rows)
    first = max(0, min(rows.first, action.gathered.size - 1))
    last = min(rows.last + rows.step, action.gathered.size)
    at_least = at_least_over(action.gathered, range(first, last))
    table = steps_table("Milestones", rows.step, "at least")
    peak = float(chances.max())
    for start, p in zip(rows.starts(), chances.tolist(), strict=True):
        above = float(at_least[start - first]) if start - first < at_least.size else 0.0
        bold = start <= action.milestones < start + rows.step
        add_step_row(table, Text(rows.label(start), style="bold" if bold else ""), p, peak, above)
    return Group(
        headline(title, action.chance),
        Text(
            f"one Interval meets its Difficulty {percent(action.interval_success)}; "
            f"mean Intervals needed {action.expected_intervals:.2f}"
        ),
        titled(
            f"Milestones after {action.intervals} Intervals{per_row(rows.step, 'Milestones')}",
            table,
        ),
    )


def first_to_view(race: FirstTo, word: str, limit_name: str = "rounds") -> Group:
    """A first-to-N contest: who gets there first, and (with a limit) who leads when it ends."""
    if race.rounds is None:
        title = f"First to {race.goal} {word}"
    else:
        title = f"First to {race.goal} {word} within {race.rounds} {limit_name}"
    parts: list[RenderableType] = [chances_table(title, sides(race.ties, race.winner))]
    if race.rounds is not None:
        parts.append(Text(f"undecided when the {limit_name} run out: {percent(race.unresolved)}"))
        final = sides(race.ties, race.final)
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
