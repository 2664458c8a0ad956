"""Willpower on a roll at chronicles and classic tables through the web table (ruling 23),
in-process on SQLite and PostgreSQL: the point comes off the sheet's Willpower track in the
roll's own event, typed (`wp`) or chosen (``willpower``) alike; none left refuses the roll in
one line and logs nothing; undoing the roll gives the point back; the house rule `wp off`
refuses it; the odds follow the choice; the page's *Spend and choose* offers it and sends it.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .conftest import bearer
from .test_actions_api import logged
from .test_sheets_api import Answer, Table, opened, refused, seated

CLASSIC = "Precision=3 Firearms=2 Willpower=2"
"""Mara's traits: Precision + Firearms is five dice, and Willpower 2 two points."""

CHRONICLES = "Strength=2 Brawl=1 Resolve=1 Composure=2"
"""Ana's: Strength + Brawl is three dice, and Resolve + Composure three points."""

SQLITE = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
"""The page on SQLite (the API's rolls run on PostgreSQL too)."""


def willpower(table: Table, token: str, name: str) -> tuple[int, int]:
    """A character's Willpower track, as a seat reads its sheet: points and their most."""
    (track,) = [t for t in table.state(token, name)["tracks"] if t["name"] == "Willpower"]
    return track["points"], track["max"]


def rolled(table: Table, token: str, **body: Any) -> Answer:
    """A roll sent through the API by ``token``'s seat."""
    return table.client.post(f"{table.url}/rolls", json=body, headers=bearer(token))


def made(answer: Answer) -> dict[str, Any]:
    """A roll the API logged: the roll it answers (as `dicepool roll --json` prints it)."""
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()["roll"]
    return body


def test_classic_wp_spends_the_rollers_point_refused_at_none_and_given_back_by_undo(
    client: TestClient,
) -> None:
    table, bo = seated(client, "classic", CLASSIC)  # Bo plays Ana
    told = table.storyteller
    assert willpower(table, bo, "Ana") == (2, 2)
    # the text's example of a botch saved: no die succeeds, a 1 stands; Willpower's success
    first = made(
        rolled(table, told, line="Precision + Firearms wp", character="Ana", dice=[1, 2, 3, 4, 5])
    )
    assert (first["successes"], first["auto"], first["outcome"]) == (1, 1, "success")
    assert first["effects"] == {"willpower": {"character": "Ana"}}
    assert willpower(table, bo, "Ana") == (1, 2)
    # the player's own roll, the point chosen instead of typed: the same spend
    second = made(rolled(table, bo, line="Precision + Firearms", willpower=True))
    assert second["numbers"] == "classic 3+2 wp" and second["effects"] == first["effects"]
    assert willpower(table, bo, "Ana") == (0, 2)
    events = len(logged(table))
    for body in ({"line": "Precision + Firearms wp"}, {"line": "Precision", "willpower": True}):
        refused(rolled(table, bo, **body), 422, "Ana has no Willpower point left (0 of 2)")
    assert len(logged(table)) == events  # nothing logged, nothing spent
    assert made(rolled(table, bo, line="Precision + Firearms"))["effects"] == {}
    # undoing a roll gives its point back; bringing it back spends it again
    undone = table.undo(told, second["event"])
    assert undone.status_code == 201, undone.text
    assert willpower(table, bo, "Ana") == (1, 2)
    restored = client.post(f"{table.url}/events/{second['event']}/restore", headers=bearer(told))
    assert restored.status_code == 201, restored.text
    assert willpower(table, bo, "Ana") == (0, 2)
    # a plain line has no sheet: `wp` is the rule without a track, and spends nothing
    plain = made(rolled(table, told, line="classic 2 wp", dice=[2, 3]))
    assert (plain["successes"], plain["effects"]) == (1, {})


def test_chronicles_willpower_is_three_dice_and_a_point_and_the_odds_follow(
    client: TestClient,
) -> None:
    table, bo = seated(client, "chronicles", CHRONICLES)
    told = table.storyteller
    assert willpower(table, bo, "Ana") == (3, 3)
    answer = made(
        rolled(
            table,
            told,
            line="Strength + Brawl",
            character="Ana",
            willpower=True,
            dice=[8, 9, 2, 3, 4, 10, 1],
        )
    )
    assert answer["numbers"] == "chronicles 2+1 wp"
    assert len(answer["dice"]) == 7 and answer["successes"] == 3  # six dice, a 10 again
    assert answer["effects"] == {"willpower": {"character": "Ana"}}
    assert willpower(table, bo, "Ana") == (2, 3)
    typed = made(rolled(table, bo, line="Strength + Brawl wp"))
    assert typed["numbers"] == "chronicles 2+1 wp" and willpower(table, bo, "Ana") == (1, 3)

    def odds(**asked: Any) -> dict[str, Any]:
        found = client.get("/api/odds", params=asked, headers=bearer(bo))
        assert found.status_code == 200, found.text
        body: dict[str, Any] = found.json()
        return body

    chosen = odds(line="Strength + Brawl", character="Ana", willpower="true")
    three_more = odds(line="chronicles 6")
    assert chosen["notation"] == "chronicles 2+1 wp"
    assert chosen["outcomes"] == three_more["outcomes"]
    assert chosen["distribution"] == three_more["distribution"]
    assert odds(line="Strength + Brawl wp", character="Ana")["outcomes"] == chosen["outcomes"]
    assert odds(line="Strength + Brawl", character="Ana")["outcomes"] != chosen["outcomes"]


def test_the_house_rule_wp_off_refuses_willpower_at_the_table(client: TestClient) -> None:
    table, bo = seated(client, "chronicles", CHRONICLES)
    table.done(table.storyteller, "house-rules", rules="wp off")
    for body in ({"line": "Strength wp"}, {"line": "Strength", "willpower": True}):
        refused(rolled(table, bo, **body), 422, "house rules turn Willpower off (`wp off`")
        asked = {"character": "Ana", **body}
        refused(client.get("/api/odds", params=asked, headers=bearer(bo)), 422, "`wp off`")
    assert willpower(table, bo, "Ana") == (3, 3)
    assert made(rolled(table, bo, line="Strength"))["effects"] == {}
    refused(table.act(table.storyteller, "house-rules", rules="wp"), 422, "the roll's to say")
    hubris = opened(client, "hubris", "Day")
    said = "hubris's Willpower is its text's rule"
    refused(hubris.act(hubris.storyteller, "house-rules", rules="wp off"), 422, said)


@SQLITE
def test_the_classic_roll_box_offers_willpower_and_sends_it(client: TestClient) -> None:
    table, bo = seated(client, "classic", CLASSIC)
    browser = TestClient(client.app, raise_server_exceptions=False)
    assert browser.get(f"/t/{bo}", follow_redirects=False).status_code == 303
    page = browser.get(f"/c/{table.id}").text
    box = page[page.index('id="roll-form"') : page.index('id="odds"')]
    assert "Spend and choose" in box and 'name="willpower"' in box
    odds = browser.get(
        f"/c/{table.id}/odds",
        params={"line": "Precision + Firearms", "character": "Ana", "willpower": "true"},
    )
    assert odds.status_code == 200 and "classic 3+2 wp" in odds.text
    form = {"csrf": csrf_of(bo), "line": "Precision + Firearms", "character": "Ana"}
    answer = browser.post(
        f"/c/{table.id}/roll", data={**form, "willpower": "true"}, headers={"hx-request": "1"}
    )
    assert answer.status_code == 200, answer.text
    last = [e for e in logged(table).values() if e["kind"] == "rolled"][-1]["data"]
    assert last["numbers"] == "classic 3+2 wp"
    assert last["effects"] == {"willpower": {"character": "Ana"}}
    assert willpower(table, bo, "Ana") == (1, 2)
    entry = browser.get(f"/c/{table.id}").text
    assert "Willpower point spent by Ana" in entry  # the log says what the roll spent
    # a table that plays without it offers no Willpower
    table.done(table.storyteller, "house-rules", rules="wp off")
    page = browser.get(f"/c/{table.id}").text
    box = page[page.index('id="roll-form"') : page.index('id="odds"')]
    assert 'name="willpower"' not in box
