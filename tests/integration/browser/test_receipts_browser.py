"""Players keep receipts, and check them (issue 28), in Debian's Chromium on a phone.

For every roll it sends, the player's page keeps a receipt: the nonce, the seal it named, its
contribution to that seal, and once the table answers, the roll's seq and chain hash. When a
seal closes it checks each receipt: a roll refused, or one that never reached the table, reads
as not rolled (never an alarm); one whose answer was lost is found by its nonce and checked;
a roll the server logged in another seal than the one it named, or one the server said it
logged and did not, is an alarm naming the roll. The receipts download as a file that
`dicepool verify EXPORT --receipts FILE` checks the same way.
"""

from __future__ import annotations

import itertools
import json
import re
import secrets
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from dicepool.campaign.contributions import contribute
from dicepool.campaign.rolls import roll
from dicepool.campaign.seals import open_seal_of
from dicepool.campaign.seats import Seat, find_seat_by_token
from dicepool.core.dice import ForcedDice
from dicepool.sheet.events import Kind, event_of
from dicepool.sheet.payloads import Drawn, Rolled
from dicepool.store.database import Database
from dicepool.store.log import append, find_campaign
from dicepool.web.pages import SEAT_COOKIE

from ..servers import free_port, serving, stop
from .conftest import PHONE, Shoot, new_context
from .driving import api, join_as_player, open_by_api, roll_on, show, token_of


@dataclass(frozen=True)
class Table:
    """A served table with a player's phone at it: its page, name, address, database and ids."""

    page: Page
    name: str
    base: str
    db: str
    campaign: int
    storyteller: str


@dataclass(frozen=True)
class Served:
    """The module's `dicepool serve` process: its address and its SQLite file."""

    base: str
    db: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One server for the module's tables, each test opening a table of its own."""
    db, port = str(tmp_path_factory.mktemp("receipts") / "tables.sqlite3"), free_port()
    server = serving(db, port)
    try:
        yield Served(f"http://127.0.0.1:{port}", db)
    finally:
        stop(server)


NAMES = itertools.count(1)
"""A table's number in the module's database: its name."""


@contextmanager
def player_at_table(browser: Browser, served: Served) -> Iterator[Table]:
    """A table of its own, and a player (Pat, playing Ana) on a phone who has added to the
    open seal."""
    name = f"Night {next(NAMES)}"
    context = new_context(browser, PHONE)
    try:
        made = open_by_api(served.base, name)
        page = context.new_page()
        campaign = join_as_player(page, made["invite"]["url"])
        storyteller = token_of(made["storyteller"]["url"])
        yield Table(page, name, served.base, served.db, campaign, storyteller)
    finally:
        context.close()


def close_seal(table: Table, closes: int) -> None:
    """The storyteller closes the open seal; the player's page shows seal ``closes + 1``."""
    path = f"/api/campaigns/{table.campaign}/actions/seal-close"
    closed = api(table.base, "POST", path, table.storyteller, {})
    assert closed.status == 201, closed.body
    expect(table.page.locator("#seal")).to_contain_text(f"Seal {closes + 1} ")


def refused_roll(page: Page, line: str) -> None:
    """A roll the rules refuse: the table says why, and the line stays to be mended."""
    page.fill("#line", line)
    page.click("#roll-button")
    expect(page.locator("#notice .error")).to_be_visible()
    expect(page.locator("#line")).to_have_value(line)


def lost_on_the_way(page: Page, line: str) -> None:
    """A roll the network drops before it reaches the table; the player then rolls another
    line (a new roll, with a nonce of its own)."""
    _lost(page, line, lambda route: route.abort())


def answer_lost(page: Page, line: str) -> None:
    """A roll that reaches the table, whose answer the network drops: logged, never answered."""

    def reach_then_drop(route: Route) -> None:
        route.fetch()  # the table rolls it
        route.abort()

    _lost(page, line, reach_then_drop)


def _lost(page: Page, line: str, network: Callable[[Route], None]) -> None:
    """A roll of ``line`` sent through ``network``, which fails it: the page says so."""
    page.route("**/roll", network)
    page.fill("#line", line)
    with page.expect_event("requestfailed"):
        page.click("#roll-button")
    expect(page.locator("#roll-problem")).to_contain_text("Not sent")
    page.unroute("**/roll")


def receipts_file(page: Page, folder: Path) -> Path:
    """The player's receipts, downloaded from the page."""
    show(page, "table")  # on a phone, the table's part holds the dice's tools
    with page.expect_download() as download:
        page.click("#my-receipts")
    path = folder / "receipts.json"
    download.value.save_as(path)
    return path


def dicepool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dicepool", *args], capture_output=True, text=True, timeout=60
    )


def checked_by_verify(table: Table, receipts: Path) -> subprocess.CompletedProcess[str]:
    """`dicepool verify` of the table's export with the player's receipts."""
    export = receipts.parent / "export.json"
    url = f"sqlite:///{table.db}"
    made = dicepool("campaign", "export", table.name, "-o", str(export), "--db", url)
    assert made.returncode == 0, made.stderr
    return dicepool("verify", str(export), "--receipts", str(receipts))


def test_a_players_evening_of_rolls_accepted_refused_and_lost_checks_out_with_no_alarm(
    browser: Browser, served: Served, tmp_path: Path, shoot: Shoot
) -> None:
    with player_at_table(browser, served) as table:
        page, fair = table.page, table.page.locator("#fair")
        roll_on(page, "Dexterity + Stealth # the lock")
        refused_roll(page, "Dexterity + Athletics")  # no such trait on Ana's sheet
        lost_on_the_way(page, "Dexterity + Stealth # the window")
        answer_lost(page, "Dexterity + Stealth # the wall")
        roll_on(page, "chronicles 4 # the guard")  # another line: another roll
        close_seal(table, 1)
        expect(fair).to_contain_text("your 3 rolls check out; 2 not rolled (refused, or never")
        expect(fair).to_contain_text("and the log's chain holds")
        expect(fair).to_have_class(re.compile(r"\bok\b"))
        said = fair.inner_text()
        assert "the table refused it" in said and "it never reached the table" in said
        assert "not in the log" not in said and "does not check out" not in said
        page.locator("#fair").scroll_into_view_if_needed()
        shoot(page, "receipts-seal-1-phone")

        roll_on(page, "Dexterity + Stealth # the roof")
        refused_roll(page, "Dexterity + Stealth enh 4")  # the rules refuse it
        roll_on(page, "chronicles 2")
        close_seal(table, 2)
        expect(fair).to_contain_text("your 5 rolls check out; 3 not rolled")
        expect(fair).to_have_class(re.compile(r"\bok\b"))
        page.locator("#fair").scroll_into_view_if_needed()
        shoot(page, "receipts-seal-2-phone")
        page.set_viewport_size({"width": 1366, "height": 900})
        page.locator("#fair").scroll_into_view_if_needed()
        shoot(page, "receipts-seal-2-desktop")

        receipts = receipts_file(page, tmp_path)
        held = json.loads(receipts.read_text())
        assert (held["format"], held["version"], held["campaign"]) == (
            "dicepool-receipts",
            1,
            table.campaign,
        )
        assert len(held["receipts"]) == 8
        assert (
            sum(r["seq"] is None for r in held["receipts"]) == 4
        )  # 3 refused or lost, 1 lost answer
        verified = checked_by_verify(table, receipts)
        assert verified.returncode == 0, verified.stdout + verified.stderr
        assert "5 rolls check out" in verified.stdout, verified.stdout


def test_a_seal_switched_under_a_players_roll_is_an_alarm_in_the_page_and_in_verify(
    browser: Browser, served: Served, tmp_path: Path, shoot: Shoot
) -> None:
    """The host's attack: a player's roll arrives naming seal 1; the host closes seal 1, opens
    seal 2 and logs the roll there (a server that ignores the seal the roll names: played
    here by rewriting the body's commitment to the new seal's on its way)."""
    with player_at_table(browser, served) as table:
        page, fair = table.page, table.page.locator("#fair")
        roll_on(page, "Dexterity + Stealth # honest")

        def switch(route: Route) -> None:
            close = f"/api/campaigns/{table.campaign}/actions/seal-close"
            closed = api(table.base, "POST", close, table.storyteller, {})
            assert closed.status == 201, closed.body
            commitment = closed.body["events"][1]["data"]["commitment"]
            body = re.sub(
                r"commitment=[0-9a-f]{64}",
                f"commitment={commitment}",
                route.request.post_data or "",
            )
            body = re.sub(r"mixed=\d+", "mixed=0", body)  # the new seal's, as if named
            route.continue_(post_data=body)

        # the host's server takes no contribution to the seal it opens (else the page's, racing
        # the roll, would make the count the roll names on its way wrong: refused, sent again)
        page.route("**/contribute", lambda route: route.abort())
        page.route("**/roll", switch, times=1)
        roll_on(page, "Dexterity + Stealth # switched")
        page.unroute("**/roll")
        expect(fair).to_contain_text(
            "was logged in seal 2, not in seal 1 whose commitment it named"
        )
        expect(fair).to_have_class(re.compile(r"\bbad\b"))
        assert "your 1 roll checks out" in fair.inner_text()  # the honest one
        page.locator("#fair").scroll_into_view_if_needed()
        shoot(page, "receipts-seal-switched-phone")
        verified = checked_by_verify(table, receipts_file(page, tmp_path))
        assert verified.returncode == 1, verified.stdout + verified.stderr
        assert "not in seal 1" in verified.stdout, verified.stdout


def test_a_roll_the_table_said_it_logged_and_did_not_is_an_alarm(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    """A server that answers a roll as logged at seq 99 and logs nothing."""
    with player_at_table(browser, served) as table:
        page, fair = table.page, table.page.locator("#fair")

        def pretend(route: Route) -> None:
            route.fulfill(
                status=200,
                body='<p class="ok" role="status">Rolled (event 99).</p>',
                headers={"X-Roll-Seq": "99", "X-Roll-Hash": "ab" * 32},
            )

        page.route("**/roll", pretend)
        roll_on(page, "Dexterity + Stealth # never logged")
        page.unroute("**/roll")
        close_seal(table, 1)
        expect(fair).to_contain_text("is not in the log at seq 99")
        expect(fair).to_have_class(re.compile(r"\bbad\b"))
        verified = checked_by_verify(table, receipts_file(page, tmp_path))
        assert verified.returncode == 1, verified.stdout + verified.stderr


def test_a_page_with_no_roll_of_its_own_says_it_has_nothing_to_check(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    with player_at_table(browser, served) as table:
        told = api(
            table.base,
            "POST",
            f"/api/campaigns/{table.campaign}/rolls",
            table.storyteller,
            {"line": "chronicles 3"},
        )
        assert told.status == 201, told.body
        close_seal(table, 1)
        fair = table.page.locator("#fair")
        expect(fair).to_contain_text("no roll of its own to check")
        assert "0 roll" not in fair.inner_text()


def test_a_contribution_the_host_adds_after_seeing_a_roll_is_an_alarm_in_the_page(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    """The host's grind: once a roll's nonce is in, it logs a contribution of its choosing (in
    the player's name) and draws the roll with it mixed in: played here by the host's hand on
    the database, and the roll's named count raised on its way, as a server ignoring it would."""
    with player_at_table(browser, served) as table:
        page, fair = table.page, table.page.locator("#fair")

        def grind(route: Route) -> None:
            db = Database(f"sqlite:///{table.db}")
            try:
                seat = _players_seat(db, page, table.campaign)
                seal = open_seal_of(db, table.name)
                contribute(db, seat, seal.number, seal.commitment, secrets.token_hex(32))
            finally:
                db.close()
            body = re.sub(
                r"mixed=(\d+)", lambda m: f"mixed={int(m[1]) + 1}", route.request.post_data or ""
            )
            route.continue_(post_data=body)

        page.route("**/roll", grind)
        roll_on(page, "Dexterity + Stealth # ground")
        page.unroute("**/roll")
        close_seal(table, 1)
        expect(fair).to_contain_text("mixes 2 contributions into its dice, not the 1 it named")
        expect(fair).to_have_class(re.compile(r"\bbad\b"))


def test_a_roll_number_the_host_skipped_to_is_an_alarm_in_the_page(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    """The host draws a player's roll at a later number of the seal (one whose faces suit it),
    moving the seal's count on by hand: the seal's numbers no longer run 1..N."""
    with player_at_table(browser, served) as table:
        page, fair = table.page, table.page.locator("#fair")
        roll_on(page, "Dexterity + Stealth # first")
        with sqlite3.connect(table.db) as conn:
            conn.execute(
                "UPDATE seals SET rolls = rolls + 3 WHERE closed = 0 AND campaign_id = ?",
                (table.campaign,),
            )
        conn.close()
        roll_on(page, "Dexterity + Stealth # skipped to")
        close_seal(table, 1)
        expect(fair).to_contain_text("Seal 1's roll numbers are 1, 5, not 1 to 5 each once")
        expect(fair).to_have_class(re.compile(r"\bbad\b"))


def test_a_roll_outside_every_seal_is_an_alarm_though_the_export_leaves_out_its_mark(
    browser: Browser, served: Served, tmp_path: Path
) -> None:
    """The page counts rolls outside every seal from the events themselves: a server that
    leaves the "unsealed" mark out of what it sends changes nothing."""
    with player_at_table(browser, served) as table:
        page, fair = table.page, table.page.locator("#fair")
        roll_on(page, "Dexterity + Stealth")
        db = Database(f"sqlite:///{table.db}")
        try:
            forged = _forged_roll(db, table.name)
        finally:
            db.close()

        def unmarked(route: Route) -> None:
            answer = route.fetch()
            exported = answer.json()
            for event in exported["events"]:
                event.pop("unsealed", None)
            route.fulfill(response=answer, body=json.dumps(exported))

        page.route("**/export", unmarked)
        close_seal(table, 1)
        expect(fair).to_contain_text(
            f"1 roll outside every seal (seq {forged}): the server chose its dice"
        )
        expect(fair).to_have_class(re.compile(r"\bbad\b"))


def _players_seat(db: Database, page: Page, campaign: int) -> Seat:
    """The player's seat, found as the host would by the token in the page's cookie."""
    cookie = next(c for c in page.context.cookies() if c["name"] == SEAT_COOKIE.format(campaign))
    seat = find_seat_by_token(db, cookie["value"])
    assert seat is not None
    return seat


def _forged_roll(db: Database, name: str) -> int:
    """The host's roll outside every seal: a roll's data without its seal, logged by the
    store's own append (the chain holds); its seq."""
    made = roll(db, name, "chronicles 3", ForcedDice([9, 9, 8]), "storyteller").event
    forged = replace(Rolled.of(made.data), drawn=Drawn())
    with db.write() as conn:
        row = find_campaign(conn, name, lock=True)
        assert row is not None
        return append(conn, row.id, event_of(Kind.ROLLED, forged), "storyteller").seq


def test_a_seal_closed_while_a_roll_is_on_its_way_sends_it_again_as_one_new_roll(
    browser: Browser, served: Served, tmp_path: Path, shoot: Shoot
) -> None:
    """An honest table: the storyteller closes the seal while a player's roll is on its way.
    Nothing is rolled in the old seal (409); the page adds to the new one and sends the roll
    again, once, as a new roll; the check reads it as one roll, and the refused one as not
    rolled, with no alarm."""
    with player_at_table(browser, served) as table:
        page, fair = table.page, table.page.locator("#fair")
        sent: list[str] = []

        def close_first(route: Route) -> None:
            sent.append(route.request.post_data or "")
            close = f"/api/campaigns/{table.campaign}/actions/seal-close"
            assert api(table.base, "POST", close, table.storyteller, {}).status == 201
            route.continue_()

        page.route("**/roll", close_first, times=1)
        page.on(
            "request", lambda r: sent.append(r.post_data or "") if r.url.endswith("/roll") else None
        )
        page.fill("#line", "Dexterity + Stealth # in flight")
        page.click("#roll-button")
        expect(page.locator("#notice")).to_contain_text("Rolled (event")
        nonces = {re.search(r"nonce=([0-9a-f]+)", body)[1] for body in sent}  # type: ignore[index]
        assert len(nonces) == 2  # sent again as a new roll: the server knew the first nonce
        with sqlite3.connect(table.db) as conn:
            rolled = conn.execute(
                "SELECT data FROM events WHERE kind = 'rolled' AND campaign_id = ?",
                (table.campaign,),
            ).fetchall()
        conn.close()
        assert [json.loads(d)["seal"]["seal"] for (d,) in rolled] == [2]
        close_seal(table, 2)
        expect(fair).to_contain_text("your 1 roll checks out; 1 not rolled")
        expect(fair).to_contain_text("the seal changed on its way")
        expect(fair).to_have_class(re.compile(r"\bok\b"))
        page.locator("#fair").scroll_into_view_if_needed()
        shoot(page, "receipts-sent-again-phone")
