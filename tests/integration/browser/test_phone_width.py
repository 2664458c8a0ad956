"""Pages that fit a phone: at 390 px, no page of a table scrolls sideways (long seeds, codes
and links wrap), after rolls and a closed seal have filled them; and the answer to a button
pressed far down a phone's page shows in view (Debian's Chromium)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from ..servers import post
from .conftest import PHONE, Shoot, new_context

WIDTH = PHONE["viewport"]["width"]
HEIGHT = PHONE["viewport"]["height"]


def opened(server: str, system: str, name: str) -> tuple[int, str, int]:
    """A table opened through the API of ``server``: its port, storyteller's token and id."""
    port = int(server.rsplit(":", 1)[1])
    table: dict[str, Any] = post(port, "/api/campaigns", {"name": name, "system": system})
    return port, table["storyteller"]["token"], table["id"]


def test_no_page_of_a_table_is_wider_than_a_phone(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    port, token, campaign = opened(server, "chronicles", "Wide Night")
    for line in ("chronicles 5 # a long comment " + "x" * 60, "chronicles 9 9again rote"):
        post(port, f"/api/campaigns/{campaign}/rolls", {"line": line}, token)
    post(port, f"/api/campaigns/{campaign}/actions/seal-close", {}, token)
    context = new_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{server}/t/{token}")
    for name, path in (("table", ""), ("verify", "/verify"), ("stats", "/stats")):
        page.goto(f"{server}/c/{campaign}{path}")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= WIDTH, (name, wide)
        shoot(page, f"phone-{name}")
    context.close()


def test_an_answer_shows_in_view_where_the_button_was_pressed(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    port, token, campaign = opened(server, "hubris", "Deep Night")
    traits = {"name": "Ana", "traits": "Stamina=2 Willpower=3 Resolve=2"}
    post(port, f"/api/campaigns/{campaign}/characters", traits, token)
    context = new_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{server}/t/{token}")
    expect(page.locator("#live-state")).to_have_text("live")  # (its first frame redraws sheets)
    # far below the roll box on a phone: the click scrolls to it (and finds it again if the
    # live feed has drawn the sheets anew meanwhile)
    page.locator("form[data-action=damage] button").first.click()
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Ana takes 1 bashing")
    box = notice.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, box
    shoot(page, "answer-in-view-phone")
    notice.click()  # read: put away
    expect(notice).to_be_empty()
    context.close()
