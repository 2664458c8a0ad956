"""The table of actions and its gate: who may do what, with which values, checked before any
use case touches the database (so a refusal stores nothing)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from dicepool.campaign.actions import ACTIONS, ALL, Asked, actions_for, perform
from dicepool.campaign.seats import Role, Seat
from dicepool.errors import AccessError, CampaignError
from dicepool.store.database import Database


class Touched(Exception):
    """The gate let the action through: its use case reached for the database."""


class Untouchable:
    """A database that refuses to be used: reaching it means every check passed."""

    def __getattr__(self, name: str) -> Any:
        raise Touched(name)


DB = cast(Database, Untouchable())


def seat(role: Role, system: str = "hubris", character: str | None = None) -> Seat:
    name = {Role.STORYTELLER: "st", Role.PLAYER: "Bo", Role.INVITE: "invitation"}[role]
    return Seat(1, 1, "Night", role, name, character, system)


ST = seat(Role.STORYTELLER)
BO = seat(Role.PLAYER, character="Ana")


def test_the_table_names_each_action_once_for_known_systems() -> None:
    assert all(name == action.name for name, action in ACTIONS.items())
    for action in ACTIONS.values():
        assert action.systems <= ALL and action.label
    for system in ALL:
        mine = {a.name for a in actions_for(system, storyteller=False)}
        told = {a.name for a in actions_for(system, storyteller=True)}
        assert "next" in told - mine and mine < told


@pytest.mark.parametrize("name", [*ACTIONS, "fly"])
def test_the_invitation_does_nothing(name: str) -> None:
    for system in ("hubris", "sundown", "storypath"):
        with pytest.raises(AccessError, match="invitation"):
            perform(DB, seat(Role.INVITE, system), name, Asked())


@pytest.mark.parametrize(
    ("who", "name", "asked", "error", "words"),
    [
        (BO, "fly", Asked(), CampaignError, "no action `fly` at a hubris table; it has: damage"),
        (ST, "edge", Asked("Ana"), CampaignError, "no action `edge` at a hubris table"),
        (BO, "next", Asked(), AccessError, "only the storyteller"),
        (BO, "damage", Asked(choice="fire"), CampaignError, "bashing, lethal, aggravated"),
        (BO, "heal", Asked(choice="lethal"), CampaignError, "heal takes no choice"),
        (BO, "rest", Asked(points=2), CampaignError, "rest takes no points"),
        (ST, "next", Asked(points=2), CampaignError, "next takes no points"),
        (BO, "heal", Asked(purpose="a potion"), CampaignError, "heal takes no `for`"),
        (BO, "damage", Asked("Guard"), AccessError, "plays Ana, not Guard"),
        (seat(Role.PLAYER), "rest", Asked(), AccessError, "pick your character"),
        (seat(Role.PLAYER), "rest", Asked("Ana"), AccessError, "pick your character"),
        (ST, "rest", Asked(), CampaignError, "say which character rest is for"),
        (ST, "next", Asked(choice="act"), CampaignError, "turn, round, scene, session"),
    ],
)
def test_refusals_come_before_the_database(
    who: Seat, name: str, asked: Asked, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(")):
        perform(DB, who, name, asked)


@pytest.mark.parametrize(
    ("who", "name", "asked"),
    [
        (BO, "damage", Asked(points=3, choice="lethal")),
        (BO, "rest", Asked("ana")),  # a player's own character, however it is written
        (ST, "heal", Asked("Guard", points=2)),
        (ST, "next", Asked(choice="session")),
        (seat(Role.PLAYER, "sundown", "Ana"), "edge", Asked(choice="escape")),
        (seat(Role.PLAYER, "sundown", "Ana"), "edge", Asked(purpose="a lucky break")),
        (seat(Role.PLAYER, "storypath"), "momentum", Asked(points=2, purpose="a Knack")),
        (seat(Role.STORYTELLER, "storypath"), "next", Asked(choice="act")),
    ],
)
def test_what_is_allowed_reaches_its_use_case(who: Seat, name: str, asked: Asked) -> None:
    with pytest.raises(Touched):
        perform(DB, who, name, asked)
