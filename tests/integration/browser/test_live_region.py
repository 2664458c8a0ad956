"""What a screen reader hears at the table, read from the page's live region (#announce) as a
player's phone has it through an evening: nothing of the log the page opened with, then one
sentence for each kind of news (another seat's roll, a wound, a Willpower point, an extended
action's progress, a contest with its winner, a hidden roll with nothing of its dice, its
reveal, an undo), and nothing old again after the live feed reconnects. The health track is
read as words and the log's entries are headings a reader jumps through, walked with the
arrows. Screenshots: live-region-log-phone, live-region-sheet-phone, live-region-desktop."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ..servers import free_port, serving, stop
from .conftest import DESKTOP, PHONE, Shoot, new_context
from .driving import api, join_as_player, open_by_api, show, token_of

LISTEN = """
window.heard = [];  // every sentence the live region was given, in order
new MutationObserver(function (changes) {
  changes.forEach(function (change) {
    var region = change.target.id === "announce" ? change.target : null;
    if (region) { window.heard.push(region.textContent); }
  });
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
"""What a screen reader is given: each text the live region is set to, kept in ``heard``."""

ANA = "Dexterity=3 Stealth=2 Intelligence=3 Academics=2 Stamina=2 Resolve=2 Composure=2"


@dataclass
class Served:
    """A `dicepool serve` process that can be restarted on its database and port (its pages'
    live feeds drop, and reconnect by themselves)."""

    db: str
    port: int
    process: subprocess.Popen[str]

    @property
    def base(self) -> str:
        """The server's address."""
        return f"http://127.0.0.1:{self.port}"

    def restart(self) -> None:
        """Stop the server and start it again."""
        stop(self.process)
        self.process = serving(self.db, self.port)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server of this module's own, which its test restarts."""
    db = str(tmp_path_factory.mktemp("heard") / "table.sqlite3")
    port = free_port()
    running = Served(db, port, serving(db, port))
    yield running
    stop(running.process)


@dataclass
class Evening:
    """A chronicles table heard from a player's phone.

    Attributes:
        base, campaign, token: the server, the table, the storyteller's token (who acts by
            the API, another seat than the phone's).
        phone: the player's page (Pat, who plays Ana).
        told: the storyteller's page, on a desktop.
    """

    base: str
    campaign: int
    token: str
    phone: Page
    told: Page

    def act(self, action: str, /, **params: Any) -> int:
        """The storyteller performs ``action``: the number of the event it logged."""
        path = f"/api/campaigns/{self.campaign}/actions/{action}"
        done = api(self.base, "POST", path, self.token, params)
        assert done.status == 201, done.body
        return int(done.body["events"][-1]["seq"])

    def roll(self, line: str, **more: Any) -> dict[str, Any]:
        """The storyteller rolls ``line``: the API's answer."""
        path = f"/api/campaigns/{self.campaign}/rolls"
        rolled = api(self.base, "POST", path, self.token, {"line": line, **more})
        assert rolled.status == 201, rolled.body
        answer: dict[str, Any] = rolled.body
        return answer

    def on_event(self, path: str) -> int:
        """The storyteller undoes or reveals (``events/N/undo``...): the event it logged."""
        done = api(self.base, "POST", f"/api/campaigns/{self.campaign}/{path}", self.token, {})
        assert done.status == 201, done.body
        return int(done.body["event"]["seq"])


def heard(page: Page) -> list[str]:
    """Every sentence ``page``'s live region was given since it loaded."""
    said: list[str] = page.evaluate("window.heard")
    return said


def hears(page: Page, before: int) -> str:
    """The one sentence ``page`` hears next, after the ``before`` it had heard (and no other)."""
    page.wait_for_function("n => window.heard.length > n", arg=before)
    said = heard(page)
    assert len(said) == before + 1, said[before:]
    return said[-1]


@pytest.fixture(scope="module")
def contexts(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """The player's phone, listening to its live region, and the storyteller's desktop."""
    phone, desk = new_context(browser, PHONE), new_context(browser, DESKTOP)
    for context in (phone, desk):
        context.add_init_script(LISTEN)
    yield phone, desk
    phone.close()
    desk.close()


@pytest.fixture(scope="module")
def evening(served: Served, contexts: tuple[BrowserContext, BrowserContext]) -> Evening:
    """A chronicles table with rolls in its log before the player's phone opens it."""
    server = served.base
    opened = open_by_api(server, "Heard Night", "chronicles")
    token = token_of(opened["storyteller"]["url"])
    campaign = int(opened["id"])
    guard = {"name": "Guard", "traits": "Strength=3 Brawl=2 Wits=2 Composure=3"}
    made = api(server, "POST", f"/api/campaigns/{campaign}/characters", token, guard)
    assert made.status == 201, made.body
    phone = contexts[0].new_page()
    join_as_player(phone, opened["invite"]["url"], "Pat", "Ana", ANA)
    told = contexts[1].new_page()
    night = Evening(server, campaign, token, phone, told)
    for line in ("chronicles 3 # before Pat", "Strength + Brawl # before Pat too"):
        night.roll(line, character="Guard" if "+" in line else None)
    phone.reload()  # the page opens on a log with rolls in it
    expect(phone.locator("#live-state")).to_have_text("live")
    told.goto(f"{server}/t/{token}")
    expect(told.locator("#live-state")).to_have_text("live")
    return night


def test_the_live_region_says_each_new_event_once_and_nothing_old(
    evening: Evening, served: Served
) -> None:
    phone, told = evening.phone, evening.told
    expect(phone.locator("#log > li.kind-rolled")).to_have_count(2)
    assert heard(phone) == []  # the log the page opened with is not news

    n = len(heard(phone))
    evening.roll("Strength + Brawl", character="Guard", dice=[8, 9, 2, 3, 4])
    assert hears(phone, n) == "Guard rolled Strength + Brawl: 2 successes (Success)"

    wound = evening.act("damage", character="Ana", points=2, kind="lethal")
    assert hears(phone, n + 1) == "Ana took 2 lethal damage"

    evening.act("spend", character="Ana")
    assert hears(phone, n + 2) == "Ana spent a Willpower point"

    evening.act("extended-start", name="Research", side="Ana", goal=10)
    assert hears(phone, n + 3) == "extended action Research begins: Ana, 10 to reach"
    faces = [8, 9, 10, 2, 3, 4]  # five dice, and the 10's again
    evening.roll("Intelligence + Academics", character="Ana", extended="Research", dice=faces)
    assert hears(phone, n + 4) == (
        "Ana rolled Intelligence + Academics: 3 successes (Success); "
        "Ana's extended action Research: 3 of 10 successes"
    )

    contest = "Ana: Dexterity + Stealth vs Guard: Wits + Composure"
    evening.roll(contest, dice=[8, 9, 8, 2, 3, 8, 2, 2, 2, 2])
    assert hears(phone, n + 5) == "Ana vs Guard: Ana wins by 2"

    secret = evening.roll("Wits + Composure", character="Guard", hidden=True)["event"]
    assert hears(phone, n + 6) == "the storyteller rolled in secret"  # nothing of its dice
    expect(told.locator("#announce")).to_contain_text("Guard rolled Wits + Composure in secret: ")

    evening.on_event(f"events/{secret}/reveal")
    assert re.fullmatch(
        rf"the storyteller revealed roll #{secret}: Guard rolled Wits \+ Composure: "
        r"\d+ success(es)? \(.+\)",
        hears(phone, n + 7),
    )

    evening.on_event(f"events/{wound}/undo")
    assert hears(phone, n + 8) == f"the storyteller undid #{wound} (Ana took 2 lethal damage)"

    # the feed drops (the server restarts) and comes back by itself: the log it sends again
    # is not news; what was logged before the page was back is
    served.restart()
    evening.act("regain", character="Ana")
    expect(phone.locator("#live-state")).to_have_text("live")
    assert hears(phone, n + 9) == "Ana regained a Willpower point"
    expect(told.locator("#live-state")).to_have_text("live")
    evening.roll("chronicles 1 # after the reconnect", dice=[3])
    assert hears(phone, n + 10) == "storyteller rolled chronicles 1: 0 successes (Failure)"


def test_a_wounded_track_reads_as_words_and_the_log_as_headings(
    evening: Evening, shoot: Shoot
) -> None:
    phone, told = evening.phone, evening.told
    for kind, points in (("aggravated", 1), ("lethal", 2)):
        evening.act("damage", character="Ana", points=points, kind=kind)
    show(phone, "sheet")
    health = phone.locator(".sheet.own p[data-track=Health]")
    expect(health).to_contain_text("Health 7: 1 aggravated, 2 lethal, 4 unhurt")
    read = health.aria_snapshot()
    assert "Health 7: 1 aggravated, 2 lethal, 4 unhurt" in read, read
    assert "X" not in read and "✱" not in read, read  # the glyphs are not read out
    unhurt = told.locator(".sheet[data-character=Guard] p[data-track=Health]").aria_snapshot()
    assert "Health 6: all unhurt" in unhurt, unhurt

    shoot(phone, "live-region-sheet-phone")
    show(phone, "log")
    entries = phone.locator("#log > li.entry")
    log = phone.locator("#log").aria_snapshot()
    headings = re.findall(r'heading "[^"]*#\d+[^"]*" \[level=3\]', log)
    quiet = phone.locator("#log > li.kind-seal-open, #log > li.kind-seal-close").count()
    shown = phone.locator("#log > li.entry:visible").count()
    assert len(headings) == shown - quiet, log  # a seal's entry has no head at all
    assert re.search(r'heading "storyteller · Ana #\d+', log), log  # the contest's, by name

    # Tab reaches the newest entry; the arrows walk the rest
    phone.focus("#log-filter")
    phone.keyboard.press("Tab")
    newest = entries.first
    expect(newest).to_be_focused()
    phone.keyboard.press("ArrowDown")
    expect(entries.nth(1)).to_be_focused()
    expect(entries.nth(1)).to_have_attribute("tabindex", "0")  # Tab comes back here
    expect(newest).to_have_attribute("tabindex", "-1")
    phone.keyboard.press("End")
    expect(entries.last).to_be_focused()
    phone.keyboard.press("Home")
    expect(newest).to_be_focused()

    contest = phone.locator("#log > li.entry", has=phone.locator(".side-name"))
    expect(contest.locator(".side-name")).to_have_text(["Ana", "Guard"])
    expect(contest.locator(":scope > p.verdict")).to_have_text("Ana wins by 2")
    contest.scroll_into_view_if_needed()
    shoot(phone, "live-region-log-phone")
    expect(told.locator(".sheet[data-character=Ana] .box.wound-lethal")).to_have_count(2)
    shoot(told, "live-region-desktop")
