"""storypath's Momentum pool on the table's page, in-process, on SQLite and PostgreSQL: the
story card says how many players size the pool and where that number comes from (the seated
players, or the storyteller), and the storyteller's form sets a number or follows the seats."""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .conftest import bearer
from .test_pages import opened, player_client

pytestmark = pytest.mark.usefixtures("db")


def _momentum(page: str) -> str:
    """The story card's Momentum line, in words."""
    found = re.search(r'<p class="momentum">(.*?)</p>', page, re.S)
    assert found, page
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", found[1]))).strip()


def _players_form(page: str) -> str:
    found = re.search(r'<form[^>]*data-action="players".*?</form>', page, re.S)
    assert found, "the storyteller's form for the players"
    return found[0]


def test_the_page_says_the_pool_follows_the_seats_until_the_storyteller_sets_a_number(
    client: TestClient,
) -> None:
    where, told, invite = opened(client, "storypath")
    assert _momentum(client.get(f"/c/{where}").text) == (
        "Momentum 0 / 0 · players: 0 (the seated players: nobody sits with a character yet)"
    )
    player, token = player_client(client, invite, "Pat")
    made = client.post(
        f"/api/campaigns/{where}/characters",
        json={"name": "Ana", "traits": "Dexterity=2"},
        headers=bearer(token),
    )
    assert made.status_code == 201, made.text
    page = client.get(f"/c/{where}").text
    assert _momentum(page) == "Momentum 0 / 2 · players: 1 (the seated players)"
    form = _players_form(page)  # a number, or the seats again: labelled, neither required
    number = r'<input type="number" name="players" min="1" max="100"(?![^>]*required)'
    assert re.search(number, form)
    assert re.search(r'<input type="checkbox" name="seats" value="true">', form)
    assert "Follow the seated players" in unescape(form)
    assert 'data-action="players"' not in player.get(f"/c/{where}").text  # the storyteller's

    csrf = {"csrf": csrf_of(told)}  # the storyteller's forms' proof
    said = client.post(f"/c/{where}/act/players", data={**csrf, "players": "5"})
    assert said.status_code == 200, said.text
    assert _momentum(player.get(f"/c/{where}").text) == (
        "Momentum 0 / 10 · players: 5 (set by the storyteller)"
    )
    again = client.post(f"/c/{where}/act/players", data={**csrf, "seats": "true"})
    assert again.status_code == 200, again.text
    assert _momentum(client.get(f"/c/{where}").text) == (
        "Momentum 0 / 2 · players: 1 (the seated players)"
    )
    neither = client.post(f"/c/{where}/act/players", data=csrf, headers={"hx-request": "true"})
    said = unescape(neither.text)
    assert neither.status_code == 422 and "dicepool" not in said  # the page's words
    assert "say how many players: type a number of Players, or tick “Follow the seated" in said
