"""What the table's page says in its own words: a hidden roll as a sentence, and Momentum dice
written into a line at a storypath table sent to the roll's choices."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from dicepool.web.pages import csrf_of

from .test_pages import opened, player_client

pytestmark = pytest.mark.usefixtures("db")


def test_a_hidden_roll_reads_as_its_roller_rolling_in_secret(client: TestClient) -> None:
    where, told, invite = opened(client, system="chronicles")  # the storyteller is Mo
    player, _ = player_client(client, invite)
    rolled = client.post(
        f"/c/{where}/roll",
        data={"line": "chronicles 4 # the ambush", "hidden": "true", "csrf": csrf_of(told)},
        headers={"hx-request": "true"},
    )
    assert rolled.status_code == 200, rolled.text
    seq = int(rolled.headers["x-roll-seq"])
    page = html.unescape(player.get(f"/c/{where}").text)
    entry = page.split(f'id="ev-{seq}"', 1)[1].split("</li>", 1)[0]
    summary = re.search(r'<p class="summary">(.*?)</p>', entry, re.S)
    assert summary, entry
    assert re.fullmatch(r"Mo rolled in secret · roll \d+ of seal \d+", summary[1].strip())
    assert "hidden rolled" not in entry and "ambush" not in entry and "chronicles 4" not in entry


def test_momentum_in_a_storypath_line_at_the_table_is_sent_to_spend_and_choose(
    client: TestClient,
) -> None:
    where, _, invite = opened(client, system="storypath")
    player, own = player_client(client, invite)
    made = player.post(
        f"/c/{where}/character",
        data={"name": "Ana", "traits": "Dexterity=3 Athletics=2", "csrf": csrf_of(own)},
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    odds = player.get(f"/c/{where}/odds", params={"line": "Dexterity + Athletics momentum 2"})
    assert odds.status_code == 200 and 'class="error"' in odds.text
    said = html.unescape(odds.text)
    assert "Momentum dice are spent from the table's pool" in said
    assert "Momentum dice (Spend and choose)" in said and "--spend" not in said
    plain = player.get(f"/c/{where}/odds", params={"line": "Dexterity + Athletics"})
    assert 'class="error"' not in plain.text and "storypath 3+2" in plain.text
