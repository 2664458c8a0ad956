"""Distributions spread over a million totals: the terminal and the plot show where the mass is.

A table once showed only ``0  0.00%`` next to ``mean 9990000``, and the plot empty axes with a
negative y axis, because no single total reached the chance a row needs.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from dicepool.cli.main import cli
from dicepool.cli.plot import lines_figure, series, trimmed
from dicepool.cli.render_odds import MAX_ROWS, nice_step
from dicepool.notation import parse
from dicepool.odds import Distribution, odds

WIDE = "custom 300d1000 t2 again 2"  # mean 299700, sd ~17300: no total reaches 0.005 %
RANGE_ROW = re.compile(r"^\s*(\d+)-(\d+)\s+(\S+%)")


def wide() -> Distribution:
    found = odds(parse(WIDE))
    assert isinstance(found, Distribution)
    return found


def test_a_wide_distribution_is_shown_in_steps_around_its_mean() -> None:
    result = CliRunner().invoke(cli, ["odds", WIDE])
    assert result.exit_code == 0, result.output
    rows = [RANGE_ROW.match(line) for line in result.output.splitlines()]
    ranges = [(int(m[1]), int(m[2])) for m in rows if m]
    assert 20 <= len(ranges) <= MAX_ROWS
    step = ranges[0][1] - ranges[0][0] + 1
    assert f"({step} totals a row)" in result.output
    assert all(b - a + 1 == step and a % step == 0 for a, b in ranges)
    assert ranges[0][0] < 299700 - 3 * 17300 and ranges[-1][1] > 299700 + 3 * 17300
    # the rows hold nearly all the mass, and the one around the mean is the likeliest
    exact = wide()
    held = exact.at_least(ranges[0][0]) - exact.at_least(ranges[-1][1] + 1)
    assert held > 1 - 2e-4
    middle = next(m for m in rows if m and int(m[1]) <= 299700 <= int(m[2]))
    assert float(middle[3].rstrip("%")) > 100 * 0.9 * step / (17300 * 2.5066)


def test_a_wide_contest_margin_is_shown_in_steps() -> None:
    result = CliRunner().invoke(cli, ["odds", f"{WIDE} vs {WIDE}"])
    assert result.exit_code == 0, result.output
    assert "margins a row)" in result.output
    margin_rows = [line for line in result.output.splitlines() if ".." in line and "%" in line]
    assert 20 <= len(margin_rows) <= MAX_ROWS


def test_narrow_distributions_keep_a_row_per_total() -> None:
    result = CliRunner().invoke(cli, ["odds", "chronicles 5"])
    assert "totals a row" not in result.output
    firsts = [line.split()[0] for line in result.output.splitlines() if "%" in line]
    assert [k for k in firsts if k.isdigit()] == [str(k) for k in range(9)]


@pytest.mark.parametrize(
    ("width", "step"), [(1, 1), (2, 2), (3, 5), (5, 5), (6, 10), (11, 20), (21, 50), (4001, 5000)]
)
def test_steps_are_round_numbers(width: int, step: int) -> None:
    assert nice_step(width) == step


def test_the_plot_of_a_wide_distribution_draws_its_curve_above_zero() -> None:
    plt, figure = lines_figure([WIDE, "custom 250d1000 t2 again 2"])
    try:
        (axes,) = figure.axes
        assert axes.get_ylim()[0] == 0
        curves = axes.get_lines()
        assert len(curves) == 2
        x, y = curves[0].get_data()
        peak = float(x[y.argmax()])
        assert abs(peak - 299700) < 2000
        assert 0.8 * 2.3e-5 < float(y.max()) < 1.2 * 2.3e-5  # 1 / (sd * sqrt(2 pi))
    finally:
        plt.close(figure)
    window = trimmed([series(wide())])
    assert window.start < 299700 - 3 * 17300 and window.stop > 299700 + 3 * 17300


def test_the_plot_of_a_narrow_distribution_keeps_its_bars() -> None:
    plt, figure = lines_figure(["chronicles 6"])
    try:
        (axes,) = figure.axes
        assert axes.get_ylim()[0] == 0
        assert len(axes.patches) >= 8  # bars, not a curve: the one line marks exceptional (5+)
        assert all(len(set(line.get_xdata())) == 1 for line in axes.get_lines())
    finally:
        plt.close(figure)


def test_a_margin_spread_thin_shows_its_mass_not_just_its_peak() -> None:
    # 30 d1000 a side: the margin's likeliest values are barely above 0.005 % (sd ~7740)
    line = "custom 30d1000 t2 again 2"
    result = CliRunner().invoke(cli, ["odds", f"{line} vs {line}"])
    assert result.exit_code == 0, result.output
    ranges = re.findall(r"^\s*([-+]?\d+)\.\.([-+]?\d+)\s", result.output, flags=re.MULTILINE)
    assert int(ranges[0][0]) < -3 * 7740 and int(ranges[-1][1]) > 3 * 7740
    assert len(ranges) <= MAX_ROWS
