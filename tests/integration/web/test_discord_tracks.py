"""A chronicles table on Discord, in-process on SQLite, its interactions signed: a player's
``/damage``, ``/heal``, ``/spend`` and ``/regain`` act on their sheet's Health and Willpower as on
the page; ``/sheet`` draws the tracks; what another system has is refused; and the commands of a
chronicles server are the ones its tables have."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicepool.web.discord_commands import commands
from dicepool.web.discord_sign import Discord

from .discord import Application
from .test_catalogue_edges import DISCORD_KEY, lift_limits
from .test_sheets_api import Table, seated

STORYTELLER, PLAYER = "1000", "2000"
"""Discord users."""


def says(table: Table, user: str, name: str, /, **options: Any) -> dict[str, Any]:
    """A slash command from ``user`` in the table's channel, signed: the answer's data."""
    app = table.client.app
    app.state.discord = Discord(DISCORD_KEY.public_key())  # type: ignore[attr-defined]
    body = Application(0, DISCORD_KEY).interaction(name, user, str(7000 + table.id), **options)
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
    return data


def on_discord(client: TestClient) -> Table:
    """A chronicles table linked to its channel; Bo, on Discord, plays Ana (Health 7 boxes,
    Willpower 2)."""
    lift_limits(client)
    table, bo = seated(client, "chronicles", "Stamina=2 Resolve=1 Composure=1")
    says(table, STORYTELLER, "link", link=table.storyteller)
    joined = says(table, PLAYER, "join", link=bo)
    assert "playing Ana" in joined["content"], joined
    return table


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_damage_heal_and_willpower_from_discord_at_a_chronicles_table(client: TestClient) -> None:
    table = on_discord(client)
    hurt = says(table, PLAYER, "damage", points=2, kind="lethal")
    assert "flags" not in hurt, hurt  # the channel sees it
    assert "\nAna's Health takes 2 lethal  (#" in hurt["content"] and " by Bo)" in hurt["content"]
    assert (
        "Ana's Health takes 1 bashing"
        in says(table, PLAYER, "damage", points=1, kind="bashing")["content"]
    )
    assert "Ana's Health heals 1" in says(table, PLAYER, "heal", points=1)["content"]
    for _ in range(2):
        assert "Ana spends 1 Willpower" in says(table, PLAYER, "spend")["content"]
    refused = says(table, PLAYER, "spend")
    assert refused["flags"] == 64  # to the asker alone, in the rule's words
    assert "Willpower has 0 of 2 points: 1 cannot be spent" in refused["content"]
    assert "Ana gains 1 Willpower" in says(table, PLAYER, "regain")["content"]
    sheet = says(table, PLAYER, "sheet")["content"]
    assert "Health     [X][X][ ][ ][ ][ ][ ]  2 lethal, 5 unhurt" in sheet
    assert "Willpower  ●○ 1/2" in sheet
    # hubris's wounds, and another system's command, are refused with what this table has
    resistant = says(table, PLAYER, "damage", points=1, kind="lethal", resistant=True)
    assert "resistant is for a hubris table's damage, not a chronicles one" in resistant["content"]
    edge = says(table, PLAYER, "edge")["content"]
    assert "/edge is not at a chronicles table: this table has " in edge and "/damage" in edge


def test_a_chronicles_servers_commands_are_its_tables_actions_and_options() -> None:
    found = {c["name"]: c for c in commands("chronicles")}
    assert {"damage", "heal", "spend", "regain", "extended-start", "roll"} <= set(found)
    assert not {"edge", "mitigate", "stabilize", "momentum", "legend"} & set(found)
    damage = {o["name"] for o in found["damage"]["options"]}
    assert damage == {"points", "kind", "character", "track"}  # no resistant wounds
    every = {c["name"]: c for c in commands()}
    assert {"resistant", "track"} <= {o["name"] for o in every["damage"]["options"]}
    assert len(every) > len(found)
