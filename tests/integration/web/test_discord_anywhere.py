"""The bot in any channel, against a real `dicepool serve`, signed as Discord signs them: a
linked channel moves to another table only by its table's storyteller (both logs say so, and
either storyteller's undo brings it back); plain dice are rolled and their odds told in a
channel no table is linked to and in a direct message, with nothing logged."""

from __future__ import annotations

import json
import re
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dicepool.campaign.history import check, counts
from dicepool.campaign.plain_rolls import plain_roll
from dicepool.store.database import Database
from dicepool.web.discord_plain import plain_roll_text

from ..servers import SCRIPT, free_port, post, serving, stop
from .discord import Application

TOLD, PLAYER, STRANGER = "111", "222", "333"
"""Discord users: the storyteller of Nights (who opens Days too), a player of Nights (who
opens a table of their own), someone in a channel with no table."""

CHANNEL, BARE, DIRECT = "710", "720", "730"
"""Nights' channel; a channel no table is linked to; a direct message with the bot."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Application, Path]]:
    """A Discord application, a server that takes its interactions, and its database."""
    port = free_port()
    application = Application(port)
    db = tmp_path_factory.mktemp("anywhere") / "table.sqlite3"
    server = serving(str(db), port, "0.1", "--discord-public-key", application.public_hex)
    try:
        yield application, db
    finally:
        stop(server)


@pytest.fixture(scope="module")
def app(served: tuple[Application, Path]) -> Application:
    return served[0]


def _open(app: Application, name: str, system: str = "chronicles") -> dict[str, Any]:
    opened: dict[str, Any] = post(app.port, "/api/campaigns", {"name": name, "system": system})
    return opened


def _events(app: Application, table: dict[str, Any]) -> list[dict[str, Any]]:
    """The log as the table's storyteller reads it."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{app.port}/api/campaigns/{table['id']}/events",
        headers={"Authorization": f"Bearer {table['storyteller']['token']}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        found: list[dict[str, Any]] = json.load(answer)["events"]
        return found


def _undo(app: Application, table: dict[str, Any], seq: int) -> dict[str, Any]:
    path = f"/api/campaigns/{table['id']}/events/{seq}/undo"
    undone: dict[str, Any] = post(app.port, path, {}, table["storyteller"]["token"])["event"]
    return undone


def _rolled_at(app: Application, table: dict[str, Any], comment: str) -> bool:
    """Whether the table's log holds a roll with ``comment``."""
    return any(
        e["kind"] == "rolled" and e["data"].get("comment") == comment for e in _events(app, table)
    )


def _direct(app: Application, name: str, user: str, /, **options: object) -> dict[str, Any]:
    """A command in a direct message to the bot, as Discord sends it: no server, no member,
    the user at the top."""
    body = app.interaction(name, user, DIRECT, **options)
    del body["guild_id"]
    body["user"] = body.pop("member")["user"]
    status, answer = app.post(body)
    assert status == 200, answer
    data: dict[str, Any] = answer["data"]
    return data


def _no_command_line(data: dict[str, Any]) -> None:
    assert "dicepool " not in data["content"] and not re.search(r"--[a-z]", data["content"])


def test_a_channel_moves_only_by_its_storyteller_and_either_undo_brings_it_back(
    app: Application,
) -> None:
    nights = _open(app, "Nights")
    app.command("link", TOLD, CHANNEL, link=nights["storyteller"]["url"])
    app.command("join", PLAYER, CHANNEL, link=nights["invite"]["url"], name="Bo")
    # a player opens a table of their own and links Nights' channel with its link: refused
    theirs = _open(app, "Theirs")
    refused = app.command("link", PLAYER, CHANNEL, link=theirs["storyteller"]["url"])["data"]
    assert refused["flags"] == 64
    assert "only the storyteller of Nights may move it" in refused["content"]
    _no_command_line(refused)
    assert not any(e["kind"].startswith("discord") for e in _events(app, theirs))
    app.command("roll", TOLD, CHANNEL, line="chronicles 2 # still here")
    assert _rolled_at(app, nights, "still here")  # the channel stayed
    # Nights' storyteller moves it to Days: both logs say so, Nights' naming nothing of Days
    days = _open(app, "Days")
    moved = app.command("link", TOLD, CHANNEL, link=days["storyteller"]["url"])["data"]
    assert moved["flags"] == 64 and "now the table Days" in moved["content"]
    assert "moved from its table" in moved["content"]
    left = _events(app, nights)[-1]
    assert left["kind"] == "discord-moved" and "Days" not in json.dumps(left)
    assert _events(app, days)[-1]["kind"] == "discord-linked"
    app.command("roll", TOLD, CHANNEL, line="chronicles 2 # at days")
    assert _rolled_at(app, days, "at days") and not _rolled_at(app, nights, "at days")
    # Nights' undo of the move brings it back; undoing that undo moves it away again
    back = _undo(app, nights, left["seq"])
    app.command("roll", TOLD, CHANNEL, line="chronicles 2 # back")
    assert _rolled_at(app, nights, "back")
    _undo(app, nights, back["seq"])
    app.command("roll", TOLD, CHANNEL, line="chronicles 2 # away")
    assert _rolled_at(app, days, "away")
    # Days' undo of its link brings it back to Nights as well
    linked = next(e for e in _events(app, days) if e["kind"] == "discord-linked")
    _undo(app, days, linked["seq"])
    app.command("roll", TOLD, CHANNEL, line="chronicles 2 # home")
    assert _rolled_at(app, nights, "home")


def test_db_check_finds_the_ties_as_both_logs_make_them(served: tuple[Application, Path]) -> None:
    database = Database(f"sqlite:///{served[1]}")
    try:
        assert check(database) == []
    finally:
        database.close()


def test_plain_dice_in_a_channel_with_no_table_show_their_seed_and_log_nothing(
    served: tuple[Application, Path],
) -> None:
    app, path = served
    database = Database(f"sqlite:///{path}")
    try:
        before = counts(database)
        rolled = app.command("roll", STRANGER, BARE, line="chronicles 7 # first meeting")["data"]
        assert "flags" not in rolled and rolled["allowed_mentions"] == {"parse": []}
        content = rolled["content"]
        first = content.split("\n")[1]
        assert first.startswith("user333 — chronicles 7: "), content
        seed = int(re.findall(r"not a table's sealed dice: seed (\d+), nothing logged", content)[0])
        # the seed shown is the seed drawn: the same line from it is the same answer
        line = "chronicles 7 # first meeting"
        again = plain_roll(line, seed)
        assert content == f"```\n{plain_roll_text(again, 'user333', seed)}\n```"
        # and the command line's roll from that seed: the same dice
        ran = subprocess.run(
            [str(SCRIPT), "roll", "--seed", str(seed), "--json", line],
            capture_output=True,
            text=True,
            check=True,
        )
        assert json.loads(ran.stdout)["dice"] == again.result["dice"]
        odds = app.command("odds", STRANGER, BARE, line="chronicles 7")["data"]
        assert odds["flags"] == 64 and "%" in odds["content"]
        assert counts(database) == before  # nothing logged, no table made
    finally:
        database.close()


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"line": "chronicles 7", "character": "Ana"}, "character: needs a table"),
        ({"line": "chronicles 7", "secret": True}, "secret: needs a table"),
        ({"line": "Dexterity + Stealth"}, "a character's traits are rolled at a table"),
        ({"line": "chronicle 5"}, "did you mean `chronicles`"),
        ({"line": "chronicles 5000"}, "over the limit of 1,000"),
        ({"line": "chronicles 7 " + "x" * 600}, "line is at most 500 characters"),
    ],
)
def test_a_plain_roll_is_bounded_and_a_table_s_roll_says_how_to_link_one(
    app: Application, options: dict[str, object], said: str
) -> None:
    refused = app.command("roll", STRANGER, BARE, **options)["data"]
    assert refused["flags"] == 64 and said in refused["content"], refused
    _no_command_line(refused)


def test_what_needs_a_table_says_how_to_link_one(app: Application) -> None:
    for name, options in (("sheet", {}), ("damage", {"points": 1}), ("character", {"name": "A"})):
        told = app.command(name, STRANGER, BARE, **options)["data"]
        assert told["flags"] == 64 and "no table is linked to this channel" in told["content"]
        assert "/link" in told["content"] and "/roll line:chronicles 7" in told["content"]
    too_dear = app.command("odds", STRANGER, BARE, line="hubris 10000 rote")["data"]
    assert too_dear["flags"] == 64 and "over the budget" in too_dear["content"]
    assert "ask about fewer dice" in too_dear["content"]
    _no_command_line(too_dear)


def test_a_direct_message_rolls_plain_dice_and_has_no_table(app: Application) -> None:
    rolled = _direct(app, "roll", STRANGER, line="hubris 5")
    assert "flags" not in rolled and "hubris 5: " in rolled["content"]
    assert "not a table's sealed dice: seed" in rolled["content"]
    odds = _direct(app, "odds", STRANGER, line="hubris 5")
    assert odds["flags"] == 64 and "%" in odds["content"]
    nights = _open(app, "Letters")
    for name, options in (
        ("link", {"link": nights["storyteller"]["url"]}),
        ("join", {"link": nights["invite"]["url"], "name": "Cy"}),
        ("sheet", {}),
        ("roll", {"line": "chronicles 3", "character": "Ana"}),
    ):
        told = _direct(app, name, STRANGER, **options)
        assert told["flags"] == 64 and "a direct message has no table" in told["content"], told
        _no_command_line(told)
    assert not any(e["kind"].startswith("discord") for e in _events(app, nights))
