"""`char set ... --add --notes` and `char create ... --add`: the guard against slips in names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dicepool.cli.main import cli
from dicepool.errors import FieldError

from .conftest import Table


class Cli:
    """One test's database, called in-process through click's runner."""

    def __init__(self, tmp_path: Path) -> None:
        self.db = str(tmp_path / "table.sqlite3")
        self.env: dict[str, str | None] = {
            "DICEPOOL_ACTOR": "tester",
            "XDG_STATE_HOME": str(tmp_path / "state"),
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "DICEPOOL_CAMPAIGN": None,
            "DICEPOOL_DATABASE_URL": None,
        }

    def __call__(self, *args: str) -> Result:
        return CliRunner().invoke(cli, [*args, "--db", self.db], env=self.env)

    def ok(self, *args: str) -> str:
        result = self(*args)
        assert result.exit_code == 0, (result.output, result.exception)
        return result.output

    def refused(self, *args: str) -> FieldError:
        result = self(*args)
        assert isinstance(result.exception, FieldError), (result.output, result.exception)
        return result.exception


@pytest.fixture
def night(tmp_path: Path) -> Cli:
    run = Cli(tmp_path)
    run.ok("campaign", "create", "Night", "--system", "chronicles")
    run.ok("char", "create", "Ana", "--set", "Dexterity=3 Stealth=2", "--campaign", "Night")
    return run


def test_set_refuses_an_abbreviation_and_says_how_to_add_it(night: Cli) -> None:
    error = night.refused("char", "set", "Ana", "Dex=4", "--campaign", "Night")
    assert error.field == "changes"
    assert "did you mean `Dexterity`?" in str(error) and '--add "Dex=4"' in str(error)
    error = night.refused("char", "set", "Ana", "Dexteriy=4", "--campaign", "Night")
    assert "did you mean `Dexterity`?" in str(error)


def test_set_in_another_case_sets_the_trait_there(night: Cli) -> None:
    out = night.ok("char", "set", "Ana", "dexterity=4", "--json", "--campaign", "Night")
    traits = json.loads(out)["traits"]
    assert traits["Dexterity"] == 4 and "dexterity" not in traits


def test_add_adds_on_purpose_and_notes_are_set_and_shown(night: Cli) -> None:
    notes = "Owes Bo.\nAfraid of dogs."
    out = night.ok(
        "char", "set", "Ana", "Stealth+=1", "--add", "Dex=1", "--notes", notes,
        "--campaign", "Night",
    )  # fmt: skip
    assert out.startswith("changed Ana: Stealth+=1; added Dex=1; notes set\n")
    assert "Notes\n  Owes Bo.\n  Afraid of dogs." in out
    sheet = json.loads(night.ok("char", "show", "Ana", "--json", "--campaign", "Night"))
    assert sheet["traits"]["Dex"] == 1 and sheet["traits"]["Stealth"] == 3
    assert sheet["notes"] == "Owes Bo.\nAfraid of dogs."
    shown = night.ok("char", "show", "Ana", "--campaign", "Night")
    assert "Notes\n  Owes Bo.\n  Afraid of dogs." in shown


def test_notes_alone_need_no_change_and_can_be_cleared(night: Cli) -> None:
    out = night.ok("char", "set", "Ana", "--notes", "Quiet.", "--campaign", "Night")
    assert out.startswith("changed Ana: notes set\n")
    sheet = json.loads(
        night.ok("char", "set", "Ana", "--notes", "", "--json", "--campaign", "Night")
    )
    assert sheet["notes"] == ""
    assert "Notes" not in night.ok("char", "show", "Ana", "--campaign", "Night")


def test_a_set_asking_nothing_is_refused(night: Cli) -> None:
    assert "nothing to change" in str(night.refused("char", "set", "Ana", "--campaign", "Night"))


def test_bad_notes_are_refused_in_their_field(night: Cli) -> None:
    error = night.refused("char", "set", "Ana", "--notes", "a\x1b]0;x\x07", "--campaign", "Night")
    assert error.field == "notes"


def test_create_has_the_guard_and_takes_add(night: Cli) -> None:
    error = night.refused("char", "create", "Bo", "--set", "Dex=3", "--campaign", "Night")
    assert error.field == "changes" and "did you mean `Dexterity`?" in str(error)
    out = night.ok(
        "char", "create", "Bo", "--set", "Dexterity=3", "--add", "Dex=1", "--json",
        "--campaign", "Night",
    )  # fmt: skip
    assert json.loads(out)["traits"]["Dex"] == 1
    assert night.ok("db", "check").startswith("ok:")


def test_the_real_command_prints_the_refusal_in_one_line(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "hubris")
    line = table.refused("char", "create", "Ana", "--set", "Strenght=2")
    assert line.startswith("error: Ana has no trait `Strenght`: did you mean `Strength`?")
    table.ok("char", "create", "Ana", "--add", "Strenght=2")
    line = table.refused("char", "set", "Ana", "--notes", "x" * 501)
    assert line == "error: notes are at most 500 characters, not 501; shorten them"
    table.ok("char", "set", "Ana", "--notes", "Quiet.")
    assert "notes cleared" in table.ok("char", "set", "Ana", "--notes", "")
