"""The odds commands answer without loading what they do not use (issue 29: `odds`, `compare`
and `chart` took about a second, most of it importing the store, the sheets' rules and the
campaign's use cases), and `odds "custom 3d6"` answers the question its user asked.

Speed itself is measured by benchmarks/cli_speed.py, never asserted here: these tests check the
imports, which a change can break without anyone timing it."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

DICEPOOL = Path(sys.executable).parent / "dicepool"

NOT_FOR_ODDS = (
    "dicepool.store",
    "dicepool.sheet",
    "dicepool.web",
    "dicepool.campaign.campaigns",
    "dicepool.campaign.questions",
    "sqlalchemy",
    "alembic",
    "psycopg",
    "pydantic",
    "fastapi",
    "matplotlib",
    "platformdirs",
)
"""What a question about a line's odds never needs: a campaign, its storage, the web stack, a
plotting library."""

LOADED = """
import sys
sys.argv = ["dicepool", *sys.argv[1:]]
from dicepool.cli.main import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
banned = {banned!r}
print(sorted({{b for b in banned for m in sys.modules if m == b or m.startswith(b + ".")}}))
"""


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "chronicles 7"],
        ["odds", "classic 7 diff 8 spec", "--goal", "2", "--json"],
        ["odds", "storypath 6 diff 2", "--milestones", "3", "--intervals", "5"],
        ["compare", "hubris 4", "hubris 4 wp"],
        ["chart", "classic", "--pools", "1-5"],
        ["chart", "sundown", "--format", "csv"],
    ],
)
def test_an_odds_command_loads_no_campaign_store_web_or_plotting(args: list[str]) -> None:
    code = LOADED.format(banned=NOT_FOR_ODDS)
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout[-300:]


def test_an_error_line_still_loads_what_it_needs() -> None:
    """The log's words load only for an error now: an error is still one clipped line."""
    done = subprocess.run(
        [str(DICEPOOL), "odds", "chronicles 7 " + "x" * 200], capture_output=True, text=True
    )
    assert done.returncode == 2 and done.stdout == ""
    line = done.stderr.strip()
    assert line.startswith("error: column 14: chronicles has no option `xxx")
    assert "x..." in line and "\n" not in line and len(line) < 200  # the long word clipped


def test_odds_of_custom_3d6_count_fives_and_sixes() -> None:
    """`custom 3d6` gives no target: the die's top three faces in ten succeed (a 5 or a 6)."""
    done = subprocess.run(
        [str(DICEPOOL), "odds", "custom 3d6", "--json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["notation"] == "custom 3d6 t5"  # what was assumed, said
    third = Fraction(1, 3)
    for k, chance in payload["distribution"].items():  # binomial(3, 1/3) successes
        exact = [Fraction(8, 27), Fraction(12, 27), Fraction(6, 27), Fraction(1, 27)][int(k)]
        assert chance == pytest.approx(float(exact), abs=1e-12)
    assert payload["outcomes"]["success"] == pytest.approx(float(1 - (1 - third) ** 3), abs=1e-12)
    shown = subprocess.run([str(DICEPOOL), "odds", "custom 3d6"], capture_output=True, text=True)
    assert shown.returncode == 0 and "custom 3d6 t5" in shown.stdout and "70.37%" in shown.stdout


def test_a_target_typed_off_the_die_is_one_line_saying_how_to_fix_it() -> None:
    done = subprocess.run([str(DICEPOOL), "odds", "custom 3d6 t8"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "error: column 12: custom target must be 2..6 on a d6, not 8; set it with `tN`\n"
    )
