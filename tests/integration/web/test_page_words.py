"""The page speaks of its own controls: a refusal the rules word for the command line
(``--char NAME``, `` `dicepool char set ...` ``, ``--consolation``) reaches the browser in the
page's words, while the command line and the JSON API keep the rules' own."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of
from dicepool.web.wording import page_words

from .conftest import bearer
from .test_sheets_api import opened

COMMAND_LINE = re.compile(r"`dicepool (?!db check)|--[a-z]")
"""Advice only a command line can follow (running `dicepool db check` is the host's)."""


def page_of(client: TestClient, token: str) -> TestClient:
    browser = TestClient(client.app, raise_server_exceptions=False)
    assert browser.get(f"/t/{token}", follow_redirects=False).status_code == 303
    return browser


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_rules_refusals_reach_the_page_in_its_words(client: TestClient) -> None:
    table = opened(client, "storypath")
    told = table.storyteller
    assert table.create(told, "Ana", "Might=2 Dexterity=2").status_code == 201
    browser = page_of(client, told)
    hx = {"hx-request": "true"}
    form = {"csrf": csrf_of(told)}
    said = {
        # a trait with no character: "roll with `--char NAME`"
        "odds": browser.get(f"/c/{table.id}/odds", params={"line": "Might"}).text,
        "roll": browser.post(
            f"/c/{table.id}/roll", data={**form, "line": "Might"}, headers=hx
        ).text,
        # a trait the sheet lacks: "add it with `dicepool char set "Ana" "Sorcery=N"`"
        "trait": browser.get(
            f"/c/{table.id}/odds", params={"line": "Sorcery", "character": "Ana"}
        ).text,
        # no such character: "create one with `dicepool char create "Bo"`"
        "character": browser.post(
            f"/c/{table.id}/act/legend",
            data={**form, "character": "Bo", "action": "regain", "points": "1"},
            headers=hx,
        ).text,
        # a Consolation of a character's with no character: "--consolation ... --char NAME"
        "consolation": browser.post(
            f"/c/{table.id}/roll",
            data={**form, "line": "storypath 2", "consolation": "meeting"},
            headers=hx,
        ).text,
    }
    for what, text in said.items():
        message = re.search(r'class="error"[^>]*>([^<]*)<', text)
        assert message, (what, text)
        assert not COMMAND_LINE.search(message[1]), (what, message[1])
    assert "roll for a character" in said["roll"]
    assert "Ana&#39;s sheet (Edit: Sorcery=N)" in said["trait"]
    assert "create Bo under" in said["character"]
    assert "consolation (Spend and choose)" in said["consolation"]
    api = client.post(f"{table.url}/rolls", json={"line": "Might"}, headers=bearer(told)).json()[
        "error"
    ]
    assert "--char NAME" in api  # the API keeps the rules' words


def test_page_words_leave_a_message_without_advice_alone() -> None:
    plain = "Ana has 2 Willpower, not 3"
    assert page_words(plain) == plain
    assert page_words("run `dicepool db check`") == "run `dicepool db check`"
