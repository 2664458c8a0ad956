"""The sheets' actions in a real browser: the storyteller's Actions panel of a sheet stays open
while the live feed draws the sheets again after each action (three sheets and more, where the
panels start closed), and the player's own actions read with their words from the rules.

The module's table is the hubris table of the ``table`` fixture (Ana, the player's; Warden,
the storyteller's); a third character is made here.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Shoot, Table
from .driving import api


def _sheet_panel(page: Page) -> None:
    """Show the sheets where a narrow page shows one part of the table at a time."""
    tab = page.locator("#tabs a[data-tab=sheet]")
    if tab.count() and tab.is_visible():
        tab.click()


def test_the_storytellers_actions_panel_stays_open_after_an_action_with_three_sheets(
    table: Table, shoot: Shoot
) -> None:
    told = table.storyteller
    third = {"name": "Rook", "traits": "Strength=2 Stamina=2 Willpower=2"}
    made = api(table.base, "POST", f"/api/campaigns/{table.campaign}/characters",
               table.storyteller_token, third)  # fmt: skip
    assert made.status == 201, made.body
    expect(told.locator("#sheets article.sheet")).to_have_count(3)  # drawn again, live
    told.reload()  # a page opened with three sheets: each one's Actions panel starts closed
    expect(told.locator("#live-state")).to_have_text("live")
    warden = told.locator(".sheet[data-character=Warden]")
    panel = warden.locator("details.sheet-actions")
    others = told.locator(".sheet[data-character=Rook] details.sheet-actions")
    expect(panel).to_have_js_property("open", False)
    panel.locator(":scope > summary").click()
    expect(panel).to_have_js_property("open", True)

    for hurt in (1, 2):  # each action sends #sheets again: the panel stays as it was left
        damage = panel.locator("form[data-action=damage]")
        damage.locator("input[name=points]").fill("1")
        damage.locator("button[value=bashing]").click()  # the kind of wound: one tap
        expect(warden.locator(".box.wound-bashing")).to_have_count(hurt)
        expect(panel).to_have_js_property("open", True)
        expect(others).to_have_js_property("open", False)  # and a closed one stays closed
    expect(panel.locator("form[data-action=damage] .explain")).to_contain_text("Wounds fill")
    shoot(told, "actions-open-after-an-action-desktop")


def test_the_players_own_actions_have_words_and_labels(table: Table, shoot: Shoot) -> None:
    player = table.player
    _sheet_panel(player)
    own = player.locator("article.sheet.own")
    actions = own.locator("details.sheet-actions")
    expect(actions).to_have_js_property("open", True)
    rest = actions.locator("form[data-action=rest]")
    expect(rest.locator(".explain")).to_contain_text("A full night: 8 hours pass")
    sin = actions.locator("form[data-action=sin]")
    expect(sin.get_by_label("Its rating (1 worst, 5 least)")).to_be_visible()
    expect(sin.get_by_label("What was done")).to_have_attribute("placeholder", "struck the guard")
    # Ana has every Willpower point and no crisis: nothing that needs either is offered
    for absent in ("degenerate", "atone", "virtue", "vice", "stabilize", "heal"):
        expect(actions.locator(f"form[data-action={absent}]")).to_have_count(0)
    expect(player.locator("#line")).to_have_attribute(
        "placeholder", "Dexterity + Stealth # sneaking"
    )
    shoot(player, "actions-own-sheet-phone")
