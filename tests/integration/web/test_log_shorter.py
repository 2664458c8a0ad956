"""A restore that clients notice (issue 32, item 5): a client that remembers an event number
past the log's end, the log having been restored from an older copy, is told so by the events
route (409, ``log_shorter``) and by the live feed (a message saying so, then the log from its
start), never left waiting in silence. The restore is real: the SQLite file copied while the
table played, played on, then the copy served in its place."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from dicepool.store.database import Database
from dicepool.web.app import serve_from

from .conftest import Feed, bearer, text_within


class Restored:
    """A table whose log ran to ``remembered`` and was then restored to a copy ending at
    ``ends``; ``client`` serves the copy."""

    def __init__(self, client: TestClient, where: int, token: str, ends: int, remembered: int):
        self.client, self.where, self.token = client, where, token
        self.ends, self.remembered = ends, remembered


@pytest.fixture
def restored(web_app: FastAPI, tmp_path: Path) -> Iterator[Restored]:
    played, copy = tmp_path / "played.sqlite3", tmp_path / "copy.sqlite3"
    first = Database(f"sqlite:///{played}")
    serve_from(web_app, first)
    with TestClient(web_app) as client:
        opened = client.post("/api/campaigns", json={"name": "Night", "system": "cofd"}).json()
        where, token = opened["id"], opened["storyteller"]["token"]
        roll = {"line": "chronicles 2", "dice": [8, 1]}
        ends = client.post(f"/api/campaigns/{where}/rolls", json=roll, headers=bearer(token))
        with sqlite3.connect(played) as source, sqlite3.connect(copy) as target:
            source.backup(target)  # the older copy: the log up to the first roll
        for _ in range(3):
            later = client.post(f"/api/campaigns/{where}/rolls", json=roll, headers=bearer(token))
    first.close()
    again = Database(f"sqlite:///{copy}")
    serve_from(web_app, again)
    with TestClient(web_app) as client:
        yield Restored(client, where, token, ends.json()["event"], later.json()["event"])
    again.close()


def test_the_events_route_says_the_log_ends_before_the_number_remembered(
    restored: Restored,
) -> None:
    url = f"/api/campaigns/{restored.where}/events"
    answer = restored.client.get(
        url, params={"after": restored.remembered}, headers=bearer(restored.token)
    )
    assert answer.status_code == 409
    told = answer.json()
    assert told["log_shorter"] is True and told["log_ends"] == restored.ends
    assert told["error"] == (
        f"the log ends at event {restored.ends}, before the {restored.remembered} you "
        "remember: it was restored from an older copy; read it again from the start"
    )
    # a number at the log's end is no restore: nothing new, as ever
    at_end = restored.client.get(
        url, params={"after": restored.ends}, headers=bearer(restored.token)
    )
    assert at_end.status_code == 200 and at_end.json() == {"events": [], "last": restored.ends}


def test_the_live_feed_says_so_then_sends_the_log_from_its_start(restored: Restored) -> None:
    url = f"/api/campaigns/{restored.where}/live"
    with restored.client.websocket_connect(url) as live:
        live.send_json({"token": restored.token, "after": restored.remembered})
        receive = text_within(live)
        told = json.loads(receive())
        assert told["log_shorter"] is True and told["log_ends"] == restored.ends
        assert (told["events"], told["last"]) == ([], 0)
        assert f"the log ends at event {restored.ends}" in told["notice"]
        seqs = [e["seq"] for e in Feed(receive).take(restored.ends)]
    assert seqs == list(range(1, restored.ends + 1))
