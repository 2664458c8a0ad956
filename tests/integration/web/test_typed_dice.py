"""Dice typed by hand at the table: the storyteller's alone unless the storyteller lets everyone
type them, and marked as typed wherever a roll is shown (the page, its live feed, the events,
the command line's log, the stats)."""

from __future__ import annotations

import re

from click.testing import CliRunner
from fastapi.testclient import TestClient

from dicepool.cli.main import cli
from dicepool.store.database import Database

from .conftest import bearer
from .test_sheets_api import seated


def test_a_player_types_dice_only_when_the_storyteller_lets_everyone(
    client: TestClient, db: Database
) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=3 Stealth=3")
    rolls = f"{table.url}/rolls"
    six = {"line": "Dexterity + Stealth", "dice": [10, 9, 9, 9, 9, 8, 3]}  # 10-again: one more
    refused = client.post(rolls, json=six, headers=bearer(bo))
    assert refused.status_code == 403 and "only the storyteller types dice" in refused.text
    assert client.post(rolls, json={"line": "Dexterity + Stealth"}, headers=bearer(bo)).is_success
    assert table.act(bo, "typed-dice", who="everyone").status_code == 403  # the storyteller's
    allowed = table.done(table.storyteller, "typed-dice", who="everyone")
    typed = client.post(rolls, json=six, headers=bearer(bo))
    assert typed.status_code == 201, typed.text
    event = typed.json()["event"]
    told = client.post(
        rolls, json={"line": "chronicles 1", "dice": [8]}, headers=bearer(table.storyteller)
    )
    assert told.status_code == 201  # the storyteller always may

    shown = {
        e["id"]: e for e in client.get(f"{table.url}/events", headers=bearer(bo)).json()["events"]
    }
    assert shown[event]["data"]["typed"] is True  # the JSON and its live feed carry it
    page = client.get(f"/c/{table.id}", headers={"cookie": f"dicepool_seat_{table.id}={bo}"}).text
    entry = re.search(rf'<li id="ev-{event}".*?</li>', page, re.S)
    assert entry and 'class="tag mark-typed"' in entry[0] and ">typed</span>" in entry[0]
    fair = max(shown) - 2  # the roll of the table's dice before: no mark
    plain = re.search(rf'<li id="ev-{fair}".*?</li>', page, re.S)
    assert plain and "mark-typed" not in plain[0]
    with client.websocket_connect(
        f"/c/{table.id}/live",
        headers={"origin": "http://testserver", "cookie": f"dicepool_seat_{table.id}={bo}"},
    ) as feed:
        feed.receive_text()
        again = client.post(
            rolls, json={"line": "Dexterity", "dice": [8, 2, 1]}, headers=bearer(bo)
        )
        assert again.status_code == 201
        assert 'class="tag mark-typed"' in feed.receive_text()
    if db.url.startswith("sqlite"):  # in-process, the command would leave PostgreSQL open
        logged = CliRunner().invoke(cli, ["log", "--db", db.url, "--campaign", table.name])
        found = [line for line in logged.output.splitlines() if line.split()[0] == str(event)]
        assert found and found[0].endswith("[typed]"), logged.output
    stats = client.get(f"{table.url}/stats", headers=bearer(bo)).json()
    assert stats["left_out"]["typed"] == 3 and stats["table"]["rolls"] == 1
    undone = client.post(f"{table.url}/events/{allowed}/undo", headers=bearer(table.storyteller))
    assert undone.status_code == 201  # the setting undone: players type no more
    assert client.post(rolls, json=six, headers=bearer(bo)).status_code == 403
    kinds = [
        e["kind"] for e in client.get(f"{table.url}/events", headers=bearer(bo)).json()["events"]
    ]
    assert kinds.count("dice-typing-set") == 1 and kinds[-1] == "undone"
