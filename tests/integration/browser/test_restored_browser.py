"""A restore the page notices (issue 32, item 5): a table's server restarted on an older copy
of its database, the open page reconnects, shows the log as it now stands and says why
entries went (Debian's Chromium, a phone, then a desktop's width)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from playwright.sync_api import Browser, expect

from ..servers import free_port, serving, stop
from .conftest import DESKTOP, PHONE, Shoot, new_context
from .driving import api, open_by_api, token_of


def test_a_page_open_across_a_restore_says_the_log_now_ends_sooner(
    browser: Browser, tmp_path: Path, shoot: Shoot
) -> None:
    db, copy, port = tmp_path / "table.sqlite3", tmp_path / "copy.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    server = serving(str(db), port)
    context = new_context(browser, PHONE)
    try:
        opened = open_by_api(base)
        where, token = opened["id"], token_of(opened["storyteller"]["url"])
        rolls = f"/api/campaigns/{where}/rolls"
        ends = api(base, "POST", rolls, token, {"line": "chronicles 2"}).body["event"]
        with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
            source.backup(target)  # the older copy
        for _ in range(2):
            newest = api(base, "POST", rolls, token, {"line": "chronicles 3"}).body["event"]
        page = context.new_page()
        page.goto(opened["storyteller"]["url"])
        expect(page.locator("#log > li.entry").first).to_have_attribute("data-seq", str(newest))
    finally:
        stop(server)
    for part in ("", "-wal", "-shm"):  # the restore: the copy in the database's place
        Path(f"{db}{part}").unlink(missing_ok=True)
    copy.rename(db)
    server = serving(str(db), port)
    try:
        banner = page.locator("#restored-banner")
        expect(banner).to_contain_text(f"now ends at event {ends}, before the {newest}")
        expect(page.locator("#log > li.entry").first).to_have_attribute("data-seq", str(ends))
        shoot(page, "restored-phone")
        page.set_viewport_size(DESKTOP["viewport"])
        shoot(page, "restored-desktop")
        banner.get_by_role("button", name="OK").click()
        expect(banner).to_have_count(0)
    finally:
        context.close()
        stop(server)
