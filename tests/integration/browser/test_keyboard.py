"""The table played with the keyboard alone (Tab, Shift+Tab, Enter, Space and the arrow keys;
no click, no field filled by script), on a phone and on a desktop (Debian's Chromium).

A player reaches the tabs and switches parts, reaches the roll box, types a line and rolls it
with Enter, hears the result (the page's live region says it), opens *Spend and choose* and
ticks Willpower, takes an action of their sheet, and puts a refused roll's answer away; the
storyteller rolls in secret for a character chosen with the arrow keys, reveals the roll, and
undoes the player's roll, confirming with the browser's own dialog. Every control the focus
lands on shows it has it (an outline or a ring), the focus survives a part sent again live
(it stays on the button pressed), and it moves through each page in the order the page is
seen: down a column, the left before the right on a desktop.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from ..servers import post
from .conftest import DESKTOP, PHONE, Shoot, new_context
from .driving import token_of

PARTS = ("roll", "sheet", "log", "table")
"""The table's parts, each a tab on a phone."""

PRESSES = 400
"""The most presses of Tab that may reach a control (a bound on a hang: a page has fewer)."""

SLACK = 4
"""Pixels by which two controls' middles may differ and still be on one line, beyond half the
smaller's height (controls of one line differ in height), or by which a control may start left
of the one before it on its line."""

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) { return null; }
  const box = e.getBoundingClientRect(), look = getComputedStyle(e);
  return {
    what: (e.tagName + " " + (e.id || e.getAttribute("name") || "") + " "
      + (e.textContent || e.value || "").trim().replace(/\\s+/g, " ").slice(0, 40)),
    x: box.left + scrollX, y: box.top + scrollY, width: box.width, height: box.height,
    outline: look.outlineStyle !== "none" && parseFloat(look.outlineWidth) > 0,
    ring: look.boxShadow !== "none",
    column: e.closest("header") ? -1
      : Math.round((e.closest(".panel") || document.body).getBoundingClientRect().left),
  };
}"""
"""The focused control, where it is drawn (in the page, not the window) and how it shows it has
the focus; null when the focus is on the page itself (past its last control)."""


@dataclass(frozen=True)
class Stop:
    """A control the focus landed on."""

    what: str
    x: float
    y: float
    width: float
    height: float
    outline: bool
    ring: bool
    column: int  # -1 the header, else the left edge of the part of the table it is in

    @property
    def shown(self) -> bool:
        """Whether it shows it has the focus: drawn, with an outline or a ring."""
        return self.width > 0 and self.height > 0 and (self.outline or self.ring)


def focused(page: Page) -> Stop | None:
    """Where the focus is, or None when it is on the page itself."""
    found: dict[str, Any] | None = page.evaluate(FOCUSED)
    return Stop(**found) if found else None


def tab_to(page: Page, selector: str, *, back: bool = False) -> list[Stop]:
    """Press Tab (Shift+Tab when ``back``) until the focus is on ``selector``; each control
    passed on the way shows it has the focus. The stops, the last on ``selector``."""
    key = "Shift+Tab" if back else "Tab"
    stops: list[Stop] = []
    for _ in range(PRESSES):
        page.keyboard.press(key)
        stop = focused(page)
        if stop is not None:
            assert stop.shown, f"the focus on {stop.what} does not show: {stop}"
            stops.append(stop)
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return stops
    raise AssertionError(f"{key} never reached {selector} in {PRESSES} presses")


def has_focus(page: Page, selector: str) -> None:
    """The focus is (or comes, once the page settles) on ``selector``."""
    page.wait_for_function("s => document.activeElement.matches(s)", arg=selector)


def walk(page: Page) -> list[Stop]:
    """Every control of the page in the order Tab reaches them, from the top: Tab past the
    last one (the focus goes to the page itself), then once round."""
    tab_to_the_end(page)
    stops: list[Stop] = []
    for _ in range(PRESSES):
        page.keyboard.press("Tab")
        stop = focused(page)
        if stop is None:
            return stops
        stops.append(stop)
    raise AssertionError(f"Tab went round no end of the page in {PRESSES} presses")


def tab_to_the_end(page: Page) -> None:
    """Press Tab until the focus leaves the page's last control."""
    for _ in range(PRESSES):
        page.keyboard.press("Tab")
        if focused(page) is None:
            return
    raise AssertionError(f"Tab reached no end of the page in {PRESSES} presses")


def out_of_order(stops: list[Stop]) -> list[tuple[str, str]]:
    """The pairs of controls Tab reaches one after the other against the order they are seen
    in: the header first, then down a column (left to right along a line), the left column
    before the right."""
    wrong = []
    for was, now in itertools.pairwise(stops):
        if now.column != was.column:
            if now.column < was.column:
                wrong.append((was.what, now.what))
            continue
        apart = (now.y + now.height / 2) - (was.y + was.height / 2)  # their middles, down
        if abs(apart) < min(now.height, was.height) / 2 + SLACK:  # one line: left to right
            backwards = now.x < was.x - SLACK
        else:
            backwards = apart < 0
        if backwards:
            wrong.append((was.what, now.what))
    return wrong


def assert_walked_in_order(page: Page, phone: bool, name: str) -> int:
    """Walk the page (on a phone, each of its parts, chosen by keyboard): every control shows
    the focus and comes in the order it is seen. The number of controls walked."""
    walked = 0
    for part in PARTS if phone else ("",):
        if part:
            reach_part(page, part)
        stops = walk(page)
        hidden = [s for s in stops if not s.shown]
        assert hidden == [], f"{name} {part}: focus not shown on {hidden}"
        assert out_of_order(stops) == [], f"{name} {part}: {out_of_order(stops)} {stops}"
        walked += len(stops)
    return walked


def reach_part(page: Page, part: str) -> None:
    """On a phone: back to the header's tabs by Shift+Tab, and Enter on ``part``'s; the part
    shows and the focus goes into it."""
    tab_to(page, f"#tabs a[data-tab={part}]", back=True)
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-tab", part)
    expect(page.locator(f"#panel-{part}")).to_be_visible()
    has_focus(page, f"#panel-{part} *")


def reach_line(page: Page, phone: bool) -> None:
    """The roll box's line, focused: on a phone through the Roll tab (which focuses it), on a
    desktop by Tab from the top of the page."""
    if phone:
        reach_part(page, "roll")
    else:
        tab_to_the_end(page)
        tab_to(page, "#line")
    has_focus(page, "#line")


def rolled(page: Page, after: int = 0) -> int:
    """The number of the event the roll box's answer says was logged (once it says one after
    event ``after``: the answer to an earlier roll may still show)."""
    said = page.wait_for_function(
        """after => {
          const notice = document.getElementById("notice").textContent;
          const said = /Rolled \\(event (\\d+)\\)/.exec(notice);
          return said && Number(said[1]) > after ? Number(said[1]) : null;
        }""",
        arg=after,
    )
    number: int = said.json_value()
    return number


def willpower(page: Page, character: str) -> Any:
    """The expectation on ``character``'s Willpower line of the sheets ``page`` shows."""
    return expect(
        page.locator(f".sheet[data-character={character}] .resource", has_text="Willpower")
    )


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_table_is_played_with_the_keyboard_alone(
    browser: Browser, server: str, device: dict[str, Any], shoot: Shoot
) -> None:
    phone = device is PHONE
    width = device["viewport"]["width"]
    port = int(server.rsplit(":", 1)[1])
    table = post(port, "/api/campaigns", {"name": f"Keys {width}", "system": "hubris"})
    api, told = f"/api/campaigns/{table['id']}", table["storyteller"]["token"]
    seat = post(port, f"{api}/seats", {"name": "Bo"}, table["invite"]["token"])
    mine = token_of(seat["url"])
    free = {"name": "Ana", "traits": "Wits=2 Stealth=1", "for_player": True}  # a sheet before Zoe's
    post(port, f"{api}/characters", free, told)
    post(port, f"{api}/characters", {"name": "Warden", "traits": "Strength=4 Brawl=3"}, told)
    zoe = {"name": "Zoe", "traits": "Dexterity=3 Stealth=2 Stamina=3 Willpower=4"}
    post(port, f"{api}/characters", zoe, mine)

    player = new_context(browser, device).new_page()
    player.goto(f"{server}/t/{mine}")
    expect(player.locator("#live-state")).to_have_text("live")
    if phone:  # the tabs, reached and switched
        reach_part(player, "sheet")
        expect(player.locator("#panel-roll")).to_be_hidden()
    reach_line(player, phone)
    player.keyboard.type("Dexterity + Stealth")
    expect(player.locator("#odds-result .bars")).to_be_visible()
    player.keyboard.press("Enter")  # rolled
    first = rolled(player)
    expect(player.locator("#announce")).to_contain_text("rolled Dexterity + Stealth")
    has_focus(player, "#line")

    tab_to(player, "#roll-choices > summary")
    player.keyboard.press("Enter")  # Spend and choose, opened
    expect(player.locator("#roll-choices")).to_have_attribute("open", "")
    tab_to(player, "#roll-choices input[name=willpower]")
    player.keyboard.press("Space")
    expect(player.locator("#roll-choices input[name=willpower]")).to_be_checked()
    tab_to(player, "#line", back=True)
    player.keyboard.type("Dexterity + Stealth")
    player.keyboard.press("Enter")
    spent = rolled(player, after=first)
    willpower(player, "Zoe").to_contain_text("3/4")  # the Willpower point, spent

    if phone:
        reach_part(player, "sheet")
    lethal = ".sheet.own form[data-action=damage] button[value=lethal]"
    tab_to(player, lethal)
    player.keyboard.press("Enter")  # the sheet's action: a lethal wound
    expect(player.locator("#notice")).to_contain_text("Zoe takes 1 lethal")
    expect(player.locator(".sheet.own .box.wound-lethal")).to_have_count(1)  # sent again live
    has_focus(player, lethal)  # the focus stayed on the button pressed

    reach_line(player, phone)
    player.keyboard.type("Dexterity + Stelth")
    player.keyboard.press("Enter")  # refused: the answer stays until read
    expect(player.locator("#notice .error")).to_contain_text("Stealth")
    tab_to(player, "#notice .dismiss")
    shoot(player, f"keyboard-dismiss-{'phone' if phone else 'desktop'}")
    player.keyboard.press("Enter")  # put away
    expect(player.locator("#notice")).to_be_empty()
    has_focus(player, "#line")  # back where the roll was sent from
    expect(player.locator("#line")).to_have_value("Dexterity + Stelth")  # kept, to mend
    walked = assert_walked_in_order(player, phone, "player")

    storyteller = new_context(browser, device).new_page()
    storyteller.goto(f"{server}/t/{told}")
    expect(storyteller.locator("#live-state")).to_have_text("live")
    reach_line(storyteller, phone)
    storyteller.keyboard.type("Strength + Brawl")
    tab_to(storyteller, "#roll-for")
    for _ in range(3):  # down the list to Warden ("nobody", Ana, Warden, Zoe)
        if storyteller.locator("#roll-for").input_value() != "Warden":
            storyteller.keyboard.press("ArrowDown")
    expect(storyteller.locator("#roll-for")).to_have_value("Warden")
    tab_to(storyteller, "#hidden")
    storyteller.keyboard.press("Space")
    expect(storyteller.locator("#hidden")).to_be_checked()
    tab_to(storyteller, "#line", back=True)
    storyteller.keyboard.press("Enter")
    secret = rolled(storyteller, after=spent)
    expect(storyteller.locator("#notice")).to_contain_text("hidden from the players")
    expect(player.locator(f"#ev-{secret}")).to_contain_text("rolled in secret")
    expect(player.locator("#announce")).to_have_text("the storyteller rolled in secret")

    if phone:
        reach_part(storyteller, "log")
    tab_to(storyteller, f"#ev-{secret} button[hx-post$='/reveal']")
    storyteller.keyboard.press("Enter")  # revealed
    expect(player.locator(f"#ev-{secret} .line code")).to_have_text("Strength + Brawl")
    expect(player.locator("#announce")).to_contain_text("rolled Strength + Brawl")  # heard
    expect(storyteller.locator(f"#ev-{secret}")).to_have_class(re.compile(r"\brevealed\b"))
    has_focus(storyteller, f"#ev-{secret} button")  # in the entry sent again, not lost

    undo = f"#ev-{spent} button[hx-post$='/undo']"
    tab_to(storyteller, undo)
    storyteller.once("dialog", lambda dialog: dialog.accept())  # the browser's own confirm
    storyteller.keyboard.press("Enter")
    expect(storyteller.locator(f"#ev-{spent}")).to_have_class(re.compile(r"\bstruck\b"))
    willpower(player, "Zoe").to_contain_text("4/4")  # the point refunded
    has_focus(storyteller, f"#ev-{spent} button[hx-post$='/restore']")  # where Undo was
    # the answer goes by itself, the focus staying on Restore: the page stands still to be walked
    expect(storyteller.locator("#notice")).to_be_empty()
    has_focus(storyteller, f"#ev-{spent} button[hx-post$='/restore']")
    walked += assert_walked_in_order(storyteller, phone, "storyteller")
    assert walked > 40  # the pages were walked, control by control
    player.context.close()
    storyteller.context.close()
