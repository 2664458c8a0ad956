"""Out of action (ruling 18) and Mitigate Harm on the damage (ruling 21), as transitions of a
campaign: the character's own actions refused while unconscious, incapacitated or dead, others'
on it still taken, and a mitigated blow one event that spends the point and deals one less."""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.character import change, parse_changes
from dicepool.sheet.events import Event, Kind, apply
from dicepool.sheet.state import CampaignState
from dicepool.sheet.view import condition

from .sheets import act, table

OWN_ACTIONS: list[tuple[Kind, dict[str, Any], tuple[int, ...], str]] = [
    (Kind.ROLLED, {"rollers": ["Ana"], "effects": {}}, (), "no roll"),
    (
        Kind.ROLLED,
        {"rollers": ["Ana"], "effects": {"willpower": {"character": "Ana"}}},
        (),
        "no roll",
    ),
    (Kind.MITIGATED, {}, (), "no Willpower spent"),
    (Kind.RESTED, {}, (9, 9, 9), "no rest"),
    (Kind.VICE, {}, (), "no Vice"),
    (Kind.VIRTUE, {}, (), "no Virtue"),
    (Kind.INTIMACY_ROLLED, {"intimacy": "my sister"}, (9, 9, 9), "no Intimacy roll"),
    (Kind.ATONED, {"strides": True}, (9, 9, 9), "no crisis roll of atonement"),
]
"""Each of a character's own actions, with the faces its rule rolls and the refusal's words."""


def start(stamina: int = 1) -> CampaignState:
    """Ana (Willpower 3, a point spent, an Intimacy held, a sin on her conscience) and Bo."""
    state = table(
        "hubris", Ana=f"Willpower=3 Resolve=1 Morality=3 Stamina={stamina}", Bo="Stamina=2"
    )
    state = act(state, Kind.INTIMACY_ADDED, intimacy="my sister")
    state = act(state, Kind.SINNED, rating=3, what="the guard")
    return spend(state)


def spend(state: CampaignState, name: str = "Ana") -> CampaignState:
    """A roll of ``name``'s that spends a Willpower point."""
    effects = {"willpower": {"character": name}}
    return apply(state, Event(Kind.ROLLED, {"rollers": [name], "effects": effects}))


def hurt(state: CampaignState, points: int, wound: str, **more: Any) -> CampaignState:
    return act(state, Kind.DAMAGED, points=points, wound=wound, resistant=False, **more)


def shown(state: CampaignState, name: str = "Ana") -> dict[str, Any]:
    return condition(state.character(name), state.now)


def points(state: CampaignState) -> int:
    return int(shown(state)["willpower"]["points"])


def next_turn(state: CampaignState, *faces: int) -> CampaignState:
    return act(state, Kind.BOUNDARY_BEGUN, faces, unit="turn")


def unconscious() -> CampaignState:
    # "as soon as this roll fails, the character falls unconscious until their last health
    # box is cleared": six bashing wounds in Ana's six boxes, and a failed Stamina roll
    state = next_turn(hurt(start(), 6, "bashing"), 1)
    assert shown(state)["health"]["state"] == "unconscious"
    return state


def incapacitated() -> CampaignState:
    # "If a character's last health box is filled with a Lethal wound, that character is
    # incapacitated until the wound heals"
    state = next_turn(hurt(start(), 6, "lethal"))
    assert shown(state)["health"]["state"] == "incapacitated"
    return state


def dead() -> CampaignState:
    state = next_turn(hurt(start(), 6, "aggravated"))
    assert shown(state)["health"]["state"] == "dead"
    return state


@pytest.mark.parametrize("fallen", [unconscious, incapacitated, dead])
@pytest.mark.parametrize(("kind", "data", "faces", "words"), OWN_ACTIONS)
def test_a_character_out_of_action_takes_no_action_of_its_own(
    fallen: Any, kind: Kind, data: dict[str, Any], faces: tuple[int, ...], words: str
) -> None:
    state = fallen()
    fares = shown(state)["health"]["state"]
    if kind is Kind.ROLLED:
        with pytest.raises(SheetError, match=f"Ana is {fares}: .* {words} \\(ruling 18\\)"):
            apply(state, Event(kind, data))
        return
    with pytest.raises(SheetError, match=f"Ana is {fares}: .* {words}"):
        act(state, kind, faces, **data)


@pytest.mark.parametrize(("kind", "data", "faces", "words"), OWN_ACTIONS)
def test_a_character_at_risk_but_awake_still_acts(
    kind: Kind, data: dict[str, Any], faces: tuple[int, ...], words: str
) -> None:
    # bashing in the last box and the Stamina roll made: awake, every action of its own taken
    state = next_turn(hurt(start(), 6, "bashing"), 8)
    assert shown(state)["health"]["state"] == "unconscious_risk"
    state = next_turn(state, 8)  # a fresh turn: the point spent before is no limit
    if kind is Kind.INTIMACY_ROLLED:
        state = spend(state)  # the point the Intimacy roll may give back
    if kind is Kind.ROLLED:
        apply(state, Event(kind, data))
    else:
        act(state, kind, faces, **data)


def test_others_still_act_on_the_out_of_action() -> None:
    state = incapacitated()
    state = act(state, Kind.STABILIZED)  # stabilizing
    state = act(state, Kind.HEALED, points=1, wound=None)  # care
    assert shown(state)["health"]["state"] == "ok"
    state = unconscious()
    state = act(state, Kind.HEALED, points=1, wound=None)  # care clears the last box: awake
    assert shown(state)["health"]["state"] == "ok"
    assert points(act(state, Kind.VICE)) == 3
    # the storyteller's changes, and what happens to the character
    for fallen in (unconscious(), dead()):
        ana = change(fallen.character("Ana"), parse_changes("Resolve=2"))
        assert ana.traits["Resolve"] == 2
        after = act(fallen, Kind.WILLPOWER_LOST, dots=1)
        assert shown(after)["willpower"]["dots"] == 2
        after = act(after, Kind.INTIMACY_REMOVED, intimacy="my sister")
        assert shown(after)["intimacies"] == []


def test_an_out_of_action_side_of_a_contest_rolls_nothing() -> None:
    state = unconscious()
    contest = {"rollers": ["Bo", "Ana"], "effects": {}}
    with pytest.raises(SheetError, match="Ana is unconscious"):
        apply(state, Event(Kind.ROLLED, contest))
    apply(state, Event(Kind.ROLLED, {"rollers": ["Bo", None], "effects": {}}))


def test_the_dead_take_no_damage_and_regain_nothing() -> None:
    state = dead()
    with pytest.raises(SheetError, match="Ana is dead: damage to the dead is refused"):
        hurt(state, 1, "bashing")
    with pytest.raises(SheetError, match="no care or power heals the dead"):
        act(state, Kind.HEALED, points=1, wound=None)
    with pytest.raises(SheetError, match="Ana is dead: the dead regain no Willpower"):
        act(state, Kind.DEGENERATED)


# Mitigate Harm (ruling 21)


def test_a_mitigated_blow_deals_one_point_less_and_spends_the_point_in_one_event() -> None:
    # "A Willpower point can reduce by one the damage ... after all other effects and damage
    # caps": damage 3 lethal --mitigate deals 2
    state = next_turn(start())
    assert points(state) == 2
    state = hurt(state, 3, "lethal", mitigated=True)
    assert shown(state)["health"]["boxes"][:3] == ["lethal", "lethal", None]
    assert points(state) == 1
    assert shown(state)["willpower"]["spent_this_turn"] is True


def test_a_mitigated_blow_is_refused_whole_when_the_point_cannot_be_spent() -> None:
    state = start()  # a point spent this turn already
    with pytest.raises(SheetError, match="already spent this turn"):
        hurt(state, 3, "lethal", mitigated=True)
    state = next_turn(state)
    state = act(state, Kind.WILLPOWER_LOST, dots=3)  # no point left
    with pytest.raises(SheetError, match="no Willpower point left"):
        hurt(state, 3, "lethal", mitigated=True)
    with pytest.raises(SheetError, match=r"Ana is unconscious: .* no Willpower spent"):
        hurt(next_turn(unconscious()), 1, "bashing", mitigated=True)
    # unmitigated, the same blow lands on the unconscious
    after = hurt(next_turn(unconscious()), 1, "bashing")
    assert shown(after)["health"]["boxes"][0] == "lethal"


def test_one_point_mitigated_is_no_wound_and_restarts_no_healing() -> None:
    day = {"duration": "1d", "minutes": 24 * 60}
    state = act(next_turn(hurt(start(), 1, "lethal")), Kind.CLOCK_ADVANCED, **day)
    state = hurt(state, 1, "bashing", mitigated=True)
    assert shown(state)["health"]["boxes"][:2] == ["lethal", None] and points(state) == 1
    # no wound taken: the lethal point keeps its day and heals after one more
    healed = act(state, Kind.CLOCK_ADVANCED, **day)
    assert shown(healed)["health"]["boxes"][0] is None


def test_the_unconscious_do_not_sleep_it_off_in_one_rest() -> None:
    # ruling 18 before ruling 17: the rest is refused before its night passes; eight hours
    # would heal the bashing wounds that keep Ana unconscious, and then let her rest
    state = unconscious()
    with pytest.raises(SheetError, match=r"unconscious: .* so no rest"):
        act(state, Kind.RESTED, (9, 9, 9), minutes=480, begins="scene")
