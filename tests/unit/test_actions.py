"""The catalogue of actions and its gate: who may do what, with which parameters, checked before
any use case touches the database (so a refusal stores nothing)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import pytest

from dicepool.campaign.actions import ACTIONS, allowed, offered, perform
from dicepool.campaign.catalogue import ALL, Who
from dicepool.campaign.seats import Role, Seat
from dicepool.errors import AccessError, CampaignError, ParameterError
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


def test_the_catalogue_names_each_action_once_for_known_systems() -> None:
    assert all(name == action.name for name, action in ACTIONS.items())
    for action in ACTIONS.values():
        assert action.systems <= ALL and action.button and action.summary
        names = [p.name for p in action.params]
        assert len(names) == len(set(names)), action.name
    for system in ALL:
        mine = {a.name for a in offered(seat(Role.PLAYER, system, "Ana"))}
        told = {a.name for a in offered(seat(Role.STORYTELLER, system))}
        assert "next" in told - mine and mine < told
        assert not offered(seat(Role.INVITE, system))
        for name in mine:
            assert ACTIONS[name].who is not Who.STORYTELLER
        # a player who sits with no one yet is offered only what concerns no character
        assert all(a.who is Who.SEAT for a in offered(seat(Role.PLAYER, system)))


@pytest.mark.parametrize("name", [*ACTIONS, "fly"])
def test_the_invitation_does_nothing(name: str) -> None:
    for system in ("hubris", "sundown", "storypath"):
        with pytest.raises(AccessError, match="invitation"):
            perform(DB, seat(Role.INVITE, system), name, {})


HIT = {"points": 1, "kind": "bashing"}


@pytest.mark.parametrize(
    ("who", "name", "given", "error", "words"),
    [
        (BO, "fly", {}, CampaignError, "no action `fly` at a hubris table; it has: next"),
        (ST, "edge", {"character": "Ana"}, CampaignError, "no action `edge` at a hubris table"),
        (BO, "next", {"unit": "scene"}, AccessError, "only the storyteller"),
        (
            BO,
            "damage",
            {"points": 1, "kind": "fire"},
            ParameterError,
            "`fire` is not a kind of damage: write bashing, lethal or aggravated",
        ),
        (BO, "damage", {"points": 1}, ParameterError, "damage needs kind"),
        (BO, "damage", {"points": 1001, "kind": "lethal"}, ParameterError, "1..1000 points"),
        (BO, "heal", {"points": 1, "choice": "lethal"}, ParameterError, "heal takes no choice"),
        (BO, "rest", {"points": 2}, ParameterError, "rest takes no points"),
        (ST, "next", {"unit": "turn", "points": 2}, ParameterError, "next takes no points"),
        (ST, "next", {}, ParameterError, "next needs unit"),
        (BO, "heal", {"points": 1, "for": "a potion"}, ParameterError, "heal takes no for"),
        (BO, "damage", {"character": "Guard", **HIT}, AccessError, "plays Ana, not Guard"),
        (seat(Role.PLAYER), "rest", {}, AccessError, "pick your character"),
        (seat(Role.PLAYER), "rest", {"character": "Ana"}, AccessError, "pick your character"),
        (ST, "rest", {}, ParameterError, "rest needs character"),
        (
            seat(Role.PLAYER, "storypath"),
            "momentum",
            {"points": 101},
            ParameterError,
            "a Momentum spend is 1..100, not 101",
        ),
    ],
)
def test_refusals_come_before_the_database(
    who: Seat, name: str, given: Mapping[str, object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(").replace(".", r"\.")) as refused:
        perform(DB, who, name, given)
    if isinstance(refused.value, ParameterError):  # it names the parameter
        assert refused.value.parameter in {*given, *(p.name for p in ACTIONS[name].params)}


@pytest.mark.parametrize(
    ("who", "name", "given"),
    [
        (BO, "damage", {"points": 3, "kind": "lethal"}),
        (BO, "rest", {"character": "ana"}),  # a player's own character, however it is written
        (BO, "rest", {"character": ""}),  # a form's blank field: their own
        (ST, "heal", {"character": "Guard", "points": 2}),
        (ST, "next", {"unit": "session"}),
        (seat(Role.PLAYER, "sundown", "Ana"), "edge", {"escape": True}),
        (seat(Role.PLAYER, "sundown", "Ana"), "edge", {"for": "a lucky break"}),
        (seat(Role.PLAYER, "sundown", "Ana"), "power", {"action": "spend", "points": 2}),
        (seat(Role.PLAYER, "storypath"), "momentum", {"points": 2, "for": "a Knack"}),
        (seat(Role.STORYTELLER, "storypath"), "next", {"unit": "act"}),
        (seat(Role.STORYTELLER, "classic"), "seal-close", {}),
    ],
)
def test_what_is_allowed_reaches_its_use_case(
    who: Seat, name: str, given: Mapping[str, object]
) -> None:
    assert allowed(ACTIONS[name], who)
    with pytest.raises(Touched):
        perform(DB, who, name, given)
