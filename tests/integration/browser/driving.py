"""What the browser tests do at the table: roll from the roll box, call the JSON API."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect


@dataclass(frozen=True)
class Answer:
    """An API answer: its status and its JSON."""

    status: int
    body: Any


def api(base: str, method: str, path: str, token: str, body: Any = None) -> Answer:
    """Call the JSON API at ``base`` as the seat of ``token``; an error status is an answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return Answer(answer.status, json.load(answer))
    except urllib.error.HTTPError as refused:
        with refused:
            return Answer(refused.code, json.load(refused))


def open_by_api(base: str, name: str = "Night", system: str = "chronicles") -> dict[str, Any]:
    """Open a table through the API, no seat needed: its answer (the storyteller's link and
    the invitation's, each with its ``url``)."""
    opened = urllib.request.Request(
        f"{base}/api/campaigns",
        data=json.dumps({"name": name, "system": system}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(opened, timeout=10) as answer:
        made: dict[str, Any] = json.load(answer)
    return made


def token_of(link: str) -> str:
    """The seat's token in its link (``http://host/t/TOKEN``)."""
    path = urlsplit(link).path
    assert path.startswith("/t/"), link
    return path.removeprefix("/t/")


def show(page: Page, part: str) -> None:
    """Show the table's ``part`` (roll, sheet, log or table): on a phone, its tab pressed;
    on a desktop, where every part is shown side by side, nothing to do."""
    tab = page.locator(f"#tabs a[data-tab={part}]")
    if tab.is_visible():
        tab.click()
        expect(page.locator(f"#panel-{part}")).to_be_visible()


def roll_on(page: Page, line: str | None = None, *, hidden: bool = False) -> int:
    """Roll ``line`` from the page's roll box, or the line it holds (hidden when asked: the
    storyteller's roll box alone has that box to tick); the number of the event it logged."""
    show(page, "roll")
    notice = page.locator("#notice")
    notice.evaluate("notice => notice.replaceChildren()")  # so the next notice is this roll's
    secret = page.locator("#hidden")
    if hidden or secret.count():
        secret.set_checked(hidden)
    if line is not None:
        page.fill("#line", line)
    page.click("#roll-button")
    expect(notice).to_contain_text("Rolled (event")
    said = re.search(r"Rolled \(event (\d+)\)", notice.inner_text())
    assert said is not None, notice.inner_text()
    return int(said.group(1))


def join_as_player(
    page: Page,
    invitation: str,
    seat: str = "Pat",
    character: str = "Ana",
    traits: str = "Dexterity=3 Stealth=2",
) -> int:
    """A player takes a seat with the ``invitation`` link on ``page`` and creates their
    character; once the page is live and its browser has added to the open seal, the table's
    id."""
    page.goto(invitation)
    page.fill("input[name=name]", seat)
    page.click("button[type=submit]")
    page.click("text=Go to the table")
    page.fill("input[name=name]", character)
    page.fill("input[name=traits]", traits)
    page.click("text=Create my character")
    expect(page.locator("#live-state")).to_have_text("live")
    expect(page.locator("#seal")).to_contain_text("1 player added to it")  # the browser's
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def event_of(base: str, campaign: int, token: str, event: int) -> dict[str, Any] | None:
    """The event at seq ``event`` as the seat of ``token`` reads it from the API, or None if it
    may not."""
    answer = api(base, "GET", f"/api/campaigns/{campaign}/events?after=0", token)
    assert answer.status == 200, answer.body
    found = [e for e in answer.body["events"] if e["seq"] == event]
    return found[0] if found else None
