"""The player's browser checks its own rolls (issue 22), in Debian's Chromium: it adds to the
open seal, and when the seal closes it recomputes its rolls from the published seed with Web
Crypto and says they check out; after the server's owner changes a face, deletes an event or
swaps two in the SQLite file, it names the first bad event."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from ..servers import free_port, serving, stop
from .conftest import PHONE, Shoot, new_context
from .driving import api, join_as_player, open_by_api, roll_on, token_of


@dataclass(frozen=True)
class Closed:
    """A table whose player rolled twice in a seal the storyteller then closed."""

    page: Page
    db: str
    first: int
    second: int
    storytellers: int


@contextmanager
def closed_table(browser: Browser, tmp_path: Path) -> Iterator[Closed]:
    """Open a table, seat a player on a phone (the page adds to the seal), roll twice as the
    player and once as the storyteller, close the seal: the player's page says its rolls check."""
    db, port = str(tmp_path / "table.sqlite3"), free_port()
    base = f"http://127.0.0.1:{port}"
    server = serving(db, port)
    context = new_context(browser, PHONE)
    try:
        made = open_by_api(base)
        told = token_of(made["storyteller"]["url"])
        page = context.new_page()
        where = join_as_player(page, made["invite"]["url"])
        first = roll_on(page, "Dexterity + Stealth")
        theirs = api(base, "POST", f"/api/campaigns/{where}/rolls", told, {"line": "chronicles 3"})
        assert theirs.status in (200, 201), theirs.body
        second = roll_on(page, "chronicles 4")
        closed = api(base, "POST", f"/api/campaigns/{where}/actions/seal-close", told, {})
        assert closed.status in (200, 201), closed.body
        expect(page.locator("#fair")).to_contain_text(
            "your 2 rolls check out, and the log's chain holds"
        )
        yield Closed(page, db, first, second, theirs.body["event"])
    finally:
        context.close()
        stop(server)


def _seq(db: str, event: int) -> int:
    """The seq of event ``event`` in its table's log."""
    with sqlite3.connect(db) as conn:
        (seq,) = conn.execute("SELECT seq FROM events WHERE id = ?", (event,)).fetchone()
    conn.close()
    return int(seq)


def _owner(db: str, *statements: tuple[str, tuple[object, ...]]) -> None:
    """The server's owner writes to the SQLite file, foreign keys off."""
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        for sql, params in statements:
            conn.execute(sql, params)
    conn.close()


def test_a_face_changed_in_the_database_is_named_by_the_players_page(
    browser: Browser, tmp_path: Path, shoot: Shoot
) -> None:
    with closed_table(browser, tmp_path) as table:
        page, fair = table.page, table.page.locator("#fair")
        shoot(page, "fair-checked-phone")
        page.set_viewport_size({"width": 1366, "height": 900})
        shoot(page, "fair-checked-desktop")
        with sqlite3.connect(table.db) as conn:
            (text,) = conn.execute(
                "SELECT data FROM events WHERE id = ?", (table.first,)
            ).fetchone()
        conn.close()
        data = json.loads(text)
        die = data["result"]["dice"][0]
        die["face"] = die["face"] % 10 + 1
        _owner(
            table.db, ("UPDATE events SET data = ? WHERE id = ?", (json.dumps(data), table.first))
        )
        page.reload()
        first = _seq(table.db, table.first)
        expect(fair).to_contain_text("Your roll `Dexterity + Stealth` (nonce ")
        expect(fair).to_contain_text(f", seq {first}) does not check out: die 1 shows")
        expect(fair).to_contain_text(f"seq {first} was changed after it was logged")
        assert f"seq {_seq(table.db, table.second)})" not in fair.inner_text()
        shoot(page, "fair-mismatch-desktop")
        page.set_viewport_size({"width": 390, "height": 844})
        shoot(page, "fair-mismatch-phone")


def test_an_event_deleted_in_the_database_is_named_by_the_players_page(
    browser: Browser, tmp_path: Path
) -> None:
    with closed_table(browser, tmp_path) as table:
        gone = table.storytellers  # the storyteller's roll, between the player's two
        _owner(table.db, ("DELETE FROM events WHERE id = ?", (gone,)))
        table.page.reload()
        expect(table.page.locator("#fair")).to_contain_text(
            f"The log's chain is broken: events are missing before seq {gone + 1}: "
        )


def test_two_events_swapped_in_the_database_are_named_by_the_players_page(
    browser: Browser, tmp_path: Path
) -> None:
    with closed_table(browser, tmp_path) as table:
        one, two = table.storytellers, table.second  # two rolls, one after the other
        _owner(
            table.db,
            ("UPDATE events SET seq = -seq WHERE id = ?", (one,)),
            ("UPDATE events SET seq = ? WHERE id = ?", (one, two)),
            ("UPDATE events SET seq = ? WHERE id = ?", (two, one)),
        )
        table.page.reload()
        expect(table.page.locator("#fair")).to_contain_text(
            f"The log's chain is broken: seq {_seq(table.db, two)} does not follow the event "
            "before it"
        )
