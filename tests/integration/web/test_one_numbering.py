"""One numbering per table (issue 28): a database holds many tables, and its events' ids count
every table's, but a seat of one table is given its events' seqs alone. On SQLite and
PostgreSQL: two tables log in turns, and everything a player of the second receives (the
events route, the live feed, the export, the answers to rolls and actions, the page) names
its events by their place in its own log, each number one of its seqs; undo, reveal and a
second chance, given a seq, act on the event at that seq and name it so in their data."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .conftest import Feed, bearer
from .test_sheets_api import opened

DAWN_FIRST = 30
"""The events the first table logs before the second opens: every id of the second is past
all of its seqs, so an id given for a seq is caught."""


def keys(value: Any) -> Iterator[str]:
    """Every key of every object in ``value``."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from keys(inner)


def named(value: Any) -> Iterator[int]:
    """Every number that names an event in ``value``: an event's ``seq``, a reference
    ``{"seq": N}`` in an event's data, an answer's ``event``."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in ("seq", "event") and isinstance(inner, int):
                yield inner
            yield from named(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from named(inner)


class Turns:
    """Two tables of one database logging in turns: Dawn rolls between Night's events."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.dawn = opened(client, "chronicles", "Dawn")
        self.busy(DAWN_FIRST)
        self.night = opened(client, "sundown", "Night")
        self.bo = self.night.join("Bo")
        made = self.night.create(self.bo, "Ana", "Agility=3 Edge=2 Potency=1")
        assert made.status_code == 201, made.text
        self.answers: list[Any] = []  # what Bo was answered

    def busy(self, rolls: int = 3) -> None:
        """Dawn rolls: the database's ids run on, Night's seqs stay."""
        for _ in range(rolls):
            body = {"line": "chronicles 2", "dice": [8, 3]}
            made = self.client.post(
                f"{self.dawn.url}/rolls", json=body, headers=bearer(self.dawn.storyteller)
            )
            assert made.status_code == 201, made.text

    def roll(self, token: str, body: dict[str, Any]) -> int:
        """A roll at Night, between two of Dawn's: its answer's event."""
        self.busy()
        made = self.client.post(f"{self.night.url}/rolls", json=body, headers=bearer(token))
        assert made.status_code == 201, made.text
        answer = made.json()
        assert answer["event"] == answer["seq"] == answer["roll"]["event"], answer
        if token == self.bo:
            self.answers.append(answer)
        return int(answer["seq"])

    def post(self, token: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """An action or a route of Night's, between two of Dawn's: its answer."""
        self.busy()
        made = self.client.post(f"{self.night.url}/{path}", json=body, headers=bearer(token))
        assert made.status_code == 201, made.text
        if token == self.bo:
            self.answers.append(made.json())
        return made.json()


def played(client: TestClient) -> tuple[Turns, dict[str, int]]:
    """Night played beside Dawn: a hidden roll revealed, a roll of Ana's given a second chance,
    a roll undone and brought back; each event's seq by what it is."""
    turns = Turns(client)
    teller, bo = turns.night.storyteller, turns.bo
    seqs = {"hidden": turns.roll(teller, {"line": "sundown 3", "hidden": True})}
    seqs["missed"] = turns.roll(teller, {"line": "Agility", "character": "Ana", "dice": [1, 2, 3]})
    seqs["plain"] = turns.roll(bo, {"line": "Agility", "nonce": "a1" * 8})
    again = turns.post(bo, "actions/reroll", {"event": seqs["missed"]})
    seqs["reroll"] = again["events"][0]["seq"]
    shown = turns.post(teller, f"events/{seqs['hidden']}/reveal")
    seqs["reveal"] = shown["event"]["seq"]
    undone = turns.post(teller, f"events/{seqs['plain']}/undo")
    seqs["undo"] = undone["event"]["seq"]
    restored = turns.post(teller, f"events/{seqs['undo']}/undo")
    seqs["restore"] = restored["event"]["seq"]
    data = {
        "reroll": again["events"][0]["data"]["event"],
        "reveal": shown["event"]["data"]["event"],
        "undo": undone["event"]["data"]["event"],
        "restore": restored["event"]["data"]["event"],
    }
    assert data == {  # each names the event at the seq given, by that seq
        "reroll": {"seq": seqs["missed"]},
        "reveal": {"seq": seqs["hidden"]},
        "undo": {"seq": seqs["plain"]},
        "restore": {"seq": seqs["undo"]},
    }
    return turns, seqs


def test_a_player_receives_the_numbers_of_their_tables_log_alone(client: TestClient) -> None:
    turns, seqs = played(client)
    night, bo = turns.night, turns.bo
    events = client.get(f"{night.url}/events", headers=bearer(bo)).json()
    last = events["last"]
    assert last < DAWN_FIRST and [e["seq"] for e in events["events"]][-1] == last
    ids = client.get(f"{turns.dawn.url}/events", headers=bearer(turns.dawn.storyteller)).json()
    assert ids["last"] > DAWN_FIRST  # Dawn logged on meanwhile: the database's ids ran on
    with client.websocket_connect(f"{night.url}/live") as socket:
        socket.send_json({"token": bo, "after": 0})
        pushed = Feed(socket.receive_text).take(len(events["events"]))
    assert pushed == events["events"]
    export = client.get(f"{night.url}/export", headers=bearer(bo)).json()
    received = {"events": events, "live": pushed, "export": export, "answers": turns.answers}
    for what, value in received.items():
        assert "id" not in set(keys(value)), what
        assert set(named(value)) <= set(range(1, last + 1)), (what, sorted(set(named(value))))
    assert [e["seq"] for e in export["events"]] == list(range(1, last + 1))
    rerolled = next(e for e in events["events"] if e["kind"] == "rerolled")
    assert (
        rerolled["data"]["event"] == {"seq": seqs["missed"]} and rerolled["seq"] == seqs["reroll"]
    )
    [revealed] = [e for e in events["events"] if e["seq"] == seqs["hidden"] and e["revealed"]]
    assert revealed["data"]["line"] == "sundown 3"  # the hidden roll, whole once revealed


def test_the_page_shows_the_numbers_of_its_tables_log_alone(client: TestClient) -> None:
    turns, seqs = played(client)
    night = turns.night
    last = client.get(f"{night.url}/events", headers=bearer(turns.bo)).json()["last"]
    for token in (turns.bo, night.storyteller):
        browser = TestClient(client.app)
        browser.get(f"/t/{token}")
        page = browser.get(f"/c/{night.id}").text
        numbers = [
            int(n)
            for pattern in (
                r'id="ev-(\d+)"',
                r'data-seq="(\d+)"',
                r"#(\d+) ·",
                r"/events/(\d+)/",
                r'name="event" value="(\d+)"',
                r"\bevent (\d+)",
            )
            for n in re.findall(pattern, page)
        ]
        assert numbers and set(numbers) <= set(range(1, last + 1)), sorted(set(numbers))
        assert f"second chance on event {seqs['missed']}" in page
        assert f"undid event {seqs['plain']}" in page  # the undo, and the restore that undid it
        assert f"restored event {seqs['plain']} (undid undo {seqs['undo']})" in page
    told = browser.get(f"/c/{night.id}").text  # the storyteller's: undo buttons by seq
    assert f'hx-post="/c/{night.id}/events/{seqs["restore"]}/undo"' in told
    assert f"Undo event {seqs['restore']}?" in told


def test_undo_and_reveal_take_a_seq_of_their_own_table(client: TestClient) -> None:
    turns, seqs = played(client)
    night, dawn = turns.night, turns.dawn
    teller = night.storyteller
    dawn_last = client.get(f"{dawn.url}/events", headers=bearer(dawn.storyteller)).json()["last"]
    beyond = dawn_last  # a seq Dawn reached and Night did not
    refused = client.post(f"{night.url}/events/{beyond}/undo", headers=bearer(teller))
    assert refused.status_code == 409 and f"no event {beyond} in Night" in refused.text
    refused = client.post(f"{night.url}/events/{beyond}/reveal", headers=bearer(teller))
    assert refused.status_code == 409 and f"no roll {beyond} at this table" in refused.text
    again = client.post(f"{night.url}/events/{seqs['reveal']}/undo", headers=bearer(teller))
    assert again.status_code == 409 and "a reveal cannot be undone" in again.text
    page = TestClient(client.app)
    page.get(f"/t/{teller}")
    form, hx = {"csrf": csrf_of(teller)}, {"hx-request": "true"}
    done = page.post(f"/c/{night.id}/events/{seqs['reroll']}/undo", data=form, headers=hx)
    assert done.status_code == 200, done.text
    assert f"undid event {seqs['reroll']} (rerolled: second chance on event {seqs['missed']}" in (
        done.text
    )
