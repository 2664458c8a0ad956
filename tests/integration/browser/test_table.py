"""Issue 9's table in a real browser: a storyteller on a desktop and a player on a phone, each in
a browser profile of their own, at one table served by a `dicepool serve` process.

The tests share the table (opened once for the module); each one rolls or acts with text of its
own, so none depends on another having run.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Frame, Page, expect

from .conftest import DESKTOP, PHONE, Shoot, Table, new_context
from .driving import api, event_of, roll_on, show


def unique(words: str) -> str:
    """Text no other test writes, to find a roll by."""
    return f"{words} {secrets.token_hex(4)}"


def test_the_player_sees_a_public_roll_appear_without_reloading(table: Table) -> None:
    player = table.player
    player.evaluate("() => { window.dicepoolMarker = 'not reloaded'; }")
    navigations: list[Frame] = []
    player.on("framenavigated", lambda frame: navigations.append(frame))
    comment = unique("the door gives way")
    counted = re.search(r"(\d+) rolls? so far", player.locator("#seal").inner_text())
    assert counted is not None
    before = int(counted[1])

    event = roll_on(table.storyteller, f"hubris 4 # {comment}")

    entry = player.locator(f"#ev-{event}")
    expect(entry).to_contain_text(comment)
    expect(entry.locator(".who")).to_have_text("Morgan")
    assert entry.locator("span.die").count() >= 4  # hubris 4: four dice at least, drawn
    expect(player.locator("#seal")).to_contain_text(f"{before + 1} roll")  # the seal's count
    assert player.evaluate("() => window.dicepoolMarker") == "not reloaded"
    assert navigations == []


def test_a_hidden_roll_reaches_the_player_only_once_revealed(table: Table) -> None:
    told, player = table.storyteller, table.player
    secret = unique("the ambush waits")
    hidden = roll_on(told, f"hubris 8 # {secret}", hidden=True)
    expect(told.locator(f"#ev-{hidden}")).to_have_class(re.compile(r"\bhidden\b"))
    # A public roll after it: once the player has it, the feed has sent all it would send.
    after = unique("a rustle in the hall")
    public = roll_on(told, f"hubris 2 # {after}")
    expect(player.locator(f"#ev-{public}")).to_contain_text(after)

    assert any(after in frame for frame in table.frames), "the player's frames are recorded"
    assert not [frame for frame in table.frames if secret in frame]
    # the player has that a hidden roll took place, and its number in the seal: nothing else
    expect(player.locator(f"#ev-{hidden}")).to_contain_text("rolled in secret")
    assert secret not in player.content()
    behind = event_of(table.base, table.campaign, table.player_token, hidden)
    assert behind is not None and set(behind["data"]) == {"hidden", "seal"}

    told.locator(f"#ev-{hidden} button", has_text="Reveal").click()

    shown = player.locator(f"#ev-{hidden}")
    expect(shown).to_contain_text(secret)
    expect(shown).to_have_class(re.compile(r"\brevealed\b"))
    expect(shown.locator(".tag")).to_have_text("revealed")
    seen = event_of(table.base, table.campaign, table.player_token, hidden)
    assert seen is not None and seen["revealed"] is True


def _forged(page: Page, path: str, form: dict[str, str]) -> tuple[int, str]:
    """POST ``form`` from ``page`` to ``path`` with the page's own CSRF token, as a script
    in the page could: the status and the text of the answer."""
    answer: list[Any] = page.evaluate(
        """async ([path, form]) => {
            const csrf = document.querySelector("input[name=csrf]").value;
            const body = new URLSearchParams({...form, csrf});
            const headers = {"HX-Request": "true"};
            const answer = await fetch(path, {method: "POST", body, headers});
            return [answer.status, await answer.text()];
        }""",
        [path, form],
    )
    return int(answer[0]), str(answer[1])


def test_the_player_cannot_change_the_storytellers_character(table: Table) -> None:
    player, where = table.player, table.campaign
    sheet = f"/api/campaigns/{where}/characters/{table.npc}"
    before = api(table.base, "GET", sheet, table.storyteller_token)
    assert before.status == 200, before.body
    show(player, "sheet")  # a tab on the player's phone
    own = player.locator(f".sheet[data-character={table.character}]")
    expect(
        own.locator(".sheet-actions form[data-action=damage] button[value=lethal]")
    ).to_be_visible()
    assert player.locator(f".sheet[data-character={table.npc}]").count() == 0
    assert player.locator(f"input[name=character][value={table.npc}]").count() == 0

    wound = {"points": "1", "kind": "lethal"}
    hurt = f"/c/{where}/act/damage"
    status, text = _forged(player, hurt, {**wound, "character": table.character})
    assert status == 200, text  # the page's CSRF token is good: the refusals below are for whom
    status, text = _forged(player, hurt, {**wound, "character": table.npc})
    assert status == 403 and f"plays {table.character}, not {table.npc}" in text
    status, text = _forged(player, f"/c/{where}/character", {"pick": table.npc})
    assert status == 403, f"the player sat with {table.npc} instead: {status}"

    as_player = table.player_token
    forged = {"character": table.npc, "points": 1, "kind": "lethal"}
    acted = api(table.base, "POST", f"/api/campaigns/{where}/actions/damage", as_player, forged)
    assert acted.status == 403 and acted.body["error"], acted.body
    seated = api(
        table.base, "POST", f"/api/campaigns/{where}/seat", as_player, {"character": table.npc}
    )
    assert seated.status == 403 and seated.body["error"], seated.body

    after = api(table.base, "GET", sheet, table.storyteller_token)
    assert after.body == before.body
    warden = table.storyteller.locator(f".sheet[data-character={table.npc}]")
    expect(warden.locator(".box")).not_to_have_count(0)
    assert warden.locator(".box[class*=wound]").count() == 0
    mine = api(table.base, "GET", f"/api/campaigns/{where}/characters/{table.character}", as_player)
    assert mine.status == 200 and "lethal" in mine.body["state"]["health"]["boxes"]


def test_odds_appear_while_typing_and_a_refused_line_says_why(table: Table) -> None:
    told = table.storyteller
    line, odds = told.locator("#line"), told.locator("#odds")
    line.fill("")
    line.press_sequentially("hubris 6", delay=60)
    expect(odds.locator(".notation")).to_have_text("hubris 6")
    expect(odds.locator(".bars")).to_be_visible()
    line.press_sequentially(" 9again", delay=60)
    expect(odds.locator(".notation")).to_have_text("hubris 6 9again")
    expect(odds.locator(".bars li")).not_to_have_count(0)

    line.fill("")
    line.press_sequentially("hubris 5 diff", delay=60)
    expect(odds.locator(".error")).to_contain_text("expected a number after `diff`")
    assert odds.locator(".bars").count() == 0
    said = odds.locator(".error").inner_text()
    told.click("#roll-button")  # rolled anyway: refused in the page's words, not as JSON
    expect(told.locator("#notice .error")).to_have_text(said)

    show(table.player, "roll")
    mine = table.player.locator("#line")
    mine.fill("")
    mine.press_sequentially("Dexterity + Sorcery", delay=40)
    expect(table.player.locator("#odds .error")).to_contain_text("Sorcery")
    mine.fill("")


def test_a_roll_from_the_trait_buttons_reaches_the_storytellers_log(table: Table) -> None:
    player = table.player
    show(player, "roll")
    player.fill("#line", "")
    player.click("button[data-trait=Dexterity]")
    player.click("button[data-trait=Stealth]")
    expect(player.locator("#line")).to_have_value("Dexterity + Stealth")
    expect(player.locator("#odds .bars")).to_be_visible()

    event = roll_on(player)  # what the buttons wrote

    entry = table.storyteller.locator(f"#ev-{event}")
    expect(entry.locator(".who")).to_contain_text(table.character)
    expect(entry.locator(".line")).to_contain_text("Dexterity + Stealth")
    logged = event_of(table.base, table.campaign, table.storyteller_token, event)
    assert logged is not None and logged["data"]["rollers"][0] == table.character
    dice = logged["data"]["result"]["dice"]
    assert len(dice) >= 5  # Dexterity 3 + Stealth 2
    expect(entry.locator("span.die")).to_have_count(len(dice))


def _no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert wide[0] <= wide[1], f"{page.url} scrolls sideways: {wide[0]} px in {wide[1]}"


MAIN_PAGES = {
    "home-desktop",
    "opened-desktop",
    "join-phone",
    "joined-phone",
    "table-storyteller-desktop",
    "table-storyteller-phone",
    "table-player-phone",
    "table-player-desktop",
    "odds-phone",
}


def test_screenshots_of_the_main_pages(
    table: Table, browser: Browser, shoot: Shoot, screenshots: Path
) -> None:
    roll_on(table.storyteller, f"hubris 5 9again # {unique('for the pictures')}")
    expect(table.player.locator("#log .entry")).not_to_have_count(0)
    shoot(table.storyteller, "table-storyteller-desktop")
    shoot(table.player, "table-player-phone")
    _no_sideways_scroll(table.player)

    table.player.fill("#line", "")
    table.player.click("button[data-trait=Wits]")
    expect(table.player.locator("#odds .bars")).to_be_visible()
    shoot(table.player, "odds-phone")
    table.player.fill("#line", "")

    for link, device, name in (
        (table.storyteller_link, PHONE, "table-storyteller-phone"),
        (table.player_link, DESKTOP, "table-player-desktop"),
    ):
        context = new_context(browser, device)
        try:
            page = context.new_page()
            page.goto(link)  # the seat's own link, on another device
            expect(page.locator("#live-state")).to_have_text("live")
            expect(page.locator("#log .entry")).not_to_have_count(0)
            shoot(page, name)
            _no_sideways_scroll(page)
        finally:
            context.close()
    assert {path.stem for path in screenshots.glob("*.png")} >= MAIN_PAGES


def test_the_storytellers_roll_box_lists_a_new_character_live_and_keeps_the_choice(
    table: Table,
) -> None:
    told = table.storyteller
    chooser = told.locator("#roll-for")
    chooser.select_option(table.npc)
    name = f"Ghoul {secrets.token_hex(3)}"
    made = api(
        table.base,
        "POST",
        f"/api/campaigns/{table.campaign}/characters",
        table.storyteller_token,
        {"name": name, "traits": "Strength=2"},
    )
    assert made.status == 201, made.body
    expect(chooser.locator("option", has_text=name)).to_have_count(1)  # pushed, no reload
    expect(chooser).to_have_value(table.npc)  # the storyteller's choice stays
    chooser.select_option("")  # plain dice again, for the tests after this one


def test_the_last_roll_is_rolled_again_with_one_press(table: Table) -> None:
    told = table.storyteller
    line = f"hubris 3 # {unique('again')}"
    first = roll_on(told, line)
    again = told.locator("#repeat-roll")
    expect(again).to_be_visible()
    told.locator("#notice").evaluate("notice => notice.replaceChildren()")
    again.click()
    expect(told.locator("#notice")).to_contain_text("Rolled (event")
    said = re.search(r"Rolled \(event (\d+)\)", told.locator("#notice").inner_text())
    assert said is not None and int(said[1]) > first
    second = int(said[1])
    expect(told.locator(f"#ev-{second}")).to_contain_text(line.split("# ")[1])


def test_the_log_shows_one_characters_events_when_asked(table: Table) -> None:
    told = table.storyteller
    mine = roll_on(table.player, f"Dexterity + Stealth # {unique('Ana alone')}")
    plain = roll_on(told, f"hubris 2 # {unique('no one')}")
    expect(told.locator(f"#ev-{mine}")).to_be_visible()
    told.select_option("#log-filter", table.character)
    expect(told.locator(f"#ev-{plain}")).to_be_hidden()
    expect(told.locator(f"#ev-{mine}")).to_be_visible()
    later = roll_on(told, f"hubris 1 # {unique('still no one')}")  # news filtered as it comes
    expect(told.locator(f"#ev-{later}")).to_be_hidden()
    told.select_option("#log-filter", "")
    expect(told.locator(f"#ev-{plain}")).to_be_visible()


def test_a_new_roll_is_said_to_screen_readers(table: Table) -> None:
    comment = unique("heard")
    roll_on(table.storyteller, f"hubris 4 # {comment}")
    said = table.player.locator("#announce")  # a live region: read out as it changes
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_contain_text("Morgan rolled hubris 4")
    assert re.search(r"success|failure|botch", said.inner_text(), re.I), said.inner_text()
