"""The odds commands stay quick and short, never cut a figure, and say what they mean.

Cost guards answer in one line (exit 2) with the limit and how to ask differently; long
answers are shown as the rows that matter; chart tables are as wide as their figures.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from dicepool.cli.axes import WITH_EXCEPTIONAL, stat_label
from dicepool.cli.chart import build_chart, print_table
from dicepool.cli.main import cli
from dicepool.errors import LimitError
from dicepool.notation import parse
from dicepool.odds import Distribution, chart, odds
from dicepool.odds.chart import STATS

DICEPOOL = Path(sys.executable).parent / "dicepool"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def roll(line: str) -> Distribution:
    found = odds(parse(line))
    assert isinstance(found, Distribution)
    return found


def table_rows(output: str) -> list[str]:
    """Lines of a table: a count (or a range of them), then a percentage."""
    return [line for line in output.splitlines() if re.match(r"^\s*\d+(-\d+)?\s+\S*%", line)]


# --- long questions: short answers ------------------------------------------------------------


def test_a_large_pool_reaching_a_goal_in_two_rolls_answers_at_once() -> None:
    result = invoke("odds", "sundown 10000 second-chance", "--goal", "10000", "--rolls", "10000")
    assert result.exit_code == 0, result.output
    assert "P(10000 hits within 10000 rolls) = >99.99%" in result.output
    rows = table_rows(result.output.split("Rolls needed")[1])
    assert [row.split()[0] for row in rows] == ["2"]  # two rolls, not ten thousand rows
    assert len(result.output.splitlines()) < 80


def test_a_long_extended_action_shows_the_rolls_that_matter() -> None:
    result = invoke("odds", "chronicles 3", "--goal", "10000", "--rolls", "100000", "--json")
    assert result.exit_code == 0, result.output
    extended = json.loads(result.output)["extended"]
    assert 1.0 - extended["chance"] <= extended["tail_bound"] < 1e-10
    assert 9900 < extended["expected_rolls"] < 10100
    assert len(extended["needed"]) < 5000
    text = invoke("odds", "chronicles 3", "--goal", "10000", "--rolls", "100000").output
    assert "rolls a row)" in text
    rows = [line for line in text.splitlines() if re.match(r"^\s*\d+-\d+\s", line)]
    assert 10 < len(rows) <= 40
    assert any(int(a) <= 10000 <= int(b) for a, b in (r.split()[0].split("-") for r in rows))


def test_a_complex_action_of_a_hundred_thousand_intervals() -> None:
    args = ("odds", "storypath 3", "--milestones", "99999", "--intervals", "99999")
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert "(50 Milestones a row)" in result.output
    assert len(result.output.splitlines()) < 80
    gathered = json.loads(invoke(*args, "--json").output)["complex_action"]["gathered"]
    assert 1000 < len(gathered) < 5000


@pytest.mark.parametrize("option", ["--rolls", "--milestones", "--intervals"])
def test_counts_over_the_limit_are_usage_errors(option: str) -> None:
    extra = ["--goal", "3"] if option == "--rolls" else []
    extra += ["--milestones", "2"] if option == "--intervals" else []
    extra += ["--intervals", "5"] if option == "--milestones" else []
    result = invoke("odds", "storypath 3", *extra, option, "100001")
    assert result.exit_code == 2
    assert "100001 is not in the range 1<=x<=100000" in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("chronicles 1 vs chronicles 1", "--goal", "10000"), "the race would take about"),
        (("custom 10d1000 t2 again 2", "--simulate", "100000"), "512 MiB; ask for at most "),
    ],
)
def test_cost_guards_answer_in_one_line(args: tuple[str, ...], words: str) -> None:
    done = subprocess.run(
        [str(DICEPOOL), "odds", *args], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 2
    assert words in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_race_of_ten_thousand_rounds_is_answered() -> None:
    result = invoke("odds", "chronicles 3 vs chronicles 2", "--goal", "10000", "--rolls", "10000")
    assert result.exit_code == 0, result.output
    race = json.loads(
        invoke(
            "odds", "chronicles 3 vs chronicles 2", "--goal", "10000", "--rolls", "10000", "--json"
        ).output
    )["first_to"]
    assert race["winner"]["attacker"] + race["unresolved"] == pytest.approx(1.0, abs=1e-6)
    assert race["leader"]["attacker"] > 0.99 * race["unresolved"]


# --- charts: the largest pools, every digit ----------------------------------------------------


def test_the_chart_of_the_largest_classic_pools_prints_every_digit() -> None:
    result = invoke(
        "chart", "classic", "--pools", "9901-10000", "--difficulties", "2-10", "--stat", "mean"
    )
    assert result.exit_code == 0, result.output
    assert "…" not in result.output
    grid = chart("classic", range(9901, 10001), range(2, 11), "mean")
    lines = {line.split()[1]: line for line in result.output.splitlines() if "│" in line}
    for i in (0, 57, 99):
        cells = lines[str(9901 + i)].split("│")[2:-1]
        assert [c.strip() for c in cells] == [f"{v:.2f}" for v in grid.values[i]]


def test_a_hundred_difficulties_are_printed_in_full_to_a_pipe() -> None:
    result = invoke("chart", "sundown", "--pools", "1-3", "--difficulties", "1-100")
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if line.startswith("┃"))
    assert [c.strip() for c in header.split("┃")[1:-1]] == ["pool", *map(str, range(1, 101))]
    assert "…" not in result.output


def test_a_table_wider_than_the_terminal_says_so() -> None:
    grid = build_chart("sundown", (1, 2, 3), tuple(range(1, 101)), "success")
    terminal = Console(file=io.StringIO(), force_terminal=True, width=80)
    with pytest.raises(LimitError, match="--format csv"):
        print_table(grid, terminal)
    narrow = build_chart("sundown", (1, 2, 3), (1, 2), "success")
    print_table(narrow, terminal)
    assert isinstance(terminal.file, io.StringIO) and "33.3%" in terminal.file.getvalue()


# --- one meaning of success --------------------------------------------------------------------


def test_compare_adds_the_chance_of_at_least_one_success() -> None:
    result = invoke("compare", "classic 6", "chronicles 6")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "at least one success" in line)
    classic, chronicles = roll("classic 6"), roll("chronicles 6")
    assert f"{100 * classic.at_least(1):.2f}%" in row
    assert f"{100 * chronicles.at_least(1):.2f}%" in row
    change = 100 * (chronicles.at_least(1) - classic.at_least(1))
    assert change > 0 and f"{change:+.2f}" in row  # while "success" alone falls
    payload: dict[str, Any] = json.loads(
        invoke("compare", "classic 6", "chronicles 6", "--json").output
    )
    assert payload["second"]["at_least_one"] == pytest.approx(chronicles.at_least(1))
    assert payload["at_least_one_change"] == pytest.approx(change / 100)
    assert payload["change"]["success"] < 0
    assert set(payload["second"]["chances"]) == {"success", "exceptional", "failure"}
    hits = invoke("compare", "sundown 3", "sundown 4").output
    assert "at least one hit" in hits


def test_the_chart_says_when_success_counts_exceptional_successes() -> None:
    assert frozenset(STATS["exceptional"]) == WITH_EXCEPTIONAL
    result = invoke("chart", "chronicles", "--pools", "1-2", "--stat", "success")
    assert "success (incl. exceptional)" in result.output
    plain = invoke("chart", "hubris", "--pools", "1-2", "--stat", "success").output
    assert "incl. exceptional" not in plain and "P(success)" in plain
    assert stat_label("sundown", "mean") == "mean hits"
