"""What a careless or hostile user tried, and what each must get: one line, nothing half-done.

Each case here was found by an adversarial pass over the campaign commands.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
from pathlib import Path

import pytest

from .conftest import SCRIPT
from .test_campaign_cli import Table


@pytest.fixture
def night(tmp_path: Path, home: dict[str, str]) -> Table:
    table = Table(tmp_path, home)
    table.ok("campaign", "create", "Night", "--system", "cofd")
    table.ok("char", "create", "Ana", "--set", "Dexterity=3 Stealth=2")
    return table


def events(table: Table) -> int:
    return len(table.json("log", "--last", "1000"))


def test_export_follows_a_symlink_and_keeps_the_file_readable(night: Table) -> None:
    target = night.tmp / "target.json"
    target.write_text("old")
    os.chmod(target, 0o644)
    link = night.tmp / "link.json"
    link.symlink_to(target)
    night.ok("char", "export", "Ana", "-o", str(link))
    assert link.is_symlink()  # the link stays; the file it names gets the sheet
    assert json.loads(target.read_text())["name"] == "Ana"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_export_into_a_pipe_writes_into_it_rather_than_replacing_it(night: Table) -> None:
    fifo = night.tmp / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        night.ok("char", "export", "Ana", "-o", str(fifo))
        assert stat.S_ISFIFO(fifo.stat().st_mode)
        assert json.loads(os.read(reader, 1 << 16))["name"] == "Ana"
    finally:
        os.close(reader)


def test_a_number_of_thousands_of_digits_is_one_line(night: Table) -> None:
    line = night.refused("roll", "--char", "Ana", "Dexterity + " + "9" * 400)
    assert "at most 10,000" in line and "400-digit" in line
    sheet = night.tmp / "huge.json"
    exported = json.loads(night.ok("char", "export", "Ana"))
    text = json.dumps({**exported, "name": "Bea"}).replace(
        '"Stealth": 2', '"Stealth": ' + "1" * 5000
    )
    sheet.write_text(text)
    assert "not a character sheet" in night.refused("char", "import", str(sheet))
    assert "Bea" not in night.ok("char", "list")


def test_an_event_id_past_any_database_names_no_event(night: Table) -> None:
    assert "no event" in night.refused("undo", "9" * 30)
    assert "looks like an option" not in night.refused("undo", "-1")


def test_a_campaign_roll_is_bounded_like_any_line(night: Table) -> None:
    before = events(night)
    line = night.refused("roll", "--char", "Ana", "dex # " + "x" * 1000)
    assert "over the limit of 500" in line
    assert events(night) == before


@pytest.mark.parametrize(
    ("rules", "says"),
    [("rote vs chronicles 3", "no `vs`"), ("# all of it", "no `vs`"), ("x" * 300, "at most 200")],
)
def test_house_rules_are_options_only(night: Table, rules: str, says: str) -> None:
    line = night.refused("campaign", "create", "H", "--system", "cofd", "--house-rules", rules)
    assert says in line and "column" not in line


def test_a_house_rule_cannot_make_a_roll_use_a_specialty(night: Table) -> None:
    refused = night.refused(
        "campaign", "create", "C", "--system", "classic", "--house-rules", "spec"
    )
    assert "the roll's to say" in refused
    night.ok("campaign", "create", "D", "--system", "classic", "--house-rules", "spec double")
    night.ok("char", "create", "Cy", "--campaign", "D", "--set", "Strength=3 Melee=4 (Knives)")
    plain = night.json("roll", "--campaign", "D", "--char", "Cy", "str + melee", "--seed", "1")
    assert plain["numbers"] == "classic 3+4"  # no specialty: the policy waits for `spec`
    used = night.json("roll", "--campaign", "D", "--char", "Cy", "str + melee spec", "--seed", "1")
    assert used["numbers"] == "classic 3+4 spec double"


def test_a_name_too_long_once_case_folded_is_refused_on_every_database(night: Table) -> None:
    line = night.refused("char", "create", "ß" * 40)
    assert "at most 40 characters" in line


@pytest.mark.parametrize("change", ["Stealth- =1", "A B C D E=1", "vs=1"])
def test_a_trait_no_roll_could_read_is_refused(night: Table, change: str) -> None:
    assert "trait name" in night.refused("char", "set", "Ana", change)


def test_a_file_naming_a_trait_twice_is_refused(night: Table) -> None:
    exported = json.loads(night.ok("char", "export", "Ana"))
    text = json.dumps({**exported, "name": "Bea"}).replace('"Stealth": 2', '"stealth": 5')
    text = text.replace('"traits": {', '"traits": {"Stealth": 1, ')
    path = night.tmp / "twice.json"
    path.write_text(text)
    assert "twice" in night.refused("char", "import", str(path))


def test_an_actor_with_control_characters_is_refused(night: Table) -> None:
    night.env = {**night.env, "DICEPOOL_ACTOR": "\x1b[31mEVIL\u202e"}
    before = events(night)
    assert "control characters" in night.refused("roll", "--char", "Ana", "dex")
    night.env = {k: v for k, v in night.env.items() if k != "DICEPOOL_ACTOR"}
    assert events(night) == before


def test_output_that_cannot_be_written_is_one_line(night: Table) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [str(SCRIPT), "char", "show", "Ana", "--db", night.url],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=night.env,
            check=False,
        )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: cannot write the output")


@pytest.mark.parametrize(
    ("tamper", "says"),
    [
        ("UPDATE characters SET sheet = 'not json'", "sheets cannot be read"),
        ("UPDATE characters SET sheet = '{}'", "sheets cannot be read"),
        ("UPDATE events SET kind = 'bogus' WHERE seq = 2", "log cannot be read"),
        ("UPDATE events SET data = 'garbage' WHERE seq = 2", "log cannot be read"),
        ("UPDATE characters SET name_key = 'other'", "filed under another name"),
    ],
)
def test_db_check_lists_what_was_tampered_with(night: Table, tamper: str, says: str) -> None:
    with sqlite3.connect(night.path) as raw:
        raw.execute(tamper)
    raw.close()
    done = night("db", "check")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert says in done.stdout
