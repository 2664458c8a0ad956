"""An evening of custom dice at the table (issue 30's "Done when"): the storyteller on a
desktop, Pat on a phone, Lee on a tablet, through the issue's items that a custom table has.

The storyteller opens the table from the front page and makes the players' characters and one of
their own (through the API); the players join by the invitation and sit with theirs. Then: the
examples name the system's own traits (Strength + Brawl, never Dexterity); the tracks the table
defines (Health boxes, Willpower points) tapped one change at a time (the panel staying open, on
the desktop and the phone); a trait pool echoed as `custom (3+2)d10 t8` and `custom 3d6` taken,
each seen live by the other player; a contest named by its characters with its winner; a hidden
roll a placeholder until revealed; an undo of a point regained. Screenshots: evening-custom-*.
"""

# ruff: noqa: F811 (the fixtures imported from evenings.py are named again as parameters)

from __future__ import annotations

from .evenings import (  # noqa: F401 (look, trio: the evening's fixtures)
    BrowserContext,
    Locator,
    Look,
    Shoot,
    Trio,
    _clear_notice,
    _contest_named,
    _fits,
    _hidden_then_revealed,
    _last_kind,
    _made,
    _npc_by_api,
    _opened,
    _opened_by_form,
    _own_examples,
    _seen_live,
    _sheet_actions,
    _sits,
    _tap,
    _typed_roll,
    _undo,
    expect,
    look,
    show,
    trio,
)


def _new_track(sheet: Locator, name: str, kind: str, size: int) -> None:
    """The storyteller gives a character a track of the table's own from its sheet."""
    page = sheet.page
    form = _opened(sheet.locator("details.sheet-edit")).locator("form[data-action=track-define]")
    form.get_by_label("Track").fill(name)
    form.get_by_label("Kind").select_option(kind)
    form.get_by_label("Maximum (points or boxes)").fill(str(size))
    _clear_notice(page)
    form.get_by_role("button", name="New track").click()
    expect(sheet.locator(f"p.track[data-track={name}]")).to_be_visible()


def test_an_evening_of_custom_dice(
    server: str, trio: list[BrowserContext], shoot: Shoot, look: Look
) -> None:
    told = trio[0].new_page()
    campaign, token, invite = _opened_by_form(server, told, "custom", shoot)
    ana = _made(told, "Ana", "Strength=3 Brawl=2")
    _made(told, "Bo", "Strength=2 Brawl=3")
    phone, tablet = trio[1].new_page(), trio[2].new_page()
    _sits(phone, invite, "Pat", "Ana")
    _sits(tablet, invite, "Lee", "Bo")
    night = Trio(server, "custom", campaign, told, token, phone, tablet)
    _npc_by_api(night, "Brute", "Strength=4 Brawl=1")
    _own_examples(night)
    expect(phone.locator("#line")).to_have_attribute("placeholder", "Strength + Brawl # the brawl")

    # a trait pool echoed as the sum it is, before the roll and in every log
    show(phone, "roll")
    phone.fill("#line", "Strength + Brawl")
    expect(phone.locator("#odds .notation")).to_have_text("custom (3+2)d10 t8")
    look(phone, "evening-custom-odds-phone")
    pool = _seen_live(phone, tablet, "Strength + Brawl")
    for page in night.pages:
        expect(page.locator(f"#ev-{pool} .numbers")).to_have_text("custom (3+2)d10 t8")
    # a d6 pool is taken, its target the die's own (5): seen live on the phone
    sixes = _seen_live(tablet, phone, "custom 3d6")
    expect(phone.locator(f"#ev-{sixes} .die")).to_have_count(3)
    expect(phone.locator(f"#ev-{sixes} .numbers")).to_contain_text("t5")

    # the table's own tracks on Ana's sheet, then one tap a change on the desktop
    _new_track(ana, "Health", "damage", 5)
    _new_track(ana, "Willpower", "points", 3)
    panel = _sheet_actions(told, "Ana")
    _tap(panel, "damage", "lethal", "Ana's Health takes 1 lethal")
    _tap(panel, "damage", "bashing", "Ana's Health takes 1 bashing")
    _tap(panel, "heal", "bashing", "Ana's Health heals 1")
    own = phone.locator("article.sheet.own")
    for sheet in (ana, own):
        expect(sheet.locator(".box.wound-lethal")).to_have_count(1)
        expect(sheet.locator(".box.wound-bashing")).to_have_count(0)
    look(told, "evening-custom-fight-desktop")
    # and on the phone: Willpower spent twice and regained, the panel open throughout
    willpower = own.locator("p.track[data-track=Willpower]")
    mine = _sheet_actions(phone, "Ana")
    _tap(mine, "spend", "Spend", "Ana spends 1 Willpower")
    _tap(mine, "spend", "Spend", "Ana spends 1 Willpower")
    expect(willpower).to_contain_text("1/3")
    _tap(mine, "regain", "Regain", "Ana gains 1 Willpower")
    expect(willpower).to_contain_text("2/3")
    expect(ana.locator("p.track[data-track=Willpower]")).to_contain_text("2/3")
    _fits(phone)
    look(phone, "evening-custom-actions-phone")

    # a contest named by its characters: five dice a side, Bo one success ahead
    contest = _typed_roll(
        told, "Ana: Strength + Brawl vs Bo: Strength + Brawl", "8 2 3 4 5 8 9 3 4 5"
    )
    _contest_named(night, contest, ("Ana", "Bo"), "Bo wins by 1")
    show(tablet, "log")
    look(tablet, "evening-custom-contest-tablet")

    _hidden_then_revealed(night, "custom 4d10 # the brute listens", look)

    # the point regained undone: spent again on every sheet
    _undo(night, _last_kind(night, "track-changed"))
    for sheet in (ana, own):
        expect(sheet.locator("p.track[data-track=Willpower]")).to_contain_text("1/3")
    show(tablet, "sheet")
    shoot(tablet, "evening-custom-sheet-tablet")
    shoot(told, "evening-custom-table-desktop")
