"""Show odds in the terminal with rich: a coloured bar per outcome and per total.

Only rendering lives here; what to compute is the command's business (``cli/odds.py``). Every
function returns a rich renderable; nothing prints.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from rich.console import Group
from rich.table import Table
from rich.text import Text

from dicepool.core.contest import tie_rule
from dicepool.core.result import Winner
from dicepool.odds import ContestOdds, Distribution, SpecialtyAdvice
from dicepool.odds.records import Pmf, at_least_over, central_range

BAR_WIDTH = 24
NARROW = 16
"""Bars in a table with two bar columns are narrower, so the table fits 80 columns."""
BLOCKS = " ▏▎▍▌▋▊▉█"
SHOWN = 5e-5
"""Totals whose chance is below this (0.005 %) are left out of the tables, at either end."""
MAX_ROWS = 40
"""The most rows a distribution or margin table shows; wider ones gather totals in steps."""

OUTCOME_COLOURS = {
    "exceptional": "bright_green",
    "success": "green",
    "failure": "yellow",
    "botch": "red",
    "dramatic_failure": "red",
    "attacker": "green",
    "defender": "magenta",
    "tie": "yellow",
}


def percent(p: float) -> str:
    """A probability as a percentage: two decimals, ``<0.01%`` for tiny non-zero chances."""
    if 0 < p < 5e-5:
        return "<0.01%"
    if 1 - 5e-5 < p < 1:
        return ">99.99%"
    return f"{100 * p:.2f}%"


def bar(p: float, scale: float = 1.0, colour: str = "cyan", width: int = BAR_WIDTH) -> Text:
    """A horizontal bar ``width`` cells wide at ``scale``, in eighths of a cell."""
    eighths = round(width * 8 * min(1.0, p / scale)) if scale > 0 else 0
    full, part = divmod(eighths, 8)
    return Text("█" * full + (BLOCKS[part] if part else ""), style=colour)


def label(name: str) -> str:
    """An outcome name for people: ``dramatic_failure`` -> ``dramatic failure``."""
    return name.replace("_", " ")


def total_word(system: str) -> str:
    """What a roll's total counts: hits in sundown, successes elsewhere."""
    return "hits" if system == "sundown" else "successes"


def plain_table() -> Table:
    """A table without borders, one space between columns."""
    return Table(box=None, padding=(0, 1))


def titled(title: str, table: Table) -> Group:
    """A bold title on its own line above a table (a table's own title wraps to its width)."""
    return Group(Text(title, style="bold"), table)


def chances_table(
    title: str, chances: Mapping[str, float], simulated: Mapping[str, float] | None = None
) -> Group:
    """One row per outcome (or per side of a contest): its chance and a bar."""
    table = plain_table()
    table.add_column("")
    table.add_column("chance", justify="right")
    if simulated is not None:
        table.add_column("simulated", justify="right", style="dim")
    table.add_column("")
    for name, p in chances.items():
        colour = OUTCOME_COLOURS.get(name, "cyan")
        row: list[str | Text] = [Text(label(name), style=colour), percent(p)]
        if simulated is not None:
            row.append(percent(simulated.get(name, 0.0)))
        row.append(bar(p, 1.0, colour))
        table.add_row(*row)
    return titled(title, table)


@dataclass(frozen=True)
class Rows:
    """Which totals a table shows: one row per ``step`` totals from ``first`` to ``last``.

    ``step`` is 1 unless the mass spreads over more than :data:`MAX_ROWS` totals; then each row
    gathers ``step`` of them (1, 2 or 5 times a power of ten), starting at a multiple of it.
    """

    first: int
    last: int
    step: int

    def starts(self) -> range:
        """The first total of each row."""
        return range(self.first, self.last + 1, self.step)

    def label(self, start: int, signed: bool = False) -> str:
        """A row's totals: ``7``, or ``9700000-9719999`` for a row of many."""
        shown = f"{start:+d}" if signed and start else str(start)
        if self.step == 1:
            return shown
        end = start + self.step - 1
        return f"{shown}..{end:+d}" if signed and end else f"{shown}-{end}"


def nice_step(width: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... at or above ``width``."""
    step = 1
    while step < width:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2  # 1, 2, 5, 10, 20, 50 ...
    return step


def rows_for(values: Pmf, origin: int = 0, keep: int | None = None) -> Rows:
    """The rows worth showing for ``values``, ``values[i]`` being the chance of ``origin + i``.

    The totals of :func:`shown_window`; more than :data:`MAX_ROWS` of them are gathered in
    steps. The total ``keep`` (one the user asked about) gets a row too where it is near enough
    to need no coarser steps.
    """
    window = shown_window(values)
    step = nice_step(math.ceil(len(window) / MAX_ROWS))
    if keep is not None:
        at = keep - origin
        wider = range(min(window.start, at), max(window.stop, at + 1))
        if nice_step(math.ceil(len(wider) / MAX_ROWS)) == step:
            window = wider
    first = (window.start + origin) // step * step
    return Rows(first, window.stop - 1 + origin, step)


def shown_window(values: Pmf) -> range:
    """The indices worth showing: every one whose chance is at least :data:`SHOWN`, and the
    central ones holding all but ``SHOWN`` of the mass at each end.

    The second matters where the mass is spread thin: a margin over 145000 values, each near
    ``SHOWN``, would otherwise show only the few around its peak.
    """
    window = central_range(values, SHOWN)
    big = np.flatnonzero(values >= SHOWN)
    if big.size:
        window = range(min(window.start, int(big[0])), max(window.stop, int(big[-1]) + 1))
    return window


def row_chances(values: Pmf, origin: int, rows: Rows) -> Pmf:
    """The chance of each row's totals (summed directly, so tiny chances keep their digits)."""
    low, high = rows.first - origin, rows.last - origin + rows.step  # index range, padded
    part = values[max(0, low) : max(0, min(values.size, high))]
    part = np.pad(part, (max(0, -low), max(0, high - max(values.size, low))))
    sums: Pmf = np.add.reduceat(part, np.arange(0, len(rows.starts()) * rows.step, rows.step))
    return sums


def distribution_table(dist: Distribution, simulated: Distribution | None = None) -> Group:
    """P(exactly k) and P(at least k) for every total worth showing, with bars."""
    word = total_word(dist.system)
    rows = rows_for(dist.pmf)
    chances = row_chances(dist.pmf, 0, rows)
    at_least = at_least_over(dist.pmf, range(rows.first, rows.last + 1))[:: rows.step]
    sampled = row_chances(simulated.pmf, 0, rows) if simulated is not None else None
    table = plain_table()
    table.add_column(word, justify="right")
    table.add_column("exactly" if rows.step == 1 else "chance", justify="right")
    if sampled is not None:
        table.add_column("simulated", justify="right", style="dim")
    table.add_column("")
    table.add_column("at least", justify="right")
    table.add_column("")
    peak = float(chances.max())
    for i, start in enumerate(rows.starts()):
        p, above = float(chances[i]), float(at_least[i])
        row: list[str | Text] = [rows.label(start), percent(p)]
        if sampled is not None:
            row.append(percent(float(sampled[i])))
        row += [bar(p, peak, "cyan", NARROW), percent(above), bar(above, 1.0, "blue", NARROW)]
        table.add_row(*row)
    title = f"Distribution of {word}"
    if rows.step > 1:
        title += f" ({rows.step} totals a row)"
    return titled(title, table)


def summary(dist: Distribution, simulated: Distribution | None = None) -> Text:
    """Mean, standard deviation and the truncation bound in one line."""
    text = Text(f"mean {dist.mean:.3f}  sd {dist.sd:.3f}  tail bound {dist.tail_bound:.1e}")
    if simulated is not None:
        text.append(f"   (simulated mean {simulated.mean:.3f}  sd {simulated.sd:.3f})", "dim")
    return text


def challenges_table(dist: Distribution, simulated: Distribution | None = None) -> Group:
    """A storypath mixed action: each challenge's chances, one row per challenge."""
    names = list(dist.challenges[0])
    table = plain_table()
    table.add_column("challenge", justify="right")
    for name in names:
        table.add_column(label(name), justify="right", style=OUTCOME_COLOURS.get(name, ""))
    if simulated is not None:
        table.add_column("simulated success", justify="right", style="dim")
    table.add_column("")
    for i, chances in enumerate(dist.challenges):
        row: list[str | Text] = [str(i + 1), *(percent(chances[name]) for name in names)]
        if simulated is not None:
            row.append(percent(simulated.challenges[i]["success"]))
        row.append(bar(chances.get("success", 0.0), 1.0, "green", NARROW))
        table.add_row(*row)
    return titled("Each challenge of the mixed action (one roll for all)", table)


def roll_view(dist: Distribution, simulated: Distribution | None = None) -> Group:
    """Everything about one roll: outcomes, the distribution, the summary.

    A mixed action's outcomes are the roll's as a whole (every challenge met); each challenge's
    follow, and the distribution is the first challenge's successes.
    """
    title = "Outcomes (every challenge)" if dist.challenges else "Outcomes"
    outcomes = chances_table(title, dist.outcomes, simulated.outcomes if simulated else None)
    parts: list[Group | Text] = [outcomes, Text()]
    if dist.challenges:
        parts += [challenges_table(dist, simulated), Text()]
    return Group(*parts, distribution_table(dist, simulated), summary(dist, simulated))


def margin_table(odds: ContestOdds) -> Group:
    """The attacker's total minus the defender's, for every margin worth showing."""
    origin, values = margin_array(odds.margin)
    rows = rows_for(values, origin)
    chances = row_chances(values, origin, rows)
    word = total_word(odds.system)
    table = plain_table()
    table.add_column("margin", justify="right")
    table.add_column("chance", justify="right")
    table.add_column("")
    peak = float(chances.max())
    for start, p in zip(rows.starts(), chances.tolist(), strict=True):
        middle = start + (rows.step - 1) / 2
        colour = "green" if middle > 0 else "magenta" if middle < 0 else "yellow"
        table.add_row(rows.label(start, signed=True), percent(p), bar(p, peak, colour))
    title = f"Margin (attacker's {word} minus defender's)"
    if rows.step > 1:
        title += f" ({rows.step} margins a row)"
    return titled(title, table)


def margin_array(margin: Mapping[int, float]) -> tuple[int, Pmf]:
    """A margin mapping as ``(lowest margin, chances from it up)``."""
    if not margin:
        return 0, np.zeros(1)
    origin = min(margin)
    values = np.zeros(max(margin) - origin + 1)
    values[np.fromiter(margin, dtype=np.int64, count=len(margin)) - origin] = list(margin.values())
    return origin, values


def sides(ties: Winner, chances: Mapping[str, float]) -> dict[str, float]:
    """A contest's chances without the ``tie`` row where equal totals go to one side."""
    tied = ties is Winner.TIE
    return {side: p for side, p in chances.items() if tied or side != Winner.TIE.value}


def tie_note(odds: ContestOdds) -> Text:
    """How the contest settles equal totals: by the system's rule, or the line's ``ties``."""
    words = "are a tie" if odds.ties is Winner.TIE else f"go to the {odds.ties}"
    if odds.ties is tie_rule(odds.system):
        return Text(f"equal totals {words} in {odds.system}", style="dim")
    return Text(f"equal totals {words} (ties {odds.ties})", style="dim")


def contest_view(odds: ContestOdds, simulated: ContestOdds | None = None) -> Group:
    """Everything about a contest: who wins after the tie rule, the margin, both means."""
    winner = chances_table(
        "Winner", sides(odds.ties, odds.winner), simulated.winner if simulated else None
    )
    means = Text(
        f"attacker mean {odds.attacker.mean:.3f}  defender mean {odds.defender.mean:.3f}  "
        f"tail bound {odds.tail_bound:.1e}"
    )
    return Group(winner, tie_note(odds), Text(), margin_table(odds), means)


def goal_line(dist: Distribution, goal: int) -> Text:
    """P(at least ``goal``) in one line."""
    p = dist.at_least(goal)
    text = Text(f"P(at least {goal} {total_word(dist.system)}) = ")
    return text.append(percent(p), style="bold").append("  ").append(bar(p))


def specialty_table(advice: SpecialtyAdvice) -> Group:
    """Each specialty policy's chance of reaching the goal, and the best one."""
    table = chances_table(
        f"Specialty: P(at least {advice.goal} successes) by when the extra dice are rolled",
        advice.chances,
    )
    best = Text("best: ").append(advice.best, style="bold")
    best.append(f" (+{100 * advice.gain:.2f} points over always)")
    return Group(table, best)
