"""The commands a Discord channel sees: its table's system's, the storyteller's commands on the
log, a command of another system answered with what the table has, and a server's commands
made the union of its tables' systems'."""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.notation.names import near_system
from dicepool.web.discord_commands import commands, names_at, not_here
from dicepool.web.discord_guilds import BOT_DM, GUILD, for_guild, merged, unlinked
from dicepool.web.discord_words import CONTENT


def options(command: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o["name"]: o for o in command.get("options", [])}


def named(found: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return next(c for c in found if c["name"] == name)


@pytest.mark.parametrize("system", ["chronicles", "classic", "hubris", "sundown", "storypath"])
def test_every_table_has_reveal_undo_and_restore_naming_an_event(system: str) -> None:
    found = commands(system)
    for name in ("reveal", "undo", "restore"):
        (seq,) = named(found, name)["options"]
        assert (
            seq["name"] == "seq" and seq["type"] == 4 and seq["required"] and seq["min_value"] == 1
        )


def test_a_tables_roll_offers_its_systems_choices_alone() -> None:
    chronicles = options(named(commands("chronicles"), "roll"))
    assert "willpower" in chronicles and "extended" in chronicles
    assert not {"edge", "momentum", "arena"} & set(chronicles)
    sundown = options(named(commands("sundown"), "roll"))
    assert {"edge", "resist", "soak"} <= set(sundown) and "willpower" not in sundown
    every = options(named(commands(), "roll"))  # every system's: each choice says whose
    assert every["edge"]["description"].startswith("sundown: ")
    assert every["momentum"]["description"].startswith("storypath: ")


def test_a_command_of_another_system_is_answered_with_what_the_table_has() -> None:
    said = not_here("vice", "chronicles")
    assert said.startswith("/vice is not at a chronicles table: this table has /link, /join, ")
    assert "/roll" in said and "/damage" in said and "/reveal" in said and "/edge" not in said
    assert len(said) < CONTENT and "/vice" not in names_at("chronicles")


def test_a_servers_commands_are_the_union_of_its_tables_systems() -> None:
    both = merged(for_guild("chronicles"), for_guild("hubris"))
    names = {c["name"] for c in both}
    assert {"vice", "extended-start", "roll", "reveal"} <= names
    assert not {"link", "join", "edge"} & names  # global; sundown's
    roll = options(named(both, "roll"))
    assert {"willpower", "extended", "arena"} <= set(roll)
    damage = options(named(both, "damage"))
    assert {"resistant", "track"} <= set(damage)  # hubris's resistant wounds, chronicles' tracks
    required = [o.get("required", False) for o in named(both, "damage")["options"]]
    assert required == sorted(required, reverse=True)  # Discord asks the required first
    assert merged(both, for_guild("hubris")) == both  # linked again: nothing new


def test_what_discord_adds_to_a_command_is_not_sent_back() -> None:
    listed = [
        {**c, "id": "1", "version": "2", "application_id": "900"} for c in for_guild("hubris")
    ]
    assert merged(listed, for_guild("hubris")) == merged([], for_guild("hubris"))


def test_the_global_commands_of_servers_registered_at_link() -> None:
    found = {c["name"]: c for c in unlinked()}
    assert set(found) == {"link", "join", "roll", "odds"}
    assert found["link"]["contexts"] == [GUILD] and found["roll"]["contexts"][0] == BOT_DM


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("chronicle", "unknown system `chronicle`; did you mean `chronicles`?"),
        ("Hubirs", "unknown system `Hubirs`; did you mean `hubris`?"),
        ("sundwn", "unknown system `sundwn`; did you mean `sundown`?"),
        ("Stealth", None),
        ("Strength", None),
    ],
)
def test_a_word_nearly_a_system_is_read_as_one_mistyped(word: str, said: str | None) -> None:
    assert near_system(word) == said
