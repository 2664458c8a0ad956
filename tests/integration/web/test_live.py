"""The live table over a WebSocket: every event a seat may see, pushed as it is logged."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dicepool.campaign import roll
from dicepool.core.dice import ForcedDice
from dicepool.store.database import Database

from .conftest import bearer


def table(client: TestClient) -> tuple[int, str, str]:
    opened = client.post("/api/campaigns", json={"name": "Night", "system": "cofd"}).json()
    player = client.post(
        f"/api/campaigns/{opened['id']}/seats",
        json={"name": "Bo"},
        headers=bearer(opened["invite"]["token"]),
    ).json()["token"]
    return opened["id"], opened["storyteller"]["token"], player


def rolled(client: TestClient, where: int, token: str, **body: Any) -> int:
    made = client.post(f"/api/campaigns/{where}/rolls", json=body, headers=bearer(token))
    assert made.status_code == 201, made.text
    event: int = made.json()["event"]
    return event


def test_rolls_arrive_live_and_hidden_ones_only_for_the_storyteller(client: TestClient) -> None:
    where, told, player = table(client)
    url = f"/api/campaigns/{where}/live"
    with client.websocket_connect(url) as st, client.websocket_connect(url) as pl:
        st.send_json({"token": told, "after": 1})
        pl.send_json({"token": player, "after": 1})
        public = rolled(client, where, told, line="chronicles 2", dice=[8, 1])
        assert st.receive_json()["id"] == public and pl.receive_json()["id"] == public
        secret = rolled(client, where, told, line="chronicles 1", hidden=True, dice=[9])
        assert st.receive_json()["id"] == secret
        shown = client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
        reveal = shown.json()["event"]["id"]
        # the player never had the hidden roll: it comes now, marked revealed, then the reveal
        first, second = pl.receive_json(), pl.receive_json()
        assert (first["id"], first["revealed"]) == (secret, True)
        assert second["id"] == reveal and st.receive_json()["id"] == reveal


def test_a_client_that_reconnects_gets_what_it_missed(client: TestClient, db: Database) -> None:
    where, told, player = table(client)
    url = f"/api/campaigns/{where}/live"
    with client.websocket_connect(url) as pl:
        pl.send_json({"token": player, "after": 0})
        assert pl.receive_json()["kind"] == "campaign-created"
    missed = [rolled(client, where, told, line="chronicles 1", dice=[3]) for _ in range(3)]
    by_hand = roll(db, "Night", "chronicles 1", ForcedDice([8]), "cli").event.id  # another way in
    with client.websocket_connect(url) as pl:
        pl.send_json({"token": player, "after": 1})
        assert [pl.receive_json()["id"] for _ in range(4)] == [*missed, by_hand]


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
