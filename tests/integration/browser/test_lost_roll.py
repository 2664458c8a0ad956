"""No roll lost without a word: a roll pressed while the server is down keeps its line, says so
beside the Roll button, and is sent once the server is back (Debian's Chromium, a phone)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from ..servers import free_port, serving, stop
from .conftest import PHONE, Shoot, new_context
from .driving import open_by_api, roll_on


def test_a_roll_sent_while_the_server_is_down_keeps_its_line_and_says_so(
    browser: Browser, tmp_path: Path, shoot: Shoot
) -> None:
    db, port = str(tmp_path / "table.sqlite3"), free_port()
    base = f"http://127.0.0.1:{port}"
    server = serving(db, port)
    try:
        link = open_by_api(base)["storyteller"]["url"]
        context = new_context(browser, PHONE)
        page = context.new_page()
        page.goto(link)
        expect(page.locator("#roll-button")).to_be_visible()
        page.fill("#line", "chronicles 5 # the lock")
    finally:
        stop(server)  # the table's server goes away: a dropped network, a restart
    nonces: list[str] = []
    page.on(
        "request",
        lambda sent: (
            nonces.extend(re.findall(r"nonce=([0-9a-f]+)", sent.post_data or ""))
            if sent.url.endswith("/roll")
            else None
        ),
    )
    page.click("#roll-button")
    problem = page.locator("#roll-problem")
    expect(problem).to_contain_text("Not sent")
    expect(page.locator("#line")).to_have_value("chronicles 5 # the lock")
    shoot(page, "roll-not-sent-phone")
    box = page.locator("#roll-button").bounding_box()
    said = problem.bounding_box()
    assert box is not None and said is not None
    assert abs(said["y"] - (box["y"] + box["height"])) < 60, (box, said)  # beside the button
    server = serving(db, port)  # back: the same roll is sent again, once
    try:
        event = roll_on(page)
        # sent again with its nonce: had the first reached the table, this gets it, not a second
        assert len(nonces) == 2 and nonces[0] == nonces[1], nonces
        expect(problem).to_be_empty()
        expect(page.locator("#line")).to_have_value("")
        assert event > 1
    finally:
        context.close()
        stop(server)
