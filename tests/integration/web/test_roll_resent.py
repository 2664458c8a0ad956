"""No roll doubled: a roll's nonce is its idempotency key. The same seat sending the same nonce
again (its answer lost to the network) gets the first roll's answer, with status 200, and the
log holds one roll; another seat's nonce, or another nonce, is another roll. On SQLite and
PostgreSQL, through the API and the page's roll box, and under two sends at once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .conftest import bearer
from .test_sheets_api import Table, opened, seated


def rolls_of(table: Table) -> list[dict[str, Any]]:
    answer = table.client.get(f"{table.url}/events", headers=table.by(table.storyteller))
    assert answer.status_code == 200, answer.text
    return [e for e in answer.json()["events"] if e["kind"] == "rolled"]


def send(table: Table, token: str, nonce: str, line: str = "chronicles 6") -> Any:
    body = {"line": line, "nonce": nonce}
    return table.client.post(f"{table.url}/rolls", json=body, headers=bearer(token))


def test_a_roll_sent_twice_with_one_nonce_is_rolled_once(client: TestClient) -> None:
    table, bo = seated(client, "chronicles", "Strength=2")  # Bo plays Ana
    first = send(table, table.storyteller, "a1b2c3")
    assert first.status_code == 201, first.text
    again = send(table, table.storyteller, "a1b2c3")
    assert again.status_code == 200, again.text
    assert again.json() == first.json()  # the first roll's answer, dice and all
    assert [e["seq"] for e in rolls_of(table)] == [first.json()["event"]]
    # another nonce, or the same nonce from another seat, is another roll
    assert send(table, table.storyteller, "a1b2c4").status_code == 201
    assert send(table, bo, "a1b2c3").status_code == 201
    assert len(rolls_of(table)) == 3
    # a roll without a nonce is a roll each time
    body = {"line": "chronicles 2"}
    for _ in range(2):
        answer = client.post(f"{table.url}/rolls", json=body, headers=bearer(bo))
        assert answer.status_code == 201, answer.text
    assert len(rolls_of(table)) == 5


def test_the_same_nonce_at_another_table_is_another_roll(client: TestClient) -> None:
    one, two = opened(client, "chronicles", "One"), opened(client, "chronicles", "Two")
    assert send(one, one.storyteller, "same").status_code == 201
    assert send(two, two.storyteller, "same").status_code == 201
    assert len(rolls_of(one)) == len(rolls_of(two)) == 1


def test_a_refused_roll_keeps_no_nonce(client: TestClient) -> None:
    table = opened(client, "chronicles")
    refused = send(table, table.storyteller, "n1", line="chronicles banana")
    assert refused.status_code == 422, refused.text
    assert send(table, table.storyteller, "n1").status_code == 201  # nothing was kept: a roll
    assert len(rolls_of(table)) == 1


def test_two_sends_at_once_make_one_roll(client: TestClient) -> None:
    table = opened(client, "chronicles")
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: send(table, table.storyteller, "racing"), range(4)))
    assert sorted(a.status_code for a in answers) == [200, 200, 200, 201], [a.text for a in answers]
    assert len({a.json()["event"] for a in answers}) == 1
    assert len(rolls_of(table)) == 1


def test_rolls_sent_at_once_are_each_logged_once_in_one_sequence(client: TestClient) -> None:
    """Sent at once (on PostgreSQL a server makes them together, several in one transaction:
    web/together.py), with a line that cannot be rolled among them and one nonce twice."""
    table = opened(client, "chronicles")
    sends = [("n0", "chronicles 6")] * 2 + [(f"n{k}", "chronicles 6") for k in range(1, 9)]
    sends.insert(4, ("bad", "chronicles six"))
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda s: send(table, table.storyteller, *s), sends))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [201] * 9 + [422], [a.text for a in answers]
    rolls = rolls_of(table)
    assert sorted(r["seq"] for r in rolls) == sorted(
        {a.json()["event"] for a in answers if a.status_code < 300}
    )
    seqs = sorted(r["seq"] for r in rolls)
    assert seqs == list(range(seqs[0], seqs[0] + 9))
    numbers = sorted(r["data"]["seal"]["roll_no"] for r in rolls)
    assert numbers == list(range(numbers[0], numbers[0] + 9))


def test_the_roll_box_sending_one_nonce_again_shows_the_first_roll(client: TestClient) -> None:
    table = opened(client, "chronicles")
    browser = TestClient(client.app, raise_server_exceptions=False)
    assert browser.get(f"/t/{table.storyteller}", follow_redirects=False).status_code == 303
    form = {"csrf": csrf_of(table.storyteller), "line": "chronicles 4", "nonce": "f" * 32}
    answers = [
        browser.post(f"/c/{table.id}/roll", data=form, headers={"hx-request": "1"})
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [200, 200]
    event = rolls_of(table)
    assert len(event) == 1
    assert all(f"Rolled (event {event[0]['seq']})" in a.text for a in answers)
