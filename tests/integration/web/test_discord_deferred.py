"""A command slower than Discord's patience: answered "thinking" at once, its answer sent
after it to Discord's API (a local receiver), as a PATCH of the original answer."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from dicepool.campaign.seats import open_table
from dicepool.store.database import Database
from dicepool.web.app import create_app
from dicepool.web.discord_sign import Discord

from .discord import Application, receiving

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def test_a_deferred_answer_follows_to_the_original_message(db: Database) -> None:
    table = open_table(db, "Nights", "hubris")
    discord = Application(0)
    with receiving() as receiver:
        key = discord.key.public_key()
        app = create_app(db, discord=Discord(key, f"{receiver.base}/api/v10", defer_seconds=0))
        with TestClient(app) as client:

            def signed(body: dict[str, object]) -> tuple[int, dict[str, object]]:
                raw = json.dumps(body, separators=(",", ":")).encode()
                stamp = str(int(time.time()))
                headers = {
                    "X-Signature-Ed25519": discord.key.sign(stamp.encode() + raw).hex(),
                    "X-Signature-Timestamp": stamp,
                    "Content-Type": "application/json",
                }
                answer = client.post("/discord/interactions", content=raw, headers=headers)
                return answer.status_code, answer.json()

            link = discord.interaction("link", "111", link=table.storyteller)
            assert signed(link) == (200, {"type": 5, "data": {"flags": 64}})
            path = f"/api/v10/webhooks/900/{link['token']}/messages/@original"
            (patched,) = receiver.wait_for(path, lambda heard: len(heard) == 1)
            assert patched.method == "PATCH" and patched.body["flags"] == 64
            assert "This channel is now the table Nights" in patched.body["content"]
            roll = discord.interaction("roll", "111", line="hubris 3 # slow")
            assert signed(roll) == (200, {"type": 5, "data": {}})
            path = f"/api/v10/webhooks/900/{roll['token']}/messages/@original"
            (patched,) = receiver.wait_for(path, lambda heard: len(heard) == 1)
            assert "# slow" in patched.body["content"] and "flags" not in patched.body
