"""Times in the reader's own zone: the server logs UTC, and the page shows each event's time as
the browser's local time (a browser in Tokyo, UTC+9, all year)."""

from __future__ import annotations

from datetime import datetime, timedelta

from playwright.sync_api import Browser, expect

from ..servers import post
from .conftest import PHONE, new_context


def test_the_log_shows_local_times(browser: Browser, server: str) -> None:
    port = int(server.rsplit(":", 1)[1])
    table = post(port, "/api/campaigns", {"name": "Tokyo Nights", "system": "chronicles"})
    token, campaign = table["storyteller"]["token"], table["id"]
    rolled = post(port, f"/api/campaigns/{campaign}/rolls", {"line": "chronicles 3"}, token)
    context = new_context(browser, {**PHONE, "timezone_id": "Asia/Tokyo", "locale": "en-GB"})
    page = context.new_page()
    page.goto(f"{server}/t/{token}")
    shown = page.locator(f"#ev-{rolled['event']} time")
    expect(shown).to_have_attribute("data-local", "1")
    at = datetime.fromisoformat(shown.get_attribute("datetime") or "")
    assert shown.inner_text() == (at + timedelta(hours=9)).strftime("%H:%M")
    context.close()
