"""Sheets and campaign states for the sheet tests, built through the sheet's own changes."""

from __future__ import annotations

from typing import Any

from dicepool.core.dice import ForcedDice
from dicepool.sheet.character import Character, change, new_character, parse_changes
from dicepool.sheet.events import ROLLING, CampaignState, Event, Kind, apply
from dicepool.sheet.rule_dice import RuleDice


def sheet(system: str, name: str = "Ana", changes: str = "") -> Character:
    """A new character of ``system`` with ``changes`` made (none when empty)."""
    made = new_character(name, system)
    return change(made, parse_changes(changes)) if changes else made


def table(system: str, house_rules: str = "", **characters: str) -> CampaignState:
    """A campaign of ``system`` holding each character with its changes made."""
    held = {name.casefold(): sheet(system, name, text) for name, text in characters.items()}
    return CampaignState("Table", system, None, house_rules, held)


def decided(
    state: CampaignState, kind: Kind, faces: tuple[int, ...], data: dict[str, Any]
) -> Event:
    """An event of ``kind`` as the use case decides it: its rules' rolls made from ``faces``."""
    if kind in ROLLING:
        dice = RuleDice(ForcedDice(faces))
        ROLLING[kind](state, data, dice)
        data = {**data, "rolls": dice.recorded}
    return Event(kind, data)


def act(
    state: CampaignState, kind: Kind, faces: tuple[int, ...] = (), **data: Any
) -> CampaignState:
    """Decide an event of Ana's (unless ``character`` says whose) as the use case does, its
    rolls from ``faces``, then apply it."""
    return apply(state, decided(state, kind, faces, {"character": "Ana", **data}))
