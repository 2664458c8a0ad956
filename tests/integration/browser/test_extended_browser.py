"""An extended action that keeps count, in a real browser (issue 30, item 3): the roll box
keeps the extended action chosen from roll to roll (and "Roll it again" too) until it is
finished, and the story says in words each side's successes toward the goal and the rolls used
and left."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from .conftest import PHONE, Shoot, new_context
from .driving import api, join_as_player, open_by_api, roll_on, show, token_of


def test_the_roll_box_keeps_the_extended_action_and_the_story_counts_in_words(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    made = open_by_api(server, "Library", "chronicles")
    told = token_of(made["storyteller"]["url"])
    context = new_context(browser, PHONE)
    page = context.new_page()
    where = join_as_player(page, made["invite"]["url"], traits="Intelligence=3 Academics=2")
    started = api(
        server,
        "POST",
        f"/api/campaigns/{where}/actions/extended-start",
        told,
        {"name": "Research", "goal": 50, "rolls": 2, "side": "Ana"},
    )
    assert started.status == 201, started.body
    show(page, "table")
    tracker = page.locator(".tracker[data-tracker=Research]")
    expect(tracker).to_contain_text("extended action · in progress")
    expect(tracker).to_contain_text("0 of 50 successes · 0 rolls used, 2 left")
    show(page, "roll")
    page.locator("#roll-choices summary").click()
    extended = page.locator("#roll-choices [name=extended]")
    extended.fill("Research")
    roll_on(page, "Intelligence + Academics")
    expect(extended).to_have_value("Research")  # kept for the next roll
    show(page, "table")
    expect(tracker).to_contain_text("1 roll used, 1 left")
    shoot(page, "extended-one-roll-phone")
    show(page, "roll")
    page.click("#repeat-roll")  # Roll it again: toward the same action
    show(page, "table")
    expect(tracker).to_contain_text("2 rolls used, 0 left")
    expect(tracker).to_contain_text("failed")  # 50 successes in two rolls of five dice: no
    show(page, "roll")
    expect(extended).to_have_value("")  # finished: let go
    context.close()
