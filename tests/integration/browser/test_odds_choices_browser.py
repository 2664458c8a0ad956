"""Odds that follow the roll, in a real browser: the roll box's odds change as a choice is
ticked, and say beside them what each choice changes (issue 29).

The player's Ana rolls Dexterity + Stealth, five hubris dice: she fails with chance 0.7^5
(a die succeeds on 8 or more); a Willpower point adds three dice and the rote property, so
the roll fails with chance 0.7^16 (every failed die of the first roll rolled again).
"""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import Shoot, Table
from .driving import show


def pct(p: float) -> str:
    """A chance as the odds box writes it."""
    return f"{p * 100:.1f}%"


def test_ticking_willpower_changes_the_odds_and_the_box_says_by_how_much(
    table: Table, shoot: Shoot
) -> None:
    player = table.player
    show(player, "roll")
    odds = player.locator("#odds")
    without, with_ = pct(1 - 0.7**5), pct(1 - 0.7**16)
    player.locator("#line").fill("")
    player.locator("#line").press_sequentially("Dexterity + Stealth", delay=30)
    expect(odds.locator(".notation")).to_have_text("hubris 3+2")
    expect(odds.locator(".bar-label", has_text="success").locator("..")).to_contain_text(without)
    change = odds.locator("[data-choice=willpower]")
    expect(change).to_have_text(f"Willpower: {without} → {with_}")

    player.locator("#roll-choices summary").click()
    beside = player.locator("#roll-choices label.field", has=player.locator("[name=willpower]"))
    expect(beside.locator(".choice-change")).to_have_text(
        f"{without} → {with_}"
    )  # where it's ticked
    player.locator("#roll-choices input[name=willpower]").check()

    expect(odds.locator(".notation")).to_have_text("hubris 3+2 wp")
    expect(odds.locator(".bar-label", has_text="success").locator("..")).to_contain_text(with_)
    expect(change).to_have_text(f"Willpower: {without} → {with_}")
    expect(change).to_have_class("chip chosen")
    shoot(player, "odds-willpower-phone")

    player.locator("#roll-choices input[name=willpower]").uncheck()
    expect(odds.locator(".notation")).to_have_text("hubris 3+2")
    player.locator("#line").fill("")


def test_the_storytellers_odds_follow_the_character_picked_for_the_roll(
    table: Table, shoot: Shoot
) -> None:
    told = table.storyteller
    odds = told.locator("#odds")
    told.locator("#line").fill("")
    told.locator("#line").press_sequentially("Strength + Brawl", delay=30)
    expect(odds.locator(".error")).to_be_visible()  # nobody's Strength: plain dice name none
    told.select_option("#roll-for", table.npc)  # the Warden: Strength 4 + Brawl 3
    expect(odds.locator(".notation")).to_have_text("hubris 4+3")
    expect(odds.locator("[data-choice=willpower]")).to_have_text(
        f"Willpower: {pct(1 - 0.7**7)} → {pct(1 - 0.7**20)}"
    )
    shoot(told, "odds-for-desktop")
    told.select_option("#roll-for", "")
    told.locator("#line").fill("")
