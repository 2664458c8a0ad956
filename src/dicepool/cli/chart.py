"""`dicepool chart SYSTEM`: one statistic over a grid of pools and the system's difficulties.

Rows are pools, columns the system's own difficulty axis (see ``cli/axes.py``). The csv format is
for other programs: a header ``pool,<difficulty>,...`` and every value at full precision (the
float's repr: no percent, no rounding); table and markdown are for people.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from dicepool.cli.axes import (
    AXES,
    SystemName,
    chart_options,
    difficulties_for,
    flat_note,
    stat_for,
    stat_label,
)
from dicepool.errors import LimitError

if TYPE_CHECKING:
    from rich.console import Console, Group

    from dicepool.odds import Chart


SLOW_POOL = 2000
"""Charts with a pool this large take seconds (a classic pool of 10000 about fifteen): a spinner
on stderr says something is happening."""


def build_chart(
    system: str, pools: tuple[int, ...], difficulties: tuple[int, ...] | None, asked: str | None
) -> Chart:
    """Compute the chart asked for (numpy is imported only here).

    With no statistic asked for, the system's default (one that varies along its axis); a
    statistic that cannot vary along it gets a note on stderr. Probabilities are clipped to
    0..1: summed in float64 over thousands of terms, a certain success can come out a few 1e-13
    above 1, which no probability may print as.
    """
    import numpy as np

    from dicepool.odds import chart

    stat = stat_for(system, asked)
    note = flat_note(system, stat)
    if note is not None:
        click.echo(note, err=True)
    axis = difficulties_for(system, difficulties)
    if max(pools) >= SLOW_POOL:
        from rich.console import Console

        with Console(stderr=True).status(f"computing {len(pools) * len(axis)} cells..."):
            grid = chart(system, pools, axis, stat)
    else:
        grid = chart(system, pools, axis, stat)
    if stat == "mean":
        return grid
    return replace(grid, values=np.clip(grid.values, 0.0, 1.0))


def title(grid: Chart) -> str:
    """What the chart shows, in words."""
    axis = AXES[grid.system][0]
    return (
        f"{grid.system}: {stat_label(grid.system, grid.stat)} by pool (rows) and {axis} (columns)"
    )


SMALL = 1e-2
"""Below this chance (1%), and as close to certain, a cell gives two significant figures, as
every other cell has: a classic botch rate of 0.035% is what a designer reads a chart for,
never 0.0% (nor 0.26% as 0.3%)."""

FLOOR = 5e-11
"""Chances closer to 0 or 1 than this are beyond a float sum's noise (about 1e-13 over
thousands of terms, two figures asked for): said as ``<0.00000001%``."""


def cell(stat: str, value: float) -> str:
    """A value for people: a mean to two decimals, a chance as a percentage to one decimal,
    with two significant figures where it is within :data:`SMALL` of 0 or 1 (``0.035%``,
    ``99.65%``)."""
    if stat == "mean":
        return f"{value:.2f}"
    return percent_cell(value)


def percent_cell(p: float) -> str:
    """A chance as a percentage: ``42.7%``; ``0.035%`` and ``99.965%`` near the ends, where
    one decimal would print 0.0% and 100.0%; exactly 0 and 1 as ``0.0%`` and ``100.0%``.

    >>> [percent_cell(p) for p in (0.427, 0.0026, 0.00035, 0.99965, 0.0)]
    ['42.7%', '0.26%', '0.035%', '99.965%', '0.0%']
    """
    if p in (0.0, 1.0) or SMALL <= p <= 1 - SMALL:
        return f"{100 * p:.1f}%"
    near = min(p, 1 - p)  # the figure that is small: the chance, or what it leaves
    if near < FLOOR:
        return "<0.00000001%" if p < 0.5 else ">99.99999999%"
    shown = float(f"{100 * near:.2g}")  # two significant figures, rounded first: 0.10, not 0.100
    decimals = 1 - math.floor(math.log10(shown))
    return f"{100 * p:.{decimals}f}%"


def to_csv(grid: Chart) -> str:
    """Header ``pool,<difficulty>,...``; one row per pool; values as Python's float repr."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["pool", *grid.difficulties])
    for pool, row in zip(grid.pools, grid.values, strict=True):
        writer.writerow([pool, *(repr(float(v)) for v in row)])
    return out.getvalue()


def to_markdown(grid: Chart) -> str:
    """A markdown table with the title above it."""
    lines = [
        f"**{title(grid)}**",
        "",
        "| pool | " + " | ".join(str(d) for d in grid.difficulties) + " |",
        "|---:|" + "---:|" * len(grid.difficulties),
    ]
    for pool, row in zip(grid.pools, grid.values, strict=True):
        lines.append(f"| {pool} | " + " | ".join(cell(grid.stat, float(v)) for v in row) + " |")
    return "\n".join(lines) + "\n"


def to_table(grid: Chart) -> Group:
    """The title and a rich table; each cell coloured from red (bad odds) to green (good).

    No column wraps or cuts its figures: the table is as wide as its widest cells.
    """
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table()
    table.add_column("pool", justify="right", style="bold", no_wrap=True, overflow="fold")
    for difficulty in grid.difficulties:
        table.add_column(str(difficulty), justify="right", no_wrap=True, overflow="fold")
    top = float(grid.values.max()) if grid.values.size else 1.0
    for pool, row in zip(grid.pools, grid.values, strict=True):
        table.add_row(str(pool), *(shade(grid.stat, float(v), top) for v in row))
    return Group(Text(title(grid), style="bold"), table)


def print_table(grid: Chart, console: Console) -> None:
    """Print the table at its full width; refuse, in one line, a terminal too narrow for it.

    Printed to a file or a pipe the console is made as wide as the table; a terminal is what it
    is, and a table wider than it would wrap into a mess (or lose digits), so ``--format csv``
    is suggested instead.

    Raises:
        LimitError: the table is wider than the terminal.
    """
    from rich.console import Console

    view = to_table(grid)
    needed = Console(width=1 << 16).measure(view.renderables[-1]).maximum
    if console.is_terminal and needed > console.width:
        raise LimitError(
            f"the chart is {needed} characters wide and the terminal {console.width}: use "
            "--format csv (or markdown), a wider terminal, or fewer difficulties"
        )
    if not console.is_terminal:
        console.width = max(console.width, needed)
    console.print(view)


def shade(stat: str, value: float, top: float) -> str:
    """A cell with rich markup: green for a high share of the best value, red for a low one."""
    share = value if stat != "mean" else value / top if top > 0 else 0.0
    if stat == "botch":
        share = 1 - share  # a likely botch is bad news
    colour = "green" if share >= 0.67 else "yellow" if share >= 0.33 else "red"
    return f"[{colour}]{cell(stat, value)}[/]"


@click.command()
@click.argument("system", type=SystemName())
@chart_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "csv", "markdown"]),
    default="table",
    show_default=True,
    help="How to print the chart.",
)
def chart(
    system: str,
    pools: tuple[int, ...],
    difficulties: tuple[int, ...] | None,
    stat: str | None,
    fmt: str,
) -> None:
    """A STAT chart for SYSTEM over --pools and --difficulties.

    SYSTEM is a system's name or an alias (cod, wod, vtm, scion, sr, aoh...).

    \b
    Examples:
      dicepool chart classic --pools 1-10 --difficulties 2-10 --stat mean
      dicepool chart cod --pools 1-20 --stat exceptional --format csv
    """
    grid = build_chart(system, pools, difficulties, stat)
    if fmt == "csv":
        click.echo(to_csv(grid), nl=False)
    elif fmt == "markdown":
        click.echo(to_markdown(grid), nl=False)
    else:
        from rich.console import Console

        print_table(grid, Console(highlight=False))
