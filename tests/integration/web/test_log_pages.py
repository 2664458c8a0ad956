"""The table page's log in pages (issue 29: "the log shows the newest events and loads older
ones on demand"): the page opens with the newest :data:`LOG_SHOWN` entries and a button for
older ones; each press brings the next older page, none twice and none missed, until the
first event; a player's pages hide what the table hides; a page's weight stays bounded
whatever the log's length. On SQLite and PostgreSQL."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from dicepool.web.pages import LOG_SHOWN

from .test_sheets_api import Table, seated

OLDER = re.compile(r'hx-get="/c/\d+/log\?before=(\d+)"')
SEQS = re.compile(r'<li id="ev-(\d+)"')


def page_of(table: Table, token: str, path: str = "") -> str:
    cookie = {"cookie": f"dicepool_seat_{table.id}={token}"}
    answer = table.client.get(f"/c/{table.id}{path}", headers=cookie)
    assert answer.status_code == 200, answer.text
    return answer.text


def roll(table: Table, token: str, line: str, hidden: bool = False) -> int:
    body = {"line": line, "hidden": hidden} if hidden else {"line": line}
    done = table.client.post(f"{table.url}/rolls", json=body, headers=table.by(token))
    assert done.status_code == 201, done.text
    seq: int = done.json()["seq"]
    return seq


def read_back(table: Table, token: str) -> tuple[list[int], int]:
    """Every entry a seat reaches by pressing "Show older events" until there is none, newest
    first, and how many pages that took."""
    html = page_of(table, token)
    seqs, pages = [int(s) for s in SEQS.findall(html)], 1
    while older := OLDER.search(html):
        html = page_of(table, token, f"/log?before={older.group(1)}")
        seqs += [int(s) for s in SEQS.findall(html)]
        pages += 1
    return seqs, pages


def test_the_log_opens_with_its_newest_entries_and_reads_back_to_the_first(
    client: TestClient,
) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=3 Stealth=2")
    rolled = [roll(table, table.storyteller, "chronicles 2", hidden=n % 5 == 0) for n in range(70)]
    rolled += [roll(table, bo, "Dexterity + Stealth") for _ in range(5)]
    first = page_of(table, table.storyteller)
    shown = [int(s) for s in SEQS.findall(first)]
    assert len(shown) == LOG_SHOWN and shown[0] == rolled[-1]  # the newest roll, on top
    assert shown == sorted(shown, reverse=True)
    for token in (table.storyteller, bo):
        seqs, pages = read_back(table, token)
        assert len(seqs) == len(set(seqs)), "an entry shown twice"
        assert seqs == sorted(seqs, reverse=True)
        assert seqs == list(range(rolled[-1], 0, -1)), "an event missed"  # one numbering
        assert pages >= len(seqs) // LOG_SHOWN
    # a player's older pages show the storyteller's hidden rolls as the table shows them
    hidden = rolled[0]
    older = page_of(table, bo, f"/log?before={hidden + 1}")
    entry = older.split(f'id="ev-{hidden}"', 1)[1].split("</li>", 1)[0]
    assert "rolled in secret" in entry and "chronicles 2" not in entry


def test_older_pages_refuse_what_is_not_a_place_in_the_log(client: TestClient) -> None:
    table, bo = seated(client, "chronicles", "Dexterity=3")
    cookie = {"cookie": f"dicepool_seat_{table.id}={bo}"}
    for bad in ("0", "-3", "x", "99999999999999999999"):
        answer = client.get(f"/c/{table.id}/log?before={bad}", headers=cookie)
        assert answer.status_code == 422, (bad, answer.text)
    assert client.get(f"/c/{table.id}/log?before=5").status_code == 401  # no seat, no log
    assert "Show older" not in page_of(table, bo, "/log?before=1")  # nothing before the first


def test_a_page_weighs_the_same_whatever_the_log_s_length(client: TestClient) -> None:
    table, _ = seated(client, "chronicles", "Dexterity=3")
    for _ in range(LOG_SHOWN):
        roll(table, table.storyteller, "chronicles 3")
    short = len(page_of(table, table.storyteller))
    for _ in range(2 * LOG_SHOWN):  # three pages (within the seat's burst of rolls)
        roll(table, table.storyteller, "chronicles 3")
    long = len(page_of(table, table.storyteller))
    assert long < short * 1.1, (short, long)
