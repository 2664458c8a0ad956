"""A new character refused on a phone (Debian's Chromium): the page comes back on the part
that holds the form, with what was typed, the suggestion beside it and the field to fix
focused; the suggestion typed, the character is made with its specialty on its sheet."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from .conftest import PHONE, Shoot, _record_frames, new_context
from .test_phone_width import opened

SHEETS_SENT = 'id="sheets"'
"""The live feed's first frame sends the sheets again: the refused form must outlive it."""


def test_a_slip_in_a_new_characters_traits_comes_back_on_the_sheets_tab(
    browser: Browser, server: str, shoot: Shoot
) -> None:
    _, table = opened(server, "classic", "Refused Night")
    token, campaign = table["storyteller"]["token"], table["id"]
    context = new_context(browser, PHONE)
    page = context.new_page()
    frames: list[str] = []
    _record_frames(page, frames)
    page.goto(f"{server}/t/{token}")
    page.locator("#tabs a[data-tab=sheet]").click()
    form = page.locator("#sheets details.card", has_text="New character")
    form.locator("summary").click()
    form.get_by_label("Name").fill("Mara")
    form.get_by_label("Traits").fill("Fortitde=3 Firearms=4 (Pistols)")
    frames.clear()
    form.get_by_role("button", name="Create").click()
    page.wait_for_load_state()
    expect(page.locator("#live-state")).to_have_text("live")
    for _ in range(200):  # a bound on a hang: the page's first frame comes at once
        if any(SHEETS_SENT in f for f in frames):
            break
        page.wait_for_timeout(50)
    assert any(SHEETS_SENT in f for f in frames), "the live feed sent the sheets again"
    expect(page.locator("#panel-sheet")).to_be_visible()  # not the roll box's part
    error = page.locator("#create-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("did you mean `Fortitude`? Write `Fortitude=3`.")
    traits = form.get_by_label("Traits")
    expect(traits).to_have_value("Fortitde=3 Firearms=4 (Pistols)")
    expect(traits).to_be_focused()
    expect(form.get_by_label("Name")).to_have_value("Mara")
    shoot(page, "phone-create-refused")
    traits.fill("Fortitute=3 Firearms=4 (Pistols)")  # the text's own spelling: taken
    form.get_by_role("button", name="Create").click()
    page.wait_for_url(f"{server}/c/{campaign}*")
    sheet = page.locator('article.sheet[data-character="Mara"]')
    sheet.locator("details.traits summary").click()
    expect(sheet.locator(".trait-list")).to_contain_text("Firearms 4 (Pistols)")
    expect(sheet.locator(".trait-list")).to_contain_text("Fortitude 3")
    shoot(page, "phone-created-with-specialty")
    context.close()
