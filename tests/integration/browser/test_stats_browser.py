"""The table's dice statistics in a real browser: the storyteller's on a desktop, the player's
on a phone, charts that fit the screen, and a hidden roll kept out of the player's counts."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import Shoot, Table
from .driving import api


def _no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert wide[0] <= wide[1], f"{page.url} scrolls sideways: {wide[0]} px in {wide[1]}"


def _faces(page: Page) -> int:
    """The faces the page's whole-table chart counts (its caption says ``N faces``)."""
    caption = page.locator("#table-dice .die-chart figcaption").inner_text()
    found = re.search(r"(\d+) faces", caption)
    assert found is not None, caption
    return int(found[1])


def test_the_dice_page_on_a_phone_and_a_desktop(table: Table, shoot: Shoot) -> None:
    rolls = f"/api/campaigns/{table.campaign}/rolls"
    rolled = [
        api(table.base, "POST", rolls, token, {"line": line}).body
        for token, line in [
            (table.storyteller_token, "hubris 9 # the storm"),
            (table.storyteller_token, "hubris 7 9again"),
            (table.player_token, "Dexterity + Stealth # sneaking past"),
        ]
    ]
    hidden = api(
        table.base, "POST", rolls, table.storyteller_token, {"line": "hubris 6", "hidden": True}
    ).body
    shown = sum(len(r["roll"]["dice"]) for r in rolled)

    told, player = table.storyteller, table.player
    told.click("text=dice stats")
    expect(told.locator("#table-dice .die-chart svg")).to_have_count(1)
    assert _faces(told) == shown + len(hidden["roll"]["dice"])
    expect(told.locator(".sentence").first).to_contain_text("The table rolled 4 lines")
    shoot(told, "stats-storyteller-desktop")
    _no_sideways_scroll(told)

    player.goto(f"{table.base}/c/{table.campaign}/stats")
    expect(player.locator("#table-dice .die-chart svg")).to_have_count(1)
    assert _faces(player) == shown  # the hidden roll is not the player's to count
    box = player.locator("#table-dice .die-chart svg").bounding_box()
    assert box is not None and box["width"] <= 390 and box["height"] > 100
    shoot(player, "stats-player-phone")
    _no_sideways_scroll(player)
    player.locator(".seat-stats summary").first.click()
    shoot(player, "stats-player-phone-seat")
    player.click("text=Back to the table")
    expect(player.locator("#live-state")).to_have_text("live")
