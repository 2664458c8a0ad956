"""A roll names the seal it was made for (issue 28): its body carries the open seal's
commitment as the client read it, and the table draws the roll from that seal or refuses it
(409, with the open seal's commitment), rolling nothing; sent again with the same nonce,
naming the open seal, it is one roll. The answer carries the roll's seq and chain hash (the
client's receipt). A body's unknown field is refused, never dropped. On SQLite and
PostgreSQL, through the API and the page's roll box."""

from __future__ import annotations

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


def hashes(table: Table) -> dict[int, str]:
    """Each event's chain hash, by seq, from the storyteller's export of the table."""
    browser = TestClient(table.client.app, raise_server_exceptions=False)
    went = browser.get(f"/t/{table.storyteller}", follow_redirects=False)
    assert went.status_code == 303, went.text
    exported = browser.get(f"/c/{table.id}/export")
    assert exported.status_code == 200, exported.text
    return {e["seq"]: e["chain"]["hash"] for e in exported.json()["events"]}


def open_commitment(table: Table) -> str:
    """The commitment of the newest seal-open in the log: the open seal's."""
    opened = [e for e in events(table) if e["kind"] == "seal-open"]
    commitment: str = opened[-1]["data"]["commitment"]
    return commitment


def roll(table: Table, token: str, nonce: str, commitment: str | None) -> Any:
    body: dict[str, Any] = {"line": "Dexterity + Stealth", "nonce": nonce}
    if commitment is not None:
        body["commitment"] = commitment
    return table.client.post(f"{table.url}/rolls", json=body, headers=bearer(token))


def close_seal(table: Table) -> None:
    closed = table.client.post(
        f"{table.url}/actions/seal-close", json={}, headers=table.by(table.storyteller)
    )
    assert closed.status_code == 201, closed.text


def test_a_roll_naming_a_closed_seal_is_refused_then_sent_again_as_one_roll(
    client: TestClient,
) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=3 Stealth=2")
    first_seal = open_commitment(table)
    rolled = roll(table, bo, "aa" * 16, first_seal)
    assert rolled.status_code == 201, rolled.text
    answer = rolled.json()
    logged = {e["seq"]: e for e in events(table)}[answer["seq"]]
    assert logged["seq"] == answer["event"]
    assert hashes(table)[answer["seq"]] == answer["hash"]  # the receipt names the event logged
    assert logged["data"]["seal"]["seal"] == 1

    close_seal(table)
    second_seal = open_commitment(table)
    assert second_seal != first_seal
    before = events(table)
    stale = roll(table, bo, "bb" * 16, first_seal)
    assert stale.status_code == 409, stale.text
    assert stale.json()["commitment"] == second_seal
    assert "nothing was rolled" in stale.json()["error"]
    assert events(table) == before  # nothing logged, no roll number taken

    again = roll(table, bo, "bb" * 16, second_seal)
    assert again.status_code == 201, again.text
    resent = roll(table, bo, "bb" * 16, second_seal)  # its answer lost: the same roll
    assert resent.status_code == 200 and resent.json() == again.json(), resent.text
    rolls = [e for e in events(table) if e["kind"] == "rolled"]
    assert [r["data"]["seal"]["nonce"] for r in rolls] == ["aa" * 16, "bb" * 16]
    assert rolls[-1]["data"]["seal"]["seal"] == 2
    assert rolls[-1]["data"]["seal"]["roll_no"] == 1  # the refused roll took no number


def test_a_roll_without_a_commitment_is_rolled_in_the_open_seal(client: TestClient) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=3 Stealth=2")
    close_seal(table)
    rolled = roll(table, bo, "cc" * 16, None)  # a client that checks no seal of its own
    assert rolled.status_code == 201, rolled.text
    assert rolled.json()["roll"]["event"] == rolled.json()["event"]


def test_a_storytellers_roll_naming_an_old_seal_is_refused_too(client: TestClient) -> None:
    table, _ = seated(client, "chronicles", "Dexterity=3 Stealth=2")
    old = open_commitment(table)
    close_seal(table)
    body = {"line": "chronicles 5", "commitment": old}
    refused = client.post(f"{table.url}/rolls", json=body, headers=table.by(table.storyteller))
    assert refused.status_code == 409, refused.text
    assert refused.json()["commitment"] == open_commitment(table)


def test_a_roll_body_refuses_a_field_it_does_not_know(client: TestClient) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=3 Stealth=2")
    body = {"line": "Dexterity + Stealth", "comitment": open_commitment(table)}
    refused = client.post(f"{table.url}/rolls", json=body, headers=bearer(bo))
    assert refused.status_code == 422, refused.text
    assert "comitment" in refused.json()["error"]
    assert not [e for e in events(table) if e["kind"] == "rolled"]


def test_a_commitment_that_is_not_one_is_refused(client: TestClient) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=3 Stealth=2")
    refused = roll(table, bo, "dd" * 16, "Z" * 64)
    assert refused.status_code == 422, refused.text
    assert "commitment" in refused.json()["error"]


def test_the_roll_box_naming_an_old_seal_gets_the_open_seal_and_nothing_is_rolled(
    client: TestClient,
) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=3 Stealth=2")
    browser = TestClient(client.app, raise_server_exceptions=False)
    assert browser.get(f"/t/{bo}", follow_redirects=False).status_code == 303
    old = open_commitment(table)
    close_seal(table)
    form = {
        "csrf": csrf_of(bo),
        "line": "Dexterity + Stealth",
        "nonce": "e" * 32,
        "commitment": old,
    }
    headers = {"hx-request": "1"}
    refused = browser.post(f"/c/{table.id}/roll", data=form, headers=headers)
    assert refused.status_code == 409, refused.text
    now = open_commitment(table)
    assert refused.headers["X-Seal-Commitment"] == now
    assert f'data-commitment="{now}"' in refused.text  # the open seal's line, swapped in
    assert "nothing was rolled" in refused.text
    assert not [e for e in events(table) if e["kind"] == "rolled"]

    rolled = browser.post(f"/c/{table.id}/roll", data={**form, "commitment": now}, headers=headers)
    assert rolled.status_code == 200, rolled.text
    logged = [e for e in events(table) if e["kind"] == "rolled"]
    assert len(logged) == 1
    assert rolled.headers["X-Roll-Seq"] == str(logged[0]["seq"])
    assert rolled.headers["X-Roll-Hash"] == hashes(table)[logged[0]["seq"]]


def test_a_roll_naming_fewer_contributions_than_the_seal_holds_is_refused(
    client: TestClient,
) -> None:
    """A contribution logged after the client read the seal (the host's, ground for the
    roll's nonce) would change the roll's key: the roll names the count it saw, and is drawn
    with exactly that key or refused, nothing rolled."""
    table, bo = seated(client, "chronicles", "Dexterity=3 Stealth=2")
    seal = open_commitment(table)
    browser = TestClient(client.app, raise_server_exceptions=False)
    assert browser.get(f"/t/{bo}", follow_redirects=False).status_code == 303
    given = {"commitment": seal, "contribution": "cd" * 32, "csrf": csrf_of(bo)}
    added = browser.post(f"/c/{table.id}/seals/1/contribute", data=given)
    assert added.status_code == 200 and added.json()["mixed"] == 1, added.text
    seen = 1
    another = browser.post(
        f"/c/{table.id}/seals/1/contribute", data={**given, "contribution": "ef" * 32}
    )
    assert another.status_code == 200 and another.json()["mixed"] == 2
    body = {"line": "Dexterity + Stealth", "nonce": "ff" * 16, "commitment": seal, "mixed": seen}
    stale = client.post(f"{table.url}/rolls", json=body, headers=bearer(bo))
    assert stale.status_code == 409, stale.text
    assert stale.json()["mixed"] == 2 and stale.json()["commitment"] == seal
    assert not [e for e in events(table) if e["kind"] == "rolled"]
    fresh = {**body, "nonce": "fe" * 16, "mixed": 2}
    rolled = client.post(f"{table.url}/rolls", json=fresh, headers=bearer(bo))
    assert rolled.status_code == 201, rolled.text
    assert rolled.json()["roll"]["event"] == rolled.json()["seq"]
    [logged] = [e for e in events(table) if e["kind"] == "rolled"]
    assert logged["data"]["seal"]["mixed"] == 2
    page = {"csrf": csrf_of(bo), "line": "Dexterity + Stealth", "nonce": "fd" * 16}
    refused = browser.post(
        f"/c/{table.id}/roll",
        data={**page, "commitment": seal, "mixed": "1"},
        headers={"hx-request": "1"},
    )
    assert refused.status_code == 409 and refused.headers["X-Seal-Mixed"] == "2"
