"""The gate of the table's actions under any request: it refuses with the project's errors, and
what it lets through is what a seat may do with values the action takes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from hypothesis import event, given, settings
from hypothesis import strategies as st

from dicepool.campaign.actions import ACTIONS, ALL, Asked, perform
from dicepool.campaign.seats import Role, Seat
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.traits import name_key
from dicepool.store.database import Database


class Touched(Exception):
    """The gate let the action through: its use case reached for the database."""


class Untouchable:
    """A database that refuses to be used: reaching it means every check passed."""

    def __getattr__(self, name: str) -> Any:
        raise Touched(name)


DB = cast(Database, Untouchable())

WORDS = ["lethal", "bashing", "escape", "other", "scene", "act", "fire", ""]

seats = st.builds(
    lambda role, system, character: Seat(1, 1, "Night", role, "Bo", character, system),
    st.sampled_from(list(Role)),
    st.sampled_from(sorted(ALL)),
    st.one_of(st.none(), st.just("Ana")),
)


@st.composite
def requests(draw: st.DrawFn) -> tuple[Seat, str, Asked]:
    """A seat, an action's name and what is asked: half the time only values the action
    takes (so the gate lets a fair share through), else anything."""
    seat = draw(seats)
    name = draw(st.one_of(st.sampled_from(sorted(ACTIONS)), st.text(max_size=8)))
    action = ACTIONS.get(name)
    character = draw(st.one_of(st.none(), st.sampled_from(["Ana", "ana", "Guard", ""])))
    if action is not None and draw(st.booleans()):
        seat = replace(seat, system=draw(st.sampled_from(sorted(action.systems))))
        choices = action.choices(seat.system)
        choice = draw(st.one_of(st.none(), st.sampled_from(choices))) if choices else None
        points = draw(st.one_of(st.none(), st.integers(1, 100))) if action.points else None
        purpose = draw(st.sampled_from([None, "a Knack"])) if action.purpose else None
        return seat, name, Asked(character, points, choice, purpose)
    choice = draw(st.one_of(st.none(), st.sampled_from(WORDS), st.text(max_size=8)))
    points = draw(st.one_of(st.none(), st.integers(1, 100)))
    purpose = draw(st.sampled_from([None, "a Knack"]))
    return seat, name, Asked(character, points, choice, purpose)


@settings(max_examples=500)
@given(requests())
def test_the_gate_lets_through_only_what_a_seat_may_do(request: tuple[Seat, str, Asked]) -> None:
    seat, name, asked = request
    try:
        perform(DB, seat, name, asked)
    except (AccessError, CampaignError) as refused:
        event(type(refused).__name__)
        return
    except Touched:
        event("let through")
    action = ACTIONS[name]
    assert seat.role is not Role.INVITE and seat.system in action.systems
    assert seat.storyteller or not action.storyteller
    assert asked.choice is None or asked.choice in action.choices(seat.system)
    assert asked.points is None or action.points
    assert asked.purpose is None or action.purpose
    if action.character and not seat.storyteller:
        assert seat.character is not None
        assert name_key(asked.character or seat.character) == name_key(seat.character)
