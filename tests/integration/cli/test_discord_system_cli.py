"""`dicepool discord commands --system`: one system's commands, printed, and registered for one
Discord server (a real local HTTP server stands in for Discord's API)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dicepool.campaign.actions import ACTIONS
from dicepool.cli.main import cli
from dicepool.web.discord_commands import OWN

from ..web.discord import receiving


def printed(*args: str) -> dict[str, dict[str, object]]:
    done = CliRunner().invoke(cli, ["discord", "commands", *args])
    assert done.exit_code == 0, done.output
    return {c["name"]: c for c in json.loads(done.output)}


@pytest.mark.parametrize("system", ["chronicles", "classic", "custom", "hubris"])
def test_a_systems_commands_are_the_actions_its_tables_have(system: str) -> None:
    found = printed("--system", system)
    has = {a.name for a in ACTIONS.values() if system in a.systems}
    assert set(found) == set(OWN) | has  # the table's own: /link, /roll, /reveal, /undo...
    damage = {o["name"] for o in found["damage"]["options"]}  # type: ignore[union-attr]
    hubris_only = {"resistant", "treatable", "mitigate"}
    assert (hubris_only <= damage) == (system == "hubris")
    assert ("track" in damage) == (system != "hubris")


def test_a_systems_commands_are_registered_for_one_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with receiving() as receiver:
        monkeypatch.setenv("DICEPOOL_DISCORD_API", f"{receiver.base}/api/v10")
        monkeypatch.setenv("DICEPOOL_DISCORD_TOKEN", "bot-token")
        args = ["--system", "chronicles", "--guild-id", "800", "--application-id", "900"]
        done = CliRunner().invoke(cli, ["discord", "commands", *args])
        assert done.exit_code == 0, done.output
        assert "commands for application 900 on server 800" in done.output
        (put,) = receiver.posted("/api/v10/applications/900/guilds/800/commands")
        assert put.method == "PUT" and {c["name"] for c in put.body} == set(
            printed("--system", "chronicles")
        )
        bad = CliRunner().invoke(cli, ["discord", "commands", "--guild-id", "x8", *args[4:]])
        assert bad.exit_code == 2 and "a Discord id is a number" in bad.output


def test_the_global_commands_of_servers_that_get_theirs_at_link() -> None:
    found = printed("--unlinked")
    assert set(found) == {"link", "join", "roll", "odds"}
    assert found["link"]["contexts"] == [0] and found["roll"]["contexts"] == [1, 2]
    both = CliRunner().invoke(cli, ["discord", "commands", "--unlinked", "--system", "hubris"])
    assert both.exit_code == 2 and "--unlinked are the global commands" in both.output
