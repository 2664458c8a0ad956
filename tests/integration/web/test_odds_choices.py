"""Odds that follow the roll: the API's odds and the roll box's take the character and every
choice a roll takes, and answer the odds of the roll that would be made (in-process).

Each choice's example of :mod:`.test_roll_choices` is asked about and then rolled, with forced
faces, at a table made ready for it: the odds are those of the line the roll logged as rolled
(its ``numbers``), read again with no campaign at all. Willpower's are checked against the
closed form: a hubris pool succeeds on a die of 8 or more, so N dice fail with chance 0.7^N; a
Willpower point adds three dice and the rote property, whose second roll of every failed die
fails alike, so the roll fails with chance 0.7^(2(N+3)).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicepool.campaign.choice_odds import choice_changes
from dicepool.campaign.questions import line_odds, odds_json, seat_line
from dicepool.campaign.seats import find_seat_by_token
from dicepool.odds import Budget
from dicepool.store.database import Database

from .conftest import bearer
from .test_roll_choices import EXAMPLES, last_roll, scene_for
from .test_sheets_api import Table, opened, refused

SQLITE = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
"""The pages and the rules on SQLite (the API's odds are asked on PostgreSQL too, below)."""

HUBRIS_TRAITS = "Strength=4 Brawl=3 Willpower=3 Resolve=2 Stamina=2"
"""Ana's traits at a hubris table: Strength + Brawl is seven dice."""


def failing(dice: int) -> float:
    """The chance a hubris pool of ``dice`` dice (8 or more a success) has no success."""
    return float(0.7**dice)


def pct(p: float) -> str:
    """A chance as the odds box writes it."""
    return f"{p * 100:.1f}%"


def odds_of(table: Table, token: str, **asked: Any) -> dict[str, Any]:
    """The API's odds of a roll at ``table``, asked with ``token``."""
    answer = table.client.get("/api/odds", params=asked, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def browser_of(table: Table, token: str) -> TestClient:
    """A browser holding ``token``'s seat at the table (its link opened)."""
    browser = TestClient(table.client.app, raise_server_exceptions=False)
    assert browser.get(f"/t/{token}", follow_redirects=False).status_code == 303
    return browser


def box(browser: TestClient, table: Table, **asked: str) -> str:
    """The roll box's odds as the page asks for them (the form's fields, as text)."""
    answer = browser.get(f"/c/{table.id}/odds", params=asked)
    assert answer.status_code == 200, answer.text
    return answer.text


def chips(html: str) -> dict[str, str]:
    """What each choice changes, as the odds box shows it: choice -> its words."""
    found = re.findall(r'<span class="chip[^"]*" data-choice="([a-z]+)">([^<]*)</span>', html)
    return dict(found)


def success(odds: dict[str, Any]) -> float:
    """The chance of success of the odds' answer: success and exceptional together."""
    outcomes: dict[str, float] = odds["outcomes"]
    return outcomes.get("success", 0.0) + outcomes.get("exceptional", 0.0)


@SQLITE
@pytest.mark.parametrize("choice", sorted(EXAMPLES))
def test_the_odds_with_a_choice_are_those_of_the_roll_it_makes(
    client: TestClient, db: Database, choice: str
) -> None:
    example = EXAMPLES[choice]
    scene, chosen = scene_for(client, db, example, "Asked")
    table = scene.table
    asked = {"line": example.line, "character": "Ana", **chosen}
    odds = odds_of(table, table.storyteller, **asked)
    scene.rolled({**asked, "dice": example.dice})  # the roll, its faces forced
    numbers = last_roll(table)["numbers"]
    assert odds["notation"] == numbers  # what the odds are of is what was rolled
    written = odds_json(numbers, Budget())  # that line alone, read with no campaign
    for key in ("input", "comment"):
        written.pop(key), odds.pop(key)
    assert odds == written


ADDING = {"willpower", "edge", "resist", "armor", "momentum"}
"""The choices that add dice to a roll (an Advantage adds Enhancement: successes alone)."""


@SQLITE
@pytest.mark.parametrize("choice", sorted(ADDING | {"advantage"}))
def test_a_choice_that_adds_to_a_roll_raises_its_odds_from_the_lines_alone(
    client: TestClient, db: Database, choice: str
) -> None:
    example = EXAMPLES[choice]
    scene, chosen = scene_for(client, db, example, "Changed")
    table = scene.table
    line = {"line": example.line, "character": "Ana"}
    alone = odds_of(table, table.storyteller, **line)
    made = odds_of(table, table.storyteller, **line, **chosen)
    assert made["notation"] != alone["notation"] and made["mean"] > alone["mean"]
    assert success(made) > success(alone) if choice in ADDING else success(made) == success(alone)


@SQLITE
def test_willpower_adds_three_dice_and_the_rote_as_the_closed_form_says(
    client: TestClient,
) -> None:
    table = opened(client, "hubris")
    bo = table.join("Bo")
    assert table.create(bo, "Ana", HUBRIS_TRAITS).status_code == 201
    line = {"line": "Strength + Brawl"}
    alone, spent = odds_of(table, bo, **line), odds_of(table, bo, **line, willpower="true")
    assert (alone["notation"], spent["notation"]) == ("hubris 4+3", "hubris 4+3 wp")
    assert success(alone) == pytest.approx(1 - failing(7), abs=1e-12)
    assert success(spent) == pytest.approx(1 - failing(2 * (7 + 3)), abs=1e-12)
    typed = odds_of(table, bo, line="Strength + Brawl wp")  # `wp` typed: the same roll
    assert success(typed) == success(spent)
    # the storyteller asks for Ana by name, as the roll box's "for" list sends it
    told = odds_of(table, table.storyteller, **line, character="Ana", willpower="true")
    assert told["notation"] == "hubris 4+3 wp"


@SQLITE
def test_the_odds_box_shows_what_willpower_changes_ticked_or_not(client: TestClient) -> None:
    table = opened(client, "hubris")
    bo = table.join("Bo")
    assert table.create(bo, "Ana", HUBRIS_TRAITS).status_code == 201
    browser = browser_of(table, bo)
    without, with_ = pct(1 - failing(7)), pct(1 - failing(20))
    said = f"Willpower: {without} → {with_}"
    unticked = box(browser, table, line="Strength + Brawl", character="Ana")
    assert '<p class="notation">hubris 4+3</p>' in unticked
    assert re.search(rf'<span class="pct">{re.escape(without)}</span>', unticked)
    assert chips(unticked) == {"willpower": said}
    ticked = box(browser, table, line="Strength + Brawl", character="Ana", willpower="true")
    assert '<p class="notation">hubris 4+3 wp</p>' in ticked
    assert re.search(rf'<span class="pct">{re.escape(with_)}</span>', ticked)
    assert chips(ticked) == {"willpower": said}  # without -> with, whichever is ticked
    assert 'class="chip chosen" data-choice="willpower"' in ticked
    # a line without a character spends no Willpower: nothing to show beside it
    assert chips(box(browser_of(table, table.storyteller), table, line="hubris 3")) == {}


@SQLITE
def test_the_odds_box_shows_each_sundown_choice_with_the_others_as_set(
    client: TestClient,
) -> None:
    table = opened(client, "sundown")
    traits = "Agility=3 Edge=2 Potency=1 Firearms=1 Stamina=2"
    assert table.create(table.storyteller, "Ana", traits).status_code == 201
    browser = browser_of(table, table.storyteller)
    asked = {"line": "Stamina", "character": "Ana", "soak": "true"}
    shown = chips(box(browser, table, **asked, armor="2"))
    expected = {}
    for name, without, with_ in [
        ("edge", {"soak": "true", "armor": "2"}, {"soak": "true", "armor": "2", "edge": "true"}),
        ("soak", {"armor": "2"}, {"soak": "true", "armor": "2"}),
        ("armor", {"soak": "true"}, {"soak": "true", "armor": "2"}),
    ]:
        a = odds_of(table, table.storyteller, line="Stamina", character="Ana", **without)
        b = odds_of(table, table.storyteller, line="Stamina", character="Ana", **with_)
        label = "Armor 2" if name == "armor" else name.capitalize()
        expected[name] = f"{label}: {pct(success(a))} → {pct(success(b))}"
    # `armor` makes a Soak roll by itself: soak ticked or not is the same roll (no chip)
    assert shown == {"edge": expected["edge"], "armor": expected["armor"]}
    assert "soak" not in shown and "resist" not in shown  # a Soak roll is a Resistance Test


@SQLITE
def test_a_bad_or_misplaced_choice_is_refused_in_one_line_that_names_it(
    client: TestClient,
) -> None:
    table = opened(client, "storypath")
    assert table.create(table.storyteller, "Ana", "Might=2 Athletics=1").status_code == 201
    told = bearer(table.storyteller)
    for asked, words in [
        ({"willpower": "true"}, "classic or hubris roll, not a storypath one"),
        ({"momentum": "101"}, "momentum"),
        ({"feat": "epic"}, "feat"),
    ]:
        answer = client.get("/api/odds", params={"line": "Might", **asked}, headers=told)
        said = refused(answer, 422, words)
        assert "\n" not in said and "Traceback" not in said
    browser = browser_of(table, table.storyteller)
    html = box(browser, table, line="Might", character="Ana", willpower="true")
    error = re.search(r'<p class="error">([^<]*)</p>', html)
    assert error and "classic or hubris roll, not a storypath" in error[1] and "\n" not in error[1]
    assert 'class="bars"' not in html
    # a Willpower point with no one to spend it: the roll's own refusal
    hubris = opened(client, "hubris", "Day")
    at_hubris = browser_of(hubris, hubris.storyteller)
    html = box(at_hubris, hubris, line="hubris 3", willpower="true")
    error = re.search(r'<p class="error">([^<]*)</p>', html)
    assert error and "Willpower" in error[1]


@SQLITE
def test_a_player_asks_for_their_own_roll_only_and_no_hidden_one(client: TestClient) -> None:
    table = opened(client, "hubris")
    bo = table.join("Bo")
    assert table.create(bo, "Ana", HUBRIS_TRAITS).status_code == 201
    assert table.create(table.storyteller, "Guard", "Strength=2").status_code == 201
    asked = {"line": "Strength", "character": "Guard", "willpower": "true"}
    refused(client.get("/api/odds", params=asked, headers=bearer(bo)), 403, "Ana")
    hidden = {"line": "Strength", "hidden": "true"}
    refused(client.get("/api/odds", params=hidden, headers=bearer(bo)), 403, "storyteller")
    # the storyteller's hidden roll spends nothing, as the roll says
    spent = {"line": "Strength", "character": "Guard", "hidden": "true", "willpower": "true"}
    refused(
        client.get("/api/odds", params=spent, headers=bearer(table.storyteller)),
        422,
        "a hidden roll spends nothing",
    )


@SQLITE
def test_a_change_over_the_budget_left_is_left_out_and_the_box_still_answers(
    client: TestClient, db: Database
) -> None:
    table = opened(client, "hubris")
    assert table.create(table.storyteller, "Ana", HUBRIS_TRAITS).status_code == 201
    seat = find_seat_by_token(db, table.storyteller)
    assert seat is not None
    asked = seat_line(db, seat, "Strength + Brawl", "Ana")
    now, odds = line_odds(asked, {}, Budget())
    [change] = choice_changes(asked, {}, now, odds, Budget())
    assert change.with_ == pytest.approx(1 - failing(20))
    assert choice_changes(asked, {}, now, odds, Budget(seconds=0.0)) == []
    # 3,000 dice: the roll's odds (estimated at a few ms) fit the server's 0.5 s; with a
    # Willpower point, a rote of 3,003 (estimated at over 0.5 s) does not: no chip, no error
    browser = browser_of(table, table.storyteller)
    html = box(browser, table, line="3000 tn 2", character="Ana")
    assert 'class="bars"' in html and 'class="error"' not in html
    assert chips(html) == {}
    over = box(browser, table, line="3000 tn 2", character="Ana", willpower="true")
    assert "budget" in over and 'class="bars"' not in over


@pytest.mark.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)
def test_the_api_answers_the_odds_of_a_roll_with_its_choices_on_either_database(
    client: TestClient, db: Database
) -> None:
    table = opened(client, "hubris")
    bo = table.join("Bo")
    assert table.create(bo, "Ana", HUBRIS_TRAITS).status_code == 201
    spent = odds_of(table, bo, line="Strength + Brawl # the door", willpower="true")
    assert spent["notation"] == "hubris 4+3 wp" and spent["comment"] == "the door"
    assert success(spent) == pytest.approx(1 - failing(20), abs=1e-12)
    assert client.get("/api/odds", params={"line": "Strength"}).status_code == 401
