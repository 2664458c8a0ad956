"""The gate of the catalogue's actions under any request: it refuses with the project's errors,
and what it lets through is what a seat may do, with the parameters the action takes, each of
its type and within its limits."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from hypothesis import event, given, settings
from hypothesis import strategies as st

from dicepool.campaign.actions import ACTIONS, allowed, perform
from dicepool.campaign.catalogue import ALL, Param, Type, Who
from dicepool.campaign.seats import Role, Seat
from dicepool.errors import AccessError, CampaignError, ParameterError, SheetError
from dicepool.sheet.traits import name_key
from dicepool.store.database import Database
from tests.hypothesis_profiles import examples


class Touched(Exception):
    """The gate let the action through: its use case reached for the database."""


class Untouchable:
    """A database that refuses to be used: reaching it means every check passed."""

    def __getattr__(self, name: str) -> Any:
        raise Touched(name)


DB = cast(Database, Untouchable())

WORDS = ["lethal", "bashing", "escape", "spend", "scene", "act", "fire", "", "Ana", "a Knack"]

NAMES = sorted({p.name for a in ACTIONS.values() for p in a.params} | {"choice", "purpose"})
"""Every parameter's name, and a few no action takes."""

seats = st.builds(
    lambda role, system, character: Seat(1, 1, "Night", role, "Bo", character, system),
    st.sampled_from(list(Role)),
    st.sampled_from(sorted(ALL)),
    st.one_of(st.none(), st.just("Ana")),
)

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 2000),
    st.sampled_from(WORDS),
    st.text(max_size=8),
)


def fitting(param: Param, system: str) -> st.SearchStrategy[Any]:
    """Values ``param`` takes at a table of ``system`` (a character: any of a few names)."""
    if param.type in (Type.INT, Type.EVENT):
        return st.integers(param.low, min(param.high, param.low + 1000))
    if param.type is Type.FLAG:
        return st.booleans()
    if param.type is Type.CHOICE:
        return st.sampled_from(param.choices(system))
    if param.type is Type.CHARACTER:
        return st.sampled_from(["Ana", "ana", "Guard", ""])
    return st.sampled_from([w for w in WORDS if w] + ["a" * param.length])


@st.composite
def requests(draw: st.DrawFn) -> tuple[Seat, str, dict[str, Any]]:
    """A seat, an action's name and its parameters: half the time values the action takes
    (each parameter given or not), so the gate lets a fair share through; else anything."""
    seat = draw(seats)
    name = draw(st.one_of(st.sampled_from(sorted(ACTIONS)), st.text(max_size=8)))
    action = ACTIONS.get(name)
    if action is not None and draw(st.booleans()):
        seat = replace(seat, system=draw(st.sampled_from(sorted(action.systems))))
        if draw(st.booleans()):  # a seat that sits at the table, with a character to play
            seat = replace(seat, role=draw(st.sampled_from([Role.STORYTELLER, Role.PLAYER])))
            seat = replace(seat, character=None if seat.storyteller else "Ana")
        given = {
            p.name: draw(fitting(p, seat.system))
            for p in action.web_params()
            if draw(st.integers(0, 4))  # now and then left out
        }
        return seat, name, given
    given = draw(st.dictionaries(st.sampled_from(NAMES), anything, max_size=4))
    return seat, name, given


def took(param: Param, value: object, system: str) -> bool:
    """Whether ``value`` is one ``param`` takes at a table of ``system``."""
    if param.type in (Type.INT, Type.EVENT):
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            value = int(value.strip())
        return type(value) is int and param.low <= value <= param.high
    if param.type is Type.FLAG:
        flags = ("true", "on", "1", "yes", "false", "0", "")  # a form's words
        return isinstance(value, bool) or (isinstance(value, str) and value.lower() in flags)
    if param.type is Type.CHOICE:
        return isinstance(value, str) and value.strip().lower() in param.choices(system)
    return isinstance(value, str) and len(value) <= param.length


@settings(max_examples=examples(500))
@given(requests())
def test_the_gate_lets_through_only_what_a_seat_may_do(
    request: tuple[Seat, str, dict[str, Any]],
) -> None:
    seat, name, asked = request
    try:
        perform(DB, seat, name, asked)
    except (AccessError, CampaignError, ParameterError) as refused:
        event(type(refused).__name__)
        return
    except (Touched, SheetError) as through:  # the use case was reached, or its rule refused
        event(f"let through ({type(through).__name__})")
    action = ACTIONS[name]
    assert seat.role is not Role.INVITE and seat.system in action.systems
    assert seat.storyteller or action.who is not Who.STORYTELLER
    # what is let through is what the seat is offered; but an action on a logged roll reaches
    # its use case, which finds the roll's character and refuses a player it is not theirs
    assert allowed(action, seat) or (action.on_roll and not action.for_character)
    params = {p.name: p for p in action.web_params()}
    assert set(asked) <= set(params)
    for param in params.values():
        value = asked.get(param.name)
        if value is None or (value == "" and not param.required):
            assert not param.required or (param.name == "character" and not seat.storyteller)
        else:
            assert took(param, value, seat.system), (param.name, value)
    if action.for_character and not seat.storyteller:
        assert seat.character is not None
        assert name_key(asked.get("character") or seat.character) == name_key(seat.character)
