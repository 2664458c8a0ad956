"""After Sundown's Edge spends, Initiative Passes and Power Reserve, case by case from the text."""

from __future__ import annotations

import json

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.clock import Clock, begin
from dicepool.sheet.sundown.edge import (
    MAX_PASSES,
    RESISTANCE_TRAITS,
    EdgeSpend,
    EdgeUse,
    SpecialAttributes,
    edge_left,
    passes,
    power_max,
    regain_power,
    rerate_power,
    resist_dice,
    spend_edge,
    spend_power,
    stored_special_attributes,
    take_extra_pass,
    take_pass,
)

NEW = SpecialAttributes()


def chronicle(clock: Clock) -> int:
    return clock.mark("chronicle")


# Edge


def test_edge_is_spent_as_many_times_a_chronicle_as_its_rating() -> None:
    # ruling 15: "Edge can be spent as many times per chronicle as the Edge rating"
    clock = Clock("sundown")
    state = NEW
    for use in (EdgeUse.DICE, EdgeUse.SECOND_CHANCE, EdgeUse.ESCAPE):
        state = spend_edge(state, 3, chronicle(clock), use)
    assert state.spent(chronicle(clock)) == 3 and edge_left(state, 3, chronicle(clock)) == 0
    with pytest.raises(SheetError) as refused:
        spend_edge(state, 3, chronicle(clock), EdgeUse.DICE)
    assert str(refused.value) == (
        "Edge 3: all 3 spends of this chronicle are used; they come back with "
        "`dicepool next chronicle`"
    )


def test_edge_refreshes_between_chronicles_but_not_between_sessions() -> None:
    # "Mark the Edge off and you'll see it again when a new chronicle starts."
    clock = Clock("sundown")
    state = spend_edge(NEW, 1, chronicle(clock), EdgeUse.DICE)
    clock = begin(begin(clock, "scene"), "session")
    assert edge_left(state, 1, chronicle(clock)) == 0
    clock = begin(clock, "chronicle")
    assert edge_left(state, 1, chronicle(clock)) == 1
    state = spend_edge(state, 1, chronicle(clock), EdgeUse.SECOND_CHANCE)
    assert state.spends == (EdgeSpend(EdgeUse.SECOND_CHANCE),)


def test_spent_edge_does_not_lower_the_rating_resistance_tests_roll() -> None:
    # "Your actual attribute does not fall, so if you are called to roll your Edge (for example,
    # during Resistance Tests ...), it is unmodified by how many Edge you 'have left'"
    state = spend_edge(spend_edge(NEW, 2, 0, EdgeUse.DICE), 2, 0, EdgeUse.DICE)
    assert edge_left(state, 2, 0) == 0
    assert resist_dice(2) == 2


def test_an_extra_has_no_edge_to_spend() -> None:
    # "Extras have an Edge of zero."
    with pytest.raises(SheetError, match="Edge 0: an Extra has no Edge to spend"):
        spend_edge(NEW, 0, 0, EdgeUse.ESCAPE)


def test_a_lowered_rating_leaves_no_spend_rather_than_a_negative_count() -> None:
    state = spend_edge(spend_edge(NEW, 4, 0, EdgeUse.DICE), 4, 0, EdgeUse.DICE)
    assert edge_left(state, 1, 0) == 0
    with pytest.raises(SheetError, match="Edge 1: all 1 spends"):
        spend_edge(state, 1, 0, EdgeUse.DICE)


def test_another_use_says_what_it_was_for() -> None:
    state = spend_edge(NEW, 2, 0, EdgeUse.OTHER, "  a   lucky  break ")
    assert state.spends == (EdgeSpend(EdgeUse.OTHER, "a lucky break"),)
    with pytest.raises(SheetError, match="say what an `other` Edge spend is for"):
        spend_edge(NEW, 2, 0, EdgeUse.OTHER, "   ")
    with pytest.raises(SheetError, match="at most 80 characters"):
        spend_edge(NEW, 2, 0, EdgeUse.DICE, "x" * 81)


def test_an_extra_pass_is_not_spent_without_its_round() -> None:
    with pytest.raises(SheetError, match="take_extra_pass"):
        spend_edge(NEW, 2, 0, EdgeUse.EXTRA_PASS)


@pytest.mark.parametrize("rating", [-1, 7])
def test_edge_is_zero_to_six(rating: int) -> None:
    # "Six is the maximum Edge for any character"
    with pytest.raises(SheetError, match=r"Edge is 0\.\.6 \(ruling 15\)"):
        spend_edge(NEW, rating, 0, EdgeUse.DICE)
    with pytest.raises(SheetError, match=r"Edge is 0\.\.6"):
        resist_dice(rating)


# Resistance


def test_edge_is_added_free_to_every_resistance_test_and_armor_to_a_soak() -> None:
    # "If a character has an Edge score, it is added to these Resistance tests." "a Soak roll
    # ... is a special kind of Physical Resistance Test that also adds their appropriate Armor"
    assert resist_dice(3) == 3
    assert resist_dice(0) == 0  # an Extra resists with the attribute alone
    assert resist_dice(3, armor=4, soak=True) == 7
    assert resist_dice(2, soak=True) == 2
    assert RESISTANCE_TRAITS == {
        "physical": "Strength",
        "mental": "Intuition",
        "social": "Willpower",
    }


def test_armor_adds_only_to_a_soak_roll() -> None:
    with pytest.raises(SheetError, match="Armor adds only to a Soak roll"):
        resist_dice(2, armor=3)
    with pytest.raises(SheetError, match=r"Armor is 0\.\.50"):
        resist_dice(2, armor=-1, soak=True)


# Initiative Passes


def test_one_pass_a_round_then_an_extra_one_for_edge() -> None:
    # "You can take an extra Initiative Pass. You should announce that you're going to do this
    # after the last Initiative Pass that you'd normally take in a round."
    state = take_pass(NEW, 5)
    assert state.passes_taken(5) == 1
    with pytest.raises(SheetError, match="1 of 1 normal Initiative Passes taken this round"):
        take_pass(state, 5)
    state = take_extra_pass(state, 2, 0, 5)
    assert state.passes_taken(5) == 2 and state.spends == (EdgeSpend(EdgeUse.EXTRA_PASS),)
    assert edge_left(state, 2, 0) == 1


def test_an_extra_pass_comes_after_the_normal_ones() -> None:
    with pytest.raises(SheetError, match="only after the last one you would normally take"):
        take_extra_pass(NEW, 3, 0, 1, bonus=1)
    state = take_pass(take_pass(NEW, 1, bonus=1), 1, bonus=1)
    assert take_extra_pass(state, 3, 0, 1, bonus=1).passes_taken(1) == 3


def test_never_more_than_four_passes_a_round_edge_or_not() -> None:
    # "No matter what, you still can't take more than 4 Initiative Passes total within a round."
    assert passes() == 1 and passes(2) == 3 and passes(3) == 4 and passes(9) == MAX_PASSES
    state = NEW
    for _ in range(2):  # a power's bonus pass makes two normal passes
        state = take_pass(state, 2, bonus=1)
    for _ in range(2):
        state = take_extra_pass(state, 6, 0, 2, bonus=1)
    assert state.passes_taken(2) == 4 and state.spent(0) == 2
    with pytest.raises(SheetError, match="4 Initiative Passes taken this round: no one takes more"):
        take_extra_pass(state, 6, 0, 2, bonus=1)
    full = NEW
    for _ in range(4):  # a bonus of 5 still makes 4 normal passes
        full = take_pass(full, 2, bonus=5)
    with pytest.raises(SheetError, match="no one takes more than 4"):
        take_pass(full, 2, 5)


def test_a_new_round_starts_the_passes_again() -> None:
    clock = Clock("sundown")
    state = take_pass(NEW, clock.mark("round"))
    clock = begin(clock, "round")
    assert state.passes_taken(clock.mark("round")) == 0
    state = take_pass(state, clock.mark("round"))
    assert (state.passes, state.round_mark) == (1, clock.mark("round"))


def test_an_extra_pass_without_edge_left_changes_nothing() -> None:
    state = take_pass(spend_edge(NEW, 1, 0, EdgeUse.DICE), 0)
    with pytest.raises(SheetError, match="Edge 1: all 1 spends"):
        take_extra_pass(state, 1, 0, 0)
    assert state.passes_taken(0) == 1 and state.spent(0) == 1


def test_a_power_adds_passes_but_takes_none_away() -> None:
    with pytest.raises(SheetError, match="takes none away"):
        take_pass(NEW, 0, bonus=-1)


# Power Reserve


def test_the_maximum_is_ten_plus_three_per_potency() -> None:
    # "Her maximum Power Reserve is 13 (10 + 3*1)." "Mortals and other Potency 0 creatures have
    # a Power Point maximum of 10". "The most powerful named characters ... Potency of 10"
    assert power_max(1) == 13 and power_max(0) == 10 and power_max(10) == 40
    with pytest.raises(SheetError, match=r"Potency is 0\.\.10"):
        power_max(11)


def test_the_reserve_fills_up_at_its_maximum() -> None:
    # "most player characters (who have a Potency of 1) will have their Power Reserve fill up
    # at 13": a regain past it is lost, not refused
    genevra = regain_power(NEW, 20, power_max(1))
    assert genevra.power == 13
    assert regain_power(genevra, 1, 13) == genevra


def test_genevra_spends_a_point_for_celerity() -> None:
    # "she can spend a Power Point to take extra actions during a scene with her Celerity"
    genevra = regain_power(NEW, 13, power_max(1))
    genevra = spend_power(genevra, 1, power_max(1))
    assert genevra.power == 12
    with pytest.raises(SheetError, match="holds 12 of 13 points: 13 cannot be spent"):
        spend_power(genevra, 13, 13)


def test_a_lower_maximum_loses_the_points_above_it_and_a_higher_one_adds_none() -> None:
    state = SpecialAttributes(power=16)  # Potency 2
    assert rerate_power(state, power_max(1)).power == 13
    assert rerate_power(state, power_max(3)).power == 16  # "do not refresh" by themselves
    # a reserve not yet rerated spends and regains from what the maximum lets it hold
    assert spend_power(state, 3, 13).power == 10
    assert regain_power(state, 1, 13).power == 13
    assert state.to_dict(0, 0, 0, 13)["power"] == {"points": 13, "max": 13}


@pytest.mark.parametrize("points", [0, -2, 41])
def test_points_move_one_to_forty_at_a_time(points: int) -> None:
    with pytest.raises(SheetError, match=r"spend 1\.\.40 Power Points"):
        spend_power(SpecialAttributes(power=13), points, 13)
    with pytest.raises(SheetError, match=r"regain 1\.\.40 Power Points"):
        regain_power(NEW, points, 13)


@pytest.mark.parametrize("maximum", [-1, 41])
def test_a_maximum_is_within_what_potency_allows(maximum: int) -> None:
    for move in (
        lambda: spend_power(NEW, 1, maximum),
        lambda: regain_power(NEW, 1, maximum),
        lambda: rerate_power(NEW, maximum),
    ):
        with pytest.raises(SheetError, match=r"maximum is 0\.\.40"):
            move()


# What the user sees, and what is stored


def test_to_dict_shows_the_ratings_spends_points_and_passes() -> None:
    state = spend_edge(NEW, 3, 2, EdgeUse.OTHER, "the floor collapses")
    state = take_pass(regain_power(state, 7, 13), 9)
    assert state.to_dict(3, 2, 9, 13) == {
        "edge": {
            "rating": 3,
            "spent": 1,
            "left": 2,
            "spends": [{"use": "other", "for": "the floor collapses"}],
        },
        "power": {"points": 7, "max": 13},
        "passes": 1,
    }
    # a new chronicle and a new round: nothing spent, no pass taken
    shown = state.to_dict(3, 3, 10, 13)
    assert shown["edge"] == {"rating": 3, "spent": 0, "left": 3, "spends": []}
    assert shown["passes"] == 0


def test_the_stored_form_round_trips_through_json() -> None:
    state = take_extra_pass(take_pass(NEW, 4), 2, 1, 4)
    state = regain_power(spend_edge(state, 2, 1, EdgeUse.OTHER, "a lucky break"), 9, 13)
    data = json.loads(json.dumps(state.stored()))
    assert stored_special_attributes(data) == state


def test_an_empty_stored_form_is_a_fresh_character_with_an_empty_reserve() -> None:
    # ruling 19: the reserve's points are state, never read from a trait of the sheet
    assert stored_special_attributes({}) == NEW == SpecialAttributes(power=0)
