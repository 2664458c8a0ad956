"""Every page of a table passes axe-core (the `axe-playwright-python` package ships it: nothing
is fetched) with no serious or critical violation, on a phone and on a desktop: the front page,
the links page, the invitation, the player's welcome, the table as the storyteller and as a
player, the dice statistics and the check of the dice."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from ..servers import post
from .conftest import DESKTOP, PHONE, new_context

GRAVE = ("serious", "critical")
"""The impacts a page may not have."""


def violations(axe: Axe, page: Page) -> list[str]:
    """axe-core's serious and critical findings on ``page``, a line each."""
    found: dict[str, Any] = axe.run(page).response
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in found["violations"]
        if v["impact"] in GRAVE
    ]


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_has_no_serious_accessibility_violation(
    browser: Browser, server: str, device: dict[str, Any]
) -> None:
    port = int(server.rsplit(":", 1)[1])
    axe = Axe()
    context = new_context(browser, device)
    page = context.new_page()
    found: dict[str, list[str]] = {}

    def check(name: str) -> None:
        page.wait_for_load_state()
        found[name] = violations(axe, page)

    page.goto(f"{server}/")
    check("home")
    page.fill("input[name=name]", f"Axe {device['viewport']['width']}")
    page.click("button[type=submit]")
    check("links")
    invite = page.input_value("#invite-link")
    told = page.input_value("#storyteller-link").rsplit("/", 1)[1]
    page.click("text=Go to the table")
    check("table (storyteller)")
    campaign = int(page.url.rstrip("/").rsplit("/", 1)[1])
    traits = {"name": "Ana", "traits": "Stamina=2 Willpower=3 Resolve=2 Dexterity=2"}
    post(port, f"/api/campaigns/{campaign}/characters", traits, told)
    post(
        port,
        f"/api/campaigns/{campaign}/rolls",
        {"line": "Dexterity + 2", "character": "Ana"},
        told,
    )
    page.goto(f"{server}/c/{campaign}")
    check("table with a sheet and a roll")
    page.goto(f"{server}/c/{campaign}/stats")
    check("dice statistics")
    page.goto(f"{server}/c/{campaign}/verify")
    check("check the dice")
    context.close()
    context = new_context(browser, device)  # the player's browser
    page = context.new_page()
    page.goto(invite)
    check("invitation")
    page.fill("input[name=name]", "Bo")
    page.click("button[type=submit]")
    check("welcome")
    page.click("text=Go to the table")
    check("table (player)")
    context.close()
    assert {name: seen for name, seen in found.items() if seen} == {}


def test_a_success_and_a_one_are_told_by_more_than_their_colour(
    browser: Browser, server: str
) -> None:
    """A die's look has a mark beside its face and words for a screen reader: the faces of a
    classic roll (ones cancel) show which die succeeded and which is a one without colour."""
    port = int(server.rsplit(":", 1)[1])
    opened = post(port, "/api/campaigns", {"name": "Colourless", "system": "classic"})
    told = opened["storyteller"]["token"]
    line = {"line": "classic 4 diff 6", "dice": [8, 1, 3, 9]}
    post(port, f"/api/campaigns/{opened['id']}/rolls", line, told)
    context = new_context(browser, DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/t/{told}")
    dice = page.locator("#log span.die")
    expect(dice).to_have_count(4)
    signs = dice.evaluate_all(
        "ds => ds.map(d => [d.className, getComputedStyle(d, '::after').content])"
    )
    context.close()
    marks = {look.split("die-")[-1]: content for look, content in signs}
    assert marks["success"] == '"✓" / "success"'
    assert marks["one"] == '"✗" / "a one"'
    assert marks["cancelled"] == '"" / "cancelled"'  # the 9, cancelled by the one
    assert marks["plain"] == "none"
