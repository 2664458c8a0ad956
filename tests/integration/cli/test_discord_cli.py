"""`dicepool discord commands`: the slash commands printed, and registered with a stand-in for
Discord's API (a real local HTTP server)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from dicepool.campaign.actions import ACTIONS
from dicepool.cli.main import cli
from dicepool.web.discord_commands import OWN

from ..web.discord import receiving

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
"""A command's or an option's name, as Discord takes it."""


def printed() -> list[dict[str, object]]:
    done = CliRunner().invoke(cli, ["discord", "commands"])
    assert done.exit_code == 0, done.output
    found: list[dict[str, object]] = json.loads(done.output)
    return found


def test_every_action_of_the_catalogue_is_a_command_within_discords_limits() -> None:
    found = {c["name"]: c for c in printed()}
    assert set(OWN) | set(ACTIONS) == set(found)  # the table's own: /link, /reveal, /undo...
    assert {"link", "join", "roll", "odds", "reveal", "undo", "restore"} <= set(OWN)
    assert len(found) <= 100  # an application's global commands
    for name, command in found.items():
        assert NAME.match(name) and 1 <= len(str(command["description"])) <= 100
        assert len(json.dumps(command)) < 8000
        options = command["options"]
        assert isinstance(options, list) and len(options) <= 25
        required = [bool(o.get("required")) for o in options]
        assert required == sorted(required, reverse=True)  # the required first
        for option in options:
            assert NAME.match(option["name"]) and len(option["description"]) <= 100
            assert len(option.get("choices", [])) <= 25
    damage = {o["name"]: o for o in found["damage"]["options"]}  # type: ignore[union-attr]
    assert damage["points"]["type"] == 4 and damage["points"]["required"] is True
    assert [c["value"] for c in damage["kind"]["choices"]] == ["bashing", "lethal", "aggravated"]
    assert damage["character"]["required"] is False  # a player's is their own


def test_the_commands_are_registered_with_the_bots_token(monkeypatch: pytest.MonkeyPatch) -> None:
    with receiving() as receiver:
        monkeypatch.setenv("DICEPOOL_DISCORD_API", f"{receiver.base}/api/v10")
        args = ["discord", "commands", "--application-id", "900"]
        refused = CliRunner().invoke(cli, args)
        assert refused.exit_code == 2 and "DICEPOOL_DISCORD_TOKEN" in refused.output
        monkeypatch.setenv("DICEPOOL_DISCORD_TOKEN", "bot-token")
        done = CliRunner().invoke(cli, args)
        assert done.exit_code == 0, done.output
        (put,) = receiver.posted("/api/v10/applications/900/commands")
        assert put.method == "PUT" and put.body == printed()
        assert put.headers["Authorization"] == "Bot bot-token"
        receiver.then = 401
        failed = CliRunner().invoke(cli, args)
        assert failed.exit_code == 1 and "Discord refused the commands (401)" in failed.output
