"""The check page's first word: the rolls outside every seal, whose dice the server chose.

No use case of dicepool logs one; here the host writes it into the database by hand, as a
roll of the storyteller's with its seal taken out, and the page and its JSON must say so
before they say anything of the seals.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from dicepool.campaign.verify import OUTSIDE, Verification
from dicepool.sheet.events import Event, Kind
from dicepool.store.database import Database
from dicepool.store.log import append
from dicepool.web.verify_page import outside_alarm

from .conftest import bearer
from .test_pages import opened, player_client


def forge(db: Database, where: int, like: dict[str, object]) -> int:
    """The host appends a roll shaped as ``like`` that names no seal: its seq."""
    data = {k: v for k, v in like.items() if k != "seal"}
    with db.write() as conn:
        return append(conn, where, Event(Kind.ROLLED, data), "Mo").seq


def test_the_check_page_names_rolls_outside_every_seal_before_the_seals(
    client: TestClient, db: Database
) -> None:
    where, told, invite = opened(client)
    other, own = player_client(client, invite)
    rolls = f"/api/campaigns/{where}/rolls"
    client.post(rolls, json={"line": "hubris 3"}, headers=bearer(told))
    rolled = client.get(f"/api/campaigns/{where}/events", headers=bearer(told)).json()
    like = next(e for e in rolled["events"] if e["kind"] == "rolled")["data"]
    first, second = forge(db, where, like), forge(db, where, like)
    page = other.get(f"/c/{where}/verify").text
    alarm = f"2 rolls outside every seal: the server chose their dice (seq {first}, seq {second})"
    assert alarm in page and 'role="alert"' in page
    assert page.index(alarm) < page.index("seal 1: open")  # first, before the seals
    answer = other.get(f"/api/campaigns/{where}/verify", headers=bearer(own)).json()
    assert answer["ok"] is False and answer["unclaimed"] == 2
    assert [(p["seq"], p["message"]) for p in answer["outside"]] == [
        (first, OUTSIDE),
        (second, OUTSIDE),
    ]
    # the table's own log marks each, on the player's page and in their events
    table = other.get(f"/c/{where}").text
    assert table.count('class="tag mark-unsealed"') == 2
    assert "unsealed: the server chose these dice" in table
    events = client.get(f"/api/campaigns/{where}/events", headers=bearer(own)).json()["events"]
    marked = [e["seq"] for e in events if e.get("unsealed")]
    assert marked == [first, second]


def test_a_clean_table_shows_no_alarm(client: TestClient) -> None:
    where, told, _ = opened(client)
    client.post(f"/api/campaigns/{where}/rolls", json={"line": "hubris 3"}, headers=bearer(told))
    page = client.get(f"/c/{where}/verify").text
    assert "outside every seal" not in page and "seal 1: open" in page


@pytest.mark.parametrize(
    ("seqs", "said"),
    [
        ((), ""),
        ((7,), "1 roll outside every seal: the server chose its dice (seq 7)"),
        ((7, 9), "2 rolls outside every seal: the server chose their dice (seq 7, seq 9)"),
    ],
)
def test_the_alarms_words(seqs: tuple[int, ...], said: str) -> None:
    from dicepool.campaign.problems import Problem

    checked = Verification((), outside=tuple(Problem(OUTSIDE, seq=s) for s in seqs))
    assert outside_alarm(checked) == said
