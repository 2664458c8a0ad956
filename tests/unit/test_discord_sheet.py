"""A sheet as Discord shows it: drawn as the terminal draws it (dots, boxes, glyphs with their
numbers), for every system, and never a part of the state as raw data."""

from __future__ import annotations

import re

import pytest

from dicepool.campaign.view import Sheet
from dicepool.sheet.events import CampaignState, Kind
from dicepool.sheet.view import condition
from dicepool.web.discord_sheet import sheet_text
from dicepool.web.discord_words import CONTENT, message

from .sheets import act, table

RAW = re.compile(r"None|True|False|[{}]|\[None|\bdefault\b|\bfollows\b")
"""What a sheet drawn from its JSON by hand would show: Python's words, a dict's braces."""


def drawn(state: CampaignState, seat: str | None = "Bo") -> str:
    ana = state.characters["ana"]
    return sheet_text(Sheet(ana, condition(ana, state.now), seat).to_dict())


def test_a_chronicles_sheet_has_its_dots_and_its_health_in_boxes() -> None:
    state = table("chronicles", Ana="Dexterity=3 Stealth=2 Firearms=1 Firearms (Rifles)")
    state = act(state, Kind.TRACK_CHANGED, track="Health", operation="damage", points=2,
                wound="lethal")  # fmt: skip
    text = drawn(state)
    lines = text.splitlines()
    assert lines[0] == "Ana  (Bo, chronicles)"
    assert "Dexterity    ●●●○○  3" in text
    assert "  Health     [X][X][ ][ ][ ][ ]  2 lethal, 4 unhurt" in lines
    assert "Firearms ●○○○○  1 (Rifles)" in text
    assert "  Willpower  ●● 2/2" in lines
    assert not RAW.search(text), text


def test_a_hubris_sheet_draws_health_willpower_and_morality() -> None:
    state = table("hubris", Ana="Dexterity=3 Stealth=2")
    state = act(state, Kind.DAMAGED, points=1, wound="bashing", resistant=True,
                treatable=False, mitigated=False)  # fmt: skip
    text = drawn(state)
    assert "  Health     [/][ ][ ][ ][ ][ ]  1 bashing, 5 unhurt; 1 resistant; ok" in text
    assert "  Willpower  ◆◆ 2/2" in text and "  Morality   ●●●●● 5" in text
    assert not RAW.search(text), text


@pytest.mark.parametrize(
    ("system", "traits", "shown"),
    [
        ("classic", "Dexterity=3", "Health     [ ][ ][ ][ ][ ][ ][ ]  7 unhurt"),
        ("sundown", "Agility=3 Edge=2", "Edge       ✦✦ 2 of 2 left this chronicle"),
        ("storypath", "Dexterity=3 Legend=2", "Legend     ✦✦ 2/2"),
    ],
)
def test_each_systems_condition_is_drawn(system: str, traits: str, shown: str) -> None:
    text = drawn(table(system, Ana=traits), None)
    assert f"  {shown}" in text.splitlines()
    assert "(the storyteller's," in text.splitlines()[0]
    assert not RAW.search(text), text
    assert len(message(text)["content"]) <= CONTENT


def test_a_sheet_with_no_traits_says_how_to_set_one_on_discord() -> None:
    text = sheet_text({"name": "Bo", "system": "custom", "traits": {}, "state": {}})
    assert "/sheet changes:" in text and "dicepool" not in text
