"""`dicepool compare LINE LINE`: how each outcome's chance (and the mean) moves between two lines.

For example with and without Willpower: ``dicepool compare "classic 6" "classic 6 wp"``. Two
single rolls compare their outcomes, the chance of at least one success (``at_least_one`` in
the JSON: one meaning across systems, where ``success`` may leave out an exceptional success)
and the mean; two contests compare who wins.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from dicepool.cli.render_odds import OUTCOME_COLOURS, label, percent
from dicepool.core.request import ContestRequest, Request
from dicepool.errors import OddsError
from dicepool.notation import parse, render
from dicepool.odds import Budget, ContestOdds, Distribution, odds


def chances(result: Distribution | ContestOdds) -> dict[str, float]:
    """What is compared: a roll's outcomes, or who wins a contest."""
    return dict(result.winner if isinstance(result, ContestOdds) else result.outcomes)


def changes(first: Mapping[str, float], second: Mapping[str, float]) -> dict[str, float]:
    """Second minus first for every key of either, in first-seen order."""
    keys = list(dict.fromkeys([*first, *second]))
    return {k: second.get(k, 0.0) - first.get(k, 0.0) for k in keys}


def at_least_one(result: Distribution | ContestOdds) -> float | None:
    """A single roll's P(total >= 1), whatever the outcome classes (None for a contest).

    A roll's ``success`` outcome is not the same thing everywhere: chronicles keeps its
    exceptional successes apart, so going from classic to chronicles "loses" success while
    the chance of at least one success rises. This row says that plainly.
    """
    return result.at_least(1) if isinstance(result, Distribution) else None


def mean_of(result: Distribution | ContestOdds) -> float | None:
    """A single roll's mean total (None for a contest)."""
    return result.mean if isinstance(result, Distribution) else None


def signed_points(delta: float) -> Text:
    """A change in percentage points, green when up, red when down."""
    if abs(delta) < 5e-7:
        return Text("±0.00", style="dim")
    return Text(f"{100 * delta:+.2f}", style="green" if delta > 0 else "red")


def compare_table(
    names: tuple[str, str], first: Distribution | ContestOdds, second: Distribution | ContestOdds
) -> Table:
    """One row per outcome (or side): each line's chance and the change in points."""
    a, b = chances(first), chances(second)
    table = Table(box=None, padding=(0, 1))
    table.add_column("")
    table.add_column(names[0], justify="right")
    table.add_column(names[1], justify="right")
    table.add_column("change (points)", justify="right")
    for key, delta in changes(a, b).items():
        table.add_row(
            Text(label(key), style=OUTCOME_COLOURS.get(key, "cyan")),
            percent(a.get(key, 0.0)),
            percent(b.get(key, 0.0)),
            signed_points(delta),
        )
    p1, p2 = at_least_one(first), at_least_one(second)
    if p1 is not None and p2 is not None:
        words = {first.system, second.system} == {"sundown"}
        table.add_row(
            f"at least one {'hit' if words else 'success'}",
            percent(p1),
            percent(p2),
            signed_points(p2 - p1),
        )
    m1, m2 = mean_of(first), mean_of(second)
    if m1 is not None and m2 is not None:
        change = Text(f"{m2 - m1:+.3f}", style="green" if m2 > m1 else "red" if m2 < m1 else "dim")
        table.add_row("mean", f"{m1:.3f}", f"{m2:.3f}", change)
    return table


def both(texts: tuple[str, str]) -> tuple[Request, Request]:
    """Parse both lines; refuse a single roll against a contest."""
    first, second = parse(texts[0]), parse(texts[1])
    if isinstance(first, ContestRequest) != isinstance(second, ContestRequest):
        raise OddsError("compare two single rolls or two contests, not one of each")
    return first, second


@click.command()
@click.argument("first")
@click.argument("second")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def compare(first: str, second: str, as_json: bool) -> None:
    """The change in each outcome's chance from FIRST to SECOND (quote each line).

    \b
    Example:
      dicepool compare "classic 6 diff 7" "classic 6 diff 7 wp"
    """
    requests = both((first, second))
    budget = Budget()  # one for both lines
    results = (odds(requests[0], budget), odds(requests[1], budget))
    names = (render(requests[0]), render(requests[1]))
    if as_json:
        click.echo(json.dumps(compare_json(names, *results)))
        return
    Console(highlight=False).print(compare_table(names, *results))


def compare_json(
    names: tuple[str, str], first: Distribution | ContestOdds, second: Distribution | ContestOdds
) -> dict[str, object]:
    """The one JSON object `dicepool compare --json` prints."""
    sides: list[dict[str, object]] = []
    for name, result in zip(names, (first, second), strict=True):
        side: dict[str, object] = {"notation": name, "chances": chances(result)}
        if (one := at_least_one(result)) is not None:
            side["at_least_one"] = one
        if (mean := mean_of(result)) is not None:
            side["mean"] = mean
        sides.append(side)
    payload: dict[str, object] = {
        "first": sides[0],
        "second": sides[1],
        "change": changes(chances(first), chances(second)),
    }
    p1, p2 = at_least_one(first), at_least_one(second)
    if p1 is not None and p2 is not None:
        payload["at_least_one_change"] = p2 - p1
    m1, m2 = mean_of(first), mean_of(second)
    if m1 is not None and m2 is not None:
        payload["mean_change"] = m2 - m1
    return payload
