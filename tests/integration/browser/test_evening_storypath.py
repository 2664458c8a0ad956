"""An evening of storypath at the table (issue 29's "Done when"): see evenings.py, whose helpers
it walks; a file of its own so that the test command runs the three evenings side by side."""

# ruff: noqa: F811 (the fixtures imported from evenings.py are named again as parameters)

from __future__ import annotations

from .evenings import (  # noqa: F401 (contexts, look: the evening's fixtures)
    NOTICE_GONE_MS,
    STORYPATH,
    BrowserContext,
    Look,
    Shoot,
    _clear_notice,
    _end_of_evening,
    _evening,
    _labelled,
    _last_of,
    _live,
    _odds_change,
    _opened,
    _refused_roll,
    _rolls_seen,
    _told_changes,
    _undo_and_restore,
    contexts,
    expect,
    look,
    roll_on,
    show,
)


def test_an_evening_of_storypath(
    server: str, contexts: list[BrowserContext], shoot: Shoot, look: Look
) -> None:
    night = _evening(server, STORYPATH, contexts, shoot, look)
    told, (ana, _) = night.told, night.phones

    # the Momentum pool follows the two seated players: twice two (defect 3)
    momentum = told.locator("#story p.momentum")
    expect(momentum).to_contain_text("0 / 4")
    expect(momentum).to_contain_text("players: 2 (the seated players)")
    # a Complex Action's form says who acts and who opposes (defect 9)
    complex_start = told.locator("#story form[data-action=complex-start]")
    expect(complex_start.get_by_label("Who acts")).to_be_visible()
    expect(complex_start.get_by_label("Who opposes (an opposed action; else none)")).to_be_visible()
    _labelled(told.locator("#story form.act-form"))

    # dice typed by hand, let by the storyteller: a failure, its Consolation Momentum kept in
    # the pool (nothing lost), at the storyteller's and the player's
    show(told, "table")
    settings = _opened(told.locator("#story details.table-settings"))
    typed = settings.locator("form[data-action=typed-dice]")
    typed.get_by_label("Who may type them").select_option("everyone")
    _clear_notice(told)
    typed.locator("button").click()
    expect(told.locator("#notice .ok")).to_be_visible()
    ana.reload()  # the roll box offers "dice rolled by hand" now
    _live(ana)
    show(ana, "roll")
    ana.fill("#line", STORYPATH.line)
    choices = _opened(ana.locator("#roll-choices"))
    choices.locator("#faces").fill("2 3 4 5 6")
    failed = roll_on(ana)
    expect(momentum).to_contain_text("1 / 4")
    entry = told.locator(f"#ev-{failed}")
    expect(entry.locator(".outcome")).to_have_text("failure")
    expect(entry).not_to_contain_text("lost")
    show(ana, "table")
    expect(ana.locator("#story p.momentum")).to_contain_text("1 / 4")
    shoot(told, "evening-storypath-momentum-desktop")

    # a Momentum point for the roll: the odds say what it changes (five dice, or six), and the
    # roll spends it from the pool (a success, typed: no Consolation comes back)
    show(ana, "roll")
    ana.fill("#line", STORYPATH.line)
    choices.locator("input[name=momentum]").fill("1")
    choices.locator("input[name=momentum]").dispatch_event("change")
    change = _odds_change(ana, "momentum", "Momentum 1", 1 - 0.7**5, 1 - 0.7**6)
    expect(change).to_have_class("chip chosen")
    shoot(ana, "evening-storypath-odds-phone")
    choices.locator("#faces").fill("8 8 2 2 2 2")
    roll_on(ana)
    expect(momentum).to_contain_text("0 / 4")

    # the table's dice again: rolls seen, and a refused one (a Drawback named) keeps it all
    _rolls_seen(night, shoot)
    _refused_roll(ana, night, ("drawback", "a twisted ankle"))
    look(ana, "evening-storypath-refused-phone")
    ana.fill("#roll-choices input[name=drawback]", "")

    # the storyteller raises a skill on Ana's sheet: the answer below the form, over nothing
    show(told, "sheet")
    sheet = told.locator(".sheet[data-character=Ana]")
    edit = _opened(sheet.locator("details.sheet-edit")).locator("form[data-action=sheet]")
    edit.locator("input[name=changes]").fill("Athletics+=1")
    notice = _told_changes(
        night, edit, "Save the sheet", "Athletics", "evening-storypath-sheet-desktop", look
    )
    own = ana.locator("article.sheet.own")
    show(ana, "sheet")
    chip = own.locator(".trait-list .chip", has_text="Athletics")
    expect(chip).to_have_text("Athletics 3")

    # Ana's Legend is full: no "Regain Legend" is offered; what is offered is explained
    expect(own.locator("p.resource", has_text="Legend")).to_contain_text("2/2")
    expect(own.locator("form[data-action=legend]")).to_have_count(0)
    _labelled(own.locator("form.act-form"))
    shoot(ana, "evening-storypath-sheet-phone")
    expect(notice).to_be_empty(timeout=NOTICE_GONE_MS)

    _undo_and_restore(night, _last_of(night, "character-changed"), chip, "Athletics 3")
    _end_of_evening(night, shoot, look)
