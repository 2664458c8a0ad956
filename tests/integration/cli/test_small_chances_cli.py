"""A designer's chart and plots: small chances with their figures, chances in percent on the
plots as on the command line, and a chronicles plot that marks the exceptional success."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner
from matplotlib.ticker import PercentFormatter

from dicepool.cli.chart import build_chart
from dicepool.cli.main import cli
from dicepool.cli.plot import chart_figure, lines_figure


def classic_botch(pool: int, difficulty: int) -> float:
    """A plain classic roll's botch, closed form: no die at the difficulty or above (so no
    success at all), less those with no 1 either."""
    below, blank = (difficulty - 1) / 10, (difficulty - 2) / 10
    return below**pool - blank**pool


def two_figures(p: float) -> str:
    """``p`` as a percentage to two significant figures (trailing zeros kept), written by
    Python's own format rather than the chart's code."""
    digits = f"{100 * p:#.2g}"
    assert "e" not in digits, "the chances tested here are 0.0001% or more"
    return f"{digits}%"


@pytest.mark.parametrize(("pool", "difficulty"), [(12, 6), (10, 6), (9, 5), (6, 4), (4, 4)])
def test_a_small_botch_rate_keeps_two_figures(pool: int, difficulty: int) -> None:
    expected = classic_botch(pool, difficulty)
    assert 1e-6 < expected < 0.01  # the rows a designer asks about: below 1%
    done = CliRunner().invoke(
        cli,
        [
            *("chart", "classic", "--pools", str(pool), "--difficulties", str(difficulty)),
            *("--stat", "botch", "--format", "markdown"),
        ],
    )
    assert done.exit_code == 0, done.output
    assert f"| {pool} | {two_figures(expected)} |" in done.output
    assert "| 0.0% |" not in done.output


def test_ordinary_chances_keep_one_decimal() -> None:
    done = CliRunner().invoke(
        cli,
        [
            *("chart", "classic", "--pools", "1,3", "--difficulties", "6"),
            *("--stat", "botch", "--format", "markdown"),
        ],
    )
    assert done.exit_code == 0, done.output
    assert "| 1 | 10.0% |" in done.output  # one die: its 1, and nothing else
    assert f"| 3 | {100 * classic_botch(3, 6):.1f}% |" in done.output  # 6.1%


def test_a_plot_draws_chances_in_percent_and_marks_the_exceptional_success() -> None:
    plt, figure = lines_figure(["chronicles 6", "classic 6"])
    try:
        (axes,) = figure.axes
        assert isinstance(axes.yaxis.get_major_formatter(), PercentFormatter)
        assert axes.get_ylabel() == "chance in %"
        figure.canvas.draw()
        ticks = [t.get_text() for t in axes.get_yticklabels() if t.get_text()]
        assert ticks and all(t.endswith("%") for t in ticks)
        marks = [line for line in axes.get_lines() if "exceptional" in line.get_label()]
        assert [m.get_label() for m in marks] == ["exceptional success (5+)"]
        assert list(marks[0].get_xdata()) == [4.5, 4.5]  # between 4 successes and 5
        heights = [bar.get_height() for bar in axes.patches]
        assert max(heights) < 1 and math.isclose(sum(heights), 2.0, abs_tol=1e-4)  # two rolls
    finally:
        plt.close(figure)


@pytest.mark.parametrize("lines", [["classic 6"], ["chronicles 6 vs chronicles 5"]])
def test_no_exceptional_mark_where_no_exceptional_success_is_drawn(lines: list[str]) -> None:
    plt, figure = lines_figure(lines)
    try:
        (axes,) = figure.axes
        assert not [line for line in axes.get_lines() if "exceptional" in line.get_label()]
        assert isinstance(axes.yaxis.get_major_formatter(), PercentFormatter)
    finally:
        plt.close(figure)


def test_a_charts_chances_are_in_percent_and_its_means_are_not() -> None:
    for stat, percent in (("botch", True), ("mean", False)):
        plt, figure = chart_figure(build_chart("classic", (1, 2, 3), (6,), stat))
        try:
            (axes,) = figure.axes
            shown = isinstance(axes.yaxis.get_major_formatter(), PercentFormatter)
            assert shown is percent, stat
            assert axes.get_ylabel().endswith(" in %") is percent
        finally:
            plt.close(figure)
