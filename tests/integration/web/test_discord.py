"""The table on Discord, against a real `dicepool serve`: signed interactions (a key pair made
here, the server given its public key), every command, and the channel's webhook mirror
(a local HTTP receiver stands in for Discord)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dicepool.web.discord_sign import REPLAY_SECONDS

from ..servers import free_port, post, serving, stop
from .discord import Application, Receiver, receiving

STORYTELLER, PLAYER, STRANGER = "111", "222", "333"
"""Discord users."""

CHANNEL = "700"


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    with receiving() as found:
        yield found


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, receiver: Receiver) -> Iterator[Application]:
    """A Discord application and a server that takes its interactions."""
    port = free_port()
    application = Application(port)
    db = tmp_path_factory.mktemp("discord") / "table.sqlite3"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("DICEPOOL_DISCORD_WEBHOOKS", f"{receiver.base}/api/webhooks/")
        env.setenv("DICEPOOL_DISCORD_API", f"{receiver.base}/api/v10")
        server = serving(str(db), port, "0.1", "--discord-public-key", application.public_hex)
    try:
        yield application
    finally:
        stop(server)


@pytest.fixture(scope="module")
def table(app: Application) -> dict[str, Any]:
    """A hubris table, linked to the channel, with Bo (on Discord) playing Ana."""
    opened = post(app.port, "/api/campaigns", {"name": "Nights", "system": "hubris"})
    told = opened["storyteller"]["token"]
    cid = opened["id"]
    post(
        app.port,
        f"/api/campaigns/{cid}/characters",
        {"name": "Ana", "traits": "Strength=3 Brawl=2 Stamina=2", "for_player": True},
        told,
    )
    linked = app.command("link", STORYTELLER, link=opened["storyteller"]["url"])
    joined = app.command("join", PLAYER, link=opened["invite"]["url"], name="Bo")
    handed = app.command("hand", STORYTELLER, character="Ana", seat="Bo")
    return {"id": cid, "told": told, "linked": linked, "joined": joined, "handed": handed}


def events(app: Application, table: dict[str, Any]) -> list[dict[str, Any]]:
    """The log as the storyteller reads it."""
    import json
    import urllib.request

    request = urllib.request.Request(
        f"http://127.0.0.1:{app.port}/api/campaigns/{table['id']}/events",
        headers={"Authorization": f"Bearer {table['told']}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        found: list[dict[str, Any]] = json.load(answer)["events"]
        return found


def test_a_ping_is_answered_pong(app: Application) -> None:
    assert app.post({"type": 1, "id": "1", "application_id": "900"}) == (200, {"type": 1})


def test_only_what_discord_signed_now_is_taken(app: Application) -> None:
    ping = {"type": 1, "id": "2", "application_id": "900"}
    command = app.interaction("odds", PLAYER, line="hubris 3")
    assert app.post(ping, headers=False)[0] == 401
    assert app.post(ping, key=Ed25519PrivateKey.generate())[0] == 401
    assert app.post(command, tamper=True)[0] == 401
    stale = int(time.time()) - REPLAY_SECONDS - 5
    assert app.post(ping, timestamp=stale)[0] == 401
    assert app.post(ping, timestamp=int(time.time()) + REPLAY_SECONDS + 5)[0] == 401
    assert (
        app.send(b'{"type":1}', {"X-Signature-Ed25519": "zz", "X-Signature-Timestamp": "1"})[0]
        == 401
    )
    # the same request signed once and sent twice: the copy is refused
    raw = b'{"type":1,"id":"3"}'
    stamp = str(int(time.time()))
    signed = {
        "X-Signature-Ed25519": app.key.sign(stamp.encode() + raw).hex(),
        "X-Signature-Timestamp": stamp,
    }
    assert app.send(raw, signed) == (200, {"type": 1})
    assert app.send(raw, signed)[0] == 401


def test_link_and_join_tie_the_channel_and_the_users_each_logged(
    app: Application, table: dict[str, Any]
) -> None:
    for answer in (table["linked"], table["joined"]):
        assert answer["type"] == 4 and answer["data"]["flags"] == 64
        assert answer["data"]["allowed_mentions"] == {"parse": []}
    assert "you sit as storyteller" in table["linked"]["data"]["content"]
    assert "as Bo" in table["joined"]["data"]["content"]
    kinds = [e["kind"] for e in events(app, table)]
    assert kinds.count("discord-linked") == 1 and kinds.count("discord-joined") == 1
    assert "character-handed" in kinds
    # a stranger is told how to sit; another channel has no table
    stranger = app.command("roll", STRANGER, line="hubris 2")["data"]
    assert stranger["flags"] == 64 and "/join" in stranger["content"]
    elsewhere = app.command("sheet", PLAYER, "701")["data"]  # plain dice roll anywhere
    assert "no table is linked to this channel" in elsewhere["content"]


def test_a_roll_is_the_seats_shown_as_the_terminal_shows_it(
    app: Application, table: dict[str, Any]
) -> None:
    answer = app.command("roll", PLAYER, line="Strength + Brawl # @everyone ```punch```")
    data = answer["data"]
    assert "flags" not in data  # the channel sees it
    assert data["allowed_mentions"] == {"parse": []}
    content = data["content"]
    assert content.startswith("```\n") and content.endswith("\n```")
    assert content.count("```") == 2  # the comment's fence cannot end the block
    assert content.split("\n")[1].startswith("Ana — Strength + Brawl: ")  # the result first
    rolled = [e for e in events(app, table) if e["kind"] == "rolled"][-1]
    faces = [d["face"] for d in rolled["data"]["result"]["dice"]]
    assert len(faces) >= 5
    shown = content.split("\n")[3].split()  # "  rolled  3 9* 10!* ..."
    assert [int(re.findall(r"\d+", f)[0]) for f in shown[1:]] == faces[: len(shown) - 1]
    assert rolled["actor"] == "Bo"


def test_a_roll_spends_what_the_api_roll_spends(app: Application, table: dict[str, Any]) -> None:
    answer = app.command("roll", PLAYER, line="Strength + Brawl", willpower=True)["data"]
    assert "flags" not in answer, answer
    rolled = [e for e in events(app, table) if e["kind"] == "rolled"][-1]
    assert rolled["data"]["effects"]["willpower"] == {"character": "Ana"}


def test_a_secret_roll_is_the_storytellers_alone(app: Application, table: dict[str, Any]) -> None:
    answer = app.command("roll", STORYTELLER, line="hubris 4 # the ambush", secret=True)["data"]
    assert answer["flags"] == 64 and "the ambush" in answer["content"]
    refused = app.command("roll", PLAYER, line="hubris 2", secret=True)["data"]
    assert refused["flags"] == 64 and "only the storyteller rolls in secret" in refused["content"]
    hidden = [e for e in events(app, table) if e["kind"] == "rolled"][-1]
    assert hidden["data"]["hidden"] is True


def test_odds_and_the_sheet_answer_the_asker_alone(app: Application, table: dict[str, Any]) -> None:
    odds = app.command("odds", PLAYER, line="hubris 3")["data"]
    assert odds["flags"] == 64
    assert "success" in odds["content"] and "65.70%" in odds["content"]  # 1 - 0.7^3
    too_much = app.command("odds", PLAYER, line="10000 rote")["data"]
    assert too_much["flags"] == 64 and "over the budget of 0.5 s" in too_much["content"]
    assert too_much["content"].count("\n") == 2  # the refusal's one line, in its block
    sheet = app.command("sheet", PLAYER)["data"]
    assert sheet["flags"] == 64 and "Ana  (Bo, hubris)" in sheet["content"]
    assert "Strength     ●●●○○  3" in sheet["content"]  # dots, as the terminal draws them


def test_a_state_action_from_the_catalogue_is_taken_as_the_seat_may(
    app: Application, table: dict[str, Any]
) -> None:
    damaged = app.command("damage", PLAYER, points=2, kind="bashing")["data"]
    assert "flags" not in damaged and "Ana" in damaged["content"]
    last = events(app, table)[-1]
    assert last["kind"] == "damaged" and last["actor"] == "Bo"
    refused = app.command("conflict-end", PLAYER)["data"]
    assert refused["flags"] == 64 and "only the storyteller" in refused["content"]


def test_the_storyteller_undoes_a_join_and_restores_it(
    app: Application, table: dict[str, Any]
) -> None:
    joined = next(e for e in events(app, table) if e["kind"] == "discord-joined")
    undo = f"/api/campaigns/{table['id']}/events/{joined['seq']}/undo"
    undone = post(app.port, undo, {}, table["told"])["event"]
    refused = app.command("roll", PLAYER, line="hubris 2")["data"]
    assert refused["flags"] == 64 and "/join" in refused["content"]
    post(app.port, f"/api/campaigns/{table['id']}/events/{undone['seq']}/undo", {}, table["told"])
    assert "flags" not in app.command("roll", PLAYER, line="hubris 2")["data"]


def _rolls(port: int, cid: int, token: str, lines: list[str]) -> None:
    for line in lines:
        post(port, f"/api/campaigns/{cid}/rolls", {"line": line}, token)


def test_the_channel_gets_every_roll_in_order_through_429s_and_a_404_turns_it_off(
    app: Application, table: dict[str, Any], receiver: Receiver
) -> None:
    cid, told = table["id"], table["told"]
    hook = "/api/webhooks/1/secret-token"
    # Discord is rate limiting: the first answers are 429s with Retry-After
    receiver.answers = [(429, "0.3")] * 4
    post(app.port, f"/api/campaigns/{cid}/actions/webhook", {"url": receiver.base + hook}, told)
    assert not any("secret-token" in str(e["data"]) for e in events(app, table))
    hidden = post(
        app.port, f"/api/campaigns/{cid}/rolls", {"line": "hubris 3 # behind", "hidden": True}, told
    )
    _rolls(app.port, cid, told, [f"hubris 2 # burst {n}" for n in range(50)])

    def lines(heard: list[Any]) -> list[str]:
        return [line for h in heard for line in h.body["content"].split("\n")]

    heard = receiver.wait_for(hook, lambda h: "burst 49" in "".join(lines(h)))
    shown = lines(heard)
    bursts = [int(m) for line in shown for m in re.findall(r"# burst (\d+)\b", line)]
    assert bursts == list(range(50))  # complete, in order, none twice
    assert len(heard) < 51  # batched while behind
    assert receiver.answers == []  # every 429 was answered, and waited out
    assert not any("behind" in line for line in shown)  # the hidden roll: not until revealed
    assert all(h.body["allowed_mentions"] == {"parse": []} for h in heard)
    assert "mirrored to a Discord channel" in shown[1]
    found = [re.search(r"^  #(\d+) by|\(#(\d+) by", line) for line in shown]  # each event's
    numbers = [int(m[1] or m[2]) for m in found if m]
    assert len(numbers) > 50 and numbers == sorted(numbers)
    # revealed, the hidden roll comes, marked so
    post(app.port, f"/api/campaigns/{cid}/events/{hidden['event']}/reveal", {}, told)
    heard = receiver.wait_for(hook, lambda h: "behind" in "".join(lines(h)))
    assert any(", revealed" in line and "behind" in line for line in lines(heard))
    # the webhook is deleted: Discord answers 404, the mirror stops and the log says so
    receiver.then = 404
    _rolls(app.port, cid, told, ["hubris 2 # after"])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        off = [e for e in events(app, table) if e["kind"] == "webhook-set" and not e["data"]["on"]]
        if off:
            break
        time.sleep(0.1)
    assert off and "404" in off[0]["data"]["reason"]
    receiver.then = 204
    _rolls(app.port, cid, told, ["hubris 2 # later"])
    time.sleep(1.0)  # the mirror reads the webhooks every 0.1 s: it had its chances
    assert not any("later" in line or "after" in line for line in lines(receiver.posted(hook)))


@pytest.mark.parametrize(
    ("system", "traits", "line", "channel", "user"),
    [
        ("classic", "Precision=3 Firearms=2 Willpower=2", "Precision + Firearms", "702", "444"),
        ("chronicles", "Strength=2 Brawl=1", "Strength + Brawl", "703", "555"),  # 1 + 1 points
    ],
)
def test_willpower_at_a_classic_or_chronicles_table_is_the_sheets_point(
    app: Application, system: str, traits: str, line: str, channel: str, user: str
) -> None:
    """`/roll willpower:true` spends the player's point as the API's roll does (ruling 23):
    off the sheet's Willpower track (two points here), the typed `wp` alike; refused in one
    line when none is left."""
    opened = post(app.port, "/api/campaigns", {"name": f"Willpower {system}", "system": system})
    told, cid = opened["storyteller"]["token"], opened["id"]
    made = {"name": "Mara", "traits": traits, "for_player": True}
    post(app.port, f"/api/campaigns/{cid}/characters", made, told)
    app.command("link", STORYTELLER, channel, link=opened["storyteller"]["url"])
    app.command("join", user, channel, link=opened["invite"]["url"], name="Cy")
    app.command("hand", STORYTELLER, channel, character="Mara", seat="Cy")
    for asked in ({"line": line, "willpower": True}, {"line": f"{line} wp"}):
        answer = app.command("roll", user, channel, **asked)["data"]
        assert "flags" not in answer, answer
        assert "Willpower point spent by Mara" in answer["content"]
        rolled = [e for e in events(app, {"id": cid, "told": told}) if e["kind"] == "rolled"][-1]
        assert rolled["data"]["effects"]["willpower"] == {"character": "Mara"}
        assert rolled["data"]["numbers"].endswith(" wp")
    refused = app.command("roll", user, channel, line=line, willpower=True)["data"]
    assert refused["flags"] == 64
    assert "Mara has no Willpower point left (0 of 2)" in refused["content"]
