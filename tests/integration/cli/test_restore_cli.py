"""`dicepool restore EVENT`: what an undo struck comes back, one event logged (issue 29), on
SQLite and PostgreSQL."""

from __future__ import annotations

from .conftest import Table


def test_restore_brings_back_what_undo_struck(any_table: Table) -> None:
    table = any_table
    table.ok("campaign", "create", "Night", "--system", "cofd")
    rolled = table.json("roll", "chronicles 3", "--campaign", "Night", "--dice", "1,2,3")["event"]
    table.ok("undo", str(rolled))
    assert "already undone" in table.refused("undo", str(rolled))
    said = table.json("restore", str(rolled))
    assert said["restored"] == rolled and said["target"]["kind"] == "undone"
    assert said["event"]["seq"] == rolled + 2  # one event: the undo of the undo
    assert "stands: there is nothing to restore" in table.refused("restore", str(rolled))
    log = table.json("log")
    assert not next(e for e in log if e["seq"] == rolled)["struck"]
