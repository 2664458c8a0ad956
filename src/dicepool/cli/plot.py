"""`dicepool plot LINE... -o FILE`: draw distributions (or a chart) to a PNG or SVG file.

Several single rolls are drawn as grouped bars with a legend; contests as the distribution of
the margin (attacker minus defender). ``--chart SYSTEM`` draws one curve per difficulty over the
pools instead. Chances are drawn in percent, as the command line prints them; a chronicles
roll's plot marks where an exceptional success begins. matplotlib is imported inside the
command, with the Agg backend (no display).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from textwrap import shorten
from typing import TYPE_CHECKING, Any

import click

from dicepool.cli.axes import AXES, SystemName, chart_options, stat_label
from dicepool.cli.safe import visible
from dicepool.errors import DicepoolError

if TYPE_CHECKING:
    from dicepool.core.request import Request
    from dicepool.odds import Chart, ContestOdds, Distribution
    from dicepool.odds.records import Pmf

FORMATS = (".png", ".svg")
SHOWN = 5e-5
"""Bars below this chance at either end of the axis are left out."""

MAX_LINES = 8
"""The most lines one plot draws side by side."""

MAX_BARS = 60
"""Up to this many x values get a bar each; more are drawn as curves."""

MAX_POINTS = 1000
"""The most points a curve has (a wide distribution's totals are averaged in steps)."""

MAX_SAID = 200
"""The longest account of what was drawn, in characters (eight long lines are cut)."""


def output_path(ctx: click.Context, param: click.Parameter, value: str) -> Path:
    """The output file: a .png or .svg name in a directory that exists."""
    path = Path(value)
    if path.name.lower() in FORMATS:  # ".png": a suffix with no name before it
        raise click.BadParameter(
            f"the file name is missing in {value!r}; name the file, e.g. odds{path.name}",
            ctx,
            param,
        )
    if path.suffix.lower() not in FORMATS:
        raise click.BadParameter(
            f"{value!r} does not end in .png or .svg; name the file e.g. odds.png", ctx, param
        )
    try:
        exists = path.parent.is_dir()
    except OSError as exc:  # a name too long for the file system, say
        raise click.BadParameter(f"cannot use {value!r}: {exc.strerror}", ctx, param) from exc
    if not exists:
        raise click.BadParameter(f"the directory {str(path.parent)!r} does not exist", ctx, param)
    return path


@dataclass(frozen=True)
class Series:
    """What one line puts on the x axis: ``values[i]`` is the chance of ``origin + i``."""

    origin: int
    values: Pmf

    def at(self, xs: range) -> Pmf:
        """The chances at ``xs`` (0 outside the series)."""
        import numpy as np

        out = np.zeros(len(xs))
        low, high = max(xs.start, self.origin), min(xs.stop, self.origin + self.values.size)
        if low < high:
            out[low - xs.start : high - xs.start] = self.values[
                low - self.origin : high - self.origin
            ]
        return out


def series(result: Distribution | ContestOdds) -> Series:
    """A roll's totals from 0, or a contest's margin from its lowest."""
    from dicepool.cli.render_odds import margin_array

    if hasattr(result, "margin"):
        return Series(*margin_array(result.margin))
    return Series(0, result.pmf)


def trimmed(all_series: list[Series]) -> range:
    """The x values worth drawing in any series: those whose chance is at least ``SHOWN``, and
    the central ones holding all but ``SHOWN`` of the mass at each end (where the mass is
    spread over a million totals, no single one is that likely)."""
    from dicepool.cli.render_odds import shown_window

    low, high = [], []
    for one in all_series:
        window = shown_window(one.values)
        low.append(window.start + one.origin)
        high.append(window.stop + one.origin)
    return range(min(low), max(high)) if low else range(1)


def parse_lines(texts: list[str]) -> list[Request]:
    """Each argument is a line; if one does not parse, try all the words as one line.

    So both ``plot "chronicles 6" "chronicles 7"`` and ``plot chronicles 6`` do what was meant.
    """
    from dicepool.notation import parse

    try:
        return [parse(text) for text in texts]
    except DicepoolError:
        if len(texts) == 1:
            raise
        try:
            return [parse(" ".join(texts))]
        except DicepoolError:
            pass
        raise


def draw_lines(texts: list[str], path: Path) -> str:
    """Parse, compute and draw each line's distribution, and save it; returns what was drawn,
    in words."""
    plt, figure = lines_figure(texts)
    save(plt, figure, path)
    from dicepool.core.request import ContestRequest
    from dicepool.notation import render

    requests = parse_lines(texts)  # parsed once already (parse keeps what it read)
    names = [render(r) for r in requests]
    named = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    margin = " (the margin)" if isinstance(requests[0], ContestRequest) else ""
    return f"the odds of {named}{margin}"


def lines_figure(texts: list[str]) -> tuple[Any, Any]:
    """Each line's distribution as grouped bars, or as curves where the totals are too many
    for a bar each; returns pyplot and the figure."""
    from dicepool.core.request import ContestRequest
    from dicepool.notation import render
    from dicepool.odds import Budget, odds

    if len(texts) > MAX_LINES:
        raise DicepoolError(f"plot draws at most {MAX_LINES} lines at once, not {len(texts)}")
    requests = parse_lines(texts)
    kinds = {isinstance(r, ContestRequest) for r in requests}
    if len(kinds) > 1:
        raise DicepoolError("plot single rolls or contests, not both in one picture")
    budget = Budget()  # one for every line drawn
    results = [series(odds(r, budget)) for r in requests]
    systems = {r.system for r in requests}
    word = "hits" if systems == {"sundown"} else "successes"
    xlabel = f"margin ({word}, attacker minus defender)" if kinds == {True} else word
    xs = trimmed(results)
    names = [render(r) for r in requests]
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 4.5))
    if len(xs) <= MAX_BARS:
        bars(axes, xs, results, names)
    else:
        curves(axes, xs, results, names)
    axes.set_ylim(bottom=0)  # probabilities: never a negative axis, even with nothing to draw
    if kinds == {False}:
        mark_exceptional(axes, requests, xs)
    axes.set_xlabel(xlabel)
    in_percent(axes, "chance")
    axes.legend()
    axes.set_title("Exact distribution")
    return plt, figure


def in_percent(axes: Any, label: str) -> None:
    """The y axis of chances in percent (0-100%), as the command line prints them."""
    from matplotlib.ticker import PercentFormatter

    axes.yaxis.set_major_formatter(PercentFormatter(xmax=1.0))
    axes.set_ylabel(f"{label} in %")


def mark_exceptional(axes: Any, requests: Sequence[Request], xs: range) -> None:
    """A line where a chronicles roll's exceptional success begins (five successes), when a
    chronicles roll is drawn and that total is on the axis."""
    from dicepool.core.chronicles import EXCEPTIONAL_AT

    if EXCEPTIONAL_AT in xs and any(r.system == "chronicles" for r in requests):
        axes.axvline(
            EXCEPTIONAL_AT - 0.5,
            color="0.35",
            linestyle="--",
            linewidth=1,
            label=f"exceptional success ({EXCEPTIONAL_AT}+)",
        )


def bars(axes: Any, xs: range, results: list[Series], names: list[str]) -> None:
    """One bar per x value and line, side by side."""
    width = 0.8 / len(results)
    for i, (name, values) in enumerate(zip(names, results, strict=True)):
        offsets = [x - 0.4 + width * (i + 0.5) for x in xs]
        axes.bar(offsets, values.at(xs).tolist(), width, label=name)
    axes.set_xticks(list(xs) if len(xs) <= 40 else list(xs)[:: len(xs) // 20 + 1])


def curves(axes: Any, xs: range, results: list[Series], names: list[str]) -> None:
    """One curve per line, each point the mean chance of ``step`` neighbouring totals."""
    import numpy as np

    step = -(-len(xs) // MAX_POINTS)
    size = -(-len(xs) // step) * step
    for name, values in zip(names, results, strict=True):
        chances = np.pad(values.at(xs), (0, size - len(xs))).reshape(-1, step).mean(axis=1)
        middles = xs.start + step * np.arange(chances.size) + (step - 1) / 2
        axes.plot(middles, chances, label=name)
    axes.ticklabel_format(axis="x", style="plain", useOffset=False)


def draw_chart(grid: Chart, path: Path) -> str:
    """One curve per difficulty over the pools; returns what was drawn, in words."""
    plt, figure = chart_figure(grid)
    save(plt, figure, path)
    axis, label = AXES[grid.system][0], stat_label(grid.system, grid.stat)
    pools, across = _span(grid.pools), _span(grid.difficulties)
    return f"{grid.system}'s {label} by pool {pools} and {axis} {across}"


def chart_figure(grid: Chart) -> tuple[Any, Any]:
    """The chart's curves, a chance in percent (a mean as it is); returns pyplot and the
    figure."""
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 4.5))
    axis = AXES[grid.system][0]
    for j, difficulty in enumerate(grid.difficulties):
        axes.plot(grid.pools, grid.values[:, j], marker="o", label=f"{axis} {difficulty}")
    axes.set_xlabel("pool")
    axes.xaxis.get_major_locator().set_params(integer=True)  # pools are whole dice
    label = stat_label(grid.system, grid.stat)
    if grid.stat == "mean":
        axes.set_ylabel(label)
    else:
        in_percent(axes, label)
    axes.set_title(f"{grid.system}: {label}")
    axes.legend(fontsize="small")
    return plt, figure


def _span(values: Sequence[int]) -> str:
    """``1-10`` for a run of whole numbers, else ``2, 4, 6``."""
    run = list(values) == list(range(values[0], values[0] + len(values))) if values else False
    return f"{values[0]}-{values[-1]}" if run and len(values) > 1 else ", ".join(map(str, values))


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save(plt: Any, figure: Any, path: Path) -> None:
    """Write the figure, translating a file system error into one line."""
    figure.tight_layout()
    try:
        figure.savefig(path, format=path.suffix.lower().lstrip("."))
    except OSError as exc:
        raise DicepoolError(f"cannot write {path}: {exc.strerror or exc}") from exc
    finally:
        plt.close(figure)


@click.command()
@click.argument("line", nargs=-1)
@click.option(
    "-o",
    "--output",
    required=True,
    callback=output_path,
    metavar="FILE.png|FILE.svg",
    help="The file to write; its extension picks the format.",
)
@click.option(
    "--chart", "system", type=SystemName(), help="Draw a chart of SYSTEM (a name or an alias)."
)
@chart_options
def plot(
    line: tuple[str, ...],
    output: Path,
    system: str | None,
    pools: tuple[int, ...],
    difficulties: tuple[int, ...] | None,
    stat: str | None,
) -> None:
    """Draw each LINE's distribution (quote each line), or a --chart, to a PNG or SVG file.

    \b
    Examples:
      dicepool plot "chronicles 6" "chronicles 6 rote" -o rote.png
      dicepool plot --chart classic --pools 1-10 --difficulties 4-8 --stat success -o c.svg
    """
    chart_only = [
        f"--{name}"
        for name in ("pools", "difficulties", "stat")
        if click.get_current_context().get_parameter_source(name)
        is not click.core.ParameterSource.DEFAULT
    ]
    if system is None and chart_only:
        raise click.UsageError(
            f"{', '.join(chart_only)} {'describe' if len(chart_only) > 1 else 'describes'} a "
            f"chart: add --chart SYSTEM, or leave {'them' if len(chart_only) > 1 else 'it'} out "
            "to draw the lines' distributions"
        )
    if system is not None:
        if line:
            raise click.UsageError("give either roll lines or --chart SYSTEM, not both")
        from dicepool.cli.chart import build_chart

        drawn = draw_chart(build_chart(system, pools, difficulties, stat), output)
    elif not line:
        raise click.UsageError(
            'give at least one roll line (quoted, e.g. "chronicles 6") or --chart'
        )
    else:
        drawn = draw_lines(list(line), output)
    # one line: what was drawn and where (the file's whole path), user text escaped
    where = visible(str(output.resolve()))
    click.echo(f"wrote {where}: {visible(shorten(drawn, MAX_SAID, placeholder=' ...'))}")
