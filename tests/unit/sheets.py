"""Sheets and campaign states for the sheet tests, built through the sheet's own changes."""

from __future__ import annotations

from dicepool.sheet.character import Character, change, new_character, parse_changes
from dicepool.sheet.events import CampaignState


def sheet(system: str, name: str = "Ana", changes: str = "") -> Character:
    """A new character of ``system`` with ``changes`` made (none when empty)."""
    made = new_character(name, system)
    return change(made, parse_changes(changes)) if changes else made


def table(system: str, house_rules: str = "", **characters: str) -> CampaignState:
    """A campaign of ``system`` holding each character with its changes made."""
    held = {name.casefold(): sheet(system, name, text) for name, text in characters.items()}
    return CampaignState("Table", system, None, house_rules, held)
