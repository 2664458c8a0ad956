"""The live table over a WebSocket: every event a seat may see, pushed as it is logged."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dicepool.campaign import roll
from dicepool.campaign.seats import find_seat_by_token, join_table, open_table
from dicepool.campaign.table import SeenEvent, concealed_as, read_log, reveal
from dicepool.core.dice import ForcedDice
from dicepool.store.database import Database
from dicepool.web import live

from .conftest import Feed, bearer, text_within


def table(client: TestClient) -> tuple[int, str, str]:
    opened = client.post("/api/campaigns", json={"name": "Night", "system": "cofd"}).json()
    player = client.post(
        f"/api/campaigns/{opened['id']}/seats",
        json={"name": "Bo"},
        headers=bearer(opened["invite"]["token"]),
    ).json()["token"]
    return opened["id"], opened["storyteller"]["token"], player


PRIVATE = {"kind": "concealed", "data": {}, "actor": "", "at": "", "revealed": False}
"""What a player reads of the storyteller's private work, whatever it is (its id and seq aside)."""


def private(event: dict[str, Any]) -> bool:
    """Whether ``event`` is the placeholder of private work, as a player reads it."""
    return {k: event[k] for k in PRIVATE} == PRIVATE


def rolled(client: TestClient, where: int, token: str, **body: Any) -> int:
    made = client.post(f"/api/campaigns/{where}/rolls", json=body, headers=bearer(token))
    assert made.status_code == 201, made.text
    event: int = made.json()["event"]
    return event


def test_rolls_arrive_live_and_hidden_ones_only_for_the_storyteller(client: TestClient) -> None:
    where, told, player = table(client)
    url = f"/api/campaigns/{where}/live"
    with client.websocket_connect(url) as st, client.websocket_connect(url) as pl:
        st.send_json({"token": told, "after": 2})
        pl.send_json({"token": player, "after": 2})
        told_feed, player_feed = Feed(st.receive_text), Feed(pl.receive_text)
        public = rolled(client, where, told, line="chronicles 2", dice=[8, 1])
        assert told_feed.next()["seq"] == public and player_feed.next()["seq"] == public
        secret = rolled(client, where, told, line="chronicles 1", hidden=True, dice=[9])
        assert told_feed.next()["seq"] == secret
        # typed by hand, no seal numbers it: the player reads it as private work
        placeholder = player_feed.next()
        assert placeholder["seq"] == secret and private(placeholder)
        shown = client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
        reveal = shown.json()["event"]["seq"]
        # the player never had the hidden roll: it comes now, marked revealed, then the reveal
        first, second = player_feed.take(2)
        assert (first["seq"], first["revealed"]) == (secret, True)
        assert second["seq"] == reveal and told_feed.next()["seq"] == reveal


def test_a_client_that_reconnects_gets_what_it_missed(client: TestClient, db: Database) -> None:
    where, told, player = table(client)
    url = f"/api/campaigns/{where}/live"
    with client.websocket_connect(url) as pl:
        pl.send_json({"token": player, "after": 0})
        assert Feed(pl.receive_text).next()["kind"] == "campaign-created"
    missed = [rolled(client, where, told, line="chronicles 1", dice=[3]) for _ in range(3)]
    by_hand = roll(db, "Night", "chronicles 1", ForcedDice([8]), "cli").event.seq  # another way in
    with client.websocket_connect(url) as pl:
        pl.send_json({"token": player, "after": 2})
        assert [e["seq"] for e in Feed(pl.receive_text).take(4)] == [*missed, by_hand]


def test_news_read_together_comes_in_one_message_whose_last_number_covers_hidden_rolls(
    client: TestClient,
) -> None:
    """A message is a page of the log, as the events route answers: what the reader read
    together goes out together, and ``last`` counts the storyteller's hidden roll too, so a
    player who reconnects from it misses nothing and is not sent the past again."""
    where, told, player = table(client)
    url = f"/api/campaigns/{where}/live"
    with client.websocket_connect(url) as st:
        st.send_json({"token": told, "after": 2})
        made = [rolled(client, where, told, line="chronicles 1", dice=[d]) for d in (3, 8)]
        secret = rolled(client, where, told, line="chronicles 1", hidden=True, dice=[9])
        Feed(st.receive_text).take(3)  # the reader has read them all, and keeps them
        with client.websocket_connect(url) as pl:
            pl.send_json({"token": player, "after": 2})
            page = pl.receive_json()
        # one message, the secret as the placeholder of private work (typed: no seal's number)
        assert [e["seq"] for e in page["events"]] == [*made, secret]
        assert private(page["events"][-1]) and not any(map(private, page["events"][:-1]))
        assert page["last"] == 5  # the secret's number: 2 before, three rolls
        shown = client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
        with client.websocket_connect(url) as pl:
            pl.send_json({"token": player, "after": page["last"]})
            news = Feed(pl.receive_text).take(2)
    assert [(e["seq"], e["revealed"]) for e in news] == [
        (secret, True),
        (shown.json()["event"]["seq"], False),
    ]


def test_a_hello_without_after_gets_only_what_is_logged_from_then_on(client: TestClient) -> None:
    where, told, player = table(client)
    before = rolled(client, where, told, line="chronicles 1", dice=[3])
    with client.websocket_connect(f"/api/campaigns/{where}/live") as pl:
        pl.send_json({"token": player})
        time.sleep(0.2)  # connected, and told where the log ends
        news = rolled(client, where, told, line="chronicles 1", dice=[8])
        page = pl.receive_json()
    assert [e["seq"] for e in page["events"]] == [news] and news > before


@pytest.mark.parametrize(
    "hello",
    [
        "not json",
        '{"after": 0}',
        '{"token": "nobody", "after": 0}',
        '{"token": 7}',
        '{"token": "x", "after": -1}',
        "x" * 5000,
    ],
)
def test_a_bad_hello_gets_an_error_and_a_closed_socket(client: TestClient, hello: str) -> None:
    where, _, _ = table(client)
    with client.websocket_connect(f"/api/campaigns/{where}/live") as socket:
        socket.send_text(hello)
        assert "error" in socket.receive_json()
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


def test_another_tables_token_is_refused(client: TestClient) -> None:
    where, told, _ = table(client)
    other = client.post("/api/campaigns", json={"name": "Day", "system": "cofd"}).json()
    with client.websocket_connect(f"/api/campaigns/{other['id']}/live") as socket:
        socket.send_json({"token": told, "after": 0})
        assert "no table" in socket.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    assert where != other["id"]


def test_a_campaigns_reader_keeps_its_latest_reads_and_one_view_of_each_per_role(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "KEPT_EVENTS", 2)
    table = open_table(db, "Night", "cofd")
    told, invite = find_seat_by_token(db, table.storyteller), find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    player, _ = join_table(db, invite, "Bo")
    tail = live.Tail(db, told.campaign_id, poll_seconds=1.0)
    assert not tail.covers(0)  # nothing read yet: a connection reads the log itself
    tail.start = tail.last = 2  # where the log ended (the campaign's creation and seal)
    secret = roll(db, "Night", "chronicles 1", ForcedDice([9]), "st", hidden=True).event
    first = roll(db, "Night", "chronicles 1", ForcedDice([3]), "st").event
    tail.keep(read_log(db, told.campaign_id, 2))
    second = roll(db, "Night", "chronicles 1", ForcedDice([4]), "st").event
    tail.keep(read_log(db, told.campaign_id, first.seq))
    placeholder = SeenEvent(concealed_as(secret), concealed=True)  # typed: no seal numbers it
    assert tail.covers(2)
    assert tail.since(player, 2) == ([placeholder, SeenEvent(first), SeenEvent(second)], 5)
    assert tail.since(told, 2)[0] == [SeenEvent(secret), SeenEvent(first), SeenEvent(second)]
    mid_read = tail.since(player, secret.seq)  # the rest of it
    assert mid_read == (tail.since(player, 2)[0][1:], 5)
    shown = reveal(db, told, secret.seq)
    tail.keep(read_log(db, told.campaign_id, second.seq))  # over 2 kept: the first read goes
    assert not tail.covers(2) and tail.covers(first.seq) and tail.last == shown.seq
    assert tail.since(player, first.seq)[0] == [
        SeenEvent(second),
        SeenEvent(secret, revealed=True),
        SeenEvent(shown),
    ]
    views = tail.reads[-1][1]
    assert set(views) == {False}  # made once for the players, kept for the next one
    assert tail.since(player, second.seq)[0] is not views[False]  # each gets its own list


def test_a_player_far_behind_catches_up_then_follows_and_never_sees_a_secret(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "KEPT_EVENTS", 2)  # the reader forgets fast: connections read
    where, told, player = table(client)
    before = [rolled(client, where, told, line="chronicles 1", dice=[4]) for _ in range(3)]
    url = f"/api/campaigns/{where}/live"
    with client.websocket_connect(url) as pl, client.websocket_connect(url) as st:
        st.send_json({"token": told, "after": 2})
        pl.send_json({"token": player, "after": 2})
        player_feed = Feed(pl.receive_text)
        assert [e["seq"] for e in player_feed.take(len(before))] == before
        secret = rolled(client, where, told, line="chronicles 1", hidden=True, dice=[9])
        after = [rolled(client, where, told, line="chronicles 1", dice=[4]) for _ in range(4)]
        shown = client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
        got = player_feed.take(len(after) + 3)
        assert [g["seq"] for g in got] == [secret, *after, secret, shown.json()["event"]["seq"]]
        assert private(got[0]) and got[-2]["revealed"] is True  # typed: private until shown
        seen = [e["seq"] for e in Feed(st.receive_text).take(len(before) + len(after) + 2)]
        assert seen == [*before, secret, *after, shown.json()["event"]["seq"]]


def test_a_storytellers_own_sheet_goes_live_to_the_storyteller_and_a_placeholder_to_players(
    client: TestClient,
) -> None:
    """The live feed makes each event's JSON once for the seats that see it alike: a player's
    view of the creation of the storyteller's own character (the placeholder of private work,
    not even its name) is not the storyteller's (the whole sheet)."""
    where, told, player = table(client)
    url = f"/api/campaigns/{where}/live"
    with client.websocket_connect(url) as st, client.websocket_connect(url) as pl:
        st.send_json({"token": told, "after": 2})
        pl.send_json({"token": player, "after": 2})
        made = client.post(
            f"/api/campaigns/{where}/characters",
            json={"name": "Guard", "traits": "Wits=4"},
            headers=bearer(told),
        )
        assert made.status_code == 201, made.text
        told_sees, player_sees = Feed(st.receive_text).next(), Feed(pl.receive_text).next()
    assert told_sees["seq"] == player_sees["seq"] and told_sees["kind"] == "character-created"
    assert "Wits" in json.dumps(told_sees["data"]) and "Guard" not in json.dumps(player_sees)
    assert private(player_sees)


def test_a_roll_is_answered_once_the_tables_reader_here_has_read_it(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader polls only every ten minutes: what makes it read is the roll's announcement,
    and the answer waits for that read (and its connections' wake-up); a wait for an event that
    never comes ends when the table's last connection here goes."""
    monkeypatch.setattr(live, "DELIVERY_SECONDS", 30.0)
    table = open_table(db, "Night", "cofd")

    async def answered() -> tuple[int, int | None, bool, bool]:
        hub = live.Hub(db, poll_seconds=600)
        where = table.campaign_id
        tail, wake = hub.join(where)
        await asyncio.wait_for(wake.wait(), 10)  # the reader has found the log's end
        wake.clear()
        seq = roll(db, "Night", "chronicles 1", ForcedDice([8]), "st").event.seq
        hub.announce(where)
        await asyncio.wait_for(hub.delivered(where, seq), 10)
        read, woken = tail.last, wake.is_set()
        never = asyncio.ensure_future(hub.delivered(where, seq + 100))
        await asyncio.sleep(0)
        hub.leave(where, wake)
        await asyncio.wait_for(never, 10)  # released by the last connection's going
        return seq, read, woken, never.done()

    seq, read, woken, released = asyncio.run(answered())
    assert read == seq and woken and released


def test_a_revoked_seats_live_connections_close_at_once(client: TestClient, db: Database) -> None:
    """Both feeds of a seat, the API's and the page's, get the event that revoked it and then
    close with the code that says its link no longer works; the storyteller's stays open, and
    sees which seats are online."""
    from dicepool.campaign.seat_admin import new_link, revoke_seat

    where, told, player = table(client)
    hub: live.Hub = client.app.state.hub  # type: ignore[attr-defined]
    # the page's cookie sent by the same client: a second TestClient would run its socket on
    # an event loop of its own, which a real server never does (and the hub's wake-ups, made
    # for one loop, then went astray now and then)
    page = {"origin": "http://testserver", "cookie": f"dicepool_seat_{where}={player}"}
    url = f"/api/campaigns/{where}/live"
    with (
        client.websocket_connect(url) as st,
        client.websocket_connect(url) as pl,
        client.websocket_connect(f"/c/{where}/live", headers=page) as pg,
    ):
        st.send_json({"token": told, "after": 2})
        pl.send_json({"token": player, "after": 2})
        assert 'id="log"' in pg.receive_text()  # the page's first frame
        news = rolled(client, where, told, line="chronicles 1", dice=[8])
        player_feed, told_feed = Feed(text_within(pl)), Feed(text_within(st))
        assert player_feed.next()["seq"] == news and told_feed.next()["seq"] == news
        assert "chronicles 1" in pg.receive_text()
        bo = find_seat_by_token(db, player)
        assert bo is not None and hub.online(where) == {bo.id, told_seat(db, told)}
        revoked = revoke_seat(db, where, "Bo", "Mo").event
        hub.announce(where)  # what the lead's routes do after every change
        assert player_feed.next()["seq"] == revoked.seq
        with pytest.raises(WebSocketDisconnect) as ended:
            pl.receive_text()
        assert ended.value.code == live.ENDED_CODE
        assert "revoked" in pg.receive_text()  # the page gets the news, then is closed
        with pytest.raises(WebSocketDisconnect) as page_ended:
            pg.receive_text()
        assert page_ended.value.code == live.ENDED_CODE
        assert told_feed.next()["seq"] == revoked.seq  # the storyteller's feed goes on
        after = rolled(client, where, told, line="chronicles 1", dice=[3])
        assert told_feed.next()["seq"] == after
        assert hub.online(where) == {told_seat(db, told)}
    relinked = new_link(db, where, "Bo", "Mo").token
    assert relinked is not None
    with client.websocket_connect(url) as pl:  # the new link follows from the start: the
        pl.send_json({"token": relinked, "after": 0})  # old link's end does not close it
        feed = Feed(pl.receive_text)
        assert [e["kind"] for e in feed.take(6)][-3:] == ["seat-revoked", "rolled", "link-issued"]
        again = rolled(client, where, told, line="chronicles 1", dice=[9])
        assert feed.next()["seq"] == again
        with client.websocket_connect(url) as old:
            old.send_json({"token": player, "after": 0})
            assert "opens no seat" in old.receive_json()["error"]


def told_seat(db: Database, token: str) -> int:
    found = find_seat_by_token(db, token)
    assert found is not None
    return found.id
