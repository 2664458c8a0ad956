"""An evening of sundown at the table (issue 29's "Done when"): see evenings.py, whose helpers
it walks; a file of its own so that the test command runs the three evenings side by side."""

# ruff: noqa: F811 (the fixtures imported from evenings.py are named again as parameters)

from __future__ import annotations

from .evenings import (  # noqa: F401 (contexts, look: the evening's fixtures)
    NOTICE_GONE_MS,
    SUNDOWN,
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


def test_an_evening_of_sundown(
    server: str, contexts: list[BrowserContext], shoot: Shoot, look: Look
) -> None:
    night = _evening(server, SUNDOWN, contexts, shoot, look)
    told, (ana, _) = night.told, night.phones
    _rolls_seen(night, shoot)

    # Edge ticked, a trait misspelt: refused in words, nothing lost; mended, the odds say what
    # Edge changes (five dice, or five and the two of Edge), and it is spent
    _refused_roll(ana, night, ("edge", True))
    look(ana, "evening-sundown-refused-phone")
    ana.fill("#line", SUNDOWN.line)
    change = _odds_change(ana, "edge", "Edge", 1 - (2 / 3) ** 5, 1 - (2 / 3) ** 7)
    expect(change).to_have_class("chip chosen")
    _odds_change(ana, "resist", "Resist", 1 - (2 / 3) ** 7, 1 - (2 / 3) ** 9)
    shoot(ana, "evening-sundown-odds-phone")
    roll_on(ana)
    own = ana.locator("article.sheet.own")
    show(ana, "sheet")
    expect(own.locator("p.resource", has_text="Edge")).to_contain_text("1/2")

    # the storyteller gives Ana Power Points from her sheet: the answer below the form
    power = _sheet_actions(told, "Ana").locator("form[data-action=power]")
    power.get_by_label("Spend or regain").select_option("regain")
    power.get_by_label("Power Points").fill("2")
    notice = _told_changes(night, power, "Power", "Ana", "evening-sundown-power-desktop", look)
    expect(told.locator(".sheet[data-character=Ana] details.sheet-actions")).to_have_js_property(
        "open", True
    )
    reserve = own.locator("p.resource", has_text="Power")
    expect(reserve).to_contain_text("2/10")

    # Ana's actions explained; no boost to end, so "End a boost" is not offered
    actions = _sheet_actions(ana, "Ana")
    _labelled(actions.locator("form.act-form"))
    expect(actions.locator("form[data-action=boost-end]")).to_have_count(0)
    shoot(ana, "evening-sundown-actions-phone")
    expect(notice).to_be_empty(timeout=NOTICE_GONE_MS)

    _undo_and_restore(night, _last_of(night, "power-regained"), reserve, "2/10")

    # every example the table shows is a sundown trait: none says Dexterity (defect 9)
    for page in (told, ana):
        named = page.evaluate(
            "() => [...document.querySelectorAll('[placeholder]')].map(f => f.placeholder)"
        )
        assert named and not [p for p in named if "Dexterity" in p], named
        assert "Dexterity" not in page.content()
    _end_of_evening(night, shoot, look)
