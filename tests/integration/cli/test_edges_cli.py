"""Clean at the edges, through the installed script: usage errors in one line, user text never
echoed raw to the terminal, error lines short however long the input."""

from __future__ import annotations

import subprocess
from pathlib import Path

import click
import pytest

from dicepool.campaign.summaries import clip
from dicepool.cli.main import usage_error
from dicepool.cli.safe import MAX_ERROR, error_line, visible

from .conftest import Run

RAW = ("\x1b", "\x07", "\x9b", "\u202e")
"""Characters that must never reach the terminal as typed: ESC, BEL, CSI (C1), RLO (bidi)."""


def assert_one_error(
    done: subprocess.CompletedProcess[str], needle: str, example: str | None = None
) -> None:
    """Exit 2, ``error: ...`` on one line (and at most the example), no usage block."""
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert lines[0].startswith("error: "), lines
    assert needle in lines[0]
    assert lines[1:] == ([f"e.g. {example}"] if example else [])
    assert "Usage:" not in done.stderr and "Traceback" not in done.stderr


MISSING = [
    (["roll"], "`dicepool roll` needs a roll line", 'dicepool roll "chronicles 7"'),
    (["odds"], "`dicepool odds` needs a roll line", 'dicepool odds "chronicles 7"'),
    (
        ["compare", "hubris 4"],
        "`dicepool compare` needs a second roll line, in quotes",
        'dicepool compare "hubris 4" "hubris 4 wp"',
    ),
    (
        ["compare"],
        "`dicepool compare` needs two roll lines, each in quotes",
        'dicepool compare "hubris 4" "hubris 4 wp"',
    ),
    (["chart"], "`dicepool chart` needs a system, like classic or cod", "dicepool chart classic"),
    (
        ["plot", "chronicles 6"],
        "`dicepool plot` needs the file to write, -o FILE.png or -o FILE.svg",
        'dicepool plot "chronicles 6" -o odds.png',
    ),
]


@pytest.mark.parametrize(("args", "needle", "example"), MISSING)
def test_a_missing_argument_is_one_line_with_an_example(
    dicepool: Run, args: list[str], needle: str, example: str
) -> None:
    assert_one_error(dicepool(*args), needle, example)


WRONG = [
    (["roll", "--bogus", "cod 3"], "no such option '--bogus' (see `dicepool roll --help`)"),
    (
        ["roll", "cod 3", "--seed"],
        "option '--seed' requires an argument (see `dicepool roll --help`)",
    ),
    (
        ["odds", "cod 3", "--goal"],
        "option '--goal' requires an argument (see `dicepool odds --help`)",
    ),
    (["roll", "--seed", "x", "cod 3"], "invalid value for '--seed': 'x' is not a valid integer"),
    (
        ["odds", "cod 3", "--goal", "0"],
        "invalid value for '--goal': 0 is not in the range 1<=x<=10000",
    ),
    (["odds", "cod 3", "--rolls", "3"], "--rolls needs --goal"),
    (["compare", "cod 3", "cod 4", "--nope"], "no such option '--nope'"),
    (["chart", "chronicle"], "unknown system `chronicle`; did you mean `chronicles`?"),
    (["chart", "classic", "--format", "xls"], "'xls' is not one of 'table', 'csv', 'markdown'"),
    (["chart", "classic", "--pools", "0-3"], "'0-3' is outside 1..10000"),
    (["plot", "--chart", "vtn", "-o", "x.png"], "unknown system `vtn`; did you mean `vtm`?"),
    (["plot", "-o", "x.txt", "cod 3"], "'x.txt' does not end in .png or .svg"),
    (["nope"], "no such command 'nope' (see `dicepool --help`)"),
    (
        ["roll", "chronicles", "-5"],
        'put the roll line in quotes, e.g. dicepool roll "chronicles -5"',
    ),
    (["compare", "classic", "6", "diff", "7"], "put each roll line in quotes"),
    (["roll", "v5 3"], "dicepool does not have `v5`"),
]


@pytest.mark.parametrize(("args", "needle"), WRONG)
def test_every_usage_error_is_one_line_and_exit_two(
    dicepool: Run, args: list[str], needle: str
) -> None:
    assert_one_error(dicepool(*args), needle)


def test_dicepool_alone_shows_what_it_can_do(dicepool: Run) -> None:
    done = dicepool()
    assert done.returncode == 2
    assert "Commands:" in done.stderr and "roll" in done.stderr
    assert "Error" not in done.stderr and "error" not in done.stderr


def test_a_usage_error_without_context_names_the_command_typed() -> None:
    exc = click.BadOptionUsage("--seed", "Option '--seed' requires an argument.")
    message, example = usage_error(exc, ["odds", "chronicles 7", "--seed"])
    assert message == "option '--seed' requires an argument (see `dicepool odds --help`)"
    assert example is None
    message, _ = usage_error(exc, ["--seed"])
    assert message.endswith("(see `dicepool --help`)")


ESCAPING = [
    ["roll", "\x1b]0;pwned\x07chronicles 5"],
    ["roll", "chronicles 5 \x9b31m"],
    ["odds", "chronicles 5 \u202eevil"],
    ["compare", "hubris 4", "hubris 4 \x1b[2J"],
    ["chart", "\x1b[31mclassic"],
    ["roll", "chronicles 2", "--dice", "3,\x1b[2J"],
    ["roll", "chronicles 2 # \x1b]0;pwned\x07 \u202e \x9b", "--seed", "1"],
    ["odds", "chronicles 2 # \x1b]0;pwned\x07 \u202e \x9b"],
    ["roll", "8cod\x1frote", "--seed", "1"],
    ["roll", "8cod # \x1b[31m", "--json"],
    ["odds", "8cod # \x1b[31m", "--json"],
    ["roll", "--bogus\x1b[2J", "cod 3"],
]


@pytest.mark.parametrize("args", ESCAPING, ids=range(len(ESCAPING)))
def test_control_characters_typed_are_never_printed_raw(dicepool: Run, args: list[str]) -> None:
    done = dicepool(*args)
    printed = done.stdout + done.stderr
    assert not [c for c in RAW if c in printed], printed
    assert any(shown in printed for shown in ("\\x1b", "\\u001b", "\\x9b", "\\x1f", "\\u202e"))


def test_the_comment_and_the_alias_note_show_their_escapes(dicepool: Run) -> None:
    done = dicepool("roll", "8cod\x1frote # \x1b]0;pwned\x07 \u202e", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == [
        "8cod\\x1frote -> chronicles 8\\x1frote",
        "# \\x1b]0;pwned\\x07 \\u202e",
    ]


def test_a_file_name_is_echoed_escaped(dicepool: Run, tmp_path: Path) -> None:
    target = tmp_path / "odds\x1b[2J.png"
    done = dicepool("plot", "chronicles 3", "-o", str(target))
    assert done.returncode == 0, done.stderr
    assert target.exists()
    assert "\x1b" not in done.stdout
    assert done.stdout.strip().endswith("odds\\x1b[2J.png: the odds of chronicles 3")


def test_fifty_thousand_leftover_faces_give_a_short_line(dicepool: Run) -> None:
    faces = ",".join(["3"] * 50_000)
    done = dicepool("roll", "chronicles 2", "--dice", faces)
    assert_one_error(done, "remove the last 49998 (3,3,3,3,3,...)")
    assert len(done.stderr) < 120


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "chronicles 2", "--dice", "3," + "x" * 99_000],
        ["roll", "a" * 490 + " 7"],
        ["roll", "chronicles 7 " + "9" * 480],
        ["roll", "chronicles 7 diff" + "9" * 480],
        ["roll", "--seed", "9" * 5000, "chronicles 2"],
        ["compare", *(["cod"] * 2000)],
        ["chart", "z" * 100_000],
        ["plot", "cod 3", "-o", "/" + "d" * 5000 + "/x.png"],
    ],
    ids=["dice", "system", "number", "glued", "seed", "extra-args", "chart", "plot-dir"],
)
def test_error_lines_stay_short_however_long_the_input(dicepool: Run, args: list[str]) -> None:
    done = dicepool(*args)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert len(done.stderr.rstrip("\n")) <= len("error: ") + MAX_ERROR
    assert "Traceback" not in done.stderr


def test_visible_escapes_c0_del_c1_bidi_and_lone_surrogates() -> None:
    assert visible("a\x00b\tc\nd\x7fe\x85f\u202eg\u2066h\udcffi") == (
        "a\\x00b\\x09c\\x0ad\\x7fe\\x85f\\u202eg\\u2066h\\udcffi"
    )
    assert visible("chronicles 7 é ✓") == "chronicles 7 é ✓"


def test_error_line_clips_long_words_and_long_lines() -> None:
    word = "a" * 1000
    line = error_line(f"unknown system `{word}`; use one of sundown")
    assert line.startswith("unknown system `aaa") and line.endswith("`; use one of sundown")
    assert len(line) < 120
    assert len(error_line("x " * 1000)) == MAX_ERROR
    assert clip("abcdefghij", 7) == "ab...ij"
    assert clip("abc", 7) == "abc"
