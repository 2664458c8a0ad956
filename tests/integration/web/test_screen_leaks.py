"""What the storyteller's own characters hold stays behind the screen: a change to one of their
sheets (traits changed, traits added on purpose, notes) reaches a player as the placeholder of
the storyteller's private work, not even the character's name, in the events route, the live
feed and the page."""

from __future__ import annotations

from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .conftest import bearer
from .test_sheets_api import seated

SECRETS = ("Sorcery", "Obfuscate", "plans to betray the prince", "Guard")


def test_a_change_to_the_storytellers_own_character_shows_players_no_trait_and_no_note(
    client: TestClient,
) -> None:
    table, bo = seated(client, "chronicles", "Strength=2")
    told = table.storyteller
    assert table.create(told, "Guard", "Strength=3").status_code == 201
    changed = table.done(
        told,
        "sheet",
        character="Guard",
        changes="Strength=4",
        add="Sorcery=2 Obfuscate=1",
        notes="plans to betray the prince",
    )
    as_told = client.get(f"{table.url}/events", headers=bearer(told)).text
    assert all(secret in as_told for secret in SECRETS)  # the storyteller's log has it all
    events = client.get(f"{table.url}/events", headers=bearer(bo)).json()["events"]
    [seen] = [e for e in events if e["seq"] == changed]
    assert (seen["kind"], seen["data"], seen["actor"], seen["at"]) == ("concealed", {}, "", "")
    with client.websocket_connect(f"{table.url}/live") as feed:
        feed.send_json({"token": bo, "after": 0})
        pushed = feed.receive_text()
    assert f'"seq":{changed}' in pushed
    browser = TestClient(client.app)
    browser.get(f"/t/{bo}")
    page = browser.get(f"/c/{table.id}").text
    assert csrf_of(bo) in page  # Bo's own page
    for text in (pushed, page):
        assert not any(secret in text for secret in SECRETS), text
