"""Limits that follow a trait, both ways (ruling 19): a lower Resolve is refused while the
Intimacies held need it; a lower Potency takes the Power points above the new maximum, and the
Power Reserve's points are state, never a trait typed on the sheet (a sheet or a log of before
the ruling is read into state)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.character import change, new_character, parse_changes
from dicepool.sheet.events import (
    Event,
    Kind,
    apply,
    campaign_event,
    changed_event,
    character_from,
    created_event,
    replay,
)
from dicepool.sheet.state import CampaignState
from dicepool.sheet.transfer import read_export
from dicepool.sheet.view import condition

from .sheets import table


def logged(*events: Event) -> CampaignState:
    """The campaign a log of ``events`` makes (after a sundown campaign and Ana)."""
    start = [campaign_event("T", "sundown"), created_event(new_character("Ana", "sundown"))]
    return replay([replace(e, id=i, seq=i) for i, e in enumerate([*start, *events], start=1)])


def typed(changes: str) -> Event:
    """A sheet change as a log of before ruling 19 may hold it (``Power`` among them)."""
    return changed_event("Ana", parse_changes(changes))


def power(state: CampaignState) -> dict[str, Any]:
    shown = condition(state.character("Ana"), state.now)["power"]
    assert isinstance(shown, dict)
    return shown


def spent(points: int) -> Event:
    return Event(Kind.POWER_SPENT, {"character": "Ana", "points": points})


def test_a_lower_potency_takes_a_typed_reserves_points_above_the_maximum() -> None:
    # the issue: lowering Potency was refused when the reserve was typed as `Power=13`
    state = logged(typed("Potency=1 Power=13"), typed("Potency=0"))
    assert power(state) == {"points": 10, "max": 10}  # "a lower Potency takes the points above"
    assert "Power" not in state.character("Ana").traits


def test_a_lower_potency_keeps_the_points_left_that_fit() -> None:
    # the issue: refused "even when the points left fit under the new maximum" (`power spend`
    # never updated the sheet's Power): 13 typed, 5 spent, 8 left fit under 10
    state = logged(typed("Potency=1 Power=13"), spent(5), typed("Potency=0"))
    assert power(state) == {"points": 8, "max": 10}


def test_an_old_logs_power_changes_move_the_reserve_within_its_maximum() -> None:
    state = logged(typed("Potency=1 Power=13"), spent(5), typed("Power+=1"))
    assert power(state)["points"] == 9
    state = logged(typed("Power=20 Potency=1"))  # the other changes first: 13 at most
    assert power(state)["points"] == 13
    assert power(logged(typed("Potency=1 Power=4"), typed("Power-=9")))["points"] == 0


def test_a_sheet_with_a_typed_reserve_is_read_into_state() -> None:
    # an event, an export or a projection of before ruling 19: `Power` leaves the traits
    data = {"name": "Ana", "traits": {"Strength": 2, "Potency": 1, "Power": 13}}
    ana = character_from(data, "sundown")
    assert ana.traits == {"Strength": 2, "Potency": 1}
    assert condition(ana, CampaignState("T", "sundown").now)["power"]["points"] == 13
    # a projection also stores what play left of the reserve: that stands, not the trait
    data |= {"status": {"special": {"power": 4}}}
    read = character_from(data, "sundown", checked=False).status.special
    assert read is not None and read.power == 4
    over = {"name": "Ana", "traits": {"Potency": 0, "Power": 13}}  # above 10: lost
    special = character_from(over, "sundown").status.special
    assert special is not None and special.power == 10
    empty = {"name": "Ana", "traits": {"Potency": 0, "Power": 0}}  # every new sheet's
    assert character_from(empty, "sundown").status.special is None


def test_a_new_change_never_types_the_reserve() -> None:
    with pytest.raises(SheetError, match="not a trait of the sheet"):
        change(new_character("Ana", "sundown"), parse_changes("Potency=1 Power=13"))


def intimacies(state: CampaignState, *held: str) -> CampaignState:
    for text in held:
        data = {"character": "Ana", "intimacy": text}
        state = apply(state, Event(Kind.INTIMACY_ADDED, data))
    return state


def test_a_lower_resolve_is_refused_while_the_intimacies_need_it() -> None:
    # "A character can have a number of Intimacies equal to their Resolve plus three": five
    # held at Resolve 2; Resolve 1 allows four, so one must go first (the text loses none)
    state = intimacies(table("hubris", Ana="Resolve=2"), "a", "b", "c", "d", "e")
    ana = state.character("Ana")
    with pytest.raises(SheetError, match=r"Resolve 1 allows 4 Intimacies and 5 are held") as no:
        change(ana, parse_changes("Resolve=1"))
    assert "let 1 go first (`dicepool intimacy Ana remove TEXT`) (ruling 19)" in str(no.value)
    assert "a; b; c; d; e" in str(no.value)
    removed = Event(Kind.INTIMACY_REMOVED, {"character": "Ana", "intimacy": "e"})
    fewer = apply(state, removed).character("Ana")
    assert change(fewer, parse_changes("Resolve=1")).traits["Resolve"] == 1
    assert change(ana, parse_changes("Resolve+=1")).traits["Resolve"] == 3  # raised: free


def test_a_file_of_before_the_ruling_imports_with_its_empty_reserve() -> None:
    # every sundown export of before ruling 19 typed `Power`, 0 on a new sheet: read; points
    # would not be in the log's `character-created` event, so a file with some is refused
    made = {"format": "dicepool-character", "version": 1, "name": "Ana", "system": "sundown"}
    made |= {"player": None, "traits": {"Agility": 3, "Power": 0}}
    read = read_export(made, "sundown")
    assert read.traits["Agility"] == 3 and "Power" not in read.traits
    made["traits"] = {"Agility": 3, "Power": 13}
    with pytest.raises(SheetError, match="the file's sheet: the Power Reserve is not a trait"):
        read_export(made, "sundown")
