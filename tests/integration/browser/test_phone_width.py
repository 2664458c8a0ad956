"""Pages that fit a phone: at 390 px, no page of a table scrolls sideways (long seeds, codes
and links wrap), after rolls and a closed seal have filled them (Debian's Chromium)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from ..servers import free_port, post, serving, stop
from .conftest import PHONE, Shoot, new_context

WIDTH = PHONE["viewport"]["width"]


def test_no_page_of_a_table_is_wider_than_a_phone(
    browser: Browser, tmp_path: Path, shoot: Shoot
) -> None:
    port = free_port()
    server = serving(str(tmp_path / "table.sqlite3"), port)
    try:
        table = post(port, "/api/campaigns", {"name": "Night", "system": "chronicles"})
        token, campaign = table["storyteller"]["token"], table["id"]
        for line in ("chronicles 5 # a long comment " + "x" * 60, "chronicles 9 9again rote"):
            post(port, f"/api/campaigns/{campaign}/rolls", {"line": line}, token)
        post(port, f"/api/campaigns/{campaign}/actions/seal-close", {}, token)
        context = new_context(browser, PHONE)
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/t/{token}")
        for name, path in (("table", ""), ("verify", "/verify"), ("stats", "/stats")):
            page.goto(f"http://127.0.0.1:{port}/c/{campaign}{path}")
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= WIDTH, (name, wide)
            shoot(page, f"phone-{name}")
        context.close()
    finally:
        stop(server)


def test_an_answer_shows_in_view_where_the_button_was_pressed(
    browser: Browser, tmp_path: Path, shoot: Shoot
) -> None:
    port = free_port()
    server = serving(str(tmp_path / "table.sqlite3"), port)
    try:
        table = post(port, "/api/campaigns", {"name": "Night", "system": "hubris"})
        token, campaign = table["storyteller"]["token"], table["id"]
        traits = {"name": "Ana", "traits": "Stamina=2 Willpower=3 Resolve=2"}
        post(port, f"/api/campaigns/{campaign}/characters", traits, token)
        context = new_context(browser, PHONE)
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/t/{token}")
        button = page.locator("form[data-action=damage] button").first
        button.scroll_into_view_if_needed()  # far below the roll box on a phone
        button.click()
        notice = page.locator("#notice")
        expect(notice).to_contain_text("Ana takes 1 bashing")
        box = notice.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        shoot(page, "answer-in-view-phone")
        notice.click()  # read: put away
        expect(notice).to_be_empty()
        context.close()
    finally:
        stop(server)
