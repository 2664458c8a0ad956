"""Dice typed by hand at the table: the storyteller's alone unless the storyteller lets everyone
type them, and marked as typed wherever a roll is shown (the page, its live feed, the events,
the command line's log, the stats)."""

from __future__ import annotations

import re

from click.testing import CliRunner
from fastapi.testclient import TestClient

from dicepool.cli.main import cli
from dicepool.store.database import Database
from dicepool.web.pages import csrf_of

from .conftest import bearer
from .test_sheets_api import Answer, seated


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
        e["seq"]: e for e in client.get(f"{table.url}/events", headers=bearer(bo)).json()["events"]
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


def test_the_roll_box_takes_dice_rolled_by_hand_where_the_seat_may_type_them(
    client: TestClient,
) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=2")
    told = table.storyteller
    browser = {"cookie": f"dicepool_seat_{table.id}={bo}"}
    page = client.get(f"/c/{table.id}", headers=browser).text
    assert 'name="faces"' not in page  # a player's box: the table's dice alone
    own = {"cookie": f"dicepool_seat_{table.id}={told}"}
    assert 'name="faces"' in client.get(f"/c/{table.id}", headers=own).text

    def roll(cookie: dict[str, str], token: str, faces: str) -> Answer:
        form = {"line": "Dexterity + 1", "character": "Ana", "faces": faces}
        form["csrf"] = csrf_of(token)
        headers = {**cookie, "hx-request": "true"}
        return client.post(f"/c/{table.id}/roll", data=form, headers=headers)

    refused = roll(browser, bo, "8 9 3")
    assert refused.status_code == 403 and "only the storyteller types dice" in refused.text
    table.done(told, "typed-dice", who="everyone")
    assert 'name="faces"' in client.get(f"/c/{table.id}", headers=browser).text
    bad = roll(browser, bo, "8 nine")
    assert bad.status_code == 422 and "dice rolled by hand: `nine`" in bad.text  # page words
    done = roll(browser, bo, "8, 9 3")
    assert done.status_code == 200 and "Rolled (event" in done.text
    last = client.get(f"{table.url}/events", headers=bearer(bo)).json()["events"][-1]
    assert last["data"]["typed"] is True
    assert [d["face"] for d in last["data"]["result"]["dice"]] == [8, 9, 3]
