"""After Sundown's Edge, passes and Power as transitions of a campaign (rulings 1, 2, 15)."""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.core.roll import resolve_any
from dicepool.errors import SheetError
from dicepool.notation.parser import parse
from dicepool.sheet.character import change, parse_changes
from dicepool.sheet.events import Event, Kind, apply, concerns
from dicepool.sheet.spends import Spends, effects, prepare
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import Status, stored_status
from dicepool.sheet.sundown.play import Resistance
from dicepool.sheet.view import condition

from .sheets import table


def fresh() -> CampaignState:
    return table("sundown", Ana="Edge=2 Potency=1 Strength=3", Bo="Strength=2", Cy="Edge=1")


def sundown() -> CampaignState:
    """Ana with 5 points in her Power Reserve: regained, since they are state (ruling 19)."""
    return apply(fresh(), event(Kind.POWER_REGAINED, points=5))


def shown(state: CampaignState, name: str = "Ana") -> dict[str, Any]:
    return condition(state.character(name), state.now)


def event(kind: Kind, **data: Any) -> Event:
    return Event(kind, {"character": "Ana", **data})


def escape(state: CampaignState, name: str = "Ana") -> CampaignState:
    return apply(state, Event(Kind.EDGE_SPENT, {"character": name, "use": "escape", "for": ""}))


def begin(state: CampaignState, unit: str) -> CampaignState:
    return apply(state, Event(Kind.BOUNDARY_BEGUN, {"unit": unit, "rolls": []}))


def test_a_new_character_stores_nothing_and_shows_its_ratings() -> None:
    state = fresh()
    assert state.character("Ana").status == Status()
    assert shown(state) == {
        "edge": {"rating": 2, "spent": 0, "left": 2, "spends": []},
        "power": {"points": 0, "max": 13},  # an empty reserve: its points come by play
        "passes": 0,
    }
    assert "Power" not in state.character("Ana").traits
    assert "edge" not in condition(table("hubris", Ana="").character("Ana"), state.now)


def test_edge_is_spent_as_often_as_its_rating_a_chronicle_then_refreshed() -> None:
    state = escape(escape(sundown()))
    assert shown(state)["edge"]["left"] == 0
    assert state.character("Ana").traits["Edge"] == 2  # the rating never falls
    with pytest.raises(SheetError, match="Ana: Edge 2: all 2 spends"):
        escape(state)
    state = begin(state, "scene")  # a scene is not a chronicle
    with pytest.raises(SheetError, match="next chronicle"):
        escape(state)
    assert shown(begin(state, "chronicle"))["edge"] == {
        "rating": 2,
        "spent": 0,
        "left": 2,
        "spends": [],
    }


def test_an_extra_has_no_edge_and_other_systems_none_at_all() -> None:
    with pytest.raises(SheetError, match="Extra has no Edge"):
        escape(sundown(), "Bo")
    with pytest.raises(SheetError, match="After Sundown's"):
        escape(table("hubris", Ana=""))


def test_an_other_spend_says_what_it_was_for() -> None:
    with pytest.raises(SheetError, match="say what"):
        apply(sundown(), event(Kind.EDGE_SPENT, use="other", **{"for": ""}))
    state = apply(sundown(), event(Kind.EDGE_SPENT, use="other", **{"for": "a lucky break"}))
    assert shown(state)["edge"]["spends"] == [{"use": "other", "for": "a lucky break"}]
    assert concerns(event(Kind.EDGE_SPENT, use="other")) == ["Ana"]


def test_passes_a_round_an_edge_pass_after_the_normal_ones_at_most_four() -> None:
    take = event(Kind.PASS_TAKEN, edge=False, bonus=0)
    extra = event(Kind.PASS_TAKEN, edge=True, bonus=0)
    with pytest.raises(SheetError, match="only after the last one"):
        apply(sundown(), extra)
    state = apply(apply(sundown(), take), extra)
    assert shown(state)["passes"] == 2 and shown(state)["edge"]["spends"][0]["use"] == "extra-pass"
    with pytest.raises(SheetError, match="1 normal and more"):
        apply(state, take)
    state = begin(state, "round")  # the passes come back, the Edge does not
    assert shown(state)["passes"] == 0 and shown(state)["edge"]["left"] == 1
    powered = event(Kind.PASS_TAKEN, edge=False, bonus=3)
    for _ in range(4):
        state = apply(state, powered)
    with pytest.raises(SheetError, match="no one takes more"):
        apply(state, event(Kind.PASS_TAKEN, edge=True, bonus=3))


def test_power_is_spent_and_regained_within_ten_plus_three_potency() -> None:
    state = apply(sundown(), event(Kind.POWER_SPENT, points=5))
    assert shown(state)["power"] == {"points": 0, "max": 13}
    with pytest.raises(SheetError, match="holds 0 of 13"):
        apply(state, event(Kind.POWER_SPENT, points=1))
    state = apply(state, event(Kind.POWER_REGAINED, points=40))
    assert shown(state)["power"] == {"points": 13, "max": 13}  # fills up, the rest is lost


def test_potency_lowered_takes_the_points_above_the_new_maximum() -> None:
    state = apply(sundown(), event(Kind.POWER_REGAINED, points=8))  # 13 of 13
    ana = change(state.character("Ana"), parse_changes("Potency=0"))
    assert condition(ana, state.now)["power"] == {"points": 10, "max": 10}
    raised = change(ana, parse_changes("Potency=2"))
    assert condition(raised, state.now)["power"] == {"points": 10, "max": 16}  # no refill
    with pytest.raises(SheetError, match="not a trait of the sheet: its points are Ana's state"):
        change(raised, parse_changes("Power=4"))  # ruling 19: never typed on the sheet


def roll_effects(line: str, spends: Spends, *names: str) -> tuple[str, dict[str, Any]]:
    state = sundown()
    rollers = tuple(state.character(n) for n in names)
    request = prepare(rollers[0], parse(line), spends, rollers=rollers)
    result = resolve_any(request, ForcedDice([1] * 40))
    return str(request), effects(rollers[0], request, result, spends, rollers=rollers)


def test_spend_edge_on_a_roll_adds_the_rating_and_counts_one_spend() -> None:
    request, done = roll_effects("sundown 5", Spends(edge=True), "Ana")
    assert "edge=2" in request
    assert done == {"edge": {"spends": [{"character": "Ana", "use": "dice"}]}}
    state = apply(sundown(), Event(Kind.ROLLED, {"effects": done}))
    assert shown(state)["edge"]["left"] == 1


def test_edge_typed_on_the_line_and_a_second_chance_count_too() -> None:
    _request, done = roll_effects("sundown 3 edge 2 second-chance", Spends(), "Ana")
    assert [s["use"] for s in done["edge"]["spends"]] == ["dice", "second-chance"]
    with pytest.raises(SheetError, match="Ana's Edge is 2"):
        roll_effects("sundown 3 edge 1", Spends(), "Ana")
    with pytest.raises(SheetError, match="Extra has no Edge"):
        roll_effects("sundown 3 edge 1", Spends(), "Bo")
    with pytest.raises(SheetError, match="Extra has no Edge"):
        roll_effects("sundown 3", Spends(edge=True), "Bo")
    with pytest.raises(SheetError, match="spends Edge already"):
        roll_effects("sundown 3 edge 2", Spends(edge=True), "Ana")


def test_ruling_2_a_pool_at_zero_with_edge_spent_is_the_edge_score() -> None:
    state = sundown()
    ana = state.character("Ana")
    request = prepare(ana, parse("sundown 3-4"), Spends(edge=True), rollers=(ana,))
    result = resolve_any(request, ForcedDice([5, 1]))
    assert len(result.dice) == 2 and "Edge is the pool" in result.notes[0]


def test_the_edge_of_each_side_of_a_contest_is_its_rollers() -> None:
    _request, done = roll_effects("sundown 4 edge 2 vs sundown 2 edge 1", Spends(), "Ana", "Cy")
    assert done["edge"]["spends"] == [
        {"character": "Ana", "use": "dice"},
        {"character": "Cy", "use": "dice"},
    ]


def test_a_resistance_test_adds_edge_free_and_a_soak_armor() -> None:
    request, done = roll_effects("sundown 3", Spends(resist=Resistance()), "Ana")
    assert "terms=(3, 2)" in request and "edge" not in done
    assert done["resist"] == {"character": "Ana", "edge": 2, "soak": False, "armor": 0}
    request, done = roll_effects(
        "sundown 5 vs sundown 3", Spends(resist=Resistance(True, 3)), "Bo", "Ana"
    )
    assert "defender=SundownRequest(pool=Pool(terms=(3, 5))" in request
    state = apply(sundown(), Event(Kind.ROLLED, {"effects": done}))
    assert state == sundown()  # free: nothing spent
    with pytest.raises(SheetError, match="Armor adds only to a Soak roll"):
        roll_effects("sundown 3", Spends(resist=Resistance(False, 2)), "Ana")
    with pytest.raises(SheetError, match=r"--armor is 0\.\.50"):
        Resistance(True, 51)
    with pytest.raises(SheetError, match="not hubris's"):
        prepare(None, parse("hubris 3"), Spends(resist=Resistance()), rollers=())


def test_a_second_chance_on_a_logged_roll_spends_one_edge() -> None:
    data = {"event": 4, "character": "Ana", "misses": 2, "result": {}}
    state = apply(sundown(), Event(Kind.REROLLED, data))
    assert shown(state)["edge"]["spends"] == [{"use": "second-chance", "for": ""}]
    assert concerns(Event(Kind.REROLLED, data)) == ["Ana"]


def test_the_special_attributes_read_back_equal() -> None:
    state = apply(escape(sundown()), event(Kind.POWER_SPENT, points=2))
    state = apply(state, event(Kind.PASS_TAKEN, edge=False, bonus=0))
    ana = state.character("Ana")
    assert stored_status(ana.status.stored(), ana.traits) == ana.status
