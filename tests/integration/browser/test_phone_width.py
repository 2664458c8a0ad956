"""Pages that fit a phone: at 390 px, no page of a table scrolls sideways (long seeds, codes
and links wrap), after rolls and a closed seal have filled them; the table's parts (roll box,
sheets, log, table) are each one tap away, and none below another; the answer to a button
shows just below it, over nothing (Debian's Chromium)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from ..servers import post
from .conftest import DESKTOP, PHONE, Shoot, new_context
from .driving import join_as_player, roll_on, show

WIDTH = PHONE["viewport"]["width"]
HEIGHT = PHONE["viewport"]["height"]
PARTS = ("roll", "sheet", "log", "table")
"""The table's parts, each a tab on a phone."""


def opened(server: str, system: str, name: str) -> tuple[int, dict[str, Any]]:
    """A table opened through the API of ``server``: its port, and the API's answer (its id,
    the storyteller's link and the invitation's)."""
    port = int(server.rsplit(":", 1)[1])
    table: dict[str, Any] = post(port, "/api/campaigns", {"name": name, "system": system})
    return port, table


def test_no_page_of_a_table_is_wider_than_a_phone(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    port, table = opened(server, "chronicles", "Wide Night")
    token, campaign = table["storyteller"]["token"], table["id"]
    for line in ("chronicles 5 # a long comment " + "x" * 60, "chronicles 9 9again rote"):
        post(port, f"/api/campaigns/{campaign}/rolls", {"line": line}, token)
    post(port, f"/api/campaigns/{campaign}/actions/seal-close", {}, token)
    context = new_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{server}/t/{token}")
    for name, path in (("table", ""), ("verify", "/verify"), ("stats", "/stats")):
        page.goto(f"{server}/c/{campaign}{path}")
        for part in PARTS if name == "table" else ("",):
            if part:
                show(page, part)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= WIDTH, (name, part, wide)
            shoot(page, f"phone-{name}{'-' + part if part else ''}")
    context.close()


def test_an_answer_shows_in_view_where_the_button_was_pressed(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    port, table = opened(server, "hubris", "Deep Night")
    token, campaign = table["storyteller"]["token"], table["id"]
    traits = {"name": "Ana", "traits": "Stamina=2 Willpower=3 Resolve=2"}
    post(port, f"/api/campaigns/{campaign}/characters", traits, token)
    context = new_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{server}/t/{token}")
    expect(page.locator("#live-state")).to_have_text("live")  # (its first frame redraws sheets)
    show(page, "sheet")
    form = page.locator("form[data-action=damage]").first
    form.locator("button[value=bashing]").click()
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Ana takes 1 bashing")
    box, sent = notice.bounding_box(), form.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, box
    # in the page's flow just below the form that sent it: over no button of the form
    assert sent is not None and box["y"] >= sent["y"] + sent["height"] - 1, (box, sent)
    assert page.evaluate("getComputedStyle(document.getElementById('notice')).position") == (
        "static"
    )
    shoot(page, "answer-in-view-phone")
    notice.locator("button.dismiss").click()  # read: put away
    expect(notice).to_be_empty()
    context.close()


def test_the_phone_shows_one_part_at_a_time_each_one_tap_away(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    port, table = opened(server, "chronicles", "Tabbed")
    token, campaign = table["storyteller"]["token"], table["id"]
    context = new_context(browser, PHONE)
    page = context.new_page()
    join_as_player(page, table["invite"]["url"])
    for part in PARTS:
        show(page, part)
        for other in PARTS:
            expect(page.locator(f"#panel-{other}")).to_be_visible(visible=other == part)
        top = page.locator(f"#panel-{part}").bounding_box()
        assert top is not None and top["y"] < HEIGHT / 3, (part, top)  # below no other part
    # a roll made from the roll box shows its dice there; the log's tab counts others' rolls
    roll_on(page, "Dexterity + Stealth")
    expect(page.locator("#my-roll .dice")).to_be_visible()
    expect(page.locator("#odds")).to_contain_text("Type a line")  # the box emptied (odds gone)
    page.fill("#line", "Dexterity + Stealth")  # the same line again: its odds again
    expect(page.locator("#odds .notation")).to_be_visible()
    page.fill("#line", "")
    post(port, f"/api/campaigns/{campaign}/rolls", {"line": "chronicles 2"}, token)
    expect(page.locator("#tabs a[data-tab=log] .unread")).to_have_text("1")
    shoot(page, "phone-roll-part")
    show(page, "log")
    expect(page.locator("#tabs a[data-tab=log] .unread")).to_be_hidden()
    page.reload()  # the part chosen stays
    expect(page.locator("#panel-log")).to_be_visible()
    expect(page.locator("#panel-roll")).to_be_hidden()
    context.close()


def test_the_desktop_shows_every_part_side_by_side(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    _, table = opened(server, "chronicles", "Wide Desk")
    context = new_context(browser, DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/t/{table['storyteller']['token']}")
    expect(page.locator("#tabs")).to_be_hidden()
    boxes = {part: page.locator(f"#panel-{part}").bounding_box() for part in PARTS}
    assert all(b is not None for b in boxes.values()), boxes
    roll, sheet = boxes["roll"], boxes["sheet"]
    assert roll is not None and sheet is not None and sheet["x"] > roll["x"] + roll["width"] - 1
    shoot(page, "desktop-table")
    context.close()
