"""hubris's Willpower and conscience as transitions of a campaign (ruling 14).

Each function takes an event's data and returns the campaign after it, asking the pure rules of
:mod:`~dicepool.sheet.willpower` and :mod:`~dicepool.sheet.conscience`; the limits per turn,
scene and session read the campaign's clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import willpower_of, with_willpower
from dicepool.sheet.traits import name_key
from dicepool.sheet.willpower import Willpower, spend

Data = Mapping[str, Any]


def hubris_character(state: CampaignState, name: str, rule: str) -> Character:
    """A hubris character, or a SheetError naming the rule that is hubris's."""
    sheet = state.character(name)
    if sheet.system != "hubris":
        raise SheetError(f"{rule} is hubris's rule (ruling 14); {sheet.system} has none")
    return sheet


def willpower_rating(sheet: Character) -> int:
    """The sheet's permanent Willpower dots."""
    return sheet.traits.get("Willpower", 0)


def _put(state: CampaignState, sheet: Character, willpower: Willpower) -> CampaignState:
    status = with_willpower(sheet.status, willpower, willpower_rating(sheet))
    sheets = {**state.characters, name_key(sheet.name): replace(sheet, status=status)}
    return replace(state, characters=sheets)


def spend_on_roll(state: CampaignState, data: Data) -> CampaignState:
    """A roll's Willpower point: one a turn, none when none is left."""
    sheet = hubris_character(state, data["character"], "Willpower")
    before = willpower_of(sheet.status, willpower_rating(sheet))
    try:
        after = spend(before, state.now.clock.mark("turn"))
    except SheetError as exc:
        raise SheetError(f"{sheet.name}: {exc}") from exc
    return _put(state, sheet, after)
