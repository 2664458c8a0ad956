"""House rules changed at the table (the storyteller's `house-rules` action): every roll from
then on follows them, the rolls before keep theirs, an undo brings the old ones back, and an
option the system lacks is refused naming it. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from dicepool.cli.main import cli
from dicepool.store.database import Database

from .conftest import bearer
from .test_sheets_api import opened, refused


def rolled(table: Any, dice: list[int]) -> dict[str, Any]:
    body = {"line": "chronicles 2", "dice": dice}
    answer = table.client.post(f"{table.url}/rolls", json=body, headers=bearer(table.storyteller))
    assert answer.status_code == 201, answer.text
    roll: dict[str, Any] = answer.json()["roll"]
    return roll


def test_house_rules_set_at_the_table_govern_the_rolls_after_them(
    client: TestClient, db: Database
) -> None:
    table = opened(client, "chronicles")
    before = rolled(table, [9, 3])  # 10-again: a 9 adds nothing
    assert (before["house_rules"], len(before["dice"])) == ("", 2)
    changed = table.done(table.storyteller, "house-rules", rules=" 9again ")
    after = rolled(table, [9, 3, 2])  # 9-again: the 9 adds a die
    assert (after["house_rules"], len(after["dice"])) == ("9again", 3)
    shown = client.get(table.url, headers=bearer(table.storyteller)).json()
    assert shown["house_rules"] == "9again"
    refused(table.act(table.storyteller, "house-rules", rules="9again"), 422, "already")
    refused(table.act(table.storyteller, "house-rules", rules="8again banana"), 422, "banana")
    bo = table.join("Bo")
    refused(table.act(bo, "house-rules", rules=""), 403)
    undone = client.post(f"{table.url}/events/{changed}/undo", headers=bearer(table.storyteller))
    assert undone.status_code == 201, undone.text
    again = rolled(table, [9, 3])
    assert (again["house_rules"], len(again["dice"])) == ("", 2)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_command_line_sets_house_rules_too(client: TestClient, db: Database) -> None:
    table = opened(client, "chronicles")
    runner = CliRunner()
    argv = ["--db", db.url, "--campaign", table.name]
    done = runner.invoke(cli, ["campaign", "house-rules", "rote", *argv])
    assert done.exit_code == 0, done.output
    assert "house rules: rote" in done.output
    shown_cli = runner.invoke(cli, ["campaign", "show", *argv])
    assert "house rules: rote" in shown_cli.output, shown_cli.output
    cleared = runner.invoke(cli, ["campaign", "house-rules", *argv])
    assert cleared.exit_code == 0 and "house rules: none" in cleared.output, cleared.output
