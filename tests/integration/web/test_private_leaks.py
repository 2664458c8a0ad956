"""Nothing counted about the hidden (issue 28), as a player's browser and client receive it:
two tables played alike but for which private work the storyteller did (an undo and a restore
of a hidden roll, a change to their own character and its undo, a hidden roll typed by hand...)
give a player the same events, live feed, page log, export and dice statistics, but for what
any two tables differ in (ids, times, hashes, salts, seeds)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicepool.campaign.export import read_export
from dicepool.campaign.verify import verify

from .conftest import Feed, bearer
from .test_sheets_api import Table, opened

Work = Callable[[Table, int], None]
"""Two pieces of private work at a table, given its hidden roll of the seal."""

SYSTEM = "chronicles"


def _rolled(table: Table, **body: Any) -> int:
    made = table.client.post(f"{table.url}/rolls", json=body, headers=bearer(table.storyteller))
    assert made.status_code == 201, made.text
    event: int = made.json()["event"]
    return event


def _undone(table: Table, event: int) -> int:
    made = table.undo(table.storyteller, event)
    assert made.status_code == 201, made.text
    done: int = made.json()["event"]["seq"]
    return done


def _undo_and_restore(table: Table, secret: int) -> None:
    _undone(table, _undone(table, secret))


def _change_and_undo(table: Table, _secret: int) -> None:
    _undone(table, table.done(table.storyteller, "sheet", character="Guard", changes="Wits=4"))


def _typed_hidden_and_undo(table: Table, _secret: int) -> None:
    _undone(table, _rolled(table, line="chronicles 2", hidden=True, dice=[9, 2]))


def _new_npc_and_change(table: Table, _secret: int) -> None:
    assert table.create(table.storyteller, "Spy", "Wits=1").status_code == 201
    table.done(table.storyteller, "sheet", character="Spy", changes="Wits=2", notes="a mole")


WORKS: dict[str, Work] = {
    "undo and restore the hidden roll": _undo_and_restore,
    "change Guard, undo the change": _change_and_undo,
    "a hidden roll typed by hand, undone": _typed_hidden_and_undo,
    "make Spy, change Spy": _new_npc_and_change,
}


def _played(client: TestClient, name: str, work: Work) -> tuple[Table, str]:
    """A table played alike but for ``work``; Bo's token."""
    table = opened(client, SYSTEM, name)
    bo = table.join("Bo")
    assert table.create(bo, "Ana", "Wits=2").status_code == 201
    assert table.create(table.storyteller, "Guard", "Wits=3").status_code == 201
    secret = _rolled(table, line="chronicles 3", hidden=True)  # the seal's: by its number
    _rolled(table, line="chronicles 2", dice=[8, 3])
    work(table, secret)
    _rolled(table, line="chronicles 2 # after", dice=[9, 1])
    return table, bo


def _event_shape(event: dict[str, Any]) -> tuple[Any, ...]:
    """An event of the API as a player reads it, less its id; a public event's kind, actor
    and keys only (its seal's commitment, its time: each table's own)."""
    held = {k: v for k, v in event.items() if k != "id"}
    if event["kind"] == "concealed":
        return tuple(sorted((k, repr(v)) for k, v in held.items()))
    data = event["data"] if _behind(event) else sorted(event["data"])
    return (event["seq"], event["kind"], event["actor"], repr(data), event["revealed"])


def _behind(event: dict[str, Any]) -> bool:
    """Whether an event is a hidden roll behind the screen (its seal's number alone)."""
    return bool(event["data"].get("hidden")) and "result" not in event["data"]


def _exported_shape(event: dict[str, Any]) -> tuple[Any, ...]:
    """An event of the player's export less its id, time, hashes and salt (whether the salt is
    given stays), and a public event's data (but its keys)."""
    concealed = event["kind"] == "concealed"
    data = repr(event["data"]) if concealed or _behind(event) else None
    keys = sorted(event["data"])
    return (sorted(event), event["seq"], event["kind"], event.get("actor"), data, keys)


ENTRY = re.compile(r'<li id="ev-\d+".*?</li>', re.DOTALL)
_OWN = [
    (re.compile(r'id="ev-\d+"'), 'id="ev-N"'),
    (re.compile(r"#\d+ ·"), "#N ·"),
    (re.compile(r'data-hash="[0-9a-f]+"'), "data-hash"),
    (re.compile(r"<time [^>]*>[^<]*</time>"), "<time>"),
    (re.compile(r"[0-9a-f]{16,}"), "HEX"),
    (re.compile(r"/c/\d+/"), "/c/N/"),
    (re.compile(r"\b(Night|Day)\b"), "NAME"),
]
"""What each table's page has of its own: ids, times, hashes, commitments, its name."""


def _page_entries(client: TestClient, table: Table, token: str) -> list[str]:
    """The log's entries of the seat's page, what each table has of its own left out."""
    page = client.get(f"/c/{table.id}", headers={"cookie": f"dicepool_seat_{table.id}={token}"})
    assert page.status_code == 200, page.text
    entries = ENTRY.findall(page.text)
    for pattern, shown in _OWN:
        entries = [pattern.sub(shown, e) for e in entries]
    return entries


def _players_view(client: TestClient, table: Table, bo: str) -> dict[str, Any]:
    """Everything Bo receives of the table, comparable with another table's."""
    events = client.get(f"{table.url}/events", headers=bearer(bo)).json()["events"]
    with client.websocket_connect(f"{table.url}/live") as socket:
        socket.send_json({"token": bo, "after": 0})
        pushed = Feed(socket.receive_text).take(len(events))
    assert pushed == events  # the live feed says what the events route says
    export = client.get(f"{table.url}/export", headers=bearer(bo))
    assert export.status_code == 200, export.text
    _, exported = read_export(export.text)
    checked = verify(exported, [export.json()["head"]["hash"]])
    assert checked.chain is not None and checked.chain.problems == ()  # the chain runs through
    stats = client.get(f"{table.url}/stats", headers=bearer(bo)).json()
    return {
        "events": [_event_shape(e) for e in events],
        "export": [_exported_shape(e) for e in exported],
        "whole": checked.chain.whole,
        "page": _page_entries(client, table, bo),
        "stats": {k: v for k, v in stats.items() if k != "campaign"},
    }


@pytest.mark.parametrize("other", list(WORKS)[1:])
def test_a_player_receives_the_same_whichever_private_work_was_done(
    client: TestClient, other: str
) -> None:
    first = _played(client, "Night", next(iter(WORKS.values())))
    second = _played(client, "Day", WORKS[other])
    seen = _players_view(client, *first)
    assert seen == _players_view(client, *second)
    events = client.get(f"{first[0].url}/events", headers=bearer(first[1])).json()["events"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))  # no gap to count
    private = [e for e in events if e["kind"] == "concealed"]
    assert len(private) == 3  # Guard's creation, and the two pieces of work
    assert all((e["data"], e["actor"], e["at"]) == ({}, "", "") for e in private)


def test_the_page_shows_private_work_as_one_quiet_line_about_no_one(client: TestClient) -> None:
    table, bo = _played(client, "Night", _new_npc_and_change)
    entries = _page_entries(client, table, bo)
    numbered = r'data-seq="\d+"|>#\d+<'  # its number (the log's, no secret), in its heading too
    quiet = [re.sub(numbered, "", e) for e in entries if "kind-concealed" in e]
    assert len(quiet) == 3 and len(set(quiet)) == 1  # Guard, Spy and Spy's change: alike
    assert 'data-about="[]"' in quiet[0] and "struck" not in quiet[0]
    page = client.get(f"/c/{table.id}", headers={"cookie": f"dicepool_seat_{table.id}={bo}"})
    assert not any(word in page.text for word in ("Guard", "Spy", "a mole"))
    told = client.get(
        f"/c/{table.id}", headers={"cookie": f"dicepool_seat_{table.id}={table.storyteller}"}
    )
    assert "kind-concealed" not in told.text and "a mole" in told.text  # the storyteller's: whole
