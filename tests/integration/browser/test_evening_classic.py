"""An evening of classic at the table (issue 30's "Done when"): the storyteller on a desktop,
Pat on a phone, Lee on a tablet, through the issue's items that a classic table has.

The storyteller opens the table from the front page, makes the players' characters (a slip in
the traits refused, what was typed kept; Mara with the text's own spelling `Fortitute` and a
specialty) and one of their own (through the API); the players join by the invitation and sit
with theirs. Then: the specialty on the sheet and the trait buttons; Mara's `wp` spends her
Willpower point (logged, seen on every page) and is refused at none; one-tap damage, healing and
Willpower on the sheets (the panel staying open, on the desktop and the phone); the players see
each other's rolls live; a contest named by its characters with its winner; a hidden roll a
placeholder until revealed; an undo giving the point back; no example names a trait classic
lacks. Screenshots: evening-classic-*.
"""

# ruff: noqa: F811 (the fixtures imported from evenings.py are named again as parameters)

from __future__ import annotations

from .evenings import (  # noqa: F401 (look, trio: the evening's fixtures)
    BrowserContext,
    Look,
    Shoot,
    Trio,
    _contest_named,
    _fits,
    _hidden_then_revealed,
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
    roll_on,
    show,
    trio,
)

MARA = "Precision=3 Firearms=4 (Pistols) Fortitute=2 Willpower=1"
"""Pat's character: the text's own spelling of Fortitude, and a specialty on Firearms 4."""
BO = "Strength=3 Brawl=2 Fortitude=2 Willpower=2"
"""Lee's character."""
GUARD = "Reflexes=2 Dodge=3"
"""The storyteller's own character."""


def test_an_evening_of_classic(
    server: str, trio: list[BrowserContext], shoot: Shoot, look: Look
) -> None:
    told = trio[0].new_page()
    campaign, token, invite = _opened_by_form(server, told, "classic", shoot)
    # a slip refused in words, what was typed kept; the text's own spelling taken
    show(told, "sheet")
    _opened(told.locator("#new-character"))
    form = told.locator("#new-character form")
    form.get_by_label("Name").fill("Mara")
    form.get_by_label("Traits").fill(MARA.replace("Fortitute", "Fortitde"))
    with told.expect_navigation():
        form.get_by_role("button", name="Create").click()
    expect(told.locator("#create-error")).to_contain_text("did you mean `Fortitude`?")
    expect(form.get_by_label("Traits")).to_have_value(MARA.replace("Fortitute", "Fortitde"))
    expect(form.get_by_label("Name")).to_have_value("Mara")
    mara = _made(told, "Mara", MARA)
    _made(told, "Bo", BO)
    # the text's spelling read as the trait: the sheet says Fortitude, Health follows it
    traits = _opened(mara.locator("details.traits"))
    expect(traits.locator(".chip", has_text="Fortitude")).to_have_text("Fortitude 2")
    expect(traits.locator(".chip", has_text="Firearms")).to_have_text("Firearms 4 (Pistols)")
    phone, tablet = trio[1].new_page(), trio[2].new_page()
    _sits(phone, invite, "Pat", "Mara")
    _sits(tablet, invite, "Lee", "Bo")
    night = Trio(server, "classic", campaign, told, token, phone, tablet)
    _npc_by_api(night, "Guard", GUARD)

    # the specialty on the trait buttons, and rolled with it
    expect(phone.locator(".trait-buttons .chip[data-trait=Firearms]")).to_have_text(
        "Firearms 4 (Pistols)"
    )
    _fits(phone)
    look(phone, "evening-classic-rollbox-phone")

    # Willpower by the table's rules: `wp` spends Mara's one point, on every page
    own = phone.locator("article.sheet.own")
    willpower = own.locator("p.track[data-track=Willpower]")
    show(phone, "sheet")
    expect(willpower).to_contain_text("1/1")
    spent = _seen_live(phone, tablet, "Precision + Firearms spec wp # the shot")
    for page in night.pages:
        entry = page.locator(f"#ev-{spent}")
        expect(entry.locator(".numbers")).to_have_text("classic 3+4 spec wp")
        expect(entry).to_contain_text("Willpower point spent by Mara")
    show(phone, "sheet")
    expect(willpower).to_contain_text("0/1")
    expect(
        told.locator(".sheet[data-character=Mara] p.track[data-track=Willpower]")
    ).to_contain_text("0/1")
    # none left: refused in one line, the line kept, nothing logged
    show(phone, "roll")
    phone.fill("#line", "Precision + Firearms wp")
    phone.locator("#notice").evaluate("notice => notice.replaceChildren()")
    phone.click("#roll-button")
    expect(phone.locator("#notice .error")).to_contain_text(
        "Mara has no Willpower point left (0 of 1)"
    )
    expect(phone.locator("#line")).to_have_value("Precision + Firearms wp")
    look(phone, "evening-classic-wp-refused-phone")
    phone.fill("#line", "")

    # the other way: Lee's roll seen on Pat's phone
    _seen_live(tablet, phone, "Strength + Brawl")

    # one tap a change on the storyteller's desktop: Mara's Actions (three sheets: closed
    # until opened) stay open through wounds of each kind and a healing; Pat's phone follows
    panel = _sheet_actions(told, "Mara")
    _tap(panel, "damage", "lethal", "Mara's Health takes 1 lethal")
    _tap(panel, "damage", "bashing", "Mara's Health takes 1 bashing")
    _tap(panel, "damage", "aggravated", "Mara's Health takes 1 aggravated")
    told_mara = told.locator(".sheet[data-character=Mara]")
    for kind in ("lethal", "bashing", "aggravated"):
        expect(told_mara.locator(f".box.wound-{kind}")).to_have_count(1)
        expect(own.locator(f".box.wound-{kind}")).to_have_count(1)
    _tap(panel, "heal", "least severe", "Mara's Health heals 1")
    expect(own.locator(".box.wound-bashing")).to_have_count(0)
    expect(own.locator(".box[class*=wound-]")).to_have_count(2)
    seen = tablet.locator(".sheet[data-character=Mara]")  # and Lee's tablet, the same
    expect(seen.locator(".box[class*=wound-]")).to_have_count(2)
    health = own.locator("p.track[data-track=Health]")  # read as words, not glyphs
    expect(health).to_contain_text("Health 7: 1 aggravated, 1 lethal, 5 unhurt")
    look(told, "evening-classic-fight-desktop")

    # Pat regains and spends on the phone: one tap each, the panel open throughout
    mine = _sheet_actions(phone, "Mara")
    _tap(mine, "regain", "Regain", "Mara gains 1 Willpower")
    expect(willpower).to_contain_text("1/1")
    _tap(mine, "spend", "Spend", "Mara spends 1 Willpower")
    expect(willpower).to_contain_text("0/1")
    _tap(mine, "regain", "Regain", "Mara gains 1 Willpower")
    expect(willpower).to_contain_text("1/1")
    for button in mine.locator("form[data-track] button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, box
    _fits(phone)
    look(phone, "evening-classic-actions-phone")

    # a contest named by its characters, the winner said (faces typed by the storyteller)
    contest = _typed_roll(
        told, "Mara: Precision + Firearms vs Guard: Reflexes + Dodge", "8 9 7 2 3 4 5 6 2 3 4 5"
    )
    _contest_named(night, contest, ("Mara", "Guard"), "Mara wins by 2")
    show(tablet, "log")
    look(tablet, "evening-classic-contest-tablet")

    _hidden_then_revealed(night, "Reflexes + Dodge # the guard listens", look, "Guard")

    # an undo of a roll that spent the point gives it back, on the phone's sheet
    again = roll_on(phone, "Precision + Firearms wp")
    show(phone, "sheet")
    expect(willpower).to_contain_text("0/1")
    _undo(night, again)
    expect(willpower).to_contain_text("1/1")

    _own_examples(night)
    shoot(told, "evening-classic-table-desktop")
    show(tablet, "sheet")
    shoot(tablet, "evening-classic-sheet-tablet")
