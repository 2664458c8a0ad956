"""Every page of a table passes axe-core (the `axe-playwright-python` package ships it: nothing
is fetched) with no serious or critical violation, on a phone and on a desktop (each state
scanned at both widths: the page's styles ask the width alone), in each state a
table night puts it in: the front page (and its error), the links page (and the links page
again), the invitation (with an error, and in a browser that already sits at the table), the
player's welcome, the table as the storyteller and as a player (on a phone its four parts shown
together, with every fold opened: Spend and choose, a sheet's Actions and Edit panel, the table's
settings, a roll's actions; the odds of a typed line; an answer shown, an error shown, a field's
error, a new character refused, a new invitation shown; a hidden roll, an undone one; older
events loaded), the page of a player whose link ended (live, and
reloaded), an error page, the dice statistics, the check of the dice and the API's
documentation (an operation tried out). Each system's table: test_accessibility_systems.py."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from ..servers import post
from .conftest import DESKTOP, PHONE, new_context
from .driving import show

GRAVE = ("serious", "critical")
"""The impacts a page may not have."""

SHOW_PARTS = "document.querySelectorAll('.panel').forEach(p => p.style.{})"
"""A script that shows every part of a phone's table at once (or lets the tabs choose again)."""

OLDER = 34
"""Rolls logged before the pages open: more than the log shows at first (30), so that the log
has older events to load."""


def violations(axe: Axe, page: Page) -> list[str]:
    """axe-core's serious and critical findings on ``page``, a line each."""
    found: dict[str, Any] = axe.run(page).response
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in found["violations"]
        if v["impact"] in GRAVE
    ]


@dataclass
class Scanner:
    """axe-core run over pages, each finding kept under the name of the page's state."""

    axe: Axe = field(default_factory=Axe)
    found: dict[str, list[str]] = field(default_factory=dict)

    def scan(self, page: Page, name: str) -> None:
        """Scan ``page`` with every fold (``details``) opened, at a desktop's width and at a
        phone's (the page's styles ask the width alone); a table's page on a phone with its
        four parts shown together."""
        page.wait_for_load_state()
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        self.found[f"{name} (desktop)"] = violations(self.axe, page)
        page.set_viewport_size(PHONE["viewport"])
        # A phone's table shows one part at a time: its four parts are shown together for the
        # scan (one run of axe-core where a run a part took four), the tabs above them.
        # (set from a script: the page's policy refuses a style element added to it)
        page.evaluate(SHOW_PARTS.format("setProperty('display', 'block', 'important')"))
        self.found[f"{name} (phone)"] = violations(self.axe, page)
        page.evaluate(SHOW_PARTS.format("removeProperty('display')"))
        page.set_viewport_size(DESKTOP["viewport"])

    def grave(self) -> dict[str, list[str]]:
        """The states with a serious or critical violation, and theirs."""
        return {name: seen for name, seen in self.found.items() if seen}

    def said(self) -> str:
        """The grave findings, a line each (pytest would cut a dictionary short)."""
        return "\n".join(f"{name}: {seen}" for name, seen in self.grave().items())


def answered(page: Page, button: str, words: str) -> None:
    """Press ``button`` (a selector) and wait for the answer below it to say ``words``."""
    page.locator(button).first.click()
    expect(page.locator("#notice")).to_contain_text(words)


def typed_with_odds(page: Page, line: str) -> None:
    """Type ``line`` in the roll box and wait for its odds."""
    show(page, "roll")
    page.fill("#line", line)
    expect(page.locator("#odds-result .bars")).to_be_visible()


def older_loaded(page: Page) -> None:
    """Load the log's older events."""
    show(page, "log")
    shown = page.locator("#log > li.entry").count()
    page.click("#log .older button")
    expect(page.locator("#log > li.entry")).not_to_have_count(shown)


def test_every_page_has_no_serious_accessibility_violation(browser: Browser, server: str) -> None:
    port = int(server.rsplit(":", 1)[1])
    name = "Axe"
    device = DESKTOP  # each state scanned at a phone's width too (Scanner.scan)
    scanner = Scanner()
    told = new_context(browser, device)  # the storyteller's browser
    page = told.new_page()
    page.goto(f"{server}/")
    scanner.scan(page, "home")
    page.fill("input[name=name]", name)
    page.select_option("select[name=system]", "hubris")
    page.click("button[type=submit]")
    scanner.scan(page, "links")
    invite = page.input_value("#invite-link")
    token = page.input_value("#storyteller-link").rsplit("/", 1)[1]
    page.goto(f"{server}/")
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")  # the same table opened again: its links are not shown
    expect(page.locator("h1")).to_contain_text("is open")
    scanner.scan(page, "links again")
    page.click("text=Go to the table")
    expect(page.locator("#live-state")).to_have_text("live")
    scanner.scan(page, "table (storyteller), empty")
    campaign = int(page.url.rstrip("/").rsplit("/", 1)[1])
    api = f"/api/campaigns/{campaign}"
    warden = {"name": "Warden", "traits": "Strength=4 Stamina=3 Brawl=3 Willpower=3"}
    post(port, f"{api}/characters", warden, token)
    for n in range(OLDER):
        post(port, f"{api}/rolls", {"line": f"hubris {n % 5 + 1}", "hidden": n == 3}, token)
    brawl = {"line": "Strength + Brawl", "character": "Warden"}
    struck = post(port, f"{api}/rolls", brawl, token)["event"]
    post(port, f"{api}/events/{struck}/undo", {}, token)  # an entry struck, with its Restore
    post(port, f"{api}/rolls", brawl, token)

    player = new_context(browser, device)  # the player's browser
    mine = player.new_page()
    mine.goto(f"{server}/")
    mine.fill("input[name=name]", name)
    mine.click("button[type=submit]")  # a table of that name is open already
    expect(mine.locator("#open-error")).to_be_visible()
    scanner.scan(mine, "home with an error")
    mine.goto(invite)
    scanner.scan(mine, "invitation")
    mine.fill("input[name=name]", "storyteller")
    mine.click("button[type=submit]")  # the storyteller's seat's name: taken
    expect(mine.locator("#join-error")).to_be_visible()
    scanner.scan(mine, "invitation with an error")
    mine.fill("input[name=name]", "Bo")
    mine.click("button[type=submit]")
    scanner.scan(mine, "welcome")
    mine.click("text=Go to the table")
    expect(mine.locator("#live-state")).to_have_text("live")
    scanner.scan(mine, "table (player), no character yet")
    mine.fill("#choose input[name=name]", "Ana")
    mine.fill("#choose input[name=traits]", "Dexterity=lots")
    mine.click("text=Create my character")
    expect(mine.locator("#create-error")).to_be_visible()
    scanner.scan(mine, "table (player), a new character refused")
    mine.fill("#choose input[name=traits]", "Dexterity=3 Stealth=2 Stamina=3 Willpower=4")
    mine.click("text=Create my character")
    expect(mine.locator("#live-state")).to_have_text("live")
    expect(mine.locator(".sheet.own")).to_have_count(1)
    typed_with_odds(mine, "Dexterity + Stealth")
    mine.click("#roll-button")
    expect(mine.locator("#notice")).to_contain_text("Rolled")
    typed_with_odds(mine, "Stamina + Stealth")
    older_loaded(mine)
    scanner.scan(mine, "table (player), a roll answered")
    show(mine, "sheet")
    answered(mine, ".sheet.own form[data-action=damage] button", "Ana takes")
    scanner.scan(mine, "table (player), an action answered")
    show(mine, "roll")
    mine.fill("#line", "Dexterity + Stelth")
    answered(mine, "#roll-button", "Stealth")  # refused, with "did you mean"
    expect(mine.locator("#notice .error")).to_be_visible()
    scanner.scan(mine, "table (player), an error shown")

    page.reload()
    expect(page.locator("#live-state")).to_have_text("live")
    show(page, "roll")
    page.select_option("#roll-for", "Warden")
    typed_with_odds(page, "Strength + Brawl")
    older_loaded(page)
    scanner.scan(page, "table (storyteller)")
    show(page, "sheet")
    edit = page.locator(".sheet[data-character=Warden] form.edit")
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    edit.locator("input[name=changes]").fill("Strenght=2")
    edit.locator("button").click()
    expect(edit.locator(".field-error").first).not_to_be_empty()
    scanner.scan(page, "table (storyteller), a field's error shown")
    show(page, "table")
    page.once("dialog", lambda dialog: dialog.accept())
    answered(page, "form[data-action=invite] button", "The new invitation")
    scanner.scan(page, "table (storyteller), a new invitation shown")
    invite = page.input_value("#shown-link")
    page.goto(invite)  # the storyteller's browser, on its own table's invitation
    expect(page.locator(".held")).to_be_visible()
    scanner.scan(page, "invitation, in the storyteller's browser")

    revoked = post(port, f"{api}/actions/revoke", {"seat": "Bo"}, token)
    assert "Bo" in str(revoked), revoked
    expect(mine.locator("body")).to_have_class(re.compile(r"\bended\b"))
    scanner.scan(mine, "table (player), link ended")
    mine.reload()
    expect(mine.locator(".ended-banner")).to_be_visible()
    scanner.scan(mine, "link ended")
    mine.goto(f"{server}/t/no-such-link")
    scanner.scan(mine, "error page")
    player.close()

    post(port, f"{api}/actions/seal-close", {}, token)
    for path in ("/stats", "/stats?char=Warden", "/verify"):
        page.goto(f"{server}/c/{campaign}{path}")
        scanner.scan(page, path.lstrip("/"))
    page.goto(f"{server}/docs")
    expect(page.locator("#swagger-ui .opblock").first).to_be_visible()
    scanner.scan(page, "API docs")
    page.locator("#swagger-ui .opblock-summary").first.click()  # opening a table, tried out
    page.locator("#swagger-ui .try-out__btn").first.click()
    page.locator("#swagger-ui .execute").first.click()
    expect(page.locator("#swagger-ui .live-responses-table").first).to_be_visible()
    scanner.scan(page, "API docs, an operation tried")
    told.close()
    assert scanner.grave() == {}, scanner.said()


def test_a_success_and_a_one_are_told_by_more_than_their_colour(
    browser: Browser, server: str
) -> None:
    """A die's look has a mark beside its face and words for a screen reader: the faces of a
    classic roll (ones cancel) show which die succeeded and which is a one without colour."""
    port = int(server.rsplit(":", 1)[1])
    opened = post(port, "/api/campaigns", {"name": "Colourless", "system": "classic"})
    told = opened["storyteller"]["token"]
    line = {"line": "classic 4 diff 6", "dice": [8, 1, 3, 9]}
    post(port, f"/api/campaigns/{opened['id']}/rolls", line, told)
    context = new_context(browser, DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/t/{told}")
    dice = page.locator("#log span.die")
    expect(dice).to_have_count(4)
    signs = dice.evaluate_all(
        "ds => ds.map(d => [d.className, getComputedStyle(d, '::after').content])"
    )
    context.close()
    marks = {look.split("die-")[-1]: content for look, content in signs}
    assert marks["success"] == '"✓" / "success"'
    assert marks["one"] == '"✗" / "a one"'
    assert marks["cancelled"] == '"" / "cancelled"'  # the 9, cancelled by the one
    assert marks["plain"] == "none"
