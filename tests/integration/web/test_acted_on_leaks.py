"""An action on a logged roll tells a player nothing of the storyteller's private work (issue
28): a second chance (sundown) or a Stunt (storypath) a player asks for on any event that is
not a roll of their own character they see whole is refused with one status and one message,
whether that event is a hidden roll standing or undone, an undo, a change to the
storyteller's own character, a roll of someone else's, or nothing at all. On SQLite and
PostgreSQL, through the API."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import bearer
from .test_sheets_api import Table, seated


def act(table: Table, token: str, name: str, body: dict[str, Any]) -> Any:
    return table.client.post(f"{table.url}/actions/{name}", json=body, headers=bearer(token))


def rolled(table: Table, token: str, body: dict[str, Any]) -> int:
    answer = table.client.post(f"{table.url}/rolls", json=body, headers=bearer(token))
    assert answer.status_code == 201, answer.text
    event: int = answer.json()["event"]
    return event


def private_work(table: Table, traits: str, line: str) -> dict[str, int]:
    """The storyteller's private work, each event's number: a hidden roll of their own Guard
    that stands, one undone (and its undo), a change to the Guard, and an open roll of his."""
    teller = table.storyteller
    made = table.create(teller, "Guard", traits)
    assert made.status_code == 201, made.text
    standing = rolled(table, teller, {"line": line, "hidden": True})
    struck = rolled(table, teller, {"line": line, "hidden": True})
    undone = table.client.post(f"{table.url}/events/{struck}/undo", headers=table.by(teller))
    assert undone.status_code == 201, undone.text
    changed = act(table, teller, "sheet", {"character": "Guard", "changes": "Wits=3"})
    assert changed.status_code == 201, changed.text
    guards = rolled(table, teller, {"line": line})
    return {
        "a hidden roll standing": standing,
        "a hidden roll undone": struck,
        "an undo": undone.json()["event"]["seq"],
        "a change to the Guard": changed.json()["events"][0]["seq"],
        "the Guard's open roll": guards,
        "no event at all": 10_000,
    }


@pytest.mark.parametrize(
    ("system", "traits", "line", "action", "body"),
    [
        ("sundown", "Agility=2 Strength=2", "Guard: Agility", "reroll", {}),
        (
            "storypath",
            "Might=2 Athletics=2",
            "Guard: Might + Athletics",
            "stunt",
            {"effect": "enhancement", "level": 1, "what": "the high ground"},
        ),
    ],
)
def test_a_player_reads_one_refusal_for_any_event_not_a_roll_of_theirs(
    client: TestClient, system: str, traits: str, line: str, action: str, body: dict[str, Any]
) -> None:
    table, bo = seated(client, system, traits)
    private = private_work(table, traits, line)
    answers = {
        what: act(table, bo, action, {**body, "event": number}) for what, number in private.items()
    }
    said = {
        (a.status_code, a.json()["error"].replace(str(private[w]), "N")) for w, a in answers.items()
    }
    assert len(said) == 1, said  # one status, one message, whatever the event is
    ((status, message),) = said
    assert status == 403 and "of your character's" in message
    # the storyteller is told why
    teller = act(
        table, table.storyteller, action, {**body, "event": private["a hidden roll undone"]}
    )
    assert teller.status_code == 409 and "undone" in teller.json()["error"], teller.text
