"""An evening at each of hubris, storypath and sundown, played in a real browser as a table
plays it: the storyteller on a desktop, two players on phones (issue 29's "done when").

The storyteller opens the table from the front page's form, makes a character of their own,
issues an invitation and copies it, and opens it themselves by mistake: they are told they sit
here already and keep their seat. Two players join with it on phones and make characters with
the system's own traits. Then the evening walks each of the issue's defects and shows it gone:
a roll's dice shown below the roll box and the others' rolls counted on the Log tab; a refused
roll keeps what was typed and says why; each choice of "Spend and choose" says what it changes
in the odds; the answer to the storyteller's change of a sheet shows just below its form, over
nothing, and goes by itself; an action's form has labels and its line from the rules, and one
that does not apply now is not offered; an undone event comes back by its own Restore; the
phone's log stays short (older events on demand) and its page small; each seat sees itself
online; closing the seal asks first; a revoked player's page greys out under a banner. Per
system: hubris's Willpower, storypath's Momentum pool following the seated players (a
Consolation kept, not lost) and sundown's Edge, and examples that never name a trait the
system lacks.

Screenshots of each evening's key moments, on both widths, go to ``$DICEPOOL_SCREENSHOTS``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, FloatRect, Locator, Page, expect

from .conftest import DESKTOP, PHONE, Shoot, assert_png, new_context
from .driving import api, roll_on, show, token_of

STORYTELLER = "Morgan"
NPC = "Warden"
HEIGHT = PHONE["viewport"]["height"]
LOG_SHOWN = 30
"""The entries a table page's log opens with (older ones on demand)."""
LOG_KEPT = 60
"""The most entries a page's log keeps as the live feed adds to it (dicepool.js)."""
NOTICE_GONE_MS = 15_000
"""How long a success's answer may stay (it goes after 6 s): a bound on a hang."""


@dataclass(frozen=True)
class Player:
    """A player at the evening: their seat, their character and its traits."""

    seat: str
    character: str
    traits: str


@dataclass(frozen=True)
class Evening:
    """What differs from one system's evening to another's.

    Attributes:
        system: the system's name.
        npc_traits: the storyteller's character's traits.
        players: the two players.
        line: a roll of the first player's traits (the system's own names).
        other_line: a roll of the second player's.
        typo: that line with a trait misspelt, and the trait the refusal suggests.
        placeholder: the roll box's example for a seat with a character.
        traits_example: the example of a new character's traits.
    """

    system: str
    npc_traits: str
    players: tuple[Player, Player]
    line: str
    other_line: str
    typo: tuple[str, str]
    placeholder: str
    traits_example: str


HUBRIS = Evening(
    "hubris",
    "Strength=4 Stamina=3 Brawl=3 Willpower=3",
    (
        Player("Pat", "Ana", "Dexterity=3 Stealth=2 Stamina=3 Wits=2 Willpower=4 Morality=4"),
        Player("Lee", "Bram", "Strength=3 Brawl=2 Stamina=2 Resolve=2 Willpower=3 Morality=5"),
    ),
    "Dexterity + Stealth",
    "Strength + Brawl",
    ("Dexterity + Stelth", "Stealth"),
    "Dexterity + Stealth # sneaking",
    "Dexterity=3 Stealth=2",
)
STORYPATH = Evening(
    "storypath",
    "Strength=4 Melee=3 Legend=1",
    (
        Player("Pat", "Ana", "Dexterity=3 Athletics=2 Legend=2"),
        Player("Lee", "Bram", "Strength=3 Melee=2 Legend=1"),
    ),
    "Dexterity + Athletics",
    "Strength + Melee",
    ("Dexterity + Athletcs", "Athletics"),
    "Dexterity + Athletics # the leap",
    "Dexterity=3 Athletics=2",
)
SUNDOWN = Evening(
    "sundown",
    "Strength=4 Intuition=3 Edge=1",
    (
        Player("Pat", "Ana", "Agility=3 Stealth=2 Edge=2 Willpower=3 Firearms=2"),
        Player("Lee", "Bram", "Strength=3 Logic=2 Edge=1 Charisma=3"),
    ),
    "Agility + Stealth",
    "Charisma + Logic",
    ("Agility + Stelth", "Stealth"),
    "Agility + Stealth # sneaking",
    "Agility=3 Stealth=2",
)


def pct(p: float) -> str:
    """A chance as the odds box writes it."""
    return f"{p * 100:.1f}%"


# -- the people at the table ----------------------------------------------------------------


@dataclass
class Night:
    """An evening's table: its address, its id, and the pages at it."""

    base: str
    evening: Evening
    campaign: int
    told: Page
    told_token: str
    phones: list[Page]


Look = Callable[[Page, str], Path]
"""Save what a page shows in its window (no more: what the eye sees) as NAME.png."""


@pytest.fixture(scope="module")
def look(screenshots: Path) -> Look:
    """Save the page's window, as it is scrolled, under a name; check it is a drawn PNG."""

    def seen(page: Page, name: str) -> Path:
        path = screenshots / f"{name}.png"
        path.unlink(missing_ok=True)
        page.screenshot(path=path)
        assert_png(path, page.viewport_size or {})
        return path

    return seen


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """The storyteller's desktop (its clipboard readable) and two players' phones."""
    made = [new_context(browser, DESKTOP), new_context(browser, PHONE), new_context(browser, PHONE)]
    made[0].grant_permissions(["clipboard-read", "clipboard-write"])
    yield made
    for context in made:
        context.close()


def _accept(page: Page) -> list[str]:
    """Accept the next dialog the page opens; the list it said is filled with its message."""
    said: list[str] = []

    def answer(dialog: Dialog) -> None:
        said.append(dialog.message)
        dialog.accept()

    page.once("dialog", answer)
    return said


def _clear_notice(page: Page) -> None:
    page.locator("#notice").evaluate("notice => notice.replaceChildren()")


def _live(page: Page) -> None:
    expect(page.locator("#live-state")).to_have_text("live")


def _open_table(base: str, page: Page, evening: Evening, shoot: Shoot) -> tuple[int, str]:
    """The storyteller opens the table from the front page's form, as a new user does: its id
    and their token (from the link the page showed once)."""
    page.goto(base + "/")
    page.fill("input[name=name]", f"A {evening.system} night")
    page.select_option("select[name=system]", evening.system)
    page.fill("input[name=storyteller]", STORYTELLER)
    page.click("button[type=submit]")
    expect(page.locator(".link-row")).to_have_count(2)  # each link a field with Copy
    expect(page.locator('a[href*="/t/"]')).to_have_count(0)
    link = page.input_value("#storyteller-link")
    shoot(page, f"evening-{evening.system}-opened-desktop")
    page.click("text=Go to the table")
    _live(page)
    return int(page.url.rstrip("/").rsplit("/", 1)[1]), token_of(link)


def _npc(page: Page, evening: Evening) -> None:
    """The storyteller makes a character of their own from the sheets' New character."""
    page.click("#sheets summary:has-text('New character')")
    form = page.locator("#sheets form[action$='/character']")
    expect(form.locator("input[name=traits]")).to_have_attribute(
        "placeholder", evening.traits_example
    )
    form.locator("input[name=name]").fill(NPC)
    form.locator("input[name=traits]").fill(evening.npc_traits)
    with page.expect_navigation():
        form.locator("button").click()
    _live(page)
    expect(page.locator(f".sheet[data-character={NPC}]")).to_be_visible()


def _invitation(page: Page, evening: Evening, shoot: Shoot) -> str:
    """A new invitation from the seats card: asked first, shown once in a field with Copy; the
    link copied."""
    _clear_notice(page)
    asked = _accept(page)
    page.locator("#seats form[data-action=invite] button").click()
    shown = page.locator("#notice .link-once")
    expect(shown).to_contain_text("The new invitation, shown this once")
    assert asked and asked[0].startswith("Issue a new invitation?"), asked
    invite = shown.locator("input.link").input_value()
    assert "/t/" in invite, invite
    copy = shown.locator("button.copy")
    copy.click()
    expect(copy).to_have_text("Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == invite
    expect(page.locator('a[href*="/t/"]')).to_have_count(0)
    shoot(page, f"evening-{evening.system}-invitation-desktop")
    return invite


def _own_invitation(page: Page, invite: str, evening: Evening, shoot: Shoot) -> None:
    """The storyteller opens their own invitation in another tab: told they sit here already,
    no seat is taken, and back at the table they are the storyteller still (defect 1)."""
    tab = page.context.new_page()
    try:
        tab.goto(invite)
        expect(tab.locator(".held")).to_contain_text(
            f"You are already at this table as {STORYTELLER} (storyteller)."
        )
        expect(tab.locator("input[name=name]")).to_be_hidden()  # the new seat: folded away
        shoot(tab, f"evening-{evening.system}-own-invitation-desktop")
        tab.click(f"text=Back to the table as {STORYTELLER}")
        expect(tab.locator("#seats li.seat-row.you")).to_have_attribute("data-seat", STORYTELLER)
        expect(tab.locator("#seats form[data-action=invite]")).to_be_visible()
    finally:
        tab.close()


def _join(
    page: Page, invite: str, player: Player, evening: Evening, look: Look, shot: str = ""
) -> None:
    """A player takes a seat with the invitation on their phone (its page shot as ``shot``,
    where named) and makes their character with the system's traits."""
    page.goto(invite)
    expect(page.locator("h1")).to_have_text(f"Join A {evening.system} night")
    if shot:
        look(page, shot)
    page.fill("input[name=name]", player.seat)
    page.click("button[type=submit]")
    expect(page.locator("#own-link")).to_have_value(re.compile("/t/"))  # theirs, to keep
    page.click("text=Go to the table")
    traits = page.locator("#choose input[name=traits]")
    expect(traits).to_have_attribute("placeholder", evening.traits_example)
    page.fill("#choose input[name=name]", player.character)
    traits.fill(player.traits)
    with page.expect_navigation():
        page.click("text=Create my character")
    _live(page)
    expect(page.locator("#line")).to_have_attribute("placeholder", evening.placeholder)


def _evening(
    base: str, evening: Evening, contexts: list[BrowserContext], shoot: Shoot, look: Look
) -> Night:
    """The table opened, the storyteller's character made, two players seated with theirs."""
    told = contexts[0].new_page()
    campaign, token = _open_table(base, told, evening, shoot)
    _npc(told, evening)
    invite = _invitation(told, evening, shoot)
    _own_invitation(told, invite, evening, shoot)
    phones = [context.new_page() for context in contexts[1:]]
    first, second = evening.players
    _join(phones[0], invite, first, evening, look, f"evening-{evening.system}-join-phone")
    _join(phones[1], invite, second, evening, look)
    shoot(phones[0], f"evening-{evening.system}-joined-phone")
    return Night(base, evening, campaign, told, token, phones)


# -- the steps of every evening -------------------------------------------------------------


def _unread(page: Page) -> Locator:
    """The count of news on the Log tab of a phone's page."""
    return page.locator("#tabs a[data-tab=log] .unread")


def _unread_count(page: Page) -> int:
    badge = _unread(page)
    return int(badge.text_content() or 0) if badge.is_visible() else 0


def _rolls_seen(night: Night, shoot: Shoot) -> None:
    """Each player rolls from the roll box: their dice show below it, and the other's Log tab
    counts the roll, shown there once the tab is pressed."""
    first, second = night.phones
    show(second, "roll")
    news = _unread_count(second)
    mine = roll_on(first, night.evening.line)
    expect(first.locator("#my-roll")).to_contain_text(f"Your roll, event {mine}")
    expect(first.locator("#my-roll .dice")).to_be_visible()
    expect(_unread(second)).to_have_text(str(news + 1))
    news = _unread_count(first)
    theirs = roll_on(second, night.evening.other_line)
    expect(second.locator("#my-roll")).to_contain_text(f"Your roll, event {theirs}")
    expect(_unread(first)).to_have_text(str(news + 1))
    box = first.locator("#my-roll").bounding_box()
    roll = first.locator("#rollbox form").bounding_box()
    assert box and roll and box["y"] >= roll["y"] + roll["height"] - 1, (box, roll)
    shoot(first, f"evening-{night.evening.system}-rolled-phone")
    show(first, "log")
    expect(first.locator(f"#ev-{theirs}")).to_be_visible()
    expect(_unread(first)).to_be_hidden()
    show(first, "roll")


def _refused_roll(page: Page, night: Night, choice: tuple[str, bool | str]) -> None:
    """A line with a trait misspelt is refused in words, and the line and the choice made (a
    box ticked, a text typed) are kept (defect 6)."""
    show(page, "roll")
    typo, meant = night.evening.typo
    page.fill("#line", typo)
    choices = _opened(page.locator("#roll-choices"))
    name, value = choice
    field = choices.locator(f"input[name={name}]")
    if value is True:
        field.check()
    else:
        field.fill(str(value))
    _clear_notice(page)
    page.click("#roll-button")
    refused = page.locator("#notice .error")
    expect(refused).to_contain_text(f"did you mean `{meant}`?")
    expect(refused).to_be_in_viewport()
    expect(page.locator("#line")).to_have_value(typo)
    if value is True:
        expect(field).to_be_checked()
    else:
        expect(field).to_have_value(str(value))


def _boxes(page: Page, *shown: Locator) -> list[FloatRect]:
    """Where each of ``shown`` is on the screen, once all are (the live feed may be sending
    the sheets again just then: their forms are swapped for new ones, then shown)."""
    for _ in range(50):
        for locator in shown:
            expect(locator).to_be_visible()
        boxes = [locator.bounding_box() for locator in shown]
        if all(boxes):
            return [box for box in boxes if box]
        page.wait_for_timeout(100)
    raise AssertionError(f"never all shown at once: {shown}")


def _notice_in_place(page: Page, form: Locator, said: str) -> Locator:
    """The answer to ``form`` shows just below it, in view, over no button (defect 5)."""
    notice = page.locator("#notice")
    expect(notice).to_contain_text(said)
    expect(notice.locator(".dismiss")).to_have_count(1)  # one answer, one x to put it away
    box, sent = _boxes(page, notice, form)
    viewport = page.viewport_size or {"height": 0}
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    assert box["y"] >= sent["y"] + sent["height"] - 1, (box, sent)
    covered = page.evaluate(
        """notice => {
          const n = notice.getBoundingClientRect();
          return [...document.querySelectorAll('button')].filter(b => !notice.contains(b))
            .map(b => [b, b.getBoundingClientRect()])
            .filter(([b, r]) => r.width && r.left < n.right && n.left < r.right
              && r.top < n.bottom && n.top < r.bottom)
            .map(([b]) => b.textContent.trim());
        }""",
        notice.element_handle(),
    )
    assert covered == [], covered
    return notice


def _opened(details: Locator) -> Locator:
    """A <details> panel, opened by its summary if it was closed."""
    if not details.evaluate("d => d.open"):
        details.locator(":scope > summary").click()
    expect(details).to_have_js_property("open", True)
    return details


def _sheet_actions(page: Page, character: str) -> Locator:
    """A sheet's Actions panel, opened."""
    show(page, "sheet")
    return _opened(page.locator(f".sheet[data-character={character}] details.sheet-actions"))


def _labelled(forms: Locator) -> None:
    """Each of the action forms has its line from the rules, and a label on every field."""
    assert forms.count() > 0
    for at in range(forms.count()):
        form = forms.nth(at)
        called = (form.locator(".explain strong").text_content() or "").strip()
        said = (form.locator(".explain").text_content() or "").strip()
        assert called and len(said) > len(called) + 20, (called, said)  # a line, not a word
        bare = form.evaluate(
            """form => [...form.querySelectorAll('input:not([type=hidden]), select, textarea')]
              .filter(f => !f.closest('label') || !f.closest('label').textContent.trim())
              .map(f => f.name)"""
        )
        assert bare == [], (form.get_attribute("data-action"), bare)


def _undo_and_restore(night: Night, seq: int, shown: Locator, then: int | str) -> None:
    """The storyteller undoes the event at ``seq`` and brings it back by its own Restore
    (defect 2): what it changed, ``shown``, goes and comes back (a count, or a text)."""
    told = night.told
    show(told, "log")
    entry = told.locator(f"#ev-{seq}")
    asked = _accept(told)
    entry.locator(".entry-tools button", has_text="Undo").click()
    expect(entry).to_have_class(re.compile(r"\bstruck\b"))
    assert asked == [f"Undo event {seq}?"], asked
    if isinstance(then, int):
        expect(shown).not_to_have_count(then)
    else:
        expect(shown).not_to_contain_text(then)
    asked = _accept(told)
    before = _last_event(night)
    entry.locator(".entry-tools button", has_text="Restore").click()
    expect(entry).not_to_have_class(re.compile(r"\bstruck\b"))
    expect(told.locator("#notice")).to_contain_text(f"restored event {seq}")
    assert asked == [f"Restore event {seq}?"], asked
    assert _last_event(night) == before + 1  # one event logged
    expect(entry.locator(".entry-tools button", has_text="Undo")).to_be_visible()
    if isinstance(then, int):
        expect(shown).to_have_count(then)
    else:
        expect(shown).to_contain_text(then)


def _last_event(night: Night) -> int:
    """The sequence number of the table's last event."""
    read = api(night.base, "GET", f"/api/campaigns/{night.campaign}/events", night.told_token)
    assert read.status == 200, read.body
    last: int = read.body["last"]
    return last


def _last_of(night: Night, kind: str) -> int:
    """The sequence number of the table's last event of ``kind``."""
    read = api(
        night.base, "GET", f"/api/campaigns/{night.campaign}/events?after=0", night.told_token
    )
    assert read.status == 200, read.body
    found = [e["seq"] for e in read.body["events"] if e["kind"] == kind]
    assert found, [e["kind"] for e in read.body["events"]]
    seq: int = found[-1]
    return seq


def _long_log(night: Night, look: Look) -> None:
    """A phone kept open while the table rolls on keeps its log short: past LOG_KEPT entries
    it lets the oldest go, down to the LOG_SHOWN a page opens with, and "Show older events"
    reads them again; its roll box's page stays a screen or so tall (defect 8)."""
    phone = night.phones[0]
    for n in range(LOG_KEPT + 2):
        rolled = api(
            night.base,
            "POST",
            f"/api/campaigns/{night.campaign}/rolls",
            night.told_token,
            {"line": f"{night.evening.system} 2 # one of many {n}"},
        )
        assert rolled.status == 201, rolled.body
    show(phone, "log")
    expect(phone.locator(f"#ev-{rolled.body['event']}")).to_be_visible()
    entries = phone.locator("#log > li.entry")
    shown = entries.count()
    assert LOG_SHOWN <= shown <= LOG_KEPT, shown
    older = phone.locator("#log > li.older:last-child button")
    expect(older).to_have_text("Show older events")
    oldest = int(entries.last.get_attribute("data-seq") or 0)
    older.scroll_into_view_if_needed()
    look(phone, f"evening-{night.evening.system}-log-end-phone")
    older.click()
    expect(phone.locator(f"#ev-{oldest - 1}")).to_be_attached()  # the events before it, read
    more = entries.count()
    assert more > shown, (shown, more)
    show(phone, "roll")
    tall = phone.evaluate("document.documentElement.scrollHeight")
    assert tall <= 2 * HEIGHT, tall  # the log is another tab, however long it grows
    again = api(
        night.base,
        "POST",
        f"/api/campaigns/{night.campaign}/rolls",
        night.told_token,
        {"line": f"{night.evening.system} 2 # after the older ones were read"},
    )
    assert again.status == 201, again.body
    expect(phone.locator(f"#ev-{again.body['event']}")).to_be_attached()
    expect(entries).to_have_count(more + 1)  # what the reader asked for stays


def _online(night: Night) -> None:
    """Each seat sees itself online now (defect 9)."""
    seats = [p.seat for p in night.evening.players]
    for page, name in ((night.told, STORYTELLER), *zip(night.phones, seats, strict=True)):
        show(page, "table")
        own = page.locator("#seats li.seat-row.you")
        expect(own).to_have_attribute("data-seat", name)
        expect(own).to_contain_text("online now (you)")


def _close_seal(night: Night) -> None:
    """Closing the seal asks first: dismissed, nothing closes; accepted, it closes (defect 9)."""
    told = night.told
    seal = told.locator("#seal")
    number = int(seal.get_attribute("data-seal") or 0)
    close = told.locator("#seats form[data-action=seal-close] button")
    asked: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    told.once("dialog", dismiss)
    close.click()
    assert asked and asked[0].startswith("Close the open seal?"), asked
    expect(seal).to_have_attribute("data-seal", str(number))
    _accept(told)
    close.click()
    expect(told.locator("#seal")).to_have_attribute("data-seal", str(number + 1))


def _revoke(night: Night, shoot: Shoot) -> None:
    """The storyteller revokes the second player: their phone's page greys out every control
    under a banner saying what to do (defect 7)."""
    told, gone = night.told, night.phones[1]
    seat = night.evening.players[1].seat
    _clear_notice(told)
    asked = _accept(told)
    told.locator(f"#seats li.seat-row[data-seat={seat}] form[data-action=revoke] button").click()
    assert asked and asked[0].startswith(f"Revoke {seat}'s seat?"), asked
    expect(gone.locator("body")).to_have_class(re.compile(r"\bended\b"))
    banner = gone.locator("main > .ended-banner")
    expect(banner).to_contain_text("This link no longer works")
    expect(banner).to_be_in_viewport()
    enabled = gone.evaluate(
        "() => [...document.querySelectorAll('main button, main input, main select,"
        " main textarea')].filter(c => !c.disabled).map(c => c.outerHTML.slice(0, 80))"
    )
    assert enabled == [], enabled
    expect(gone.locator("#roll-button")).to_be_disabled()
    shoot(gone, f"evening-{night.evening.system}-revoked-phone")
    expect(night.phones[0].locator("#roll-button")).to_be_enabled()


def _odds_change(page: Page, name: str, words: str, without: float, with_: float) -> Locator:
    """The roll box's odds say what the choice ``name`` changes: "Words: A% → B%"."""
    change = page.locator(f"#odds [data-choice={name}]")
    expect(change).to_have_text(f"{words}: {pct(without)} → {pct(with_)}")
    return change


def _told_changes(
    night: Night, form: Locator, button: str, said: str, shot: str, look: Look
) -> Locator:
    """The storyteller sends ``form`` (on a player's sheet) with its ``button``: its answer
    shows just below it, in view, over no button; the answer, to be seen gone by itself."""
    told = night.told
    _clear_notice(told)
    form.get_by_role("button", name=button, exact=True).click()
    notice = _notice_in_place(told, form, said)
    look(told, shot)
    return notice


# -- the evenings ---------------------------------------------------------------------------


def _end_of_evening(night: Night, shoot: Shoot, look: Look) -> None:
    """The long log, every seat online, the seal closed (asked first), a seat revoked."""
    _long_log(night, look)
    _online(night)
    _close_seal(night)
    shoot(night.told, f"evening-{night.evening.system}-table-desktop")
    _revoke(night, shoot)


# -- issue 30: chronicles, classic and custom evenings, a storyteller on a desktop and two
# players, one on a phone and one on a tablet ------------------------------------------------

WIDE: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
"""The storyteller's desktop at issue 30's evenings."""
TABLET: dict[str, Any] = {
    "viewport": {"width": 820, "height": 1180},
    "is_mobile": True,
    "has_touch": True,
}
"""A player's tablet (820x1180): below the desktop's width, so the table shows its tabs."""


@pytest.fixture(scope="module")
def trio(browser: Browser) -> Iterator[list[BrowserContext]]:
    """The storyteller's desktop, a player's phone and a player's tablet."""
    made = [new_context(browser, WIDE), new_context(browser, PHONE), new_context(browser, TABLET)]
    yield made
    for context in made:
        context.close()


@dataclass
class Trio:
    """An issue-30 evening's table: the storyteller's page, the phone's and the tablet's."""

    base: str
    system: str
    campaign: int
    told: Page
    told_token: str
    phone: Page
    tablet: Page

    @property
    def pages(self) -> tuple[Page, Page, Page]:
        """Every seat's page: the storyteller's first."""
        return (self.told, self.phone, self.tablet)


def _opened_by_form(base: str, page: Page, system: str, shoot: Shoot) -> tuple[int, str, str]:
    """The storyteller opens a table of ``system`` from the front page's form: its id, their
    token and the invitation, both read from the links the page shows once."""
    page.goto(base + "/")
    page.fill("input[name=name]", f"A {system} evening")
    page.select_option("select[name=system]", system)
    page.fill("input[name=storyteller]", STORYTELLER)
    page.click("button[type=submit]")
    invite = page.input_value("#invite-link")
    token = token_of(page.input_value("#storyteller-link"))
    page.click("text=Go to the table")
    _live(page)
    return int(page.url.rstrip("/").rsplit("/", 1)[1]), token, invite


def _made(page: Page, name: str, traits: str, *, for_player: bool = True) -> Locator:
    """The storyteller makes a character from the sheets' New character (ready for a player
    to take, or their own): its sheet, drawn."""
    show(page, "sheet")
    _opened(page.locator("#new-character"))
    form = page.locator("#new-character form")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Traits").fill(traits)
    form.locator("input[name=for_player]").set_checked(for_player)
    with page.expect_navigation():
        form.get_by_role("button", name="Create").click()
    _live(page)
    sheet = page.locator(f".sheet[data-character={name}]")
    expect(sheet).to_be_visible()
    return sheet


def _sits(page: Page, invite: str, seat: str, character: str) -> None:
    """A player takes a seat with the invitation and sits with the character the storyteller
    made for them; their roll box shows the character's traits as buttons."""
    page.goto(invite)
    page.fill("input[name=name]", seat)
    page.click("button[type=submit]")
    expect(page.locator("#own-link")).to_have_value(re.compile("/t/"))
    page.click("text=Go to the table")
    page.locator("#choose select[name=pick]").select_option(character)
    with page.expect_navigation():
        page.click("text=Sit with this character")
    _live(page)
    expect(page.locator(".trait-buttons")).to_be_visible()


def _tap(panel: Locator, action: str, button: str, said: str) -> None:
    """Press one button of a sheet's Actions (its points left as they are) and wait for the
    answer; the panel stays open while the live feed draws the sheets again."""
    page = panel.page
    _clear_notice(page)
    panel.locator(f"form[data-action={action}] button", has_text=button).first.click()
    expect(page.locator("#notice")).to_contain_text(said)
    expect(panel).to_have_js_property("open", True)


def _seen_live(roller: Page, other: Page, line: str) -> int:
    """``roller`` rolls ``line``; ``other``'s page shows it at once below its roll box and in
    its log, counted on its Log tab: the event's number."""
    show(other, "roll")
    news = _unread_count(other)
    seq = roll_on(roller, line)
    expect(roller.locator("#my-roll")).to_contain_text(f"Your roll, event {seq}")
    latest = other.locator("#my-roll")
    expect(latest).to_contain_text(f"The latest roll, event {seq}")
    expect(latest.locator(".dice .die").first).to_be_visible()
    expect(_unread(other)).to_have_text(str(news + 1))
    expect(other.locator(f"#ev-{seq}")).to_be_attached()
    return seq


def _typed_roll(page: Page, line: str, faces: str, character: str = "") -> int:
    """The storyteller rolls ``line`` with the faces typed by hand (for ``character``, or
    nobody: a contest names its own rollers): the event's number."""
    show(page, "roll")
    page.locator("#roll-for").select_option(character)
    page.fill("#line", line)
    _opened(page.locator("#roll-choices")).locator("#faces").fill(faces)
    return roll_on(page)


def _contest_named(trio: Trio, seq: int, sides: tuple[str, str], verdict: str) -> None:
    """Every seat's log shows the contest at ``seq`` with each side labelled by its character
    and the verdict in words ("Ana wins by 2", "a tie"), never attacker or defender."""
    for page in trio.pages:
        entry = page.locator(f"#ev-{seq}")
        expect(entry.locator(".side-name")).to_have_text(list(sides))
        expect(entry.locator("p.verdict").last).to_have_text(verdict)
        expect(entry).not_to_contain_text(re.compile("attacker|defender", re.IGNORECASE))
    for page in (trio.phone, trio.tablet):  # and a screen reader hears who won
        expect(page.locator("#announce")).to_contain_text(f"{' vs '.join(sides)}: {verdict}")


def _hidden_then_revealed(trio: Trio, line: str, look: Look, character: str = "") -> int:
    """The storyteller rolls ``line`` hidden (for ``character``, or nobody): each player's log
    holds a placeholder saying who rolled in secret (no dice, no line); revealed, the players
    see the roll, marked."""
    told = trio.told
    show(told, "roll")
    told.locator("#roll-for").select_option(character)
    seq = roll_on(told, line, hidden=True)
    expect(told.locator(f"#ev-{seq} .tag.secret")).to_have_text("hidden")
    players = (trio.phone, trio.tablet)
    for page in players:
        entry = page.locator(f"#ev-{seq}")
        expect(entry.locator(".summary")).to_contain_text(f"{STORYTELLER} rolled in secret")
        expect(entry).not_to_contain_text("hidden rolled")
        expect(entry.locator(".die")).to_have_count(0)
        expect(entry.locator(".line")).to_have_count(0)
    show(trio.phone, "log")
    look(trio.phone, f"evening-{trio.system}-hidden-phone")
    show(told, "log")
    _clear_notice(told)
    told.locator(f"#ev-{seq} .entry-tools button", has_text="Reveal").click()
    for page in players:
        entry = page.locator(f"#ev-{seq}")
        expect(entry.locator(".tag", has_text="revealed")).to_have_count(1)
        expect(entry.locator(".line code")).to_have_text(line.split("#", 1)[0].strip())
        expect(entry.locator(".die").first).to_be_attached()
    return seq


def _undo(trio: Trio, seq: int) -> None:
    """The storyteller undoes the event at ``seq`` from its entry (asked first): struck on
    every seat's page."""
    told = trio.told
    show(told, "log")
    asked = _accept(told)
    told.locator(f"#ev-{seq} .entry-tools button", has_text="Undo").click()
    assert asked == [f"Undo event {seq}?"], asked
    for page in trio.pages:
        expect(page.locator(f"#ev-{seq}")).to_have_class(re.compile(r"\bstruck\b"))


def _own_examples(trio: Trio) -> None:
    """Every example the table's pages show names the system's own traits: none Dexterity."""
    for page in trio.pages:
        named = page.evaluate(
            "() => [...document.querySelectorAll('[placeholder]')].map(f => f.placeholder)"
        )
        assert named and not [p for p in named if "Dexterity" in p], named


def _fits(page: Page) -> None:
    """Nothing of the page reaches past its window's width (no sideways scroll)."""
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= (page.viewport_size or {"width": 0})["width"], wide


def _last_kind(trio: Trio, kind: str) -> int:
    """The sequence number of the table's last event of ``kind``."""
    read = api(trio.base, "GET", f"/api/campaigns/{trio.campaign}/events?after=0", trio.told_token)
    assert read.status == 200, read.body
    found = [e["seq"] for e in read.body["events"] if e["kind"] == kind]
    assert found, [e["kind"] for e in read.body["events"]]
    seq: int = found[-1]
    return seq


def _npc_by_api(trio: Trio, name: str, traits: str) -> None:
    """The storyteller makes a character of their own through the API (the page's New
    character is walked for the players'): drawn live on their page."""
    made = api(
        trio.base,
        "POST",
        f"/api/campaigns/{trio.campaign}/characters",
        trio.told_token,
        {"name": name, "traits": traits},
    )
    assert made.status == 201, made.body
    expect(trio.told.locator(f".sheet[data-character={name}]")).to_be_visible()
