"""The table's pages in-process: links and cookies, CSRF, escaping, roles, and the HTML feed."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dicepool.web import limits
from dicepool.web.pages import CSRF_COOKIE, csrf_of

from .conftest import bearer

pytestmark = pytest.mark.usefixtures("db")


def _csrf(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "the form carries a CSRF token"
    return found[1]


def opened(client: TestClient, system: str = "hubris") -> tuple[int, str, str]:
    """Open a table through the front page: its id and the two tokens of its links."""
    home = client.get("/")
    page = client.post(
        "/", data={"name": "Night", "system": system, "storyteller": "Mo", "csrf": _csrf(home.text)}
    )
    assert page.status_code == 201, page.text
    told = re.search(r'id="storyteller-link"', page.text)
    links = re.findall(r"/t/([A-Za-z0-9_-]{40,})", page.text)
    assert told and len(set(links)) == 2
    where = int(re.search(r'href="/c/(\d+)"', page.text)[1])  # type: ignore[index]
    return where, links[0], links[1]


def test_the_links_page_reloaded_says_they_were_shown_once_and_leads_to_the_table(
    client: TestClient,
) -> None:
    home = client.get("/")
    form = {"name": "Night", "system": "hubris", "storyteller": "Mo", "csrf": _csrf(home.text)}
    first = client.post("/", data=form)
    assert first.status_code == 201, first.text
    where = int(re.search(r'href="/c/(\d+)"', first.text)[1])  # type: ignore[index]
    again = client.post("/", data=form)  # the browser sends the form again: a reload
    assert again.status_code == 200, again.text
    assert "shown <strong>once</strong>, when it opened" in again.text
    assert f'href="/c/{where}"' in again.text
    assert not re.findall(r"/t/([A-Za-z0-9_-]{40,})", again.text)  # no link shown twice
    stranger = TestClient(client.app)  # another browser asking for that name: refused
    other = stranger.get("/")
    taken = stranger.post("/", data={**form, "csrf": _csrf(other.text)})
    assert taken.status_code == 409 and "already a campaign" in taken.text


def test_a_refused_form_comes_back_with_what_was_typed_and_the_error_beside_its_button(
    client: TestClient,
) -> None:
    where, _, invite = opened(client)
    stranger = TestClient(client.app)  # the name is another table's: the form comes back
    home = stranger.get("/")
    form = {"name": "Night", "system": "sundown", "storyteller": "Zed", "csrf": _csrf(home.text)}
    again = stranger.post("/", data=form)
    assert again.status_code == 409
    kept = re.search(r'<form method="post" action="/".*?</form>', again.text, re.S)
    assert kept, "the front page's form, sent back"
    assert 'name="name"' in kept[0] and 'value="Night"' in kept[0]
    assert '<option value="sundown" selected>' in kept[0] and 'value="Zed"' in kept[0]
    error = kept[0].index('role="alert"')
    assert "already a campaign" in kept[0][error:] and error < kept[0].index("<button")
    assert stranger.post("/", data={**form, "csrf": _csrf(again.text)}).status_code == 409
    player, _ = player_client(client, invite, "Pat")
    join = TestClient(client.app)
    form = {"name": "pat", "csrf": _csrf(join.get(f"/t/{invite}").text)}  # Pat's, in any case
    taken = join.post(f"/t/{invite}", data=form)
    assert taken.status_code == 409 and 'value="pat"' in taken.text
    assert re.search(r'role="alert"[^>]*>a seat called pat is at this table already', taken.text)
    other = join.post(f"/t/{invite}", data={"name": "Quinn", "csrf": _csrf(taken.text)})
    assert other.status_code == 201  # typed anew, sent again: seated
    assert player.get(f"/c/{where}").status_code == 200


def player_client(client: TestClient, invite: str, name: str = "Pat") -> tuple[TestClient, str]:
    """A second browser that joins with the invitation: its client and its own token."""
    other = TestClient(client.app)
    join = other.get(f"/t/{invite}")
    joined = other.post(f"/t/{invite}", data={"name": name, "csrf": _csrf(join.text)})
    assert joined.status_code == 201, joined.text
    own = re.search(r"/t/([A-Za-z0-9_-]{40,})", joined.text)
    assert own and own[1] != invite
    return other, own[1]


def test_a_link_keeps_its_token_in_a_strict_httponly_cookie_and_leaves_the_address(
    client: TestClient,
) -> None:
    where, told, _ = opened(client)
    fresh = TestClient(client.app)
    went = fresh.get(f"/t/{told}", follow_redirects=False)
    assert went.status_code == 303 and went.headers["location"] == f"/c/{where}"
    cookie = went.headers["set-cookie"]
    assert f"dicepool_seat_{where}={told}" in cookie
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie
    table = fresh.get(f"/c/{where}")
    assert table.status_code == 200 and told not in table.text  # the page never shows it
    assert table.headers["x-frame-options"] == "DENY"
    assert table.headers["referrer-policy"] == "no-referrer"


def test_a_page_without_the_seat_cookie_or_with_an_unknown_link_says_so(
    client: TestClient,
) -> None:
    where, _, _ = opened(client)
    stranger = TestClient(client.app)
    page = stranger.get(f"/c/{where}", headers={"accept": "text/html"})
    assert page.status_code == 401 and "open your link again" in page.text
    assert "<html" in page.text  # a page for a browser, not JSON
    assert stranger.get("/t/" + "x" * 43).status_code == 404


def test_every_form_that_changes_something_needs_its_csrf_token(client: TestClient) -> None:
    where, told, _ = opened(client)
    home = TestClient(client.app)
    home.get("/")
    no_token = home.post("/", data={"name": "Other", "system": "hubris"})
    assert no_token.status_code == 403 and "security token" in no_token.text
    rolled = client.post(f"/c/{where}/roll", data={"line": "hubris 3"})
    wrong = client.post(f"/c/{where}/roll", data={"line": "hubris 3", "csrf": "0" * 32})
    right = client.post(
        f"/c/{where}/roll", data={"line": "hubris 3", "csrf": csrf_of(told)}, follow_redirects=False
    )
    assert rolled.status_code == wrong.status_code == 403
    assert right.status_code == 303  # a plain form goes back to the table
    header = client.post(
        f"/c/{where}/roll",
        data={"line": "hubris 3"},
        headers={"x-csrf-token": csrf_of(told), "hx-request": "true"},
    )
    assert header.status_code == 200 and "Rolled (event" in header.text
    events = client.get(f"/api/campaigns/{where}/events", headers=bearer(told)).json()["events"]
    assert [e["kind"] for e in events].count("rolled") == 2  # the refused ones logged nothing


def test_a_csrf_token_is_the_seats_own(client: TestClient) -> None:
    where, told, invite = opened(client)
    other, own = player_client(client, invite)
    forged = other.post(f"/c/{where}/roll", data={"line": "hubris 3", "csrf": csrf_of(told)})
    assert forged.status_code == 403
    assert csrf_of(own) != csrf_of(told) and len(csrf_of(own)) == 32
    assert CSRF_COOKIE not in csrf_of(own)


def test_what_a_user_typed_is_escaped_in_every_page(client: TestClient) -> None:
    where, told, invite = opened(client)
    csrf = {"csrf": csrf_of(told)}
    client.post(f"/c/{where}/roll", data={"line": "hubris 2 # <script>alert(1)</script>", **csrf})
    page = client.get(f"/c/{where}").text
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    other = TestClient(client.app)
    join = other.get(f"/t/{invite}")
    refused = other.post(
        f"/t/{invite}",
        data={"name": "<b>Pat</b>", "csrf": _csrf(join.text)},
        headers={"accept": "text/html"},
    )
    assert refused.status_code == 422 and "<html" in refused.text
    assert "<b>Pat</b>" not in refused.text and "&lt;b&gt;Pat&lt;/b&gt;" in refused.text


def test_the_player_page_never_holds_a_hidden_roll_until_it_is_revealed(
    client: TestClient,
) -> None:
    where, told, invite = opened(client)
    other, _ = player_client(client, invite)
    secret = client.post(
        f"/api/campaigns/{where}/rolls",
        json={"line": "hubris 4 # the ambush", "hidden": True, "dice": [8, 8, 2, 2]},
        headers=bearer(told),
    ).json()["event"]
    assert "the ambush" in client.get(f"/c/{where}").text
    assert "the ambush" not in other.get(f"/c/{where}").text
    answer = other.post(f"/c/{where}/events/{secret}/reveal", headers={"hx-request": "true"})
    assert answer.status_code == 403  # no CSRF token, and not the storyteller's seat
    shown = client.post(f"/c/{where}/events/{secret}/reveal", data={"csrf": csrf_of(told)})
    assert shown.status_code == 200
    page = other.get(f"/c/{where}").text
    assert "the ambush" in page and "revealed" in page


def test_a_player_acts_for_their_own_character_only(client: TestClient) -> None:
    where, told, invite = opened(client)
    other, own = player_client(client, invite)
    client.post(
        f"/c/{where}/character",
        data={"name": "Guard", "traits": "Stamina=2", "csrf": csrf_of(told)},
    )
    made = other.post(
        f"/c/{where}/character",
        data={"name": "Ana", "traits": "Stamina=3", "csrf": csrf_of(own)},
        follow_redirects=False,
    )
    assert made.status_code == 303
    page = other.get(f"/c/{where}").text
    assert 'data-character="Ana"' in page and 'data-character="Guard"' not in page
    forged = other.post(
        f"/c/{where}/act/damage",
        data={"character": "Guard", "points": "2", "kind": "bashing", "csrf": csrf_of(own)},
    )
    assert forged.status_code == 403 and "Guard" in forged.text
    hurt = other.post(
        f"/c/{where}/act/damage",
        data={"points": "2", "kind": "lethal", "csrf": csrf_of(own)},
        headers={"hx-request": "true"},
    )
    assert hurt.status_code == 200 and "Ana takes 2 lethal" in hurt.text
    guard = client.get(f"/api/campaigns/{where}/characters/Guard", headers=bearer(told)).json()
    ana = client.get(f"/api/campaigns/{where}/characters/Ana", headers=bearer(told)).json()
    assert guard["state"]["health"]["boxes"].count(None) == len(guard["state"]["health"]["boxes"])
    assert ana["state"]["health"]["boxes"][:2] == ["lethal", "lethal"]


def test_the_odds_box_answers_as_the_line_is_typed(client: TestClient) -> None:
    where, _, _ = opened(client, system="chronicles")
    shown = client.get(f"/c/{where}/odds", params={"line": "chronicles 5"})
    assert shown.status_code == 200 and "81.2%" in shown.text  # success, exceptional apart
    refused = client.get(f"/c/{where}/odds", params={"line": "chronicles 5 diff"})
    assert refused.status_code == 200 and 'class="error"' in refused.text


def test_the_odds_box_refuses_a_line_the_player_may_not_roll(client: TestClient) -> None:
    where, _, invite = opened(client, system="chronicles")
    bo, bo_token = player_client(client, invite, "Bo")
    rex, rex_token = player_client(client, invite, "Rex")
    for browser, token, name in ((bo, bo_token, "Ana"), (rex, rex_token, "Cy")):
        made = browser.post(
            f"/c/{where}/character",
            data={"name": name, "traits": "Strength=2 Brawl=1", "csrf": csrf_of(token)},
            follow_redirects=False,
        )
        assert made.status_code == 303, made.text
    own = bo.get(f"/c/{where}/odds", params={"line": "Strength + Brawl"})
    assert own.status_code == 200 and 'class="bars"' in own.text
    for asked in ({"line": "Cy: Strength + Brawl"}, {"line": "Strength", "character": "Cy"}):
        odds = bo.get(f"/c/{where}/odds", params=asked)
        assert odds.status_code == 200 and 'class="bars"' not in odds.text, asked
        assert 'class="error"' in odds.text and "Cy" in odds.text
        rolled = bo.post(
            f"/c/{where}/roll",
            data={**asked, "csrf": csrf_of(bo_token)},
            headers={"hx-request": "true"},
        )
        assert rolled.status_code == 403  # the roll says no too: the odds said it first


def test_the_live_page_feed_sends_html_and_refuses_another_sites_page(
    client: TestClient,
) -> None:
    where, told, invite = opened(client)
    other, _ = player_client(client, invite)
    with (
        pytest.raises(WebSocketDisconnect),
        other.websocket_connect(
            f"/c/{where}/live", headers={"origin": "http://evil.example"}
        ) as socket,
    ):
        socket.receive_text()
    with other.websocket_connect(
        f"/c/{where}/live", headers={"origin": "http://testserver"}
    ) as socket:
        first = socket.receive_text()
        assert 'id="log"' in first and 'id="sheets"' in first
        client.post(
            f"/api/campaigns/{where}/rolls",
            json={"line": "hubris 2 # in secret", "hidden": True, "dice": [8, 2]},
            headers=bearer(told),
        )
        client.post(
            f"/api/campaigns/{where}/rolls",
            json={"line": "hubris 2 # in the open", "dice": [8, 9]},
            headers=bearer(told),
        )
        news = socket.receive_text()
        if "in the open" not in news:  # the hidden roll's line came alone, read before it
            news += socket.receive_text()
        assert "in the open" in news and "in secret" not in news
        assert news.count('class="entry kind-concealed"') == 1  # typed: no seal numbers it
        assert 'hx-swap-oob="afterbegin:#log"' in news
        assert news.count('class="die die-success"') == 2
        assert 'id="seal"' not in news  # dice typed in are not the seal's: its line stands
        # the seal's own dice: its line counts them (a hidden roll too, by its number), then
        # shows the next seal once the storyteller closes this one
        rolls = f"/api/campaigns/{where}/rolls"
        client.post(rolls, json={"line": "hubris 2", "hidden": True}, headers=bearer(told))
        stub = socket.receive_text()
        assert re.search(r'id="seal" hx-swap-oob="outerHTML"[^>]*>Seal 1 .* 1 roll so far', stub)
        client.post(rolls, json={"line": "hubris 2"}, headers=bearer(told))
        assert re.search(r"Seal 1 .* 2 rolls so far", socket.receive_text())
        client.post(f"/c/{where}/act/seal-close", data={"csrf": csrf_of(told)})
        closed = socket.receive_text()
        assert re.search(r'id="seal" hx-swap-oob="outerHTML"[^>]*>Seal 2 .* 0 rolls so far', closed)
        assert "Close the seal" not in closed  # the player's page: no storyteller's button


def test_tables_and_seats_are_metered_so_a_stranger_cannot_fill_the_database(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits.time, "monotonic", lambda: 1000.0)  # no refill meanwhile
    first = client.post("/api/campaigns", json={"name": "T0", "system": "cofd"}).json()
    invite = bearer(first["invite"]["token"])
    seats = [
        client.post(
            f"/api/campaigns/{first['id']}/seats", json={"name": f"P{i}"}, headers=invite
        ).status_code
        for i in range(31)
    ]
    assert seats == [201] * 30 + [429]  # the invitation's burst, then its rate
    more = [
        client.post("/api/campaigns", json={"name": f"T{i}", "system": "cofd"}).status_code
        for i in range(1, 11)
    ]
    assert more == [201] * 9 + [429]  # ten tables in a burst from one address


def test_the_table_shows_the_open_seal_and_the_storyteller_alone_closes_it(
    client: TestClient,
) -> None:
    where, told, invite = opened(client)
    other, own = player_client(client, invite)
    first = client.get(f"/api/campaigns/{where}/events", headers=bearer(told)).json()["events"]
    commitment = next(e for e in first if e["kind"] == "seal-open")["data"]["commitment"]
    page = other.get(f"/c/{where}").text
    assert f'title="{commitment}"' in page and "Close the seal" not in page
    refused = other.post(f"/c/{where}/act/seal-close", data={"csrf": csrf_of(own)})
    assert refused.status_code == 403
    client.post(f"/c/{where}/roll", data={"line": "hubris 3", "csrf": csrf_of(told), "nonce": "n"})
    closed = client.post(
        f"/c/{where}/act/seal-close", data={"csrf": csrf_of(told)}, headers={"hx-request": "true"}
    )
    assert closed.status_code == 200 and "closed seal 1 after 1 roll" in closed.text
    events = client.get(f"/api/campaigns/{where}/events", headers=bearer(own))
    kinds = [e["kind"] for e in events.json()["events"]]
    assert kinds[-2:] == ["seal-close", "seal-open"]
    rolled = next(e for e in events.json()["events"] if e["kind"] == "rolled")
    # the storyteller's nonce is no free choice (issue 22): the empty one, whatever was sent
    assert rolled["data"]["seal"]["nonce"] == "" and rolled["data"]["seal"]["roll_no"] == 1
    assert "Close the seal" in client.get(f"/c/{where}").text  # the storyteller's, seal 2
    assert "Seal 2" in other.get(f"/c/{where}").text


def test_anyone_with_a_seat_checks_the_closed_seals_and_a_hidden_roll_waits_for_its_reveal(
    client: TestClient,
) -> None:
    where, told, invite = opened(client)
    other, own = player_client(client, invite)
    rolls = f"/api/campaigns/{where}/rolls"
    client.post(rolls, json={"line": "hubris 3", "nonce": "a"}, headers=bearer(told))
    secret = client.post(
        rolls, json={"line": "hubris 2", "hidden": True}, headers=bearer(told)
    ).json()["event"]
    check = f"/api/campaigns/{where}/verify"
    before = other.get(check, headers=bearer(own)).json()
    assert [s["status"] for s in before["seals"]] == ["open"] and before["ok"]
    client.post(f"/c/{where}/act/seal-close", data={"csrf": csrf_of(told)})
    closed = other.get(check, headers=bearer(own)).json()
    first = closed["seals"][0]
    assert (first["status"], first["checked"], first["hidden"]) == ("verified", 1, 1)
    assert client.get(check, headers=bearer(told)).json()["seals"][0]["checked"] == 2
    client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
    after = other.get(check, headers=bearer(own)).json()["seals"][0]
    assert (after["status"], after["checked"], after["hidden"]) == ("verified", 2, 0)
    page = other.get(f"/c/{where}/verify").text
    assert "✓ seal 1: verified" in page and "seal 2: open" in page
    assert other.get(check).status_code == 401


def test_the_table_offers_its_log_as_an_export_that_verify_checks_as_the_seat_sees_it(
    client: TestClient,
) -> None:
    from dicepool.campaign.export import read_export
    from dicepool.campaign.verify import verify

    where, told, invite = opened(client)
    other, _own = player_client(client, invite)
    rolls = f"/api/campaigns/{where}/rolls"
    client.post(rolls, json={"line": "hubris 3"}, headers=bearer(told))
    secret = client.post(
        rolls, json={"line": "hubris 2 # the ambush", "hidden": True}, headers=bearer(told)
    ).json()["event"]
    client.post(f"/c/{where}/act/seal-close", data={"csrf": csrf_of(told)})
    assert f'href="/c/{where}/export"' in other.get(f"/c/{where}/verify").text
    page = other.get(f"/c/{where}/export")  # the player's page: their cookie
    assert page.status_code == 200 and "attachment" in page.headers["content-disposition"]
    assert "the ambush" not in page.text  # a hidden roll stays behind the screen
    head, events = read_export(page.text)
    assert head == {"name": "Night", "system": "hubris"}
    assert secret in [e["seq"] for e in events]
    checked = verify(events)
    assert checked.ok and (checked.seals[0].checked, checked.seals[0].hidden) == (1, 1)
    whole = client.get(f"/api/campaigns/{where}/export", headers=bearer(told))
    assert "the ambush" in whole.text and verify(read_export(whole.text)[1]).seals[0].checked == 2
    assert client.get(f"/api/campaigns/{where}/export").status_code == 401


def test_an_outcome_is_said_once(client: TestClient) -> None:
    where, told, _ = opened(client, system="chronicles")
    body = {"line": "chronicles 3", "dice": [8, 8, 2]}
    rolled = client.post(f"/api/campaigns/{where}/rolls", json=body, headers=bearer(told))
    assert rolled.status_code == 201 and rolled.json()["roll"]["label"].lower() == "success"
    page = client.get(f"/c/{where}").text
    verdict = re.search(r'<p class="verdict">(.*?)</p>', page, re.S)
    assert verdict is not None and "outcome-success" in verdict[1]
    assert 'class="label"' not in verdict[1]  # not "SUCCESS Success"


def test_a_players_browser_adds_to_the_open_seal_and_the_page_says_who_could_choose(
    client: TestClient,
) -> None:
    where, told, invite = opened(client)
    other, own = player_client(client, invite)
    page = other.get(f"/c/{where}").text
    assert "no player has added to it: the storyteller alone could choose these dice" in page
    commitment = re.search(r'data-commitment="([0-9a-f]{64})"', page)
    assert commitment is not None and 'data-player="1"' in page
    given = {"commitment": commitment[1], "contribution": "ab" * 32, "csrf": csrf_of(own)}
    refused = client.post(f"/c/{where}/seals/1/contribute", data={**given, "csrf": csrf_of(told)})
    assert refused.status_code == 403
    assert (
        other.post(f"/c/{where}/seals/1/contribute", data={**given, "csrf": ""}).status_code == 403
    )
    added = other.post(f"/c/{where}/seals/1/contribute", data=given)
    assert added.status_code == 200 and added.json()["seq"] > 0
    assert added.json()["mixed"] == 1  # what a roll sent now names
    again = other.post(f"/c/{where}/seals/1/contribute", data=given)
    assert again.status_code == 409 and "holds that contribution already" in again.text
    page = client.get(f"/c/{where}").text
    seal = page.split('id="seal"', 1)[1].split("</div>", 1)[0]  # the seal's line
    assert "1 player added to it" in seal and "the storyteller alone" not in seal
    checked = client.get(f"/c/{where}/verify").text
    assert "✓ the log's chain holds" in checked


def test_a_sheet_marks_resistant_and_treatable_wounds_with_more_than_colour(
    client: TestClient,
) -> None:
    where, told, _ = opened(client)
    url = f"/api/campaigns/{where}"
    made = client.post(f"{url}/characters", json={"name": "Ana"}, headers=bearer(told))
    assert made.status_code == 201, made.text
    for resistant, treatable in ((True, True), (True, False), (False, False)):
        given = {"character": "Ana", "points": 1, "kind": "lethal"}
        given |= {"resistant": resistant, "treatable": treatable}
        done = client.post(f"{url}/actions/damage", json=given, headers=bearer(told))
        assert done.status_code == 201, done.text
    page = client.get(f"/c/{where}").text
    boxes = re.findall(
        r'<span class="box([^"]*)" title="([^"]*)">([^<]*)(<sup[^>]*>(\w)</sup>)?', page
    )
    marked = [(cls.split(), title, sup) for cls, title, _, _, sup in boxes if "wound-" in cls]
    assert marked == [
        (["wound-lethal", "resistant"], "lethal, resistant: care takes it a step down", "t"),
        (["wound-lethal", "resistant"], "lethal, resistant: only time heals it", "r"),
        (["wound-lethal"], "lethal", ""),
    ]
