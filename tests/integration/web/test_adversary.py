"""An adversarial pass over the web table: what a stranger, a player or a curious storyteller
tries, and what the table must refuse or keep to itself."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from fastapi.testclient import TestClient
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

from dicepool.campaign import create_character, roll
from dicepool.campaign.sundown import reroll
from dicepool.core.dice import ForcedDice, SeededDice
from dicepool.errors import CampaignError
from dicepool.store.database import Database
from dicepool.web.live import MAX_SEAT_LIVE
from dicepool.web.pages import csrf_of

from .conftest import Feed, bearer
from .test_pages import opened as opened_page
from .test_pages import player_client


class Table(NamedTuple):
    """A table opened through the API: its id, the storyteller's, a player's and the
    invitation's tokens."""

    where: int
    told: str
    player: str
    invite: str


def table(client: TestClient, system: str = "hubris") -> Table:
    """A table through the API, with a player (Bo) seated."""
    made = client.post("/api/campaigns", json={"name": "Night", "system": system})
    assert made.status_code == 201, made.text
    where, told = made.json()["id"], made.json()["storyteller"]["token"]
    invite = made.json()["invite"]["token"]
    return Table(where, told, join(client, where, invite, "Bo"), invite)


def join(client: TestClient, where: int, invite: str, name: str) -> str:
    """A new player's token at table ``where``."""
    seat = client.post(f"/api/campaigns/{where}/seats", json={"name": name}, headers=bearer(invite))
    assert seat.status_code == 201, seat.text
    token: str = seat.json()["token"]
    return token


def screened(client: TestClient) -> Table:
    """A table where the storyteller keeps Guard behind the screen, has Cid ready for a player,
    and the player plays Ana."""
    opened = table(client)
    where, told, player = opened.where, opened.told, opened.player
    guard = {"name": "Guard", "traits": "Wits=4 Composure=3"}
    made = client.post(f"/api/campaigns/{where}/characters", json=guard, headers=bearer(told))
    assert made.status_code == 201, made.text
    cid = {"name": "Cid", "traits": "Wits=3", "for_player": True}  # ready for a player: seen
    made = client.post(f"/api/campaigns/{where}/characters", json=cid, headers=bearer(told))
    assert made.status_code == 201, made.text
    ana = {"name": "Ana", "traits": "Dexterity=2 Stealth=2"}
    made = client.post(f"/api/campaigns/{where}/characters", json=ana, headers=bearer(player))
    assert made.status_code == 201, made.text
    return opened


def events(client: TestClient, where: int, token: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/campaigns/{where}/events", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()["events"]
    return found


def hidden_roll(client: TestClient, where: int, told: str, comment: str) -> int:
    made = client.post(
        f"/api/campaigns/{where}/rolls",
        json={"line": f"hubris 3 # {comment}", "hidden": True, "dice": [8, 9, 2]},
        headers=bearer(told),
    )
    assert made.status_code == 201, made.text
    event: int = made.json()["event"]
    return event


def private(event: dict[str, Any]) -> bool:
    """Whether ``event`` is the placeholder of the storyteller's private work, as a player reads
    it: the same whatever it hides."""
    held = (event["kind"], event["data"], event["actor"], event["at"], event["revealed"])
    return held == ("concealed", {}, "", "", False)


def undone(client: TestClient, where: int, told: str, event: int) -> int:
    made = client.post(f"/api/campaigns/{where}/events/{event}/undo", headers=bearer(told))
    assert made.status_code == 201, made.text
    done: int = made.json()["event"]["seq"]
    return done


# --- hidden rolls ---------------------------------------------------------------------------


def test_a_hidden_roll_undone_then_restored_tells_players_nothing_until_revealed(
    client: TestClient,
) -> None:
    where, told, player, _ = table(client)
    secret = hidden_roll(client, where, told, "the ambush")
    struck = undone(client, where, told, secret)
    restored = undone(client, where, told, struck)  # undoing the undo brings the roll back
    seen = {e["seq"]: e for e in events(client, where, player)}
    # typed by hand (no seal numbers it), its undo, and the restore that names the undo: alike
    assert all(private(seen[event]) for event in (secret, struck, restored))
    assert "the ambush" not in str(seen)
    shown = client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
    assert shown.status_code == 201, shown.text
    after = events(client, where, player)
    assert [(e["seq"], e["revealed"]) for e in after if e["seq"] == secret] == [(secret, True)]


def entry_class(html: str, event: int) -> str:
    """The classes of the log's entry for ``event`` in a page or a fragment of the feed."""
    found = re.search(rf'<li id="ev-{event}" class="([^"]*)"', html)
    assert found, f"no entry for event {event}"
    return found[1]


def test_a_players_page_and_its_feed_never_show_a_hidden_roll_undone_or_restored(
    client: TestClient,
) -> None:
    where, told, player, _ = table(client)
    rolls = f"/api/campaigns/{where}/rolls"
    secret = client.post(  # the table's own dice: the players see that it was rolled
        rolls, json={"line": "hubris 3 # the ambush", "hidden": True}, headers=bearer(told)
    ).json()["event"]
    struck = undone(client, where, told, secret)
    cookie = {"cookie": f"dicepool_seat_{where}={player}"}
    told_page = client.get(f"/c/{where}", headers={"cookie": f"dicepool_seat_{where}={told}"})
    assert "struck" in entry_class(told_page.text, secret)  # the storyteller's own view
    page = client.get(f"/c/{where}", headers=cookie).text
    assert entry_class(page, secret) == "entry kind-rolled hidden"  # behind the screen only
    with client.websocket_connect(
        f"/c/{where}/live", headers={"origin": "http://testserver", **cookie}
    ) as feed:
        assert entry_class(feed.receive_text(), secret) == "entry kind-rolled hidden"
        public = client.post(rolls, json={"line": "hubris 2"}, headers=bearer(told)).json()
        assert f'id="ev-{public["event"]}"' in feed.receive_text()
        public_undo = undone(client, where, told, public["event"])  # seen: the log anew
        relogged = feed.receive_text()
        assert "struck" in entry_class(relogged, public["event"])
        assert entry_class(relogged, secret) == "entry kind-rolled hidden"
        restored = undone(client, where, told, struck)
        quiet = feed.receive_text()  # the restore: the quiet line of the private work
        assert entry_class(quiet, restored) == "entry kind-concealed"
        undone(client, where, told, public_undo)  # the public undo undone: the log anew
        again = feed.receive_text()
        assert entry_class(again, secret) == "entry kind-rolled hidden"
        assert "struck" not in entry_class(again, public["event"])
    shown = {e["seq"]: e for e in events(client, where, player)}
    assert private(shown[struck]) and private(shown[restored])
    assert "the ambush" not in str(shown)
    assert "the ambush" not in client.get(f"/c/{where}", headers=cookie).text


def test_a_struck_hidden_roll_is_not_revealed_so_no_player_misses_its_undo(
    client: TestClient,
) -> None:
    where, told, player, _ = table(client)
    secret = hidden_roll(client, where, told, "the ambush")
    undone(client, where, told, secret)  # kept from the players: it names a hidden roll
    shown = client.post(f"/api/campaigns/{where}/events/{secret}/reveal", headers=bearer(told))
    assert shown.status_code == 409 and "undone" in shown.json()["error"]
    assert "the ambush" not in str(events(client, where, player))


def test_a_hidden_roll_takes_no_second_chance_that_would_show_it(db: Database) -> None:
    from dicepool.campaign.seats import find_seat_by_token, open_table
    from dicepool.campaign.table import reveal, roll_at_table

    opened = open_table(db, "Night", "sundown")
    told = find_seat_by_token(db, opened.storyteller)
    assert told is not None
    create_character(db, "Night", "Ana", "st", changes="Agility=3 Edge=2")
    faces = ForcedDice([1, 2, 3])
    secret = roll_at_table(db, told, "Agility # the sniper", faces, "Ana", hidden=True).event
    with pytest.raises(CampaignError, match="hidden roll: reveal it"):
        reroll(db, "Night", secret.seq, ForcedDice([5, 6, 6]), "st")
    reveal(db, told, secret.seq)
    again = reroll(db, "Night", secret.seq, ForcedDice([5, 6, 6]), "st")
    assert again.event.data["misses"] == 3


# --- the storyteller's characters stay behind the screen --------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Dexterity - Guard.Composure",  # a resisting trait of the storyteller's character
        "Guard: Wits diff 99999",  # an error that would quote Guard's numbers
        "Dexterity vs Guard: Wits",
    ],
)
def test_a_players_line_reads_no_trait_of_the_storytellers_characters(
    client: TestClient, line: str
) -> None:
    where, told, player, _ = screened(client)
    answer = client.post(
        f"/api/campaigns/{where}/rolls", json={"line": line}, headers=bearer(player)
    )
    assert answer.status_code != 201, answer.text
    error = answer.json()["error"]
    assert "hubris 4" not in error and "2-3" not in error and "(here: Ana, Cid)" in error
    # what a missing character gets, word for word: Guard is not there for a player
    missing = client.post(
        f"/api/campaigns/{where}/rolls",
        json={"line": line.replace("Guard", "Nobody")},
        headers=bearer(player),
    )
    assert (missing.status_code, missing.json()["error"]) == (
        answer.status_code,
        error.replace("Guard", "Nobody"),
    )
    mine = client.post(
        f"/api/campaigns/{where}/rolls",
        json={"line": "Dexterity - Cid.Wits"},  # a sheet the player sees may resist
        headers=bearer(player),
    )
    assert mine.status_code == 201 and mine.json()["roll"]["numbers"] == "hubris 2-3"
    theirs = client.post(
        f"/api/campaigns/{where}/rolls", json={"line": "Guard: Wits"}, headers=bearer(told)
    )
    assert theirs.status_code == 201 and theirs.json()["roll"]["numbers"] == "hubris 4"


def test_the_odds_box_of_a_player_reads_no_trait_of_the_storytellers_characters(
    client: TestClient,
) -> None:
    where, told, invite = opened_page(client)
    client.post(
        f"/c/{where}/character",
        data={"name": "Guard", "traits": "Wits=4 Composure=3", "csrf": csrf_of(told)},
    )
    other, own = player_client(client, invite)
    other.post(
        f"/c/{where}/character",
        data={"name": "Ana", "traits": "Dexterity=2", "csrf": csrf_of(own)},
    )
    for params in (
        {"line": "Wits", "character": "Guard"},
        {"line": "Dexterity - Guard.Composure"},
        {"line": "Guard: Wits"},
    ):
        shown = other.get(f"/c/{where}/odds", params=params)
        assert shown.status_code == 200
        assert "hubris 4" not in shown.text and "hubris 2-3" not in shown.text, params
        assert 'class="error"' in shown.text  # as the roll would say: not Ana's to roll, or
        assert "(here: Ana)" in shown.text or "plays Ana, not Guard" in shown.text  # not here
    told_odds = client.get(f"/c/{where}/odds", params={"line": "Wits", "character": "Guard"})
    assert "hubris 4" in told_odds.text  # the storyteller reads their own screen


def test_the_log_keeps_the_sheets_of_the_storytellers_characters_from_players(
    client: TestClient,
) -> None:
    where, told, player, _ = screened(client)

    def created(token: str) -> dict[str, Any]:
        return {
            e["data"]["character"]["name"]: e["data"]["character"]
            for e in events(client, where, token)
            if e["kind"] == "character-created"
        }

    theirs, ours = created(player), created(told)
    assert "Guard" not in theirs and ours["Guard"]["traits"]["Wits"] == 4
    assert theirs["Ana"] == ours["Ana"] and theirs["Cid"] == ours["Cid"]  # the players'
    seen = events(client, where, player)
    [guard] = [e for e in events(client, where, told) if "Guard" in str(e["data"])]
    assert private(seen[guard["seq"] - 1]) and "Guard" not in str(seen)  # not even its name
    with client.websocket_connect(f"/api/campaigns/{where}/live") as socket:
        socket.send_json({"token": player, "after": 0})
        pushed = Feed(socket.receive_text).take(4)
    assert pushed == seen[:4]  # the live feed reads the log as the events do


def test_a_public_roll_of_the_storytellers_character_shows_players_totals_not_ratings(
    client: TestClient,
) -> None:
    where, told, player, _ = screened(client)  # Guard: Wits 4, Composure 3
    rolls = f"/api/campaigns/{where}/rolls"
    lines = (
        "Guard: Wits + Composure # the watch",
        "Ana: Dexterity + Stealth vs Guard: Wits + Composure",
        "Cid: Wits + 1",  # Cid is ready for a player: seen
    )
    made = [
        client.post(rolls, json={"line": line}, headers=bearer(told)).json()["event"]
        for line in lines
    ]
    theirs = {e["seq"]: e["data"] for e in events(client, where, player)}
    ours = {e["seq"]: e["data"] for e in events(client, where, told)}
    assert [ours[m]["numbers"] for m in made] == [
        "hubris 4+3",
        "hubris 2+2 vs hubris 4+3",
        "hubris 3+1",
    ]
    assert [theirs[m]["numbers"] for m in made] == [
        "hubris 7",
        "hubris 4 vs hubris 7",
        "hubris 3+1",
    ]
    assert theirs[made[0]]["result"]["notation"] == "hubris 7"
    assert theirs[made[1]]["result"]["defender"]["notation"] == "hubris 7"
    assert theirs[made[0]]["line"] == lines[0]  # the names stay: the ratings do not
    page = client.get(f"/c/{where}", headers={"cookie": f"dicepool_seat_{where}={player}"}).text
    assert "4+3" not in page and "hubris 7" in page


# --- seats -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Mo", "already"),  # the storyteller's
        ("mo", "already"),  # in another case
        ("Bo", "already"),
        (" BO ", "already"),
        ("M0", "looks like Mo"),  # the storyteller's, with a zero
        ("B\u043e", "looks like Bo"),  # a Cyrillic o
        ("storyteIler", "cannot be called storyteller"),  # a capital I for an l
        ("\u0455toryteller", "cannot be called storyteller"),  # a Cyrillic dze
        ("Invitation", "cannot be called invitation"),
    ],
)
def test_a_seat_or_a_character_cannot_take_a_name_that_is_or_passes_for_another(
    client: TestClient, name: str, said: str
) -> None:
    made = client.post(
        "/api/campaigns", json={"name": "Night", "system": "cofd", "storyteller": "Mo"}
    )
    where, invite = made.json()["id"], bearer(made.json()["invite"]["token"])
    first = client.post(f"/api/campaigns/{where}/seats", json={"name": "Bo"}, headers=invite)
    assert first.status_code == 201
    again = client.post(f"/api/campaigns/{where}/seats", json={"name": name}, headers=invite)
    assert again.status_code == 409 and said in again.json()["error"], again.text
    told = bearer(made.json()["storyteller"]["token"])
    characters = f"/api/campaigns/{where}/characters"
    assert client.post(characters, json={"name": "Ana"}, headers=told).status_code == 201
    twin = client.post(characters, json={"name": "\u0410na"}, headers=told)  # a Cyrillic A
    assert twin.status_code == 409 and "looks like Ana" in twin.json()["error"]


# --- what a roll may cost the server -----------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "line", "fine"),
    [
        ("chronicles", "chronicles 10000 8again rote", "chronicles 30 8again rote"),
        ("chronicles", "chronicles 5000 8again vs chronicles 5000 8again", "chronicles 9 vs 7"),
        ("storypath", "storypath 9000 assist 1000 double", "storypath 6 assist 3"),
        ("hubris", "hubris 2500 team 2500 team 2500 team 2500 8again", "hubris 9 team 8"),
    ],
)
def test_a_roll_at_the_table_is_bounded_so_one_request_cannot_weigh_megabytes(
    client: TestClient, db: Database, system: str, line: str, fine: str
) -> None:
    where, told, _, _ = table(client, system)
    url = f"/api/campaigns/{where}/rolls"
    answer = client.post(url, json={"line": line}, headers=bearer(told))
    assert answer.status_code == 422 and "the table's limit" in answer.json()["error"]
    assert [e["kind"] for e in events(client, where, told)] == ["campaign-created", "seal-open"]
    assert client.post(url, json={"line": fine}, headers=bearer(told)).status_code == 201
    roll(db, "Night", line, SeededDice(1), "cli")  # the command line may


# --- the live sockets ----------------------------------------------------------------------


def test_a_seat_holds_a_bounded_number_of_live_connections(client: TestClient) -> None:
    where, told, player, _ = table(client)
    url = f"/api/campaigns/{where}/live"
    with ExitStack() as held:
        for _ in range(MAX_SEAT_LIVE):
            socket = held.enter_context(client.websocket_connect(url))
            socket.send_json({"token": player, "after": 0})
            assert Feed(socket.receive_text).next()["kind"] == "campaign-created"
        with client.websocket_connect(url) as extra:
            extra.send_json({"token": player, "after": 0})
            with pytest.raises(WebSocketDisconnect) as closed:
                extra.receive_json()
            assert closed.value.code == 1008 and "too many" in str(closed.value.reason)
        with client.websocket_connect(url) as other:  # another seat is not held back
            other.send_json({"token": told, "after": 0})
            assert Feed(other.receive_text).next()["kind"] == "campaign-created"
    with client.websocket_connect(url) as again:  # the seat's connections closed: room again
        again.send_json({"token": player, "after": 0})
        assert Feed(again.receive_text).next()["kind"] == "campaign-created"


def test_a_client_gone_before_its_hello_is_no_server_error(client: TestClient) -> None:
    where, _, _, _ = table(client)
    with client.websocket_connect(f"/api/campaigns/{where}/live") as socket:
        socket.close()  # the app raised here, before: an error in the server's log


def test_a_page_gone_before_its_first_frame_is_no_server_error(client: TestClient) -> None:
    where, told, _ = opened_page(client)
    sent: list[Message] = []

    async def receive() -> Message:
        if not sent:
            return {"type": "websocket.connect"}
        await asyncio.sleep(3600)  # the client says nothing more: it is gone
        raise AssertionError("unreachable")

    async def send(message: Message) -> None:
        sent.append(message)
        if message["type"] == "websocket.send":
            raise OSError("the client went away")  # as uvicorn's ClientDisconnected is

    scope = {
        "type": "websocket",
        "path": f"/c/{where}/live",
        "raw_path": f"/c/{where}/live".encode(),
        "root_path": "",
        "scheme": "ws",
        "query_string": b"",
        "headers": [
            (b"host", b"testserver"),
            (b"origin", b"http://testserver"),
            (b"cookie", f"dicepool_seat_{where}={told}".encode()),
        ],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
        "subprotocols": [],
        "state": {},
        "app": client.app,
    }
    # a thread of its own: asyncio.run refuses a thread where a loop runs (Playwright's, when
    # the browser tests ran first in this process)
    with ThreadPoolExecutor(1) as pool:
        pool.submit(
            asyncio.run,
            asyncio.wait_for(client.app(scope, receive, send), 30),  # type: ignore[arg-type]
        ).result()
    assert [m["type"] for m in sent] == ["websocket.accept", "websocket.send"]


# --- the invitation only invites ------------------------------------------------------------


def test_an_invitation_gets_401_on_every_route_but_taking_a_seat(client: TestClient) -> None:
    where, told, _, invite = table(client)
    secret = client.post(
        f"/api/campaigns/{where}/rolls", json={"line": "hubris 2"}, headers=bearer(told)
    ).json()["event"]
    bodies: dict[str, dict[str, Any]] = {"/rolls": {"line": "hubris 2"}}
    asked = 0
    for path, operations in client.get("/openapi.json").json()["paths"].items():
        if path == "/api/campaigns":
            continue  # opening a table needs no seat
        url = path.format(campaign_id=where, seq=secret, name="damage")
        for method in operations:
            if path.endswith("/seats") and method == "post":
                continue
            body = next((b for end, b in bodies.items() if path.endswith(end)), {})
            answer = client.request(
                method, url, headers=bearer(invite), json=body if method == "post" else None
            )
            assert answer.status_code == 401, (method, path, answer.text)
            asked += 1
    assert asked >= 15  # every route of the API, read or write
    with client.websocket_connect(f"/api/campaigns/{where}/live") as feed:
        feed.send_json({"token": invite, "after": 0})
        assert "opens no seat" in feed.receive_json()["error"]
    page = client.get(f"/c/{where}", headers={"cookie": f"dicepool_seat_{where}={invite}"})
    assert page.status_code == 401
    seat = client.post(f"/api/campaigns/{where}/seats", json={"name": "Cy"}, headers=bearer(invite))
    assert seat.status_code == 201  # what it is for
    again = client.post(f"/api/campaigns/{where}/seats", json={"name": "Di"}, headers=bearer(told))
    assert again.status_code == 401  # and only an invitation takes a seat
    client.app.state.invite_lasts = timedelta(0)  # type: ignore[attr-defined]
    late = client.post(f"/api/campaigns/{where}/seats", json={"name": "Ed"}, headers=bearer(invite))
    assert late.status_code == 401 and "expired" in late.json()["error"]
    page = client.get(f"/t/{invite}", headers={"accept": "text/html"})
    assert page.status_code == 401 and "expired" in page.text


def test_an_invitation_expires_and_a_table_holds_a_bounded_number_of_seats(db: Database) -> None:
    from dicepool.campaign.seat_admin import new_invitation
    from dicepool.campaign.seats import MAX_SEATS, find_seat_by_token, join_table, open_table
    from dicepool.errors import AccessError

    opened = open_table(db, "Night", "hubris", "Mo")
    invite = find_seat_by_token(db, opened.invite)
    assert invite is not None and invite.issued_at is not None
    with pytest.raises(AccessError, match="expired"):
        join_table(
            db,
            replace(invite, issued_at=invite.issued_at - timedelta(hours=2)),
            "Bo",
            timedelta(hours=1),
        )
    for n in range(MAX_SEATS - 1):  # the storyteller's seat and as many players as fit
        join_table(db, invite, f"P{n}", timedelta(hours=1))
    with pytest.raises(CampaignError, match=f"has {MAX_SEATS} seats"):
        join_table(db, invite, "One more")
    renewed = new_invitation(db, opened.campaign_id, "Mo").token
    assert renewed is not None
    fresh = find_seat_by_token(db, renewed)
    assert fresh is not None and fresh.issued_at is not None and fresh.issued_at >= invite.issued_at


def test_the_command_lines_log_as_a_player_shows_a_hidden_roll_only_behind_the_screen(
    db: Database,
) -> None:
    from dicepool.campaign.seats import find_seat_by_token, join_table, open_table
    from dicepool.campaign.table import roll_at_table, undo_at_table
    from dicepool.core.dice import SystemDice

    from ..cli.conftest import run_process

    opened = open_table(db, "Night", "hubris", "Mo")
    told, invite = find_seat_by_token(db, opened.storyteller), find_seat_by_token(db, opened.invite)
    assert told is not None and invite is not None
    join_table(db, invite, "Bo")
    secret = roll_at_table(db, told, "hubris 3 # the ambush", SystemDice(), hidden=True).event
    args = ("log", "--db", db.url, "--campaign", "Night", "--seat")

    def seen_by(seat: str) -> tuple[int, str]:
        shown = run_process((*args, seat), env={})  # a real process, on either database
        return shown.returncode, shown.stdout + shown.stderr

    for step in ("rolled", "undone", "restored"):
        status, seen = seen_by("bo")
        assert status == 0, seen
        line = next(x for x in seen.splitlines() if x.split()[0] == str(secret.seq))
        assert "rolled in secret" in line and line.endswith("[hidden]"), (step, seen)
        assert "the ambush" not in seen and "undone" not in seen and "undid" not in seen, step
        if step == "rolled":
            undo = undo_at_table(db, told, secret.seq)[0]
        elif step == "undone":
            undo_at_table(db, told, undo.seq)
    status, mine = seen_by("Mo")
    assert status == 0 and "the ambush" in mine and "[hidden]" in mine  # the storyteller's
    status, nobody = seen_by("Zed")
    assert status == 2 and "no seat called Zed at Night; its seats: Mo, Bo" in nobody


def test_a_database_that_cannot_serve_tells_a_client_nothing_of_itself(tmp_path: Path) -> None:
    import sqlalchemy as sa

    from dicepool.web.app import UNAVAILABLE, create_app

    path = tmp_path / "secret-place.sqlite3"
    db = Database(f"sqlite:///{path}")
    db.ensure_schema()
    with db.engine.begin() as conn:  # a newer dicepool's database: refused with 503
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    db.close()
    stranger = TestClient(create_app(Database(f"sqlite:///{path}")))
    answer = stranger.post("/api/campaigns", json={"name": "Night", "system": "cofd"})
    assert answer.status_code == 503 and answer.json() == {"error": UNAVAILABLE}
    cookie = {"accept": "text/html", "cookie": "dicepool_seat_1=" + "x" * 43}
    page = stranger.get("/c/1", headers=cookie)  # a seat looked up: the database asked
    assert page.status_code == 503 and "cannot serve this now" in page.text
    assert "secret-place" not in page.text and "9999" not in page.text
