"""Restore: an event an undo struck comes back by its own button, route and command (issue 29,
"Restore on an undone event fails"): the undo that strikes it is undone, one event logged; an
event that stands has nothing to restore; only the storyteller restores. On SQLite and
PostgreSQL, through the API and the page (the command line's: test_restore_cli.py)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .conftest import bearer
from .test_sheets_api import Table, seated


def events(table: Table) -> list[dict[str, Any]]:
    answer = table.client.get(f"{table.url}/events", headers=table.by(table.storyteller))
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()["events"]
    return found


def hurt(table: Table) -> int:
    """Ana takes 2 lethal: the event's seq."""
    body = {"character": "Ana", "points": 2, "kind": "lethal"}
    done = table.client.post(
        f"{table.url}/actions/damage", json=body, headers=table.by(table.storyteller)
    )
    assert done.status_code == 201, done.text
    seq: int = done.json()["events"][0]["seq"]
    return seq


def post(table: Table, token: str, seq: int, doing: str) -> Any:
    return table.client.post(f"{table.url}/events/{seq}/{doing}", headers=bearer(token))


def test_an_undone_event_is_restored_by_its_own_route_with_one_event(client: TestClient) -> None:
    table, bo = seated(client, "hubris", "Stamina=2 Willpower=3")
    damage = hurt(table)
    assert post(table, table.storyteller, damage, "undo").status_code == 201
    refused = post(table, table.storyteller, damage, "undo")  # the old way: refused, as before
    assert refused.status_code == 409 and "already undone" in refused.json()["error"]
    assert post(table, bo, damage, "restore").status_code == 403  # the storyteller's alone
    before = len(events(table))
    restored = post(table, table.storyteller, damage, "restore")
    assert restored.status_code == 201, restored.text
    logged = events(table)
    assert len(logged) == before + 1  # one event: the undo of the undo
    assert restored.json()["event"]["kind"] == "undone"
    sheet = table.state(table.storyteller, "Ana")["health"]["boxes"]
    assert sheet[:2] == ["lethal", "lethal"]  # the damage stands again
    again = post(table, table.storyteller, damage, "restore")
    assert again.status_code == 409 and "stands: there is nothing to restore" in again.text
    assert post(table, table.storyteller, 10_000, "restore").status_code == 409


def test_the_pages_restore_button_brings_the_event_back(client: TestClient) -> None:
    table, _ = seated(client, "hubris", "Stamina=2 Willpower=3")
    damage = hurt(table)
    assert post(table, table.storyteller, damage, "undo").status_code == 201
    browser = TestClient(client.app, raise_server_exceptions=False)
    assert browser.get(f"/t/{table.storyteller}", follow_redirects=False).status_code == 303
    page = browser.get(f"/c/{table.id}").text
    assert re.search(rf'hx-post="/c/{table.id}/events/{damage}/restore"[^>]*>', page)
    done = browser.post(
        f"/c/{table.id}/events/{damage}/restore",
        data={"csrf": csrf_of(table.storyteller)},
        headers={"hx-request": "1"},
    )
    assert done.status_code == 200 and "restored event" in done.text, done.text
    page = browser.get(f"/c/{table.id}").text
    assert f'hx-post="/c/{table.id}/events/{damage}/undo"' in page  # it stands: Undo again
    # the log says what the restore did, as its answer did (not "undid event N")
    restore = re.search(
        r'<li id="ev-(\d+)"[^>]*kind-undone(?:(?!</li>).)*restored event', page, re.S
    )
    assert restore is not None and f"restored event {damage}" in page, page
