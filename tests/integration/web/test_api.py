"""The web table's JSON API, in-process, on SQLite and PostgreSQL: seats, rolls, secrets."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicepool.campaign import create_character
from dicepool.store.database import Database
from dicepool.web.limits import Bucket

from .conftest import bearer


def opened(client: TestClient, name: str = "Night", system: str = "cofd") -> dict[str, Any]:
    answer = client.post("/api/campaigns", json={"name": name, "system": system})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_a_table_a_player_a_public_roll_and_a_hidden_one(client: TestClient, db: Database) -> None:
    table = opened(client)
    told, invite, where = table["storyteller"]["token"], table["invite"]["token"], table["id"]
    assert table["storyteller"]["url"].endswith(f"/t/{told}")
    seat = client.post(f"/api/campaigns/{where}/seats", json={"name": "Bo"}, headers=bearer(invite))
    assert seat.status_code == 201
    player = seat.json()["token"]
    rolled = client.post(
        f"/api/campaigns/{where}/rolls",
        json={"line": "chronicles 3 # the door", "dice": [8, 9, 2]},
        headers=bearer(told),
    )
    assert rolled.status_code == 201, rolled.text
    made = rolled.json()
    assert made["roll"]["successes"] == 2 and made["roll"]["comment"] == "the door"
    secret = client.post(
        f"/api/campaigns/{where}/rolls",
        json={"line": "chronicles 2", "hidden": True, "dice": [10, 3, 4]},
        headers=bearer(told),
    ).json()["event"]
    seen = client.get(f"/api/campaigns/{where}/events", headers=bearer(player)).json()["events"]
    assert made["event"] in [e["seq"] for e in seen]
    # typed by hand, no seal numbers it: the placeholder of the storyteller's private work
    [hidden] = [e for e in seen if e["seq"] == secret]
    assert (hidden["kind"], hidden["data"], hidden["actor"]) == ("concealed", {}, "")
    assert [e["seq"] for e in seen] == list(range(1, len(seen) + 1))
    all_seen = client.get(f"/api/campaigns/{where}/events?after=2", headers=bearer(told)).json()
    assert [e["seq"] for e in all_seen["events"]] == [made["event"], secret]
    assert (
        client.post(
            f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(player)
        ).status_code
        == 403
    )
    shown = client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
    assert shown.status_code == 201
    seen = client.get(f"/api/campaigns/{where}/events", headers=bearer(player)).json()["events"]
    revealed = [e for e in seen if e["seq"] == secret]
    assert revealed and revealed[0]["revealed"] is True


def test_a_player_rolls_only_for_their_own_character(client: TestClient, db: Database) -> None:
    table = opened(client)
    where, told = table["id"], table["storyteller"]["token"]
    player = client.post(
        f"/api/campaigns/{where}/seats",
        json={"name": "Bo"},
        headers=bearer(table["invite"]["token"]),
    ).json()["token"]
    create_character(db, "Night", "Ana", "st", changes="Dexterity=3")
    create_character(db, "Night", "Guard", "st", changes="Wits=2")
    from dicepool.campaign.seats import find_seat_by_token, take_character

    seat = find_seat_by_token(db, player)
    assert seat is not None
    take_character(db, seat, "Ana")
    url = f"/api/campaigns/{where}/rolls"
    mine = client.post(url, json={"line": "Dexterity"}, headers=bearer(player))
    assert mine.status_code == 201 and mine.json()["roll"]["character"] == "Ana"
    for body, status in (
        ({"line": "Wits", "character": "Guard"}, 403),
        ({"line": "Guard: Wits"}, 409),  # behind the screen: as if Guard were not there
        ({"line": "chronicles 3", "hidden": True}, 403),
    ):
        answer = client.post(url, json=body, headers=bearer(player))
        assert answer.status_code == status, body
        assert answer.json()["error"]
    assert client.post(url, json={"line": "Guard: Wits"}, headers=bearer(told)).status_code == 201


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("post", "/api/campaigns", {"name": "", "system": "cofd"}, 422),
        ("post", "/api/campaigns", {"name": "X", "system": "dnd"}, 422),
        ("post", "/api/campaigns", {"name": "Night", "system": "cofd"}, 409),
        ("post", "/api/campaigns/{id}/rolls", {"line": "chronicles 999999"}, 422),
        ("post", "/api/campaigns/{id}/rolls", {"line": "chronicles 2", "dice": [1]}, 422),
        ("post", "/api/campaigns/{id}/rolls", {"line": "x" * 501}, 422),
        ("post", "/api/campaigns/{other}/rolls", {"line": "chronicles 2"}, 404),
        ("post", "/api/campaigns/{id}/events/99999/reveal", None, 409),
        ("get", "/api/campaigns/{id}/events?after=-1", None, 422),
    ],
)
def test_bad_requests_answer_json_with_their_status(
    client: TestClient, method: str, path: str, body: Any, status: int
) -> None:
    table = opened(client)
    other = opened(client, "Day")
    url = path.format(id=table["id"], other=other["id"])
    answer = client.request(method, url, json=body, headers=bearer(table["storyteller"]["token"]))
    assert answer.status_code == status, answer.text
    assert isinstance(answer.json()["error"], str) and answer.json()["error"]


def test_a_roll_without_a_token_is_refused_before_its_body_is_read(client: TestClient) -> None:
    """The rolls route looks its seat up with the roll (one worker thread), but a missing or
    malformed token is still answered 401 before the body is validated; a well-formed token
    that opens no seat, with a valid body, is 401 too."""
    table = opened(client)
    url = f"/api/campaigns/{table['id']}/rolls"
    for headers in ({}, {"Authorization": "Basic abc"}, {"Authorization": "Bearer "}):
        answer = client.post(url, json={"line": ""}, headers=headers)
        assert answer.status_code == 401 and "Bearer" in answer.json()["error"]
    unknown = client.post(url, json={"line": "chronicles 1"}, headers=bearer("y" * 43))
    assert unknown.status_code == 401 and "opens no seat" in unknown.json()["error"]
    made = client.post(
        url, json={"line": "chronicles 1"}, headers=bearer(table["storyteller"]["token"])
    )
    assert made.status_code == 201 and made.json()["roll"]["event"] == made.json()["event"]


def test_tokens_are_required_and_bodies_and_rates_are_bounded(client: TestClient) -> None:
    table = opened(client)
    url = f"/api/campaigns/{table['id']}/rolls"
    assert client.post(url, json={"line": "chronicles 1"}).status_code == 401
    assert (
        client.post(url, json={"line": "chronicles 1"}, headers=bearer("x" * 43)).status_code == 401
    )
    big = client.post(
        url, content=b"{" + b" " * 70_000 + b"}", headers=bearer(table["storyteller"]["token"])
    )
    assert big.status_code == 413
    client.app.state.buckets["rolls"] = Bucket(rate=0.001, burst=3)  # type: ignore[attr-defined]
    told = bearer(table["storyteller"]["token"])
    answers = [client.post(url, json={"line": "chronicles 1"}, headers=told) for _ in range(4)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert "too many rolls" in answers[-1].json()["error"]


def test_odds_answer_as_the_command_line_does_within_a_tighter_budget(
    client: TestClient,
) -> None:
    import json
    import subprocess
    import sys
    from pathlib import Path

    told = bearer(opened(client)["storyteller"]["token"])
    answer = client.get("/api/odds", params={"line": "chronicles 5 # a door"}, headers=told)
    assert answer.status_code == 200, answer.text
    script = Path(sys.executable).parent / "dicepool"
    printed = subprocess.run(
        [str(script), "odds", "chronicles 5 # a door", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert answer.json() == json.loads(printed.stdout)
    assert client.get("/api/odds", params={"line": "chronicles 5"}).status_code == 401
    # the roll the table would make: refused as the roll refuses it, with the column
    bad = client.get("/api/odds", params={"line": "chronicles 5 diff"}, headers=told)
    assert bad.status_code == 422 and "column" in bad.json()["error"]
    # estimated at about 1.3 s: the command line's 2 s take it, the server's 0.5 s do not
    at_hubris = bearer(opened(client, "Day", "hubris")["storyteller"]["token"])
    costly = client.get("/api/odds", params={"line": "4000 rote tn 2"}, headers=at_hubris)
    assert costly.status_code == 422 and "budget" in costly.json()["error"]


def test_a_body_that_is_not_json_answers_400_and_what_the_framework_refuses_is_json_too(
    client: TestClient,
) -> None:
    table = opened(client)
    told = {**bearer(table["storyteller"]["token"]), "Content-Type": "application/json"}
    url = f"/api/campaigns/{table['id']}/rolls"
    for body in (b"{", b"\xff\x28"):  # cut short; not even UTF-8 (was {"detail": ...})
        answer = client.post(url, content=body, headers=told)
        assert answer.status_code == 400, answer.text
        assert list(answer.json()) == ["error"] and "body" in answer.json()["error"]
    refused = [
        client.delete("/api/campaigns"),  # no such method: 405
        client.get("/api/nowhere"),  # no such route: 404
        client.post(f"/api/campaigns/{table['id']}/seats", content=b"\xff", headers=told),
    ]
    for answer in refused:
        assert answer.status_code in (400, 404, 405), answer.text
        assert list(answer.json()) == ["error"] and answer.json()["error"]
    assert refused[0].headers["allow"] == "POST"


@pytest.mark.parametrize(
    "body",
    [
        {"line": "chronicles 1", "dice": [True]},  # was read as a face of 1
        {"line": "chronicles 1", "dice": ["5"]},
        {"line": "chronicles 1", "dice": [5.5]},
        {"line": "chronicles 1", "hidden": "no"},  # was read as false
        {"line": "chronicles 1", "hidden": 0},
    ],
)
def test_a_roll_takes_its_json_as_the_schema_says(client: TestClient, body: Any) -> None:
    table = opened(client)
    url = f"/api/campaigns/{table['id']}/rolls"
    answer = client.post(url, json=body, headers=bearer(table["storyteller"]["token"]))
    assert answer.status_code == 422, answer.text
    assert "dice.0" in answer.json()["error"] or "hidden" in answer.json()["error"]


def test_the_schema_declares_the_token_every_answer_and_every_error(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    schemes = document["components"]["securitySchemes"]
    assert schemes == {
        "seat": {"type": "http", "scheme": "bearer", "description": schemes["seat"]["description"]}
    }
    operations = {
        f"{method.upper()} {path}": operation
        for path, methods in document["paths"].items()
        for method, operation in methods.items()
    }
    problem = {"$ref": "#/components/schemas/Problem"}
    seal_problem = {"$ref": "#/components/schemas/SealProblem"}
    shorter = {"$ref": "#/components/schemas/LogShorter"}  # a Problem, with the log's end
    for label, operation in operations.items():
        errors = {status for status in operation["responses"] if status.startswith(("4", "5"))}
        assert {"413", "422", "503"} <= errors, label
        for status in errors:
            body = operation["responses"][status]["content"]["application/json"]["schema"]
            named_seal = label == "POST /api/campaigns/{campaign_id}/rolls" and status == "409"
            restored = label == "GET /api/campaigns/{campaign_id}/events" and status == "409"
            expected = seal_problem if named_seal else shorter if restored else problem
            assert body == expected, (label, status)
        anyone = label == "POST /api/campaigns"
        assert ("security" in operation) is not anyone, label
        assert ("401" in errors) is not anyone, label
    assert document["components"]["schemas"]["Problem"]["required"] == ["error"]
    rolled = operations["POST /api/campaigns/{campaign_id}/rolls"]["responses"]["201"]
    assert rolled["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Rolled"
    }


def test_a_custom_table_rolls_its_pools_of_sided_dice_with_its_house_rules(
    client: TestClient,
) -> None:
    opened = client.post("/api/campaigns", json={"name": "Odd", "system": "custom"}).json()
    told = bearer(opened["storyteller"]["token"])
    made = client.post(
        f"/api/campaigns/{opened['id']}/rolls",
        json={"line": "3d6 t5 # luck", "dice": [6, 2, 5]},
        headers=told,
    )
    assert made.status_code == 201, made.text
    rolled = made.json()["roll"]
    assert rolled["notation"] == "custom 3d6 t5" and rolled["successes"] == 2
    assert rolled["comment"] == "luck" and rolled["house_rules"] == ""


def test_a_hidden_roll_from_the_seal_reaches_players_as_its_number_alone_until_revealed(
    client: TestClient,
) -> None:
    """The players learn that a hidden roll took place and its number in the seal (the
    numbering skips nothing), not its line, faces or nonce; revealed, they get it whole."""
    table = opened(client)
    told, invite, where = table["storyteller"]["token"], table["invite"]["token"], table["id"]
    player = client.post(
        f"/api/campaigns/{where}/seats", json={"name": "Bo"}, headers=bearer(invite)
    ).json()["token"]
    url = f"/api/campaigns/{where}/rolls"
    client.post(url, json={"line": "chronicles 2", "nonce": "open-1"}, headers=bearer(told))
    secret = client.post(
        url,
        json={"line": "chronicles 6 # the ambush", "hidden": True, "nonce": ""},
        headers=bearer(told),
    ).json()["event"]
    seen = client.get(f"/api/campaigns/{where}/events", headers=bearer(player)).json()["events"]
    [stub] = [e for e in seen if e["seq"] == secret]
    assert stub["data"] == {"hidden": True, "seal": {"seal": 1, "roll_no": 2}}
    assert "ambush" not in json.dumps(seen)
    told_sees = client.get(f"/api/campaigns/{where}/events", headers=bearer(told)).json()
    [whole] = [e for e in told_sees["events"] if e["seq"] == secret]
    nonce = whole["data"]["seal"]["nonce"]
    assert len(nonce) == 32 and nonce not in json.dumps(seen)  # an empty nonce made secret
    client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
    seen = client.get(f"/api/campaigns/{where}/events", headers=bearer(player)).json()["events"]
    shown = [e for e in seen if e["seq"] == secret and e["revealed"]]
    assert shown and shown[0]["data"]["seal"]["nonce"] == nonce
    assert shown[0]["data"]["result"] == whole["data"]["result"]
