"""`dicepool verify --receipts`: a player's receipts checked as their browser checks them,
over an export's file or the live campaign, through the installed `dicepool`.

The campaign is a web table on the test's SQLite file (``tests/real_exports.py``), its player
rolling with nonces of its own as a browser does.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ...real_exports import Night, at_seq, night, receipt, receipts_file, sqlite_copy
from .conftest import Table, run_dicepool

MINE, LATER, REFUSED, SWITCHED = ("a1" * 16, "b2" * 16, "c3" * 16, "d4" * 16)


@dataclass
class Played:
    """A table where Bo rolled: a roll of seal 1 (closed), one of seal 2 (open)."""

    export: dict[str, Any]
    first: int
    later: int
    commitments: tuple[str, str]
    contribution: str


@pytest.fixture
def night_table(table: Table, sqlite_template: Path) -> Iterator[Night]:
    """Night on the table's own database file (what --campaign and --db read)."""
    made = night(sqlite_copy(sqlite_template, table.tmp))
    yield made
    made.db.close()


@pytest.fixture
def played(night_table: Night) -> Played:
    seen = night_table.commitment()
    given = night_table.contribute()
    first = night_table.roll(MINE, seen)
    night_table.close()
    later_seen = night_table.commitment()
    later = night_table.roll(LATER, later_seen)
    return Played(night_table.export(), first, later, (seen, later_seen), given)


def write(table: Table, name: str, content: Any) -> str:
    path = table.tmp / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return str(path)


def verify(table: Table, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    done = run_dicepool(("verify", *args), table.env, stdin)
    assert "Traceback" not in done.stderr
    return done


def good_receipts(played: Played) -> dict[str, Any]:
    seen, later_seen = played.commitments
    hashed = at_seq(played.export, played.first)["chain"]["hash"]
    return receipts_file(
        receipt(MINE, seen, played.first, played.contribution, hashed),
        receipt(LATER, later_seen, played.later),
        receipt(REFUSED, later_seen, None),
    )


def test_good_receipts_check_out_and_say_what_waits(table: Table, played: Played) -> None:
    export = write(table, "night.json", played.export)
    receipts = write(table, "receipts.json", good_receipts(played))
    done = verify(table, export, "--receipts", receipts)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "✓ receipts: 1 roll checks out, 1 open, 1 not rolled (refused or never sent)" in lines
    assert lines.index(
        "✓ receipts: 1 roll checks out, 1 open, 1 not rolled (refused or never sent)"
    ) > (next(i for i, line in enumerate(lines) if line.startswith("✓ seal 1: verified")))
    assert lines[-1] == "ok: 1 closed seal verified"
    answer = json.loads(verify(table, export, "--receipts", receipts, "--json").stdout)
    assert answer["ok"] is True
    kept = answer["receipts"]
    assert kept["counts"] == {"checked": 1, "open": 1, "not_rolled": 1, "alarm": 0}
    assert [r["status"] for r in kept["results"]] == ["checked", "open", "not_rolled"]
    assert kept["campaign"] == 1


def test_the_live_campaign_is_checked_too(table: Table, played: Played) -> None:
    receipts = write(table, "receipts.json", good_receipts(played))
    done = table("verify", "--campaign", "Night", "--receipts", receipts)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "✓ receipts: 1 roll checks out, 1 open, 1 not rolled" in done.stdout


def test_a_seal_switched_under_a_roll_raises_an_alarm_and_fails(
    table: Table, night_table: Night
) -> None:
    named = night_table.commitment()
    night_table.close()
    seq = night_table.roll(SWITCHED, commitment=None)  # the host logs it in seal 2
    night_table.close()
    export = write(table, "night.json", night_table.export())
    receipts = write(table, "receipts.json", receipts_file(receipt(SWITCHED, named, seq)))
    done = verify(table, export, "--receipts", receipts)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    at = lines.index("✗ receipts: 1 alarm")
    assert lines[at + 1] == (
        f"    roll d4d4d4d4 (seq {seq}): logged in seal 2, not in seal 1 whose commitment it named"
    )
    assert "✓ seal 2: verified" in done.stdout  # the seals alone cannot tell
    assert lines[-1] == "not verified: 1 receipt raises an alarm"
    answer = json.loads(verify(table, export, "--receipts", receipts, "--json").stdout)
    assert answer["ok"] is False and answer["receipts"]["counts"]["alarm"] == 1
    assert answer["receipts"]["results"][0]["seal"] == 2


def test_a_file_without_receipts_has_nothing_of_its_own_to_check(
    table: Table, played: Played
) -> None:
    export = write(table, "night.json", played.export)
    done = verify(table, export, "--receipts", write(table, "none.json", receipts_file()))
    assert done.returncode == 0
    assert "· receipts: none in the file: nothing of its own to check" in done.stdout
    assert "0 roll" not in done.stdout


def test_receipts_from_standard_input(table: Table, played: Played) -> None:
    export = write(table, "night.json", played.export)
    done = verify(table, export, "--receipts", "-", stdin=json.dumps(good_receipts(played)))
    assert done.returncode == 0 and "✓ receipts: 1 roll checks out" in done.stdout
    both = verify(table, "-", "--receipts", "-", stdin="{}")
    assert both.returncode == 2 and "only one of FILE and --receipts" in both.stderr


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[", "receipts.json: not JSON: Expecting value at line 1, column 2"),
        ({"format": "dicepool-campaign"}, 'not a receipts file (no "format": "dicepool-receipts")'),
        (
            receipts_file(receipt("a1" * 16, "ab" * 31, 1)),
            'receipt 1 of the file its "commitment" is not 64 hex digits',
        ),
        (receipts_file("x"), "receipt 1 of the file is not an object: 'x'; fix or remove"),
    ],
)
def test_a_bad_receipts_file_is_refused_in_one_line(
    table: Table, played: Played, content: Any, said: str
) -> None:
    export = write(table, "night.json", played.export)
    done = verify(table, export, "--receipts", write(table, "receipts.json", content))
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and said in lines[0], lines


def test_an_unreadable_receipts_file_is_refused(table: Table, played: Played) -> None:
    export = write(table, "night.json", played.export)
    done = verify(table, export, "--receipts", str(table.tmp / "nowhere.json"))
    assert done.returncode == 2 and "cannot read" in done.stderr and done.stdout == ""
