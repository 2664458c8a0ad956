"""`dicepool plot`: real PNG and SVG files, the data drawn, and clear errors."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dicepool.cli.main import cli
from dicepool.cli.plot import parse_lines, series, trimmed
from dicepool.errors import DicepoolError
from dicepool.notation import parse
from dicepool.odds import contest, distribution

DICEPOOL = Path(sys.executable).parent / "dicepool"
PNG = b"\x89PNG\r\n\x1a\n"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, ["plot", *args])


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from the PNG's IHDR chunk."""
    data = path.read_bytes()
    assert data[:8] == PNG and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_console_script_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "rote.png"
    done = subprocess.run(
        [str(DICEPOOL), "plot", "chronicles 6", "chronicles 6 rote", "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    said = f"wrote {out}: the odds of chronicles 6 and chronicles 6 rote\n"
    assert done.stdout == said  # one line: what was drawn, and where
    assert png_size(out) == (800, 450)  # 8 x 4.5 inches at 100 dpi


def test_svg_of_contests(tmp_path: Path) -> None:
    out = tmp_path / "contest.svg"
    result = invoke("storypath 5 vs storypath 4", "storypath 6 vs storypath 4", "-o", str(out))
    assert result.exit_code == 0, result.output
    head = out.read_bytes()[:200]
    assert head.startswith(b"<?xml")
    assert b"<svg" in out.read_bytes()


def test_chart_png(tmp_path: Path) -> None:
    out = tmp_path / "chart.PNG"
    result = invoke(
        "--chart",
        "classic",
        "--pools",
        "1-10",
        "--difficulties",
        "4-8",
        "--stat",
        "success",
        "-o",
        str(out),
    )
    assert result.exit_code == 0, result.output
    assert png_size(out) == (800, 450)
    said = "classic's P(success) by pool 1-10 and difficulty 4-8"
    assert result.output == f"wrote {out}: {said}\n"


def test_a_relative_file_is_said_with_its_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("storypath 5 vs storypath 4", "-o", "chase.svg")
    assert result.exit_code == 0, result.output
    said = "the odds of storypath 5 vs storypath 4 (the margin)"
    assert result.output == f"wrote {(tmp_path / 'chase.svg').resolve()}: {said}\n"
    assert (tmp_path / "chase.svg").read_bytes().startswith(b"<?xml")


def test_one_unquoted_line_is_read_as_one_line() -> None:
    (request,) = parse_lines(["chronicles", "6", "rote"])
    assert request == parse("chronicles 6 rote")
    two = parse_lines(["chronicles 6", "classic 5"])
    assert [r.system for r in two] == ["chronicles", "classic"]
    with pytest.raises(DicepoolError):
        parse_lines(["chronicles 6", "nosuch 5"])


def test_the_data_drawn_is_the_exact_distribution() -> None:
    roll = distribution(parse("classic 3 diff 6"))
    drawn = series(roll)
    assert drawn.origin == 0 and drawn.values.tolist() == roll.pmf.tolist()
    assert drawn.at(range(-1, 5)).tolist() == [0.0, *roll.pmf.tolist(), 0.0]
    odds = contest(parse("sundown 3 vs sundown 2"))
    margin = series(odds)
    assert {margin.origin + i: p for i, p in enumerate(margin.values)} == odds.margin
    assert min(trimmed([margin])) == -2 and max(trimmed([margin])) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chronicles 6", "-o", "odds.jpg"], "does not end in .png or .svg"),
        (["chronicles 6", "-o", "no/such/dir/odds.png"], "does not exist"),
        (["chronicles 6", "--chart", "classic", "-o", "x.png"], "not both"),
        (["-o", "x.png"], "at least one roll line"),
        (["chronicles 6"], "Missing option"),
        (["chronicles 6", "--stat", "botch", "-o", "y.png"], "--stat describes a chart"),
        (["chronicles 6", "--pools", "1-3", "-o", "y.png"], "--pools describes a chart"),
        (["chronicles 6", "--difficulties", "2", "--stat", "mean", "-o", "y.png"], "describe a"),
        (["chronicles 6", "-o", ".png"], "the file name is missing in '.png'"),
        (["chronicles 6", "-o", "out/.svg"], "the file name is missing"),
    ],
)
def test_usage_errors(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["plot", *args], catch_exceptions=False)
    assert result.exit_code == 2
    assert message in result.output


def test_mixing_single_rolls_and_contests_is_refused(tmp_path: Path) -> None:
    result = invoke("hubris 5", "hubris 5 vs hubris 4", "-o", str(tmp_path / "x.png"))
    assert isinstance(result.exception, DicepoolError)
    assert "not both" in str(result.exception)
    assert not (tmp_path / "x.png").exists()
