"""A rules text's own spelling of a trait (classic's "Fortitute") is that trait everywhere a
trait is named, and a sheet's notes are logged only when they change."""

from __future__ import annotations

from .conftest import Table


def test_classic_takes_fortitute_as_fortitude_at_creation_in_an_edit_and_in_a_roll(
    table: Table,
) -> None:
    table.ok("campaign", "create", "Night", "--system", "classic")
    made = table.json("char", "create", "Mara", "--set", "fortitute=3 Firearms=2")
    assert made["traits"]["Fortitude"] == 3 and "fortitute" not in made["traits"]
    said = table.ok("char", "set", "Mara", "Fortitute+=1")
    assert said.startswith("changed Mara: Fortitude+=1\n")  # the log's name, not the typed one
    assert "character-changed changed Mara: Fortitude+=1" in table.ok("log")
    # Fortitude 4 + Firearms 2 at difficulty 6: 6 and 9 succeed, the 1 cancels one
    rolled = table.json("roll", "Fortitute + Firearms", "--char", "Mara", "--dice", "1 6 3 9 2 5")
    assert rolled["numbers"] == "classic 4+2" and rolled["successes"] == 1
    assert table.ok("db", "check").startswith("ok:")  # the log replays to the same sheets


def test_a_slip_at_creation_says_what_to_write_and_stores_nothing(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "classic")
    line = table.refused("char", "create", "Bo", "--set", "Fortitde=2 Brawl=1")
    assert line == (
        "error: Bo has no trait `Fortitde`: did you mean `Fortitude`? Write `Fortitude=2`. To "
        'give Bo a new trait `Fortitde` on purpose, add it as an addition (`--add "Fortitde=2"`)'
    )
    assert "Bo" not in table.ok("char", "list")


def test_a_save_logs_the_notes_only_when_they_change(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "chronicles")
    table.ok("char", "create", "Ana", "--set", "Dexterity=3 Stealth=2")
    nothing = table.refused("char", "set", "Ana", "--notes", "")  # no notes to clear
    assert nothing.startswith("error: nothing to change: Ana's notes are already as written")
    assert table.ok("char", "set", "Ana", "--notes", "Owes Bo.").startswith(
        "changed Ana: notes set\n"
    )
    # the page's form sends the notes it shows with every save: a trait changed alone
    said = table.ok("char", "set", "Ana", "Stealth+=1", "--notes", "Owes Bo.")
    assert said.startswith("changed Ana: Stealth+=1\n")
    same = table.refused("char", "set", "Ana", "--notes", "  Owes Bo.\n")  # tidied: the same
    assert "nothing to change" in same
    log = table.ok("log").splitlines()
    changed = [line for line in log if "character-changed" in line]
    assert [line.split("character-changed ")[1].strip() for line in changed] == [
        'changed Ana: notes "Owes Bo."',
        "changed Ana: Stealth+=1",
    ]
    assert "notes cleared" in table.ok("char", "set", "Ana", "--notes", "")
