"""The seats card read again by the page (issue 29: "each seat sees itself online", and the
storyteller sees who came): a seat's arrival and its live connection are no event of the log,
so the page reads its seats card every little while. The card shows every seat taken since,
the viewer online, the storyteller's tools to the storyteller alone; a page with no seat, or an
ended one, reads nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from dicepool.web.pages import SEATS_EVERY

from .test_sheets_api import opened

ROW = re.compile(r'<li class="seat-row[^"]*" data-seat="([^"]+)"')


def read(client: TestClient, where: int, token: str) -> tuple[int, str]:
    answer = client.get(f"/c/{where}/seats", headers={"cookie": f"dicepool_seat_{where}={token}"})
    return answer.status_code, answer.text


def test_the_seats_card_read_again_shows_who_came_since(client: TestClient) -> None:
    table = opened(client, "chronicles")
    status, before = read(client, table.id, table.storyteller)
    assert status == 200 and ROW.findall(before) == ["storyteller"]
    assert f'hx-trigger="every {SEATS_EVERY}s"' in before  # the card asks again by itself
    bo = table.join("Bo")  # no event of the log: the live feed says nothing of it
    status, after = read(client, table.id, table.storyteller)
    assert status == 200 and ROW.findall(after) == ["storyteller", "Bo"]
    assert "New link" in after  # the storyteller's tools
    status, seen_by_bo = read(client, table.id, bo)
    assert status == 200 and ROW.findall(seen_by_bo) == ["storyteller", "Bo"]
    assert "New link" not in seen_by_bo and "Revoke" not in seen_by_bo
    own = seen_by_bo.split('data-seat="Bo"', 1)[1].split("</li>", 1)[0]
    assert "online now" in own  # the viewer is here, its live feed connected or not


def test_no_seat_reads_no_seats(client: TestClient) -> None:
    table = opened(client, "chronicles")
    bo = table.join("Bo")
    assert client.get(f"/c/{table.id}/seats").status_code == 401
    assert read(client, table.id, "not-a-token")[0] == 401
    done = client.post(
        f"{table.url}/actions/revoke", json={"seat": "Bo"}, headers=table.by(table.storyteller)
    )
    assert done.status_code == 201, done.text
    status, text = read(client, table.id, bo)
    assert status == 401 and 'data-seat="' not in text
