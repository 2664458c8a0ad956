"""The spellings players already use, through the commands: system aliases, ``9-again``,
``versus``, comments kept with the roll, and charts whose default statistic varies."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dicepool.cli.axes import AXES, FLAT, stat_for
from dicepool.cli.main import cli

from .conftest import Run


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def csv_rows(text: str) -> list[list[float]]:
    return [[float(v) for v in row[1:]] for row in list(csv.reader(io.StringIO(text)))[1:]]


@pytest.mark.parametrize(
    ("args", "notation"),
    [
        (["roll", "8codR", "--dice", "3,4,5,6,7,8,9,9,1,2,3,4,5"], "chronicles 8 rote"),
        (["roll", "8CODN", "--seed", "1"], "chronicles 8 noagain"),
        (
            ["roll", "cofd 3 9-again versus nwod 2", "--seed", "1"],
            "chronicles 3 9again vs chronicles 2",
        ),
        (["roll", "vtm 5 diff 7", "--seed", "1"], "classic 5 diff 7"),
        (["roll", "V20 5", "--seed", "1"], "classic 5"),
        (["roll", "scion 5 diff 2", "--seed", "1"], "storypath 5 diff 2"),
        (["roll", "aoh 4 no-again", "--seed", "1"], "hubris 4 noagain"),
        (["odds", "8CODN"], "chronicles 8 noagain"),
        (["odds", "8codR"], "chronicles 8 rote"),
        (["odds", "sr 5 thr 2"], "sundown 5 thr 2"),
    ],
)
def test_aliases_in_any_case_reach_the_roll(dicepool: Run, args: list[str], notation: str) -> None:
    done = dicepool(*args, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["notation"] == notation


def test_rote_from_the_capital_alias_rerolls_the_failures() -> None:
    result = invoke("roll", "2codR", "--dice", "3,8,9", "--json")
    assert result.exit_code == 0, result.output
    roll = json.loads(result.output)
    assert [d["origin"] for d in roll["dice"]] == ["rolled", "rolled", "rerolled"]
    assert roll["successes"] == 2


COMMENT = "sneaking past the guard"


@pytest.mark.parametrize("command", ["roll", "odds"])
def test_a_comment_is_shown_with_the_roll(dicepool: Run, command: str) -> None:
    seed = ["--seed", "1"] if command == "roll" else []
    done = dicepool(command, f"chronicles 7 9-again # {COMMENT}", *seed)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"# {COMMENT}"
    assert lines[1] == "chronicles 7 9again"


@pytest.mark.parametrize("command", ["roll", "odds"])
@pytest.mark.parametrize(
    ("line", "comment"),
    [
        (f"chronicles 7 # {COMMENT}", COMMENT),
        ("chronicles 7 #", None),
        ("chronicles 7", None),
        (f"8cod vs 6cod   #  {COMMENT}  ", COMMENT),
        ("chronicles 2 # a [bold]b[/] :smile: #c", "a [bold]b[/] :smile: #c"),
    ],
)
def test_the_comment_is_in_the_json(command: str, line: str, comment: str | None) -> None:
    result = invoke(command, line, "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["comment"] == comment
    assert payload["input"] == line.strip()
    assert "#" not in payload["notation"]


def test_rich_markup_in_a_comment_is_printed_as_typed() -> None:
    result = invoke("odds", "chronicles 2 # a [bold]b[/] :smile:")
    assert result.exit_code == 0, result.output
    assert "# a [bold]b[/] :smile:" in result.output


def test_an_alias_note_leaves_the_comment_out() -> None:
    result = invoke("roll", "8cod # vs 6cod", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:2] == ["8cod -> chronicles 8", "# vs 6cod"]


def test_a_comment_over_the_line_limit_is_refused(dicepool: Run) -> None:
    done = dicepool("roll", "chronicles 7 # " + "x" * 490)
    assert done.returncode == 2
    assert "the line is 505 characters long, over the limit of 500" in done.stderr


def test_compare_and_plot_accept_comments(dicepool: Run, tmp_path: Path) -> None:
    done = dicepool("compare", "hubris 4 # plain", "hubris 4 wp # with Willpower", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["second"]["notation"] == "hubris 4 wp"
    done = dicepool("plot", "cod 3 # three", "vtm 3 # three", "-o", str(tmp_path / "c.svg"))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("alias", "system"),
    [("cod", "chronicles"), ("WOD", "classic"), ("vtm", "classic"), ("Scion", "storypath")],
)
def test_chart_takes_the_aliases(alias: str, system: str) -> None:
    by_alias = invoke("chart", alias, "--pools", "1-3", "--format", "csv")
    by_name = invoke("chart", system, "--pools", "1-3", "--format", "csv")
    assert by_alias.exit_code == 0, by_alias.output
    assert by_alias.output == by_name.output
    assert invoke("chart", alias, "--pools", "1-2", "--format", "markdown").output.startswith(
        f"**{system}:"
    )


def test_plot_chart_takes_the_aliases(dicepool: Run, tmp_path: Path) -> None:
    done = dicepool("plot", "--chart", "vtm", "--pools", "1-3", "-o", str(tmp_path / "v.png"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "v.png").stat().st_size > 0


@pytest.mark.parametrize("system", sorted(AXES))
def test_the_default_chart_varies_along_the_axis(system: str) -> None:
    result = invoke("chart", system, "--pools", "2-4", "--format", "csv")
    assert result.exit_code == 0, result.output
    assert any(len(set(row)) > 1 for row in csv_rows(result.output))
    assert "note:" not in result.output


@pytest.mark.parametrize(
    ("system", "stat"), [(system, stat) for system, stats in FLAT.items() for stat in sorted(stats)]
)
def test_a_flat_statistic_asked_for_gets_a_note(system: str, stat: str) -> None:
    result = invoke("chart", system, "--pools", "2-4", "--stat", stat, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert all(len(set(row)) == 1 for row in csv_rows(result.stdout))
    assert "every column is the same" in result.stderr
    assert result.stdout.startswith("pool,")


def test_sundown_and_storypath_default_to_success() -> None:
    assert [stat_for(s, None) for s in ("sundown", "storypath", "classic", "chronicles")] == [
        "success",
        "success",
        "mean",
        "mean",
    ]
    assert stat_for("sundown", "mean") == "mean"
    markdown = invoke("chart", "sundown", "--pools", "1-2", "--format", "markdown").output
    assert markdown.startswith("**sundown: P(success) by pool (rows) and threshold")
