"""An evening of hubris at the table (issue 29's "Done when"): see evenings.py, whose helpers
it walks; a file of its own so that the test command runs the three evenings side by side."""

# ruff: noqa: F811 (the fixtures imported from evenings.py are named again as parameters)

from __future__ import annotations

from .evenings import (  # noqa: F401 (contexts, look: the evening's fixtures)
    HUBRIS,
    NOTICE_GONE_MS,
    BrowserContext,
    Look,
    Shoot,
    _end_of_evening,
    _evening,
    _labelled,
    _last_of,
    _odds_change,
    _refused_roll,
    _rolls_seen,
    _sheet_actions,
    _told_changes,
    _undo_and_restore,
    contexts,
    expect,
    look,
    roll_on,
    show,
)


def test_an_evening_of_hubris(
    server: str, contexts: list[BrowserContext], shoot: Shoot, look: Look
) -> None:
    night = _evening(server, HUBRIS, contexts, shoot, look)
    told, (ana, _) = night.told, night.phones
    _rolls_seen(night, shoot)

    # Willpower ticked, a trait misspelt: refused in words, nothing lost; mended, the odds say
    # what the point changes (five dice, or eight and the rote reroll), and it is spent
    _refused_roll(ana, night, ("willpower", True))
    look(ana, "evening-hubris-refused-phone")
    ana.fill("#line", HUBRIS.line)
    expect(ana.locator("#notice")).to_be_empty()  # the refusal read: gone once mended
    change = _odds_change(ana, "willpower", "Willpower", 1 - 0.7**5, 1 - 0.7**16)
    expect(change).to_have_class("chip chosen")
    expect(ana.locator("#odds .notation")).to_have_text("hubris 3+2 wp")
    shoot(ana, "evening-hubris-odds-phone")
    roll_on(ana)
    own = ana.locator("article.sheet.own")
    show(ana, "sheet")
    expect(own.locator("p.resource", has_text="Willpower")).to_contain_text("3/4")

    # the storyteller hurts Ana from her sheet (three sheets: its panel starts closed, and stays
    # open after the action); the phone's track fills
    damage = _sheet_actions(told, "Ana").locator("form[data-action=damage]")
    damage.get_by_label("Points of damage").fill("2")
    notice = _told_changes(  # a kind of wound is one tap
        night, damage, "lethal", "Ana takes 2 lethal", "evening-hubris-damage-desktop", look
    )
    expect(told.locator(".sheet[data-character=Ana] details.sheet-actions")).to_have_js_property(
        "open", True
    )
    expect(own.locator(".box.wound-lethal")).to_have_count(2)

    # Ana's own actions: each with its words and labels; none that needs a failed crisis roll
    # (Degenerate, Atone) or a wound to stabilize is offered
    actions = _sheet_actions(ana, "Ana")
    _labelled(actions.locator("form.act-form"))
    expect(actions.get_by_label("Its rating (1 worst, 5 least)")).to_be_visible()
    for absent in ("degenerate", "atone", "stabilize"):
        expect(actions.locator(f"form[data-action={absent}]")).to_have_count(0)
    shoot(ana, "evening-hubris-actions-phone")
    expect(notice).to_be_empty(timeout=NOTICE_GONE_MS)  # the answer went by itself

    _undo_and_restore(night, _last_of(night, "damaged"), own.locator(".box.wound-lethal"), 2)
    shoot(told, "evening-hubris-restored-desktop")
    _end_of_evening(night, shoot, look)
