"""Seats and links that cannot bite, in-process: a browser at the table that opens its
invitation (or another seat's link) keeps its seat unless it says it leaves it; every link a
page shows is a field with Copy and Share, never an anchor; a page whose link stopped working
says so and what to do; the viewer's own seat is online; closing the seal asks first, away from
"check the dice"."""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from dicepool.campaign.seat_admin import seats_at
from dicepool.store.database import Database
from dicepool.web.pages import CSRF_COOKIE, LINK_ENDED, csrf_of

from .conftest import bearer
from .test_pages import opened, player_client

pytestmark = pytest.mark.usefixtures("db")

LINK = re.compile(r"/t/([A-Za-z0-9_-]{40,})")


def _text(html: str) -> str:
    """A page's words, its tags dropped and its spaces collapsed."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html)))


def _form_csrf(client: TestClient) -> str:
    return client.cookies[CSRF_COOKIE]


def _names(db: Database, where: int) -> list[str]:
    return [s.name for s in seats_at(db, where)]


def test_the_storyteller_opening_the_invitation_is_told_so_and_keeps_the_seat(
    client: TestClient, db: Database
) -> None:
    where, told, invite = opened(client)
    page = client.get(f"/t/{invite}")
    assert page.status_code == 200
    said = _text(page.text)
    assert (
        "You are already at this table as Mo (storyteller). "
        "This invitation is for new players: send it to them." in said
    )
    assert f'href="/c/{where}"' in page.text  # back to the table
    assert "Take a new seat anyway: this browser leaves Mo's seat" in said
    # the storyteller's leaving needs a box ticked (and the page asks once more)
    assert re.search(r'type="checkbox" name="leave_seat" value="true" required', page.text)
    assert 'data-confirm="Leave the storyteller' in page.text
    assert client.cookies[f"dicepool_seat_{where}"] == told

    # the form sent without saying it leaves: nothing joined, the cookie kept
    kept = client.post(f"/t/{invite}", data={"name": "Sol2", "csrf": _form_csrf(client)})
    assert kept.status_code == 409, kept.text
    assert "this browser sits at this table as Mo" in _text(kept.text)
    assert 'value="Sol2"' in kept.text  # what was typed stays
    assert "set-cookie" not in kept.headers or "dicepool_seat_" not in kept.headers["set-cookie"]
    assert client.cookies[f"dicepool_seat_{where}"] == told
    assert "Sol2" not in _names(db, where)
    table = client.get(f"/c/{where}")
    assert (
        table.status_code == 200 and 'data-action="invite"' in table.text
    )  # still the storyteller's

    # said explicitly: a new seat, and this browser is that player now
    left = client.post(
        f"/t/{invite}", data={"name": "Sol2", "csrf": _form_csrf(client), "leave_seat": "true"}
    )
    assert left.status_code == 201, left.text
    assert client.cookies[f"dicepool_seat_{where}"] != told
    assert "Sol2" in _names(db, where)
    assert 'data-action="invite"' not in client.get(f"/c/{where}").text


def test_a_player_opening_the_invitation_again_keeps_their_seat_unless_they_leave_it(
    client: TestClient, db: Database
) -> None:
    where, _, invite = opened(client)
    player, own = player_client(client, invite, "Pat")
    page = player.get(f"/t/{invite}")
    said = _text(page.text)
    assert "You are already at this table as Pat. This invitation is for new players" in said
    assert "(storyteller)" not in said and 'type="checkbox" name="leave_seat"' not in page.text
    assert 'type="hidden" name="leave_seat" value="true"' in page.text  # one explicit button
    refused = player.post(f"/t/{invite}", data={"name": "Pat2", "csrf": _form_csrf(player)})
    assert refused.status_code == 409 and player.cookies[f"dicepool_seat_{where}"] == own
    assert "Pat2" not in _names(db, where)
    left = player.post(
        f"/t/{invite}", data={"name": "Pat2", "csrf": _form_csrf(player), "leave_seat": "true"}
    )
    assert left.status_code == 201 and player.cookies[f"dicepool_seat_{where}"] != own


def test_a_browser_whose_link_stopped_working_joins_without_a_question(
    client: TestClient, db: Database
) -> None:
    where, told, invite = opened(client)
    player, own = player_client(client, invite, "Pat")
    revoked = client.post(
        f"/api/campaigns/{where}/actions/revoke", json={"seat": "Pat"}, headers=bearer(told)
    )
    assert revoked.status_code in (200, 201), revoked.text
    page = player.get(f"/t/{invite}")
    assert "already at this table" not in page.text  # nothing to keep: a plain invitation
    joined = player.post(f"/t/{invite}", data={"name": "Pip", "csrf": _form_csrf(player)})
    assert joined.status_code == 201 and player.cookies[f"dicepool_seat_{where}"] != own


def test_another_seats_link_opened_at_the_table_asks_before_it_takes_the_browser(
    client: TestClient,
) -> None:
    where, told, invite = opened(client)
    _, pats = player_client(client, invite, "Pat")
    page = client.get(f"/t/{pats}", follow_redirects=False)
    assert page.status_code == 200
    said = _text(page.text)
    assert "You are already at this table as Mo (storyteller). This link opens Pat's seat" in said
    assert "Open Pat's seat here anyway: this browser leaves Mo's seat" in said
    assert client.cookies[f"dicepool_seat_{where}"] == told
    went = client.get(f"/t/{pats}?leave_seat=true", follow_redirects=False)
    assert went.status_code == 303 and went.headers["location"] == f"/c/{where}"
    assert client.cookies[f"dicepool_seat_{where}"] == pats
    mine = client.get(f"/t/{pats}", follow_redirects=False)  # its own link: no question
    assert mine.status_code == 303


def _link_fields(html: str) -> list[str]:
    """The ids of the link fields of a page, each checked: read-only, with Copy and Share."""
    ids = re.findall(r'<input class="link" readonly value="[^"]*/t/[^"]+" id="([^"]+)"', html)
    for found in ids:
        assert f'class="small copy" data-for="{found}"' in html, found
        assert re.search(rf'class="small share" data-for="{found}"[^>]* hidden>Share', html), found
    return ids


def _no_anchor_to_a_link(html: str) -> None:
    assert not re.search(r"<a [^>]*href=\"[^\"]*/t/", html), "a link to a seat is never an anchor"


def test_every_link_a_page_shows_is_a_field_with_copy_and_share_never_an_anchor(
    client: TestClient,
) -> None:
    home = TestClient(client.app)
    home.get("/")
    opened_page = home.post("/", data={"name": "Day", "system": "hubris", "csrf": _form_csrf(home)})
    assert opened_page.status_code == 201
    assert _link_fields(opened_page.text) == ["storyteller-link", "invite-link"]
    _no_anchor_to_a_link(opened_page.text)
    where = int(re.search(r'href="/c/(\d+)"', opened_page.text)[1])  # type: ignore[index]
    invite = LINK.findall(opened_page.text)[-1]
    joining = TestClient(client.app)
    joining.get(f"/t/{invite}")
    joined = joining.post(f"/t/{invite}", data={"name": "Cy", "csrf": _form_csrf(joining)})
    assert joined.status_code == 201 and _link_fields(joined.text) == ["own-link"]
    _no_anchor_to_a_link(joined.text)
    told = home.cookies[f"dicepool_seat_{where}"]
    for action, fields, words in (
        ("invite", {}, "The new invitation, shown this once: send it to your players"),
        ("new-link", {"seat": "Cy"}, "Cy's new link, shown this once: send it to Cy alone"),
    ):
        answer = home.post(
            f"/c/{where}/act/{action}",
            data={**fields, "csrf": csrf_of(told)},
            headers={"hx-request": "1"},
        )
        assert answer.status_code == 200, answer.text
        assert _link_fields(answer.text) == ["shown-link"] and words in _text(answer.text)
        _no_anchor_to_a_link(answer.text)


def test_a_page_reloaded_with_a_link_that_stopped_working_says_what_happened_and_what_to_do(
    client: TestClient,
) -> None:
    where, told, invite = opened(client)
    player, _ = player_client(client, invite, "Pat")
    assert player.get(f"/c/{where}").status_code == 200
    client.post(
        f"/api/campaigns/{where}/actions/new-link", json={"seat": "Pat"}, headers=bearer(told)
    )
    page = player.get(f"/c/{where}", headers={"accept": "text/html"})
    assert page.status_code == 401
    assert LINK_ENDED in _text(page.text)
    assert 'role="alert"' in page.text and f'href="/c/{where}"' not in page.text  # no loop back
    acted = player.post(f"/c/{where}/roll", data={"line": "hubris 2"}, headers={"hx-request": "1"})
    assert acted.status_code == 401 and LINK_ENDED in _text(acted.text)
    stranger = TestClient(client.app)  # no cookie at all: still told to open its link
    assert "open your link again" in stranger.get(f"/c/{where}").text


def test_the_viewers_own_seat_is_online_and_the_others_as_they_are(client: TestClient) -> None:
    where, _, invite = opened(client)
    player, _ = player_client(client, invite, "Pat")
    for browser, me, other in ((player, "Pat", "Mo"), (client, "Mo", "Pat")):
        page = browser.get(f"/c/{where}").text
        own = re.search(rf'<li class="seat-row you" data-seat="{me}">(.*?)</li>', page, re.S)
        assert own, f"{me}'s own row"
        assert 'class="presence on" title="online now (you)"' in own[1]
        assert "online now (you)" in _text(own[1])
        theirs = re.search(rf'<li class="seat-row" data-seat="{other}">(.*?)</li>', page, re.S)
        assert theirs and 'title="not here now"' in theirs[1]  # no live page of theirs


def test_closing_the_seal_asks_first_and_sits_with_the_storytellers_tools(
    client: TestClient,
) -> None:
    where, _, invite = opened(client)
    player, _ = player_client(client, invite, "Pat")
    page = client.get(f"/c/{where}").text
    assert 'id="seal"' in page and "check the dice" in page
    seats = re.search(r'<section id="seats".*?</section>', page, re.S)
    assert seats and "check the dice" not in seats[0]
    assert page.count("act/seal-close") == 1  # the one button: in the seats card, not the seal's
    close = re.search(r'<form[^>]*act/seal-close"[^>]*>.*?</form>', seats[0], re.S)
    assert close and 'hx-confirm="Close the open seal?' in close[0]
    assert "Close the seal and publish its seed" in close[0]
    assert "seal-close" not in player.get(f"/c/{where}").text
