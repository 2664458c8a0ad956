"""The catalogue's actions taken in a real browser, from the forms the page draws for them: the
sheet's edit form on a phone (a refused change said beside its field, the typed text kept), a
state action of each system from its sheet card, and the storyteller's seat tools (a new
invitation, a revoke, a new link).

The module's table is a hubris table (the ``table`` fixture); the other systems' tables are
opened through the API, and their pages in the same browsers.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, WebSocket, expect

from .conftest import PHONE, Shoot, Table, new_context
from .driving import api, show, token_of

QUIET_MS = 3_000
"""How long a revoked seat's page is watched for an event it must never get."""


def unique(words: str) -> str:
    """Text no other step writes, to find a roll by."""
    return f"{words} {secrets.token_hex(4)}"


def _events(base: str, campaign: int, token: str, after: int = 0) -> tuple[list[Any], int]:
    """The events ``token``'s seat reads after sequence number ``after``, and the last one."""
    answer = api(base, "GET", f"/api/campaigns/{campaign}/events?after={after}", token)
    assert answer.status == 200, answer.body
    return answer.body["events"], answer.body["last"]


def _wait_for(base: str, campaign: int, token: str, kind: str, seconds: float = 20.0) -> None:
    """Wait until the log holds an event of ``kind`` (a browser's, sent on its own)."""
    give_up = time.monotonic() + seconds
    while kind not in {e["kind"] for e in _events(base, campaign, token)[0]}:
        assert time.monotonic() < give_up, f"no {kind} event within {seconds:g} s"
        time.sleep(0.05)


def _logged(events: list[Any], kind: str, character: str | None = None) -> dict[str, Any]:
    """The one event of ``kind`` (for ``character``, where given) among ``events``."""
    found = [
        e
        for e in events
        if e["kind"] == kind and (character is None or e["data"].get("character") == character)
    ]
    kinds = [e["kind"] for e in events]
    assert len(found) == 1, f"no single {kind} event for {character}: the log has {kinds}"
    return found[0]


def _settled(page: Page, link: str) -> Page:
    """Open a seat's ``link`` in ``page`` and wait until its live feed has sent the first frame
    (the log and the sheets, swapped in: a form filled before it would be drawn again)."""
    page.add_init_script(
        "document.addEventListener('htmx:wsAfterMessage', () => {"
        " window.dicepoolFrames = (window.dicepoolFrames || 0) + 1; });"
    )
    page.goto(link)
    expect(page.locator("#live-state")).to_have_text("live")
    page.wait_for_function("() => (window.dicepoolFrames || 0) > 0")
    return page


def _frames_of(page: Page) -> list[str]:
    """Every frame ``page`` receives on its WebSockets from now on, as text."""
    frames: list[str] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on(
            "framereceived",
            lambda payload: frames.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            ),
        )

    page.on("websocket", on_socket)
    return frames


def _open_table(base: str, system: str, traits: str) -> dict[str, Any]:
    """A table of ``system`` opened through the API, a player Pat seated with the invitation,
    and Pat's character Ana made with ``traits``: the tokens and links."""
    table = {"name": f"A {system} table", "system": system}
    opened = api(base, "POST", "/api/campaigns", "", table)
    assert opened.status == 201, opened.body
    campaign = opened.body["id"]
    invite = opened.body["invite"]["token"]
    seated = api(base, "POST", f"/api/campaigns/{campaign}/seats", invite, {"name": "Pat"})
    assert seated.status == 201, seated.body
    player = seated.body["token"]
    ana = {"name": "Ana", "traits": traits}
    made = api(base, "POST", f"/api/campaigns/{campaign}/characters", player, ana)
    assert made.status == 201, made.body
    return {
        "campaign": campaign,
        "storyteller": opened.body["storyteller"]["token"],
        "storyteller_link": opened.body["storyteller"]["url"],
        "player": player,
        "player_link": seated.body["url"],
    }


def _own_card(page: Page) -> Locator:
    show(page, "sheet")  # a tab on the player's phone
    return page.locator("article.sheet.own")


def _accept_next_dialog(page: Page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())


def _shown_link(page: Page) -> str:
    """The link a seat action showed once in the notice (a field to copy, never an anchor)."""
    shown = page.locator("#notice .link-once input.link")
    expect(shown).to_have_count(1)
    link = shown.input_value()
    assert "/t/" in link, link
    expect(page.locator('#notice a[href*="/t/"]')).to_have_count(0)
    return link


def _clear_notice(page: Page) -> None:
    page.locator("#notice").evaluate("notice => notice.replaceChildren()")


# -- 1. the sheet's edit form on a phone ---------------------------------------------------


def test_a_refused_sheet_change_is_said_beside_its_field_and_keeps_what_was_typed(
    table: Table, shoot: Shoot
) -> None:
    base, where, player = table.base, table.campaign, table.player
    sheet = f"/api/campaigns/{where}/characters/{table.character}"
    # Ana starts at Dexterity 2 here, so that the page's save is seen to change it
    lower = {"changes": "Dexterity=2"}
    lowered = api(base, "POST", f"/api/campaigns/{where}/actions/sheet", table.player_token, lower)
    assert lowered.status == 201, lowered.body
    own = _own_card(player)
    expect(own.locator(".trait-list .chip", has_text="Dexterity")).to_have_text("Dexterity 2")
    _, before = _events(base, where, table.storyteller_token)

    own.locator("details.sheet-edit > summary").click()
    form = own.locator("form[data-action=sheet]")
    expect(form).to_be_visible()
    form_id = form.get_attribute("id")
    assert form_id, "the sheet's edit form has an id (its errors are found by it)"
    changes = form.locator("input[name=changes]")
    error = player.locator(f"#{form_id}-changes-error")
    changes.fill("Dex=3")
    _clear_notice(player)
    form.locator("button", has_text="Save the sheet").click()

    expect(error).to_contain_text("did you mean")
    expect(error).to_contain_text("Dexterity")
    expect(player.locator("#notice .error")).to_contain_text("did you mean")
    expect(changes).to_have_value("Dex=3")  # what was typed is still there to fix
    expect(form).to_be_visible()
    beside = changes.locator("xpath=ancestor::label[1]/following-sibling::*[1]")
    expect(beside).to_have_attribute("id", f"{form_id}-changes-error")  # right below the field
    shoot(player, "catalogue-edit-refused-phone")
    logged, last = _events(base, where, table.storyteller_token, before)
    assert logged == [] and last == before, f"a refused change logged {logged}"

    changes.fill("Dexterity=3")
    _clear_notice(player)
    form.locator("button", has_text="Save the sheet").click()

    expect(player.locator("#notice .ok")).to_be_visible()
    expect(player.locator(f"#{form_id}-changes-error")).to_have_text("")
    expect(own.locator(".trait-list .chip", has_text="Dexterity")).to_have_text("Dexterity 3")
    logged, _ = _events(base, where, table.storyteller_token, before)
    changed = _logged(logged, "character-changed", table.character)
    assert changed["data"]["changes"] == [{"trait": "Dexterity", "op": "=", "value": 3}]
    read = api(base, "GET", sheet, table.player_token)
    assert read.status == 200 and read.body["traits"]["Dexterity"] == 3, read.body


# -- 2. a state action of each system, from its sheet card ---------------------------------


def test_hubris_damage_from_the_sheet_card_fills_a_health_box_live(table: Table) -> None:
    base, where, player = table.base, table.campaign, table.player
    _, before = _events(base, where, table.storyteller_token)
    own = _own_card(player)
    assert own.locator(".box.wound-lethal").count() == 0
    damage = own.locator(".sheet-actions form[data-action=damage]")
    damage.locator("input[name=points]").fill("1")
    damage.locator("button[value=lethal]").click()  # the kind of wound: one tap

    expect(own.locator(".box.wound-lethal")).to_have_count(1)  # drawn again, live
    told = table.storyteller.locator(f".sheet[data-character={table.character}]")
    expect(told.locator(".box.wound-lethal")).to_have_count(1)  # at the storyteller's too
    logged, _ = _events(base, where, table.storyteller_token, before)
    hurt = _logged(logged, "damaged", table.character)
    assert hurt["data"]["wound"] == "lethal" and hurt["data"]["points"] == 1, hurt


def test_sundown_power_and_a_pass_from_the_sheet_card(
    table: Table, player_context: BrowserContext, shoot: Shoot
) -> None:
    base = table.base
    at = _open_table(base, "sundown", "Agility=3 Edge=2 Willpower=3 Firearms=2")
    page = _settled(player_context.new_page(), at["player_link"])
    try:
        own = _own_card(page)
        power = own.locator("p.resource", has_text="Power")
        expect(power).to_contain_text("0/10")
        expect(power).to_contain_text("passes 0")

        form = own.locator(".sheet-actions form[data-action=power]")
        form.locator("select[name=action]").select_option("regain")
        form.locator("input[name=points]").fill("2")
        form.locator("button").click()
        expect(power).to_contain_text("2/10")

        own.locator(".sheet-actions form[data-action=pass] button").click()
        expect(power).to_contain_text("passes 1")

        logged, _ = _events(base, at["campaign"], at["storyteller"])
        regained = _logged(logged, "power-regained", "Ana")
        assert regained["actor"] == "Pat", regained
        _logged(logged, "pass-taken", "Ana")
        shoot(page, "catalogue-sundown-sheet-phone")
    finally:
        page.close()


def test_storypath_players_from_the_story_card_and_legend_from_the_sheet_card(
    table: Table, storyteller_context: BrowserContext, player_context: BrowserContext, shoot: Shoot
) -> None:
    base = table.base
    at = _open_table(base, "storypath", "Dexterity=3 Athletics=2 Legend=2")
    # the player's page first, and its contribution to the seal logged: that event, pushed to
    # the storyteller's page, would draw its story card again over the form being filled
    page = _settled(player_context.new_page(), at["player_link"])
    _wait_for(base, at["campaign"], at["storyteller"], "seal-contributed")
    told = _settled(storyteller_context.new_page(), at["storyteller_link"])
    try:
        momentum = told.locator("#story p", has_text="Momentum")
        # the player sits with Ana: the pool follows the seated players, and says so
        expect(momentum).to_contain_text("0 / 2")
        expect(momentum).to_contain_text("players: 1 (the seated players)")
        told.locator("details.table-settings > summary").click()  # folded away at first
        form = told.locator(".table-settings form[data-action=players]")
        form.locator("input[name=players]").fill("3")
        form.locator("button").click()
        expect(momentum).to_contain_text("0 / 6")  # the pool holds twice the players
        expect(momentum).to_contain_text("players: 3 (set by the storyteller)")
        expect(page.locator("#story p", has_text="Momentum")).to_contain_text("0 / 6")
        shoot(told, "catalogue-storypath-players-set")
        logged, _ = _events(base, at["campaign"], at["storyteller"])
        assert _logged(logged, "players-set")["data"]["players"] == 3

        # Legend is full: the card offers no "Regain Legend" (it applies only with a point
        # spent), and one asked anyway is refused, in words, and logs nothing
        own = _own_card(page)
        expect(own.locator("p.resource", has_text="Legend")).to_contain_text("2/2")
        expect(own.locator(".sheet-actions form[data-action=legend]")).to_have_count(0)
        _, last = _events(base, at["campaign"], at["storyteller"])
        path = f"/api/campaigns/{at['campaign']}/actions/legend"
        refused = api(base, "POST", path, at["player"], {"points": 1})
        assert refused.status >= 400 and "nothing to regain" in refused.body["error"], refused
        assert _events(base, at["campaign"], at["storyteller"], last)[0] == []
        shoot(told, "catalogue-storypath-desktop")
        shoot(page, "catalogue-storypath-sheet-phone")
    finally:
        page.close()
        told.close()


def test_a_default_track_changed_from_the_sheet_card_in_chronicles_and_classic(
    table: Table, player_context: BrowserContext
) -> None:
    for system, traits in (
        ("chronicles", "Dexterity=3 Stamina=2 Resolve=2 Composure=2"),
        ("classic", "Dexterity=3 Stamina=2 Willpower=4"),
    ):
        at = _open_table(table.base, system, traits)
        page = _settled(player_context.new_page(), at["player_link"])
        try:
            own = _own_card(page)
            health = own.locator(".track[data-track=Health]")
            expect(health.locator(".box")).not_to_have_count(0)
            assert health.locator(".box.wound-lethal").count() == 0

            own.locator("details.sheet-edit > summary").click()
            form = own.locator("form[data-action=track]")
            form.locator("input[name=track]").fill("Health")
            form.locator("select[name=change]").select_option("damage")
            form.locator("input[name=points]").fill("1")
            form.locator("select[name=wound]").select_option("lethal")
            form.locator("button").click()

            expect(health.locator(".box.wound-lethal")).to_have_count(1)
            logged, _ = _events(table.base, at["campaign"], at["storyteller"])
            changed = _logged(logged, "track-changed", "Ana")
            assert changed["data"].get("track") == "Health", changed
        finally:
            page.close()


# -- 3. the storyteller's seat tools --------------------------------------------------------


@contextmanager
def _phone(browser: Browser) -> Iterator[BrowserContext]:
    """A phone of a player's own (one seat per table per browser: its cookie)."""
    context = new_context(browser, PHONE)
    try:
        yield context
    finally:
        context.close()


def _seat_with_character(
    base: str, campaign: int, invite: str, name: str, character: str
) -> dict[str, str]:
    seated = api(base, "POST", f"/api/campaigns/{campaign}/seats", invite, {"name": name})
    assert seated.status == 201, seated.body
    made = api(
        base,
        "POST",
        f"/api/campaigns/{campaign}/characters",
        seated.body["token"],
        {"name": character, "traits": "Dexterity=2 Wits=2"},
    )
    assert made.status == 201, made.body
    return {"token": seated.body["token"], "link": seated.body["url"]}


def test_the_storytellers_invitation_revoke_and_new_link(
    table: Table, browser: Browser, storyteller_context: BrowserContext, shoot: Shoot
) -> None:
    base, where, told = table.base, table.campaign, table.storyteller
    as_told = table.storyteller_token
    # an invitation of now (the page's first one is not kept): two players take seats with it
    issued = api(base, "POST", f"/api/campaigns/{where}/actions/invite", as_told, {})
    assert issued.status == 201, issued.body
    old_invite = issued.body["token"]
    quinn = _seat_with_character(base, where, old_invite, "Quinn", "Bo")
    robin = _seat_with_character(base, where, old_invite, "Robin", "Rae")
    seats = told.locator("#seats")
    expect(seats.locator("li.seat-row[data-seat=Quinn]")).to_contain_text("Bo")
    expect(seats.locator("li.seat-row[data-seat=Robin]")).to_contain_text("Rae")

    # New invitation: shown once; the old one is refused, the new one seats a player
    _clear_notice(told)
    _accept_next_dialog(told)
    seats.locator("form[data-action=invite] button").click()
    new_invite = token_of(_shown_link(told))
    assert new_invite != old_invite
    refused = api(base, "POST", f"/api/campaigns/{where}/seats", old_invite, {"name": "Late"})
    assert refused.status == 401, refused.body
    sam = api(base, "POST", f"/api/campaigns/{where}/seats", new_invite, {"name": "Sam"})
    assert sam.status == 201, sam.body
    seated = api(base, "GET", f"/api/campaigns/{where}/events", sam.body["token"])
    assert seated.status == 200, seated.body

    with _phone(browser) as quinns, _phone(browser) as robins:
        revoked = quinns.new_page()
        heard = _frames_of(revoked)
        _settled(revoked, quinn["link"])
        other = _settled(robins.new_page(), robin["link"])
        expect(_own_card(revoked)).to_have_attribute("data-character", "Bo")
        before = _roll(base, where, as_told, unique("before the revoke"))
        for page in (told, revoked, other):  # in the log (a phone's other tab)
            expect(page.locator(f"#ev-{before}")).to_be_attached()

        # Revoke Quinn: their page hears nothing more, their token opens nothing
        _clear_notice(told)
        _accept_next_dialog(told)
        seats.locator("li.seat-row[data-seat=Quinn] form[data-action=revoke] button").click()
        expect(told.locator("#notice .ok")).to_be_visible()
        row = seats.locator("li.seat-row[data-seat=Quinn]")
        expect(row).to_have_class(re.compile(r"\brevoked\b"))
        expect(row).to_contain_text("revoked")
        expect(row.locator("form[data-action=revoke]")).to_have_count(0)
        gone = api(base, "GET", f"/api/campaigns/{where}/events", quinn["token"])
        assert gone.status == 401, gone.body

        secret = unique("after the revoke")
        after = _roll(base, where, as_told, secret)
        expect(told.locator(f"#ev-{after}")).to_contain_text(secret)
        expect(other.locator(f"#ev-{after}")).to_contain_text(secret)
        revoked.wait_for_timeout(QUIET_MS)  # a page still fed would have it by now
        assert revoked.locator(f"#ev-{after}").count() == 0
        assert secret not in revoked.content()
        assert not [frame for frame in heard if secret in frame]
        expect(revoked.locator("#live-state")).to_contain_text("link no longer works")
        expect(other.locator("#seats li.seat-row[data-seat=Quinn]")).to_have_count(0)
        shoot(told, "catalogue-seats-after-revoke-desktop")

        # New link for Robin: shown once; the old link is refused, the new one opens Rae
        robin_frames = _frames_of(other)
        _clear_notice(told)
        _accept_next_dialog(told)
        seats.locator("li.seat-row[data-seat=Robin] form[data-action=new-link] button").click()
        new_link = _shown_link(told)
        new_token = token_of(new_link)
        assert new_token != robin["token"]
        old = api(base, "GET", f"/api/campaigns/{where}/events", robin["token"])
        assert old.status == 401, old.body
        fresh = api(base, "GET", f"/api/campaigns/{where}/events", new_token)
        assert fresh.status == 200, fresh.body
        assert not [frame for frame in robin_frames if new_token in frame]
        again = storyteller_context.new_page()  # the storyteller's page, drawn afresh
        try:
            again.goto(f"{base}/c/{where}")
            expect(again.locator("#seats li.seat-row[data-seat=Robin]")).to_be_visible()
            assert new_token not in again.content(), "the new link is shown once, not kept"
        finally:
            again.close()

        renewed = _settled(robins.new_page(), new_link)
        expect(_own_card(renewed)).to_have_attribute("data-character", "Rae")
        show(renewed, "roll")
        expect(renewed.locator(".trait-buttons")).to_be_visible()
        latest = _roll(base, where, as_told, unique("after the new link"))
        expect(renewed.locator(f"#ev-{latest}")).to_be_attached()


def _roll(base: str, campaign: int, token: str, comment: str) -> int:
    """Roll a public line as ``token``'s seat through the API; its event's number."""
    rolled = api(
        base, "POST", f"/api/campaigns/{campaign}/rolls", token, {"line": f"hubris 3 # {comment}"}
    )
    assert rolled.status == 201, rolled.body
    event: int = rolled.body["event"]
    return event
