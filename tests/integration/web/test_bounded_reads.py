"""Every read of the log costs what it may: pages bounded in bytes that lose nothing when read
on, on SQLite and PostgreSQL."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient

from dicepool.campaign import roll
from dicepool.campaign.seats import find_seat_by_token
from dicepool.campaign.table import PAGE_BYTES
from dicepool.core.dice import SystemDice
from dicepool.store.database import Database
from dicepool.web import live
from dicepool.web.limits import Bucket

from .conftest import Feed, bearer
from .test_adversary import table

LINE = "chronicles 100 noagain"
"""A roll of exactly 100 dice: its dice listed (not packed), some 9 KB an event."""


def heavy_table(client: TestClient, db: Database, rolls: int = 150) -> tuple[int, str, str]:
    """A table whose log weighs well over a page: ``rolls`` rolls of 9 KB, and among them
    hidden rolls of the storyteller's, revealed at the end (a player gets each whole, just
    before its reveal). Its id, the storyteller's and a player's tokens."""
    where, told, player, _ = table(client, "chronicles")
    hidden = []
    for number in range(rolls):
        if number % 40 == 20:
            made = client.post(
                f"/api/campaigns/{where}/rolls",
                json={"line": LINE, "hidden": True},
                headers=bearer(told),
            )
            assert made.status_code == 201, made.text
            hidden.append(made.json()["event"])
        else:
            roll(db, "Night", LINE, SystemDice(), "st")
    for event in hidden:
        url = f"/api/campaigns/{where}/events/{event}/reveal"
        assert client.post(url, headers=bearer(told)).status_code == 201
    return where, told, player


def read_on(client: TestClient, where: int, token: str, limit: int) -> list[list[dict[str, Any]]]:
    """Every page of the log from the start, each asked after the last one's ``last``."""
    pages, after = [], 0
    while True:
        answer = client.get(
            f"/api/campaigns/{where}/events",
            params={"after": after, "limit": limit},
            headers=bearer(token),
        )
        assert answer.status_code == 200, answer.text
        assert len(answer.content) <= PAGE_BYTES + 100
        page = answer.json()
        assert set(page) == {"events", "last"} and page["last"] >= after
        if not page["events"]:
            return pages
        pages.append(page["events"])
        after = page["last"]


def ids(pages: list[list[dict[str, Any]]]) -> list[tuple[int, bool]]:
    return [(e["seq"], e["revealed"]) for page in pages for e in page]


def test_a_page_is_bounded_in_bytes_and_reading_on_loses_no_event(
    client: TestClient, db: Database
) -> None:
    where, told, player = heavy_table(client, db)
    for token in (told, player):
        bounded = read_on(client, where, token, limit=500)
        small = read_on(client, where, token, limit=40)  # 40 events: well under the bound
        assert len(bounded) >= 2 and all(len(page) < 500 for page in bounded)
        assert ids(bounded) == ids(small)
        assert len(set(ids(bounded))) == len(ids(bounded))  # nothing twice
    seen = ids(read_on(client, where, player, limit=500))
    revealed = [event for event, whole in seen if whole]
    assert len(revealed) == 4  # each hidden roll, whole, once


def test_the_live_feed_sends_a_long_log_in_bounded_messages_losing_nothing(
    client: TestClient, db: Database
) -> None:
    where, _, player = heavy_table(client, db, rolls=130)
    expected = ids(read_on(client, where, player, limit=40))
    sizes = []

    def receive() -> str:
        text = socket.receive_text()
        sizes.append(len(text))
        return text

    with client.websocket_connect(f"/api/campaigns/{where}/live") as socket:
        socket.send_json({"token": player, "after": 0})
        feed = Feed(receive)
        got = feed.take(len(expected))
    assert [(e["seq"], e["revealed"]) for e in got] == expected
    assert len(sizes) >= 2 and max(sizes) <= PAGE_BYTES + 100


# --- what each read costs -----------------------------------------------------------------


def test_a_seat_that_read_much_waits_while_another_is_served(
    client: TestClient, db: Database
) -> None:
    client.app.state.buckets["reads"] = Bucket(rate=1000.0, burst=50_000.0)  # type: ignore[attr-defined]
    where, told, player = heavy_table(client, db, rolls=60)
    url = f"/api/campaigns/{where}/events"
    first = client.get(url, headers=bearer(player))
    assert first.status_code == 200 and len(first.content) > 50_000  # let in: it owed nothing
    again = client.get(url, headers=bearer(player))
    assert again.status_code == 429 and "read much of the log" in again.json()["error"]
    owed = (len(first.content) - 50_000) / 1000.0  # some 970 s, less a moment's refill
    assert int(again.headers["Retry-After"]) == pytest.approx(owed, rel=0.01)
    other = client.get(url, headers=bearer(told))  # another seat's reads are its own
    assert other.status_code == 200 and other.json()["events"]


def test_a_live_client_catching_up_pays_for_what_it_read(client: TestClient, db: Database) -> None:
    where, told, player = heavy_table(client, db, rolls=130)
    pages = read_on(client, where, told, limit=40)
    size = sum(len(orjson.dumps(event)) for page in pages for event in page)
    reads = Bucket(rate=1.0, burst=1e7)  # a byte a second: what is charged stays owed
    client.app.state.buckets["reads"] = reads  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/campaigns/{where}/live") as socket:
        socket.send_json({"token": told, "after": 0})
        got = Feed(socket.receive_text).take(sum(map(len, pages)))
    assert [(e["seq"], e["revealed"]) for e in got] == ids(pages)
    charged = reads.wait(seat_id(db, told), reads.burst)  # seconds at a byte a second
    assert 0.95 * size <= charged <= 1.05 * size
    assert reads.wait(seat_id(db, player), reads.burst) == 0  # another seat pays nothing


def seat_id(db: Database, token: str) -> int:
    seat = find_seat_by_token(db, token)
    assert seat is not None
    return seat.id


def test_a_seat_whose_work_took_the_servers_time_waits_while_another_is_served(
    client: TestClient, db: Database
) -> None:
    client.app.state.buckets["work"] = Bucket(rate=1e-6, burst=0.0)  # type: ignore[attr-defined]
    where, told, player = heavy_table(client, db, rolls=3)
    stats = f"/api/campaigns/{where}/stats"
    assert client.get(stats, headers=bearer(player)).status_code == 200  # owed nothing
    slowed = client.get(stats, headers=bearer(player))
    assert slowed.status_code == 429 and "took much of the server's time" in slowed.text
    assert int(slowed.headers["Retry-After"]) >= 1
    odds = client.get("/api/odds", params={"line": "chronicles 5"}, headers=bearer(player))
    assert odds.status_code == 429  # the same seat's time, whatever it asks
    assert client.get(stats, headers=bearer(told)).status_code == 200


# --- answers kept by the log's state --------------------------------------------------------


def test_statistics_and_checks_are_made_once_per_state_of_the_log(
    client: TestClient, db: Database
) -> None:
    where, told, player = heavy_table(client, db, rolls=5)
    rolls = f"/api/campaigns/{where}/rolls"
    hidden = client.post(rolls, json={"line": "chronicles 3", "hidden": True}, headers=bearer(told))
    assert hidden.status_code == 201  # kept from the player's statistics
    answers = client.app.state.answers  # type: ignore[attr-defined]
    stats, checks = f"/api/campaigns/{where}/stats", f"/api/campaigns/{where}/verify"

    def made() -> int:
        return int(answers.misses)

    first = client.get(stats, headers=bearer(told)).json()
    assert client.get(stats, headers=bearer(told)).json() == first and made() == 1
    checked = client.get(checks, headers=bearer(told)).json()
    assert client.get(checks, headers=bearer(told)).json() == checked and made() == 2
    assert answers.hits == 2
    seen_by_player = client.get(stats, headers=bearer(player)).json()  # a view of its own
    assert made() == 3 and seen_by_player["table"]["rolls"] == first["table"]["rolls"] - 1
    rolled = client.post(rolls, json={"line": "chronicles 3"}, headers=bearer(told))
    assert rolled.status_code == 201
    again = client.get(stats, headers=bearer(told)).json()  # a new event: made again
    assert made() == 4 and again["table"]["rolls"] == first["table"]["rolls"] + 1
    assert client.get(checks, headers=bearer(told)).status_code == 200 and made() == 5
    assert client.get(f"{stats}?char=Nobody", headers=bearer(told)).status_code == 409


# --- what the live feed keeps -------------------------------------------------------------


def test_what_the_live_feed_keeps_is_bounded_in_bytes_and_dropped_with_its_last_client(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "TABLE_KEPT_BYTES", 40_000)
    monkeypatch.setattr(live, "KEPT_BYTES", 60_000)  # three tables: 20,000 bytes each
    hub = client.app.state.hub  # type: ignore[attr-defined]
    tables = []
    for name in ("Night", "Day", "Dusk"):
        made = client.post("/api/campaigns", json={"name": name, "system": "chronicles"})
        assert made.status_code == 201
        tables.append((made.json()["id"], made.json()["storyteller"]["token"]))
    with ExitStack() as held:
        feeds = []
        for where, told in tables:
            socket = held.enter_context(client.websocket_connect(f"/api/campaigns/{where}/live"))
            socket.send_json({"token": told})
            feeds.append(Feed(socket.receive_text))
        for (where, told), feed in zip(tables, feeds, strict=True):
            for _ in range(8):  # 8 events of 9 KB: 75 KB of log
                rolled = client.post(
                    f"/api/campaigns/{where}/rolls", json={"line": LINE}, headers=bearer(told)
                )
                assert rolled.status_code == 201
            assert len(feed.take(8)) == 8  # read, kept and pushed
        assert set(hub.followed()) == {where for where, _ in tables} and hub.share() == 20_000
        assert all(0 < tail.size <= 20_000 for tail in hub.followed().values())
        assert 0 < hub.kept() <= 60_000
    assert hub.followed() == {} and hub.kept() == 0  # nobody watches: nothing kept
