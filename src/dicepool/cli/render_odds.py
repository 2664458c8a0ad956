"""Show odds in the terminal with rich: a coloured bar per outcome and per total.

Only rendering lives here; what to compute is the command's business (``cli/odds.py``). Every
function returns a rich renderable; nothing prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from dicepool.core.contest import tie_rule
from dicepool.core.result import Winner
from dicepool.odds import ContestOdds, Distribution, SpecialtyAdvice

BAR_WIDTH = 24
NARROW = 16
"""Bars in a table with two bar columns are narrower, so the table fits 80 columns."""
BLOCKS = " ▏▎▍▌▋▊▉█"
SHOWN = 5e-5
"""Totals whose chance is below this (0.005 %) are left out of the tables, at either end."""

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


def shown_range(pmf: Sequence[float]) -> range:
    """The totals worth a row: from the first to the last whose chance is at least ``SHOWN``."""
    big = [k for k, p in enumerate(pmf) if p >= SHOWN]
    return range(big[0], big[-1] + 1) if big else range(1)


def distribution_table(dist: Distribution, simulated: Distribution | None = None) -> Group:
    """P(exactly k) and P(at least k) for every total worth showing, with bars."""
    word = total_word(dist.system)
    pmf = [float(p) for p in dist.pmf]
    rows = shown_range(pmf)
    table = plain_table()
    table.add_column(word, justify="right")
    table.add_column("exactly", justify="right")
    if simulated is not None:
        table.add_column("simulated", justify="right", style="dim")
    table.add_column("")
    table.add_column("at least", justify="right")
    table.add_column("")
    peak = max(pmf[k] for k in rows)
    for k in rows:
        row: list[str | Text] = [str(k), percent(pmf[k])]
        if simulated is not None:
            row.append(percent(float(simulated.pmf[k]) if k < simulated.pmf.size else 0.0))
        at_least = dist.at_least(k)
        row += [
            bar(pmf[k], peak, "cyan", NARROW),
            percent(at_least),
            bar(at_least, 1.0, "blue", NARROW),
        ]
        table.add_row(*row)
    return titled(f"Distribution of {word}", table)


def summary(dist: Distribution, simulated: Distribution | None = None) -> Text:
    """Mean, standard deviation and the truncation bound in one line."""
    text = Text(f"mean {dist.mean:.3f}  sd {dist.sd:.3f}  tail bound {dist.tail_bound:.1e}")
    if simulated is not None:
        text.append(f"   (simulated mean {simulated.mean:.3f}  sd {simulated.sd:.3f})", "dim")
    return text


def roll_view(dist: Distribution, simulated: Distribution | None = None) -> Group:
    """Everything about one roll: outcomes, the distribution, the summary."""
    outcomes = chances_table("Outcomes", dist.outcomes, simulated.outcomes if simulated else None)
    return Group(outcomes, Text(), distribution_table(dist, simulated), summary(dist, simulated))


def margin_table(odds: ContestOdds) -> Group:
    """The attacker's total minus the defender's, for every margin worth showing."""
    keys = sorted(odds.margin)
    shown = [k for k in keys if odds.margin[k] >= SHOWN] or keys
    word = total_word(odds.system)
    table = plain_table()
    table.add_column("margin", justify="right")
    table.add_column("chance", justify="right")
    table.add_column("")
    peak = max(odds.margin[k] for k in shown)
    for k in range(shown[0], shown[-1] + 1):
        p = odds.margin.get(k, 0.0)
        colour = "green" if k > 0 else "magenta" if k < 0 else "yellow"
        table.add_row(f"{k:+d}" if k else "0", percent(p), bar(p, peak, colour))
    return titled(f"Margin (attacker's {word} minus defender's)", table)


def sides(system: str, chances: Mapping[str, float]) -> dict[str, float]:
    """A contest's chances without the ``tie`` row where the system gives ties to the defender."""
    ties = tie_rule(system) is Winner.TIE
    return {side: p for side, p in chances.items() if ties or side != Winner.TIE.value}


def tie_note(odds: ContestOdds) -> Text:
    """How the system settles equal totals."""
    if tie_rule(odds.system) is Winner.DEFENDER:
        return Text(f"equal totals go to the defender in {odds.system}", style="dim")
    return Text(f"equal totals are a tie in {odds.system}", style="dim")


def contest_view(odds: ContestOdds, simulated: ContestOdds | None = None) -> Group:
    """Everything about a contest: who wins after the tie rule, the margin, both means."""
    winner = chances_table(
        "Winner", sides(odds.system, odds.winner), simulated.winner if simulated else None
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
