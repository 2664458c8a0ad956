"""hubris Willpower and conscience on a campaign (ruling 14): events applied, rolls replayed."""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.errors import SheetError
from dicepool.sheet.character import change, parse_changes
from dicepool.sheet.events import ROLLING, Event, Kind, apply
from dicepool.sheet.rule_dice import RuleDice
from dicepool.sheet.state import CampaignState
from dicepool.sheet.view import condition

from .sheets import act, table


def start() -> CampaignState:
    return table("hubris", Ana="Willpower=3 Resolve=1 Morality=3 Stamina=1")


def shown(state: CampaignState) -> dict[str, Any]:
    return condition(state.character("Ana"), state.now)


def points(state: CampaignState) -> tuple[int, int]:
    willpower = shown(state)["willpower"]
    return willpower["points"], willpower["dots"]


def spend(state: CampaignState) -> CampaignState:
    return apply(state, Event(Kind.ROLLED, {"effects": {"willpower": {"character": "Ana"}}}))


def next_turn(state: CampaignState) -> CampaignState:
    return act(state, Kind.BOUNDARY_BEGUN, unit="turn")


def test_one_willpower_point_a_turn_and_none_when_none_is_left() -> None:
    state = spend(start())
    assert points(state) == (2, 3)
    with pytest.raises(SheetError, match="already spent this turn"):
        spend(state)
    state = spend(next_turn(spend(next_turn(state))))
    assert points(state) == (0, 3)
    with pytest.raises(SheetError, match="no Willpower point left"):
        spend(next_turn(state))
    with pytest.raises(SheetError, match="no Willpower point left"):
        act(next_turn(state), Kind.MITIGATED)


def test_mitigating_harm_is_a_spend_too() -> None:
    state = act(start(), Kind.MITIGATED)
    assert points(state) == (2, 3)
    with pytest.raises(SheetError, match="one spend a turn"):
        act(state, Kind.MITIGATED)


def test_rest_vice_once_a_scene_and_virtue_once_a_session() -> None:
    state = spend(start())
    state = act(state, Kind.VICE)
    assert points(state) == (3, 3)
    state = spend(next_turn(state))
    with pytest.raises(SheetError, match="once a scene"):
        act(state, Kind.VICE)
    state = act(act(state, Kind.BOUNDARY_BEGUN, unit="scene"), Kind.VICE)
    assert points(state) == (3, 3)
    state = act(state, Kind.WILLPOWER_LOST, dots=1)
    assert points(state) == (2, 2)
    state = act(state, Kind.VIRTUE)  # a lost dot back, and every point
    assert points(state) == (3, 3)
    state = act(state, Kind.WILLPOWER_LOST, dots=2)
    with pytest.raises(SheetError, match="once a session"):
        act(state, Kind.VIRTUE)
    assert points(act(act(state, Kind.BOUNDARY_BEGUN, unit="session"), Kind.VIRTUE)) == (2, 2)


def test_the_whole_crisis_cycle() -> None:
    # "Each time they could regain Willpower from rest, even if their Willpower is at maximum,
    # roll dice equal to the rating of the crime ... On a failure, they ... lose one point."
    state = act(start(), Kind.SINNED, rating=3, what="the guard")
    state = act(state, Kind.RESTED, (1, 2, 3))  # three dice: the crime's rating
    assert points(state) == (2, 3) and shown(state)["crisis"]["failures"] == 1
    # a failed roll lets the player degenerate: Morality down one, Willpower as normal
    state = act(state, Kind.DEGENERATED)
    assert shown(state)["morality"] == 2 and shown(state)["crisis"] is None
    assert points(state) == (3, 3)
    # a new crisis; a more severe sin replaces it: successes reset, failures kept
    state = act(state, Kind.SINNED, rating=2, what="the first")
    state = act(state, Kind.RESTED, (9, 1))
    assert shown(state)["crisis"]["successes"] == 1
    state = act(state, Kind.SINNED, rating=1, what="worse")
    crisis = shown(state)["crisis"]
    assert (crisis["crime"], crisis["successes"], crisis["failures"]) == (1, 0, 1)
    with pytest.raises(SheetError, match="less severe"):  # rated 2 now: it does not replace
        act(state, Kind.SINNED, rating=2, what="lesser")
    # resolved after as many successes as Morality (2)
    state = act(act(state, Kind.RESTED, (10, 3)), Kind.RESTED, (8,))
    assert shown(state)["crisis"] is None
    with pytest.raises(SheetError, match="right after a failed crisis roll"):
        act(state, Kind.DEGENERATED)


def test_atoning_with_strides_counts_whatever_the_dice_say() -> None:
    state = act(start(), Kind.SINNED, rating=3, what="the guard")
    state = act(state, Kind.ATONED, (1, 2, 3), strides=True)
    assert shown(state)["crisis"]["successes"] == 1 and points(state) == (2, 3)
    with pytest.raises(SheetError, match="already made this scene"):
        act(state, Kind.ATONED, (9, 9, 9), strides=False)


def test_an_intimacy_roll_gives_back_the_point_just_spent() -> None:
    state = act(start(), Kind.INTIMACY_ADDED, intimacy="my sister")
    with pytest.raises(SheetError, match="no Willpower point was spent this turn"):
        act(state, Kind.INTIMACY_ROLLED, (9, 9, 9), intimacy="my sister")
    state = act(spend(state), Kind.INTIMACY_ROLLED, (9, 1, 1), intimacy="My Sister")
    assert points(state) == (3, 3)
    with pytest.raises(SheetError, match="no Intimacy `a stranger`"):
        act(spend(next_turn(state)), Kind.INTIMACY_ROLLED, (9,), intimacy="a stranger")


def test_intimacies_are_at_most_resolve_plus_three() -> None:
    state = start()
    for who in ("a", "b", "c", "d"):
        state = act(state, Kind.INTIMACY_ADDED, intimacy=f"friend {who}")
    with pytest.raises(SheetError, match="allows 4 Intimacies"):
        act(state, Kind.INTIMACY_ADDED, intimacy="friend e")
    state = act(state, Kind.INTIMACY_REMOVED, intimacy="FRIEND A")
    assert shown(state)["intimacies"] == ["friend b", "friend c", "friend d"]


def test_a_month_brings_a_mortal_dot_back_and_a_creature_rolls_for_it() -> None:
    state = act(start(), Kind.WILLPOWER_LOST, dots=1)
    month = act(state, Kind.CLOCK_ADVANCED, duration="30d", minutes=30 * 24 * 60)
    assert points(month) == (2, 3)  # the dot comes back empty
    creature = change(state.character("Ana"), parse_changes("Blood Potency=2"))
    state = CampaignState("T", "hubris", None, "", {"ana": creature}, state.now)
    state = act(state, Kind.NATURE_SET, trait="blood potency")
    failed = act(state, Kind.CLOCK_ADVANCED, (3, 4), duration="30d", minutes=43200)
    assert points(failed) == (2, 2)
    assert failed.now.clock.minutes == 43200
    passed = act(state, Kind.CLOCK_ADVANCED, (8, 4), duration="30d", minutes=43200)
    assert points(passed) == (2, 3)


def test_a_soulless_character_rolls_each_day_and_gains_no_morality() -> None:
    state = act(start(), Kind.SOUL_LOST)
    # day one: three dots roll, a success takes one; day two: two dots, a failure
    state = act(state, Kind.CLOCK_ADVANCED, (8, 1, 1, 2, 3), duration="2d", minutes=2880)
    assert points(state) == (2, 2)
    with pytest.raises(SheetError, match="gains no Morality"):
        change(state.character("Ana"), parse_changes("Morality=4"))
    state = act(state, Kind.SOUL_RESTORED)
    assert shown(state)["soul"] is True
    state = act(spend(state), Kind.VICE)  # points regained: a lost dot comes with them
    assert points(state) == (2, 3)


def test_the_dead_roll_nothing_as_time_passes() -> None:
    soulless = act(act(start(), Kind.WILLPOWER_LOST, dots=1), Kind.SOUL_LOST)
    bleeding = act(soulless, Kind.DAMAGED, points=6, wound="lethal")
    # bled out within minutes: no soul roll a day, no dot back a month, no roll recorded
    dice = RuleDice(ForcedDice(()))
    data = {"duration": "520w", "minutes": 520 * 7 * 24 * 60}
    ROLLING[Kind.CLOCK_ADVANCED](bleeding, data, dice)
    assert dice.recorded == []
    dead = apply(bleeding, Event(Kind.CLOCK_ADVANCED, {**data, "rolls": []}))
    assert shown(dead)["health"]["state"] == "dead"
    assert points(dead) == points(bleeding)
    mortal = act(act(start(), Kind.WILLPOWER_LOST, dots=1), Kind.DAMAGED, points=6, wound="lethal")
    assert points(act(mortal, Kind.CLOCK_ADVANCED, **data)) == points(mortal)


def test_rules_of_hubris_are_refused_elsewhere() -> None:
    state = table("chronicles", Ana="Resolve=2")
    with pytest.raises(SheetError, match="hubris's rule"):
        act(state, Kind.VICE)
