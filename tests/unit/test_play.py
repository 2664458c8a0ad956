"""The state rules' events as transitions of a campaign: time, harm, healing (ruling 13)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dicepool.errors import CampaignError, SheetError
from dicepool.sheet.character import change, parse_changes
from dicepool.sheet.events import Event, Kind, apply, concerns
from dicepool.sheet.health import State, Wound, new_track
from dicepool.sheet.play import at_risk
from dicepool.sheet.state import CampaignState, stored_story
from dicepool.sheet.status import Status, health_of, stored_status
from dicepool.sheet.view import condition

from .sheets import table


def hubris() -> CampaignState:
    return table("hubris", Ana="Stamina=2", Bo="Stamina=1")


def hurt(state: CampaignState, name: str, points: int, wound: str) -> CampaignState:
    data = {"character": name, "points": points, "wound": wound, "resistant": False}
    return apply(state, Event(Kind.DAMAGED, data))


def boxes(state: CampaignState, name: str) -> list[str | None]:
    shown = condition(state.character(name), state.now)["health"]
    assert isinstance(shown, dict)
    return list(shown["boxes"])


def test_an_unhurt_character_stores_no_track() -> None:
    state = hubris()
    assert state.character("Ana").status == Status()
    assert boxes(state, "Ana") == [None] * 7  # 5 + Stamina 2


def test_damage_fills_the_track_sorted_and_healing_empties_it_back_to_rest() -> None:
    state = hurt(hurt(hubris(), "Ana", 2, "bashing"), "ana", 1, "lethal")
    assert boxes(state, "Ana") == ["lethal", "bashing", "bashing", None, None, None, None]
    healed = apply(state, Event(Kind.HEALED, {"character": "Ana", "points": 3, "wound": None}))
    assert healed.character("Ana").status == Status()  # at rest again: nothing stored


def test_a_full_track_upgrades_and_the_states_follow_the_last_box() -> None:
    state = hurt(hubris(), "Bo", 6, "bashing")  # Stamina 1: six boxes
    assert [c.name for c in at_risk(state)] == ["Bo"]
    state = hurt(state, "Bo", 1, "bashing")  # no empty box: the last bashing becomes lethal
    assert boxes(state, "Bo") == ["lethal"] + ["bashing"] * 5
    # each lethal point takes a bashing wound's box, and the bashing left over upgrades
    # another; with no bashing left, each upgrades a lethal wound (ruling 13)
    state = hurt(state, "Bo", 6, "lethal")
    assert boxes(state, "Bo") == ["aggravated"] * 4 + ["lethal"] * 2
    assert health_of(state.character("Bo").status, 1).state is State.INCAPACITATED


def test_damage_to_a_character_of_another_system_is_refused() -> None:
    state = table("chronicles", Ana="Stamina=2")
    with pytest.raises(SheetError, match="hubris's rule"):
        hurt(state, "Ana", 1, "lethal")


def test_a_failed_stamina_roll_as_a_turn_begins_knocks_out() -> None:
    state = hurt(hubris(), "Bo", 6, "bashing")
    rolls = [{"character": "Bo", "purpose": "Stamina", "roll": {}, "successes": 0}]
    after = apply(state, Event(Kind.BOUNDARY_BEGUN, {"unit": "turn", "rolls": rolls}))
    assert health_of(after.character("Bo").status, 1).state is State.UNCONSCIOUS
    assert after.now.clock.count("turn") == 2
    assert concerns(Event(Kind.BOUNDARY_BEGUN, {"unit": "turn", "rolls": rolls})) == ["Bo"]


def test_a_boundary_without_the_stamina_roll_it_needs_does_not_replay() -> None:
    state = hurt(hubris(), "Bo", 6, "bashing")
    with pytest.raises(CampaignError, match="no Stamina roll for Bo"):
        apply(state, Event(Kind.BOUNDARY_BEGUN, {"unit": "turn", "rolls": []}))


def test_a_boundary_the_system_does_not_name_is_refused() -> None:
    with pytest.raises(SheetError, match="no `episode`"):
        apply(hubris(), Event(Kind.BOUNDARY_BEGUN, {"unit": "episode", "rolls": []}))


def test_time_heals_every_track_least_severe_first_and_bleeds_the_incapacitated() -> None:
    state = hurt(hurt(hubris(), "Ana", 1, "lethal"), "Ana", 2, "bashing")
    state = hurt(state, "Bo", 6, "lethal")  # incapacitated and bleeding
    after = apply(state, Event(Kind.CLOCK_ADVANCED, {"duration": "30m", "minutes": 30}))
    assert boxes(after, "Ana") == ["lethal"] + [None] * 6  # two bashing: 15 minutes each
    assert boxes(after, "Bo") == ["aggravated"] * 6  # a lethal point a minute: dead
    assert after.now.clock.minutes == 30


def test_stabilizing_stops_the_bleeding() -> None:
    state = hurt(hubris(), "Bo", 6, "lethal")
    state = apply(state, Event(Kind.STABILIZED, {"character": "Bo"}))
    after = apply(state, Event(Kind.CLOCK_ADVANCED, {"duration": "10m", "minutes": 10}))
    assert boxes(after, "Bo") == ["lethal"] * 6
    with pytest.raises(SheetError, match="nothing to stabilize"):
        apply(hubris(), Event(Kind.STABILIZED, {"character": "Ana"}))


def test_stamina_raised_grows_the_track_and_lowered_shrinks_it_with_upgrades() -> None:
    state = hurt(hubris(), "Ana", 7, "bashing")  # full at Stamina 2
    ana = state.character("Ana")
    grown = change(ana, parse_changes("Stamina=3"))
    assert health_of(grown.status, 3).size == 8 and not health_of(grown.status, 3).full
    shrunk = change(ana, parse_changes("Stamina=1"))
    track = health_of(shrunk.status, 1)
    assert (
        track.size == 6 and [b.wound for b in track.boxes] == [Wound.LETHAL] + [Wound.BASHING] * 5
    )


def test_status_and_story_read_back_equal() -> None:
    state = hurt(hubris(), "Ana", 2, "aggravated")
    state = apply(state, Event(Kind.BOUNDARY_BEGUN, {"unit": "scene", "rolls": []}))
    status = state.character("Ana").status
    assert stored_status(status.stored(), state.character("Ana").traits) == status
    assert stored_story("hubris", state.now.stored()) == state.now
    assert stored_status({}, {}) == Status() and replace(status, health=None) == Status()
    assert health_of(Status(), 4) == new_track(4)
