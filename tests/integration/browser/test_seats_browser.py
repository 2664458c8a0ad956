"""Seats and links that cannot bite, in a real browser: the storyteller who opens their own
invitation keeps their seat (leaving it takes a ticked box and a confirmation); every link shown
has Copy and Share and is no anchor; a revoked or relinked player's page greys out every control
under a banner saying what to do; each seat sees itself online; closing the seal asks first.

The module's table is its own (the ``table`` fixture: Morgan the storyteller on a desktop, Pat
on a phone); other players are seated through the API, each in a browser of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, expect

from .conftest import DESKTOP, PHONE, Shoot, Table, new_context
from .driving import api
from .test_accessibility import violations

LINK_ENDED = (
    "This link no longer works: the storyteller gave this seat a new link or revoked it. "
    "Ask them for the new link."
)

SHARE_SHEET = """
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value: function (data) { window.dicepoolShared = data; return Promise.resolve(); },
});
"""
"""A share sheet for a browser that has none (Chromium on Linux): it keeps what it was given."""

NO_SHARE_SHEET = "delete Navigator.prototype.share;"


@contextmanager
def _browser(browser: Browser, device: dict[str, Any], script: str = "") -> Iterator[Page]:
    """A page in a fresh browser of its own (cookies of its own), with ``script`` run first."""
    context = new_context(browser, device)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    if script:
        context.add_init_script(script)
    try:
        yield context.new_page()
    finally:
        context.close()


def _new_invitation(table: Table) -> str:
    made = api(table.base, "POST", f"/api/campaigns/{table.campaign}/actions/invite", _told(table))
    assert made.status == 201, made.body
    link: str = made.body["link"]
    return link


def _told(table: Table) -> str:
    return table.storyteller_token


def _seat(table: Table, invite: str, name: str) -> str:
    """A player seated with ``invite`` through the API, with a character: their link."""
    token = invite.rsplit("/", 1)[1]
    seated = api(
        table.base, "POST", f"/api/campaigns/{table.campaign}/seats", token, {"name": name}
    )
    assert seated.status == 201, seated.body
    made = api(
        table.base,
        "POST",
        f"/api/campaigns/{table.campaign}/characters",
        seated.body["token"],
        {"name": f"{name}'s hero", "traits": "Dexterity=2 Wits=2"},
    )
    assert made.status == 201, made.body
    url: str = seated.body["url"]
    return url


def _clear_notice(page: Page) -> None:
    page.locator("#notice").evaluate("notice => notice.replaceChildren()")


def _link_rows(page: Page, count: int) -> list[str]:
    """The page's links: ``count`` read-only fields, each with Copy and Share, and no anchor to
    a seat's link anywhere; their values."""
    rows = page.locator(".link-row")
    expect(rows).to_have_count(count)
    values = []
    for at in range(count):
        row = rows.nth(at)
        field = row.locator("input.link")
        expect(field).to_have_attribute("readonly", "")
        expect(row.locator("button.copy")).to_have_text("Copy")
        expect(row.locator("button.share")).to_have_count(1)
        values.append(field.input_value())
        assert "/t/" in values[-1], values[-1]
    expect(page.locator('a[href*="/t/"]')).to_have_count(0)
    return values


def test_the_storyteller_opening_their_own_invitation_keeps_the_storytellers_seat(
    table: Table, storyteller_context: BrowserContext, shoot: Shoot
) -> None:
    told = table.storyteller
    _clear_notice(told)
    told.once("dialog", lambda dialog: dialog.accept())
    told.locator("#seats form[data-action=invite] button").click()
    shown = told.locator("#notice .link-once")
    expect(shown).to_contain_text("The new invitation, shown this once: send it to your players")
    invite = _link_rows(told, 1)[0]
    shoot(told, "seats-new-invitation-desktop")

    tab = storyteller_context.new_page()  # the storyteller opens it, in the same browser
    try:
        tab.goto(invite)
        expect(tab.locator(".held")).to_have_text(
            re.compile(
                r"You are already at this table as Morgan \(storyteller\)\.\s+"
                r"This invitation is for new players: send it to them\."
            )
        )
        expect(tab.locator("input[name=name]")).not_to_be_visible()  # the new seat: folded away
        shoot(tab, "seats-own-invitation-desktop")
        tab.click("summary:has-text('Take a new seat anyway')")
        assert violations(Axe(), tab) == []
        tab.click("text=Back to the table as Morgan")
        expect(tab.locator("#seats li.seat-row.you")).to_have_attribute("data-seat", "Morgan")
        expect(
            tab.locator("#seats form[data-action=invite]")
        ).to_be_visible()  # still the storyteller's
    finally:
        tab.close()


def test_leaving_the_storytellers_seat_takes_a_ticked_box_and_a_confirmation(
    table: Table, browser: Browser, shoot: Shoot
) -> None:
    invite = _new_invitation(table)
    with _browser(browser, DESKTOP) as page:
        page.goto(table.storyteller_link)  # another of the storyteller's browsers
        expect(page.locator("#seats li.seat-row.you")).to_have_attribute("data-seat", "Morgan")
        page.goto(invite)
        page.click("summary:has-text('Take a new seat anyway')")
        page.fill("details input[name=name]", "Sol2")
        leave = page.locator("button.leave")
        expect(leave).to_have_text("Take a new seat anyway: this browser leaves Morgan's seat")
        shoot(page, "seats-leave-storyteller-desktop")
        leave.click()  # the box unticked: the browser does not send the form
        box = page.locator("input[name=leave_seat]")
        assert box.evaluate("box => box.validity.valueMissing") is True
        assert page.url == invite
        box.check()
        asked: list[str] = []

        def dismiss(dialog: Dialog) -> None:
            asked.append(dialog.message)
            dialog.dismiss()

        page.once("dialog", dismiss)
        leave.click()
        expect(page.locator(".held")).to_be_visible()  # stayed: nothing sent
        assert page.url == invite
        assert asked and asked[0].startswith("Leave the storyteller's seat in this browser?")
        page.once("dialog", lambda dialog: dialog.accept())
        leave.click()
        expect(page.locator("h1")).to_have_text("Welcome, Sol2")
        page.click("text=Go to the table")
        expect(page.locator("#seats li.seat-row.you")).to_have_attribute("data-seat", "Sol2")
        expect(page.locator("#seats form[data-action=invite]")).to_have_count(0)


def test_every_link_shown_has_copy_and_share_and_none_is_an_anchor(
    table: Table, browser: Browser, shoot: Shoot
) -> None:
    # a phone with a share sheet: Share shows, and hands the link to it
    with _browser(browser, PHONE, SHARE_SHEET) as page:
        page.goto(table.base + "/")
        page.fill("input[name=name]", "Links night")
        page.click("button[type=submit]")
        told, invite = _link_rows(page, 2)
        shoot(page, "seats-opened-links-phone")
        for at, link in enumerate((told, invite)):
            share = page.locator(".link-row button.share").nth(at)
            expect(share).to_be_visible()
            share.click()
            expect(share).to_have_text("Shared")
            shared = page.evaluate("() => window.dicepoolShared")
            assert shared["url"] == link, shared
        copy = page.locator(".link-row button.copy").nth(1)
        copy.click()
        expect(copy).to_have_text("Copied")
        assert page.evaluate("() => navigator.clipboard.readText()") == invite
    # a browser without one: Share is hidden, Copy is there
    with _browser(browser, DESKTOP, NO_SHARE_SHEET) as page:
        page.goto(_new_invitation(table))
        page.fill("input[name=name]", "Lin")
        page.click("button[type=submit]")
        (own,) = _link_rows(page, 1)
        expect(page.locator(".link-row button.share")).to_be_hidden()
        page.locator(".link-row button.copy").click()
        assert page.evaluate("() => navigator.clipboard.readText()") == own
    # the storyteller's seat tools: a player's new link, shown the same way (a seat taken
    # without a character logs nothing: the storyteller's page, drawn again, lists it)
    told = table.storyteller
    told.reload()
    expect(told.locator("#live-state")).to_have_text("live")
    _clear_notice(told)
    told.once("dialog", lambda dialog: dialog.accept())
    told.locator("#seats li.seat-row[data-seat=Lin] form[data-action=new-link] button").click()
    expect(told.locator("#notice .link-once")).to_contain_text(
        "Lin's new link, shown this once: send it to Lin alone"
    )
    (shown,) = _link_rows(told, 1)
    shoot(told, "seats-new-link-desktop")
    # the seats card read again (as the page does every little while): the link, shown once,
    # stays below the button that asked for it
    told.evaluate("() => { document.getElementById('seats').dataset.old = '1'; }")
    told.evaluate(
        "where => htmx.ajax('GET', where, {target: '#seats', swap: 'outerHTML'})",
        f"/c/{table.campaign}/seats",
    )
    lin = told.locator("#seats li.seat-row[data-seat=Lin] form[data-action=new-link]")
    expect(told.locator("#seats[data-old]")).to_have_count(0)  # drawn anew
    kept = lin.locator("xpath=following-sibling::*[@id='notice']").locator("input.link")
    expect(kept).to_have_value(shown)


def test_a_revoked_or_relinked_players_page_greys_out_every_control_and_says_what_to_do(
    table: Table, browser: Browser, shoot: Shoot
) -> None:
    invite = _new_invitation(table)
    quinn, robin = _seat(table, invite, "Quinn"), _seat(table, invite, "Robin")
    with _browser(browser, PHONE) as revoked, _browser(browser, PHONE) as relinked:
        for page, link in ((revoked, quinn), (relinked, robin)):
            page.goto(link)
            expect(page.locator("#live-state")).to_have_text("live")
            expect(page.locator("#roll-button")).to_be_enabled()
        told = table.storyteller
        _clear_notice(told)
        told.once("dialog", lambda dialog: dialog.accept())
        told.locator("#seats li.seat-row[data-seat=Quinn] form[data-action=revoke] button").click()
        renewed = api(
            table.base,
            "POST",
            f"/api/campaigns/{table.campaign}/actions/new-link",
            _told(table),
            {"seat": "Robin"},
        )
        assert renewed.status == 201, renewed.body
        for page, name in ((revoked, "revoked"), (relinked, "relinked")):
            expect(page.locator("body")).to_have_class(re.compile(r"\bended\b"))
            banner = page.locator("main > .ended-banner")
            expect(banner).to_have_text(LINK_ENDED)
            expect(banner).to_be_in_viewport()
            enabled = page.evaluate(
                "() => [...document.querySelectorAll('main button, main input, main select,"
                " main textarea')].filter(c => !c.disabled).map(c => c.outerHTML.slice(0, 80))"
            )
            assert enabled == [], enabled
            assert page.locator("main button").count() > 3  # the roll box's, the sheet's, ...
            expect(page.locator("#roll-button")).to_be_disabled()
            expect(page.locator("#live-state")).to_contain_text("link no longer works")
            shoot(page, f"seats-{name}-phone")
            assert violations(Axe(), page) == []
        revoked.reload()  # the page again, with the cookie that no longer works
        expect(revoked.locator(".ended-banner")).to_have_text(LINK_ENDED)
        expect(revoked.locator("#roll-button")).to_have_count(0)
        shoot(revoked, "seats-revoked-reloaded-phone")
        assert violations(Axe(), revoked) == []
        # the table's own pages were not touched: their seats card sent again, still online
        expect(table.player.locator("#roll-button")).to_be_enabled()
        expect(table.player.locator("#seats li.seat-row.you")).to_contain_text("online now (you)")


def test_each_seat_sees_itself_online(table: Table) -> None:
    for page, name in ((table.storyteller, "Morgan"), (table.player, "Pat")):
        expect(page.locator("#live-state")).to_have_text("live")
        own = page.locator("#seats li.seat-row.you")
        expect(own).to_have_attribute("data-seat", name)
        expect(own).to_contain_text("online now (you)")
        expect(own.locator(".presence")).to_have_class(re.compile(r"\bon\b"))
        expect(own.locator(".presence")).to_have_attribute("aria-label", "online now (you)")


def _seal_closes(table: Table) -> list[int]:
    answer = api(table.base, "GET", f"/api/campaigns/{table.campaign}/events?after=0", _told(table))
    assert answer.status == 200, answer.body
    return [e["data"]["seal"] for e in answer.body["events"] if e["kind"] == "seal-close"]


def test_closing_the_seal_asks_first_dismissed_nothing_closes_accepted_it_closes(
    table: Table,
) -> None:
    told = table.storyteller
    seal = told.locator("#seal")
    number = int(seal.get_attribute("data-seal") or 0)
    assert seal.locator("button").count() == 0  # nothing beside "check the dice" to hit
    close = told.locator("#seats form[data-action=seal-close] button")
    expect(close).to_have_text("Close the seal and publish its seed")
    closes = _seal_closes(table)
    asked: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    told.once("dialog", dismiss)
    close.click()
    assert asked and asked[0].startswith("Close the open seal?")
    expect(seal).to_have_attribute("data-seal", str(number))
    told.once("dialog", lambda dialog: dialog.accept())
    close.click()
    expect(told.locator("#seal")).to_have_attribute("data-seal", str(number + 1))
    assert _seal_closes(table) == [*closes, number]  # one close: the dismissed one sent nothing
