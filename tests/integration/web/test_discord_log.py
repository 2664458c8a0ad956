"""The whole table on Discord, in-process on SQLite, its interactions signed as Discord signs
them: the storyteller's ``/reveal``, ``/undo`` and ``/restore`` (refused to a player in their
words), a command of another system's tables answered with what this table has, a mistyped
system, and a server's commands registered at ``/link`` when the bot's token is configured
(a local HTTP server stands in for Discord's API)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicepool.web.discord_guilds import ENV_TOKEN, for_guild
from dicepool.web.discord_sign import Discord
from dicepool.web.discord_words import CONTENT

from .discord import Application, receiving
from .test_catalogue_edges import DISCORD_KEY, lift_limits
from .test_sheets_api import Table, seated

STORYTELLER, PLAYER = "1100", "2200"
"""Discord users."""

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def says(table: Table, user: str, name: str, api: str = "", /, **options: Any) -> dict[str, Any]:
    """A slash command from ``user`` in the table's channel, signed: the answer's data (one
    code block within Discord's limit, pinging no one)."""
    app = table.client.app
    key = DISCORD_KEY.public_key()
    app.state.discord = Discord(key, api) if api else Discord(key)  # type: ignore[attr-defined]
    body = Application(0, DISCORD_KEY).interaction(name, user, str(7100 + table.id), **options)
    raw = json.dumps(body, separators=(",", ":")).encode()
    stamp = str(int(time.time()))
    headers = {
        "X-Signature-Ed25519": DISCORD_KEY.sign(stamp.encode() + raw).hex(),
        "X-Signature-Timestamp": stamp,
        "Content-Type": "application/json",
    }
    answer = table.client.post("/discord/interactions", content=raw, headers=headers)
    assert answer.status_code == 200 and answer.json()["type"] == 4, answer.text
    data: dict[str, Any] = answer.json()["data"]
    assert len(data["content"]) <= CONTENT and data["allowed_mentions"] == {"parse": []}
    assert data["content"].startswith("```\n") and data["content"].count("```") == 2
    return data


def lines(data: dict[str, Any]) -> list[str]:
    """An answer's lines, inside its code block."""
    return list(data["content"].split("\n")[1:-1])


def on_discord(client: TestClient, api: str = "") -> tuple[Table, dict[str, Any]]:
    """A chronicles table linked to its channel (the link's answer); Bo, on Discord, plays Ana."""
    lift_limits(client)
    table, bo = seated(client, "chronicles", "Stamina=2 Resolve=1 Composure=1")
    linked = says(table, STORYTELLER, "link", api, link=table.storyteller)
    assert "playing Ana" in says(table, PLAYER, "join", link=bo)["content"]
    return table, linked


def kinds(table: Table) -> list[str]:
    answer = table.client.get(f"{table.url}/events", headers=table.by(table.storyteller))
    return [e["kind"] for e in answer.json()["events"]]


def test_the_storyteller_reveals_a_secret_roll_to_the_channel(client: TestClient) -> None:
    table, _ = on_discord(client)
    secret = says(table, STORYTELLER, "roll", line="chronicles 4 # the ambush", secret=True)
    assert secret["flags"] == 64
    last = lines(secret)[-1]
    assert last.startswith("only you see it: /reveal seq:")
    seq = int(last.split("seq:")[1].split()[0])
    refused = says(table, PLAYER, "reveal", seq=seq)
    assert refused["flags"] == 64 and lines(refused) == [
        "only the storyteller reveals a hidden roll"
    ]
    shown = says(table, STORYTELLER, "reveal", seq=seq)
    assert "flags" not in shown  # the channel sees the roll whole, then its reveal
    said = lines(shown)
    assert said[0].startswith("storyteller — chronicles 4: ")
    assert said[1].startswith(f"  #{seq} by storyteller, revealed") and "# the ambush" in said[1]
    assert said[-1].startswith(f"revealed hidden roll {seq}  (#{seq + 1} by storyteller)")
    again = says(table, STORYTELLER, "reveal", seq=seq)
    assert again["flags"] == 64 and f"roll {seq} is revealed already" in again["content"]
    assert kinds(table).count("revealed") == 1


def test_the_storyteller_undoes_and_restores_from_the_channel(client: TestClient) -> None:
    table, _ = on_discord(client)
    rolled = says(table, PLAYER, "roll", line="Stamina + 1")
    seq = int(lines(rolled)[1].split("#")[1].split()[0])
    assert lines(rolled)[1].startswith(f"  #{seq} by Bo")
    refused = says(table, PLAYER, "undo", seq=seq)
    assert refused["flags"] == 64 and "only the storyteller undoes" in refused["content"]
    undone = says(table, STORYTELLER, "undo", seq=seq)
    assert "flags" not in undone
    assert lines(undone) == [f"undid event {seq}  (#{seq + 1} by storyteller)"]
    restored = says(table, STORYTELLER, "restore", seq=seq)
    assert "flags" not in restored
    words = f"restored event {seq} (undid undo {seq + 1})  (#{seq + 2} by storyteller)"
    assert lines(restored) == [words]
    standing = says(table, STORYTELLER, "restore", seq=seq)
    assert standing["flags"] == 64 and f"event {seq} stands" in standing["content"]
    assert kinds(table)[-2:] == ["undone", "undone"]
    # a secret roll's undo tells the storyteller alone
    secret = says(table, STORYTELLER, "roll", line="chronicles 2", secret=True)
    hidden = int(lines(secret)[-1].split("seq:")[1].split()[0])
    quiet = says(table, STORYTELLER, "undo", seq=hidden)
    assert quiet["flags"] == 64 and f"undid event {hidden}" in quiet["content"]
    nowhere = says(table, STORYTELLER, "undo", seq=10_000)
    assert nowhere["flags"] == 64 and len(lines(nowhere)) == 1


def test_another_systems_command_and_a_mistyped_system_say_what_to_write(
    client: TestClient,
) -> None:
    table, _ = on_discord(client)
    vice = says(table, PLAYER, "vice")
    assert vice["flags"] == 64
    (said,) = lines(vice)
    assert said.startswith("/vice is not at a chronicles table: this table has /link, /join, ")
    assert "/roll" in said and "/damage" in said and "/undo" in said and "/edge" not in said
    edge = says(table, PLAYER, "roll", line="Stamina + 1", edge=True)
    assert (
        edge["flags"] == 64
        and "edge is for a sundown roll, not a chronicles one" in edge["content"]
    )
    typo = says(table, PLAYER, "roll", line="chronicle 5")
    assert lines(typo) == ["unknown system `chronicle`; did you mean `chronicles`?"]
    assert kinds(table).count("rolled") == 0


def test_a_link_registers_the_servers_commands_with_the_bots_token(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    with receiving() as discord:
        monkeypatch.setenv(ENV_TOKEN, "bot-token")
        _, linked = on_discord(client, f"{discord.base}/api/v10")
        path = "/api/v10/applications/900/guilds/800/commands"
        listed, put = discord.posted(path)
    assert (listed.method, put.method) == ("GET", "PUT")
    assert put.headers["Authorization"] == "Bot bot-token"
    assert [c["name"] for c in put.body] == [c["name"] for c in for_guild("chronicles")]
    assert "vice" not in {c["name"] for c in put.body}
    assert lines(linked)[-1] == "this server now lists a chronicles table's commands"


def test_without_a_token_a_link_registers_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_TOKEN, raising=False)
    with receiving() as discord:
        _, linked = on_discord(client, f"{discord.base}/api/v10")
        assert discord.heard == []
    assert "commands" not in linked["content"]
