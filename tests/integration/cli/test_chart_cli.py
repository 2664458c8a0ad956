"""`dicepool chart`: csv at full precision against independent computations; ranges and limits."""

from __future__ import annotations

import csv
import io
import itertools
import subprocess
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

import icepool
import pytest
from click.testing import CliRunner, Result

from dicepool.cli.main import cli

DICEPOOL = Path(sys.executable).parent / "dicepool"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, ["chart", *args])


def read_csv(text: str) -> tuple[list[str], dict[int, list[float]]]:
    rows = list(csv.reader(io.StringIO(text)))
    return rows[0], {int(row[0]): [float(v) for v in row[1:]] for row in rows[1:]}


@cache
def classic_brute(pool: int, difficulty: int) -> dict[str, Fraction]:
    """Success chance, botch chance and mean successes of a plain classic roll, by listing faces."""
    success = botch = mean = Fraction(0)
    weight = Fraction(1, 10**pool)
    for faces in itertools.product(range(1, 11), repeat=pool):
        hits = sum(f >= difficulty for f in faces)
        ones = faces.count(1)
        net = max(0, hits - ones)
        success += weight * (net >= 1)
        botch += weight * (hits == 0 and ones >= 1)
        mean += weight * net
    return {"success": success, "botch": botch, "mean": mean}


def test_console_script_csv_header_and_values_match_a_brute_force_sum() -> None:
    done = subprocess.run(
        [
            str(DICEPOOL),
            "chart",
            "classic",
            "--pools",
            "1-3",
            "--difficulties",
            "6,7",
            "--stat",
            "success",
            "--format",
            "csv",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "pool,6,7"
    header, rows = read_csv(done.stdout)
    assert sorted(rows) == [1, 2, 3]
    for pool, difficulty in itertools.product((1, 2, 3), (6, 7)):
        exact = float(classic_brute(pool, difficulty)["success"])
        assert rows[pool][header.index(str(difficulty)) - 1] == pytest.approx(exact, abs=1e-15)
    # Full precision: each cell is the float's repr (no percent sign, no rounding).
    cells = [cell for line in done.stdout.splitlines()[1:] for cell in line.split(",")[1:]]
    assert all("%" not in c and 0.0 <= float(c) <= 1.0 and repr(float(c)) == c for c in cells)


@pytest.mark.parametrize("stat", ["mean", "botch"])
def test_classic_mean_and_botch_against_brute_force(stat: str) -> None:
    result = invoke(
        "classic", "--pools", "1-4", "--difficulties", "2-10", "--stat", stat, "--format", "csv"
    )
    assert result.exit_code == 0, result.output
    header, rows = read_csv(result.output)
    assert header == ["pool", *map(str, range(2, 11))]
    for pool in range(1, 4):
        for j, difficulty in enumerate(range(2, 11)):
            exact = float(classic_brute(pool, difficulty)[stat])
            assert rows[pool][j] == pytest.approx(exact, abs=1e-14)


def test_sundown_success_against_icepool() -> None:
    result = invoke(
        "sundown", "--pools", "1-8", "--difficulties", "1-4", "--stat", "success", "--format", "csv"
    )
    assert result.exit_code == 0, result.output
    header, rows = read_csv(result.output)
    assert header == ["pool", "1", "2", "3", "4"]
    hit = icepool.Die({0: 4, 1: 2})
    for pool in range(1, 9):
        for j, threshold in enumerate(range(1, 5)):
            exact = float((pool @ hit).probability(">=", threshold))
            assert rows[pool][j] == pytest.approx(exact, abs=1e-14)


def test_chronicles_exceptional_against_icepool_with_10_again() -> None:
    # A die scoring 101 on a 10 explodes; a total 101k + r is k tens and a last die worth r.
    one = icepool.Die({0: 7, 1: 2, 101: 1}).explode([101], depth=40)
    successes = one.map(lambda total: total // 101 + total % 101)
    result = invoke(
        "chronicles",
        "--pools",
        "5-7",
        "--difficulties",
        "0,2",
        "--stat",
        "exceptional",
        "--format",
        "csv",
    )
    assert result.exit_code == 0, result.output
    header, rows = read_csv(result.output)
    assert header == ["pool", "0", "2"]
    for pool in (5, 6, 7):
        for j, removed in enumerate((0, 2)):
            exact = float((max(pool - removed, 0) @ successes).probability(">=", 5))
            assert rows[pool][j] == pytest.approx(exact, abs=1e-12)


def test_storypath_success_is_meeting_the_difficulty() -> None:
    result = invoke(
        "storypath", "--pools", "3", "--difficulties", "1", "--stat", "success", "--format", "csv"
    )
    _, rows = read_csv(result.output)
    assert rows[3][0] == pytest.approx(1 - 0.7**3, abs=1e-15)  # at least one success


def test_default_difficulties_are_the_system_axis() -> None:
    result = invoke("classic", "--pools", "2", "--format", "csv")
    assert result.output.splitlines()[0] == "pool,2,3,4,5,6,7,8,9,10"
    result = invoke("storypath", "--pools", "2", "--format", "csv")
    assert result.output.splitlines()[0] == "pool,1,2,3,4,5"


def test_ranges_accept_lists_and_runs_in_order() -> None:
    result = invoke("classic", "--pools", "1,2,5-8", "--difficulties", "6", "--format", "csv")
    assert result.exit_code == 0, result.output
    assert [line.split(",")[0] for line in result.output.splitlines()] == [
        "pool",
        "1",
        "2",
        "5",
        "6",
        "7",
        "8",
    ]


def test_markdown_and_table_formats() -> None:
    markdown = invoke(
        "classic",
        "--pools",
        "1-2",
        "--difficulties",
        "6-7",
        "--stat",
        "success",
        "--format",
        "markdown",
    ).output.splitlines()
    assert "| pool | 6 | 7 |" in markdown
    p = float(classic_brute(2, 7)["success"])
    row = next(line for line in markdown if line.startswith("| 2 |"))
    assert row.split("|")[3].strip() == f"{100 * p:.1f}%"
    table = invoke("classic", "--pools", "1-2", "--difficulties", "6", "--stat", "mean").output
    assert "mean successes" in table and "difficulty" in table
    assert f"{float(classic_brute(2, 6)['mean']):.2f}" in table


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--pools", "20-1"], "runs backwards"),
        (["--pools", "abc"], "not a number or a range"),
        (["--pools", "0-3"], "outside 1..10000"),
        (["--pools", "10001"], "outside 1..10000"),
        (["--pools", "1-101"], "more than 100"),
        (["--pools", "1-60,61-120"], "at most 100"),
        (["--pools", "1,1"], "twice"),
        (["--stat", "median"], "median"),
        (["--format", "xls"], "xls"),
    ],
)
def test_bad_ranges_and_choices_are_usage_errors(args: list[str], message: str) -> None:
    result = invoke("classic", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_unknown_system_is_a_usage_error() -> None:
    result = invoke("nosuch")
    assert result.exit_code == 2
    assert "nosuch" in result.output


def test_large_pools_print_probabilities_no_higher_than_one() -> None:
    result = invoke(
        "classic",
        "--pools",
        "91-100",
        "--difficulties",
        "2-10",
        "--stat",
        "success",
        "--format",
        "csv",
    )
    assert result.exit_code == 0, result.output
    _, rows = read_csv(result.output)
    values = [v for row in rows.values() for v in row]
    assert all(0.0 <= v <= 1.0 for v in values)
    # 100 dice at difficulty 2: failing needs as many ones as other faces (about 1e-14);
    # summed in floats it can come out a hair above 1, and prints as 1.0 at most.
    assert rows[100][0] == pytest.approx(1.0, abs=1e-12)
    assert 0.4 < rows[100][-1] < 0.5  # difficulty 10: ten 10s against ten 1s on average
