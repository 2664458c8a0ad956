"""The sheet's one-tap track actions on the page, in-process on SQLite: a chronicles sheet's
Actions offer damage with the kind of wound as buttons, healing once there is a wound, and
Willpower spent and regained as each applies; a button's form, sent as the page sends it, is
one change; a sheet with nothing to offer draws no empty Actions panel."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .test_actions_page import HX, forms_of, page
from .test_page_words import page_of
from .test_sheets_api import Table, seated

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def card(html: str, name: str = "Ana") -> str:
    """A character's card on the page."""
    found = re.search(
        rf'<article class="card sheet[^"]*"[^>]*data-character="{name}">.*?</article>', html, re.S
    )
    assert found, f"no card of {name}"
    return found[0]


def forms(html: str) -> list[tuple[str, str]]:
    """The action forms of a card's Actions panel: (action, the track it names)."""
    # the panel runs to the sheet's edit fold (each action's rules line is a fold of its own)
    panel = re.search(
        r'<details class="sheet-actions".*?(?=<details class="sheet-edit")', html, re.S
    )
    drawn = r'<form class="act-form[^"]*"[^>]*data-action="([\w-]+)"(?: data-track="(\w+)")?'
    return re.findall(drawn, panel[0]) if panel else []


def tap(
    browser: TestClient, table: Table, token: str, action: str, status: int = 200, **fields: str
) -> str:
    """A form of the card sent as the page sends it: its hidden fields, its points field (1,
    as drawn), and the button pressed; the notice shown."""
    form = {"csrf": csrf_of(token), "character": "Ana", "points": "1", **fields}
    answer = browser.post(f"/c/{table.id}/act/{action}", data=form, headers=HX)
    assert answer.status_code == status, answer.text
    return answer.text


def test_a_chronicles_sheet_offers_one_tap_damage_heal_and_willpower(client: TestClient) -> None:
    table, bo = seated(client, "chronicles", "Stamina=2 Resolve=1 Composure=1")
    browser = page_of(client, bo)
    ana = card(page(browser, table.id))
    assert '<details class="sheet-actions" open><summary>Actions</summary>' in ana
    # unhurt, Willpower full: take damage and spend, nothing to heal or regain
    assert forms(ana) == [("damage", "Health"), ("spend", "Willpower")]
    damage = forms_of(ana)
    assert damage.taps["damage"] == [
        ("kind", "bashing"),
        ("kind", "lethal"),
        ("kind", "aggravated"),
    ]
    assert dict(damage.forms["damage"]) == {"points": "Points of damage"}
    assert re.search(r'name="points" min="1" max="\d+" value="1"', ana)  # one tap: 1 point
    assert damage.explained["damage"].startswith("Take damage · Health: Wounds fill the boxes")
    assert '<span class="taps" role="group" aria-label="Take damage · Health">' in ana

    said = tap(browser, table, bo, "damage", track="Health", kind="lethal")
    assert "Ana&#39;s Health takes 1 lethal" in said
    said = tap(browser, table, bo, "spend", track="Willpower")
    assert "Ana spends 1 Willpower" in said
    ana = card(page(browser, table.id))
    assert forms(ana) == [
        ("damage", "Health"),
        ("heal", "Health"),
        ("spend", "Willpower"),
        ("regain", "Willpower"),
    ]
    assert 'class="box wound-lethal"' in ana and 'aria-label="1 of 2"' in ana
    heal = forms_of(ana).taps["heal"]  # least severe first, or a kind of its own
    assert heal == [("kind", ""), ("kind", "bashing"), ("kind", "lethal"), ("kind", "aggravated")]
    assert "least severe</button>" in ana

    tap(browser, table, bo, "spend", track="Willpower")
    tap(browser, table, bo, "heal", track="Health", kind="")
    ana = card(page(browser, table.id))
    # Willpower 0: no spend offered; sent anyway, the rule refuses it in the same words
    assert forms(ana) == [("damage", "Health"), ("regain", "Willpower")]
    refused = tap(browser, table, bo, "spend", 422, track="Willpower")
    assert "Willpower has 0 of 2 points: 1 cannot be spent" in refused
    assert "wound-lethal" not in ana


def test_a_sheet_with_nothing_to_offer_draws_no_empty_actions_panel(client: TestClient) -> None:
    table, bo = seated(client, "chronicles", "Stamina=2")
    assert table.act(table.storyteller, "default-tracks", switch="off").status_code == 201
    browser = page_of(client, bo)
    ana = card(page(browser, table.id))
    assert 'class="sheet-actions"' not in ana
    assert "Edit the sheet and its tracks" in ana  # a track may still be defined there
    defined = {"character": "Ana", "track": "Vitae", "kind": "points", "size": 3}
    assert table.act(bo, "track-define", **defined).status_code == 201
    ana = card(page(browser, table.id))
    assert forms(ana) == [("spend", "Vitae")] and 'class="sheet-actions"' in ana
