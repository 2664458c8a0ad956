"""A chronicles fight worked through from the sheets in a real browser: the storyteller
(desktop, three sheets, so each Actions panel starts closed) opens Ana's Actions and taps
wounds, Willpower and healing one button each, the panel staying open while the live feed
draws the sheets again; on a phone each button is a finger's width and the row fits the
screen. Screenshots: tracks-fight-desktop, tracks-fight-phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import DESKTOP, PHONE, Shoot, new_context
from .driving import api, open_by_api, show, token_of

TOUCH = 44
"""The smallest button a finger hits, in CSS pixels (WCAG 2.5.5)."""


def _table(server: str, name: str) -> tuple[int, str]:
    """A chronicles table with three characters of the storyteller's: its id and token."""
    opened = open_by_api(server, name, "chronicles")
    token = token_of(opened["storyteller"]["url"])
    for who, traits in (("Ana", "Stamina=2 Resolve=2 Composure=1"), ("Bo", ""), ("Cid", "")):
        made = api(server, "POST", f"/api/campaigns/{opened['id']}/characters", token,
                   {"name": who, "traits": traits})  # fmt: skip
        assert made.status == 201, made.body
    return int(opened["id"]), token


def _at_table(browser: Browser, device: dict[str, Any], server: str, token: str) -> Page:
    page = new_context(browser, device).new_page()
    page.goto(f"{server}/t/{token}")
    expect(page.locator("#live-state")).to_have_text("live")
    show(page, "sheet")
    return page


def _tap(panel: Locator, action: str, button: str, said: str) -> None:
    """Press a form's button (its points left at 1) and wait for the answer."""
    page = panel.page
    page.locator("#notice").evaluate("notice => notice.replaceChildren()")
    panel.locator(f"form[data-action={action}] button", has_text=button).first.click()
    expect(page.locator("#notice")).to_contain_text(said)


def test_the_storyteller_works_through_a_fight_with_one_tap_a_change(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    _, token = _table(server, "The Docks")
    told = _at_table(browser, DESKTOP, server, token)
    ana = told.locator(".sheet[data-character=Ana]")
    panel = ana.locator("details.sheet-actions")
    expect(panel).to_have_js_property("open", False)  # three sheets: closed until opened
    panel.locator(":scope > summary").click()
    expect(panel.locator("form[data-action=heal]")).to_have_count(0)  # no wound to heal

    for count, (kind, said) in enumerate(
        (("lethal", "takes 1 lethal"), ("lethal", "takes 1 lethal"), ("bashing", "1 bashing")),
        start=1,
    ):
        _tap(panel, "damage", kind, said)
        expect(ana.locator(".box[class*=wound-]")).to_have_count(count)  # drawn again, live
        expect(panel).to_have_js_property("open", True)  # and the panel as it was left
    expect(ana.locator(".box.wound-lethal")).to_have_count(2)
    _tap(panel, "spend", "Spend", "Ana spends 1 Willpower")
    expect(ana.locator("[data-track=Willpower] .points")).to_have_attribute("aria-label", "2 of 3")
    _tap(panel, "heal", "least severe", "Ana's Health heals 1")
    expect(ana.locator(".box.wound-bashing")).to_have_count(0)
    expect(panel.locator("form[data-action=regain]")).to_have_count(1)
    expect(panel).to_have_js_property("open", True)
    for other in ("Bo", "Cid"):  # the panels left closed stay closed
        closed = told.locator(f".sheet[data-character={other}] details.sheet-actions")
        expect(closed).to_have_js_property("open", False)
    shoot(told, "tracks-fight-desktop")
    told.context.close()


def test_on_a_phone_each_tap_is_a_fingers_width_and_the_row_fits_the_screen(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    _, token = _table(server, "The Pier")
    phone = _at_table(browser, PHONE, server, token)
    panel = phone.locator(".sheet[data-character=Ana] details.sheet-actions")
    if not panel.evaluate("details => details.open"):
        panel.locator(":scope > summary").click()
    buttons = panel.locator("form[data-track] button")
    expect(buttons).to_have_count(4)  # bashing, lethal, aggravated; Spend
    width = PHONE["viewport"]["width"]
    for at in range(buttons.count()):
        box = buttons.nth(at).bounding_box()
        assert box is not None and box["height"] >= TOUCH, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    _tap(panel, "damage", "aggravated", "Ana's Health takes 1 aggravated")
    expect(phone.locator(".sheet[data-character=Ana] .box.wound-aggravated")).to_have_count(1)
    expect(panel).to_have_js_property("open", True)
    shoot(phone, "tracks-fight-phone")
    phone.context.close()
