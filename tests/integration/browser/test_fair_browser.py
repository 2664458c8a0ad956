"""The player's browser checks its own rolls (issue 22), in Debian's Chromium: it adds to the
open seal, and when the seal closes it recomputes its rolls from the published seed with Web
Crypto and says they check out; after one face is changed in the database, it names the roll
that does not."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from playwright.sync_api import Browser, expect

from ..servers import free_port, serving, stop
from .conftest import PHONE, Shoot, new_context
from .driving import api, open_by_api, roll_on, token_of


def _change_a_face(db: str, event: int) -> None:
    """The server's owner changes one face of a logged roll, straight in the SQLite file."""
    with sqlite3.connect(db) as conn:
        (text,) = conn.execute("SELECT data FROM events WHERE id = ?", (event,)).fetchone()
        data = json.loads(text)
        die = data["result"]["dice"][0]
        die["face"] = die["face"] % 10 + 1
        conn.execute("UPDATE events SET data = ? WHERE id = ?", (json.dumps(data), event))
    conn.close()


def test_the_players_page_checks_its_own_rolls_when_the_seal_closes(
    browser: Browser, tmp_path: Path, shoot: Shoot
) -> None:
    db, port = str(tmp_path / "table.sqlite3"), free_port()
    base = f"http://127.0.0.1:{port}"
    server = serving(db, port)
    try:
        made = open_by_api(base)
        told, invite = made["storyteller"]["url"], made["invite"]["url"]
        context = new_context(browser, PHONE)
        page = context.new_page()
        page.goto(invite)
        page.fill("input[name=name]", "Pat")
        page.click("button[type=submit]")
        page.click("text=Go to the table")
        page.fill("input[name=name]", "Ana")
        page.fill("input[name=traits]", "Dexterity=3 Stealth=2")
        page.click("text=Create my character")
        expect(page.locator("#live-state")).to_have_text("live")
        seal = page.locator("#seal")
        expect(seal).to_contain_text("1 player added to it")  # the browser's contribution
        first = roll_on(page, "Dexterity + Stealth")
        second = roll_on(page, "chronicles 4")
        where = int(page.url.rstrip("/").rsplit("/", 1)[1])
        closed = api(base, "POST", f"/api/campaigns/{where}/actions/seal-close", token_of(told), {})
        assert closed.status in (200, 201), closed.body
        fair = page.locator("#fair")
        expect(fair).to_contain_text("your 2 rolls check out, and the log's chain holds")
        shoot(page, "fair-checked-phone")
        page.set_viewport_size({"width": 1366, "height": 900})
        shoot(page, "fair-checked-desktop")
        _change_a_face(db, first)
        page.reload()
        expect(fair).to_contain_text(f"Your roll event {first} (seq")
        expect(fair).to_contain_text("does not check out: die 1 shows")
        expect(fair).to_contain_text("was changed after it was logged")
        assert f"event {second}" not in fair.inner_text()
        shoot(page, "fair-mismatch-desktop")
        page.set_viewport_size({"width": 390, "height": 844})
        shoot(page, "fair-mismatch-phone")
        context.close()
    finally:
        stop(server)
