"""An evening of chronicles at the table (issue 30's "Done when"): the storyteller on a
desktop, Pat on a phone, Lee on a tablet, through the issue's items that a chronicles table has.

The storyteller opens the table from the front page and makes the players' characters (Ana with
a specialty) and one of their own (through the API); the players join by the invitation and sit
with theirs. Then: the specialty on the trait buttons; the players see each other's rolls live;
Willpower chosen in Spend and choose, the odds saying what its three dice change (ruling 23),
its point off the sheet on every page; an extended action kept in the roll box across two rolls,
its tracker counting in words; one-tap wounds, healing and Willpower on the sheets (the panel
staying open, on the desktop and the phone); the house rule `wp off` taking Willpower away and
an undo bringing it back; a contest named by its characters, a tie; a hidden roll a placeholder
until revealed. Screenshots: evening-chronicles-*.
"""

# ruff: noqa: F811 (the fixtures imported from evenings.py are named again as parameters)

from __future__ import annotations

import re

from .evenings import (  # noqa: F401 (look, trio: the evening's fixtures)
    BrowserContext,
    Look,
    Shoot,
    Trio,
    _clear_notice,
    _contest_named,
    _fits,
    _hidden_then_revealed,
    _last_kind,
    _live,
    _made,
    _npc_by_api,
    _odds_change,
    _opened,
    _opened_by_form,
    _seen_live,
    _sheet_actions,
    _sits,
    _tap,
    _typed_roll,
    _undo,
    expect,
    look,
    roll_on,
    show,
    trio,
)

ANA = "Strength=2 Brawl=2 (Boxing) Intelligence=3 Academics=2 Resolve=2 Composure=2"
"""Pat's character: Willpower 4 (Resolve + Composure), a specialty on Brawl."""
BRAM = "Strength=3 Brawl=2 Resolve=1 Composure=2"
"""Lee's character."""
WARDEN = "Strength=3 Brawl=1"
"""The storyteller's own character."""


def test_an_evening_of_chronicles(
    server: str, trio: list[BrowserContext], shoot: Shoot, look: Look
) -> None:
    told = trio[0].new_page()
    campaign, token, invite = _opened_by_form(server, told, "chronicles", shoot)
    _made(told, "Ana", ANA)
    _made(told, "Bram", BRAM)
    phone, tablet = trio[1].new_page(), trio[2].new_page()
    _sits(phone, invite, "Pat", "Ana")
    _sits(tablet, invite, "Lee", "Bram")
    night = Trio(server, "chronicles", campaign, told, token, phone, tablet)
    _npc_by_api(night, "Warden", WARDEN)
    expect(phone.locator(".trait-buttons .chip[data-trait=Brawl]")).to_have_text("Brawl 2 (Boxing)")
    _seen_live(tablet, phone, "Strength + Brawl")

    # Willpower from Spend and choose: three dice more, said in the odds; a point spent
    show(phone, "roll")
    phone.fill("#line", "Strength + Brawl")
    choices = _opened(phone.locator("#roll-choices"))
    choices.locator("input[name=willpower]").check()
    change = _odds_change(phone, "willpower", "Willpower", 1 - 0.7**4, 1 - 0.7**7)
    expect(change).to_have_class("chip chosen")
    expect(phone.locator("#odds .notation")).to_have_text("chronicles 2+2 wp")
    _fits(phone)
    look(phone, "evening-chronicles-willpower-phone")
    spent = _seen_live(phone, tablet, "Strength + Brawl")  # the box still ticked
    expect(tablet.locator(f"#ev-{spent} .numbers")).to_have_text("chronicles 2+2 wp")
    expect(tablet.locator(f"#ev-{spent}")).to_contain_text("Willpower point spent by Ana")
    willpower = phone.locator("article.sheet.own p.track[data-track=Willpower]")
    show(phone, "sheet")
    expect(willpower).to_contain_text("3/4")
    told_ana = told.locator(".sheet[data-character=Ana]")
    expect(told_ana.locator("p.track[data-track=Willpower]")).to_contain_text("3/4")

    # an extended action: the storyteller starts it, the roll box keeps it across two rolls,
    # and every page's tracker counts successes and rolls in words
    show(told, "table")
    start = told.locator("#story form[data-action=extended-start]")
    start.get_by_label("Name").fill("Research")
    start.get_by_label("Successes needed").fill("20")
    start.get_by_label("Rolls allowed (empty: no limit)").fill("3")
    start.get_by_label("Who acts").select_option("Ana")
    _clear_notice(told)
    start.locator("button").click()
    expect(told.locator("#notice")).to_contain_text("Research")
    for page in night.pages:
        tracker = page.locator(".tracker[data-tracker=Research]")
        expect(tracker).to_contain_text("extended action · in progress")
        expect(tracker).to_contain_text("0 of 20 successes · 0 rolls used, 3 left")
    show(phone, "roll")
    extended = _opened(phone.locator("#roll-choices")).locator("[name=extended]")
    extended.fill("Research")
    roll_on(phone, "Intelligence + Academics")
    expect(extended).to_have_value("Research")  # kept for the next roll
    phone.click("#repeat-roll")  # Roll it again: toward the same action
    for page in (phone, tablet):
        show(page, "table")
        expect(page.locator(".tracker[data-tracker=Research]")).to_contain_text(
            re.compile(r"\d+ of 20 successes · 2 rolls used, 1 left")
        )
    look(tablet, "evening-chronicles-tracker-tablet")
    show(phone, "roll")
    expect(extended).to_have_value("Research")  # not finished: still kept

    # one tap a change on the desktop: wounds of each kind and a healing, the panel open
    panel = _sheet_actions(told, "Ana")
    _tap(panel, "damage", "lethal", "Ana's Health takes 1 lethal")
    _tap(panel, "damage", "aggravated", "Ana's Health takes 1 aggravated")
    _tap(panel, "damage", "bashing", "Ana's Health takes 1 bashing")
    _tap(panel, "heal", "least severe", "Ana's Health heals 1")
    own = phone.locator("article.sheet.own")
    for kind, count in (("aggravated", 1), ("lethal", 1), ("bashing", 0)):
        expect(told_ana.locator(f".box.wound-{kind}")).to_have_count(count)
        expect(own.locator(f".box.wound-{kind}")).to_have_count(count)
    look(told, "evening-chronicles-fight-desktop")
    # and on the phone, Willpower spent and regained, the panel open
    mine = _sheet_actions(phone, "Ana")
    _tap(mine, "spend", "Spend", "Ana spends 1 Willpower")
    expect(willpower).to_contain_text("2/4")
    _tap(mine, "regain", "Regain", "Ana gains 1 Willpower")
    expect(willpower).to_contain_text("3/4")
    _fits(phone)
    look(phone, "evening-chronicles-actions-phone")

    # the house rule `wp off`: Willpower refused, then no longer offered; undone, taken again
    show(told, "table")
    settings = _opened(told.locator("#story details.table-settings"))
    rules = settings.locator("form[data-action=house-rules]")
    rules.get_by_label("Options (empty: none)").fill("wp off")
    _clear_notice(told)
    rules.get_by_role("button", name="House rules").click()
    expect(told.locator("#notice .ok")).to_be_visible()
    show(phone, "roll")
    phone.fill("#line", "Strength + Brawl wp")
    _clear_notice(phone)
    phone.click("#roll-button")
    expect(phone.locator("#notice .error")).to_contain_text("house rules turn Willpower off")
    phone.reload()
    _live(phone)
    expect(phone.locator("#roll-choices input[name=willpower]")).to_have_count(0)
    _undo(night, _last_kind(night, "house-rules-set"))
    show(phone, "roll")
    phone.fill("#line", "Strength + Brawl wp")  # the odds take Willpower again
    expect(phone.locator("#odds .notation")).to_have_text("chronicles 2+2 wp")
    phone.fill("#line", "")

    # a contest named by its characters: four dice a side, one success each, a tie
    contest = _typed_roll(
        told, "Ana: Strength + Brawl vs Warden: Strength + Brawl", "8 2 3 4 9 2 3 4"
    )
    _contest_named(night, contest, ("Ana", "Warden"), "a tie")
    show(phone, "log")
    look(phone, "evening-chronicles-contest-phone")

    _hidden_then_revealed(night, "chronicles 3 # the warden listens", look)
    show(tablet, "sheet")
    shoot(tablet, "evening-chronicles-sheet-tablet")
    shoot(told, "evening-chronicles-table-desktop")
