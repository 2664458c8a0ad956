"""Any sequence of hubris's Willpower and conscience events, with undos: the log replayed equals
the live state, and Willpower points stay within 0..dots."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.core.dice import SeededDice
from dicepool.errors import SheetError
from dicepool.sheet.character import change, new_character, parse_changes
from dicepool.sheet.events import (
    ROLLING,
    Event,
    Kind,
    campaign_event,
    created_event,
)
from dicepool.sheet.rule_dice import RuleDice
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import willpower_of
from tests.hypothesis_profiles import examples

from .logs import Log

SPEND = "spend"

steps = st.one_of(
    st.sampled_from(
        [
            (SPEND, {}),
            (Kind.MITIGATED, {}),
            (Kind.VICE, {}),
            (Kind.VIRTUE, {}),
            (Kind.RESTED, {}),
            (Kind.DEGENERATED, {}),
            (Kind.SOUL_LOST, {}),
            (Kind.SOUL_RESTORED, {}),
            (Kind.ATONED, {"strides": True}),
            (Kind.BOUNDARY_BEGUN, {"unit": "turn"}),
            (Kind.BOUNDARY_BEGUN, {"unit": "scene"}),
            (Kind.BOUNDARY_BEGUN, {"unit": "session"}),
            (Kind.CLOCK_ADVANCED, {"duration": "1d", "minutes": 1440}),
            (Kind.CLOCK_ADVANCED, {"duration": "30d", "minutes": 43200}),
        ]
    ),
    st.builds(lambda r: (Kind.SINNED, {"rating": r, "what": "a sin"}), st.integers(1, 5)),
    st.builds(lambda n: (Kind.WILLPOWER_LOST, {"dots": n}), st.integers(1, 3)),
)


def _event(state: CampaignState, kind: Any, data: dict[str, Any], seed: int) -> Event:
    """The event as the use case would decide it (its rolls made from ``seed``)."""
    if kind == SPEND:
        return Event(Kind.ROLLED, {"effects": {"willpower": {"character": "Ana"}}})
    data = {"character": "Ana", **data}
    if kind in ROLLING:
        dice = RuleDice(SeededDice(seed))
        ROLLING[kind](state, data, dice)
        data["rolls"] = dice.recorded
    return Event(kind, data)


@settings(max_examples=examples(120), deadline=None)
@given(st.lists(st.tuples(steps, st.integers(0, 2**16), st.integers(0, 8)), max_size=40))
def test_replayed_equals_live_and_points_stay_within_dots(
    moves: list[tuple[tuple[Any, dict[str, Any]], int, int]],
) -> None:
    ana = change(new_character("Ana", "hubris"), parse_changes("Willpower=4 Morality=3"))
    log = Log([campaign_event("T", "hubris"), created_event(ana)])
    for (kind, data), seed, undo_back in moves:
        if undo_back > 6:  # now and then, undo the latest event
            log.undo(1)
            continue
        try:
            event = _event(log.live, kind, data, seed)
        except SheetError:
            continue  # refused before its roll: nothing logged
        if not log.append(event):
            continue
        sheet = log.live.character("Ana")
        willpower = willpower_of(sheet.status, sheet.traits["Willpower"])
        assert 0 <= willpower.points <= willpower.dots <= sheet.traits["Willpower"]
        assert 0 <= sheet.traits["Morality"] <= 5
    assert log.replayed() == log.live
