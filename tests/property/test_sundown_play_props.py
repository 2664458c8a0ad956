"""Any sequence of After Sundown's events and undos: the log replayed equals the live state,
and no chronicle sees more Edge spends than the rating allowed when each was made."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.sheet.character import new_character, parse_changes
from dicepool.sheet.events import (
    CampaignState,
    Event,
    Kind,
    campaign_event,
    changed_event,
    created_event,
)
from dicepool.sheet.sundown.edge import MAX_PASSES
from dicepool.sheet.sundown.play import edge_rating, reserve_max, special
from tests.hypothesis_profiles import examples

from .logs import Log

NAMES = ("Ana", "Bo")

names = st.sampled_from(NAMES)
events = st.one_of(
    st.builds(
        lambda n, u: Event(Kind.EDGE_SPENT, {"character": n, "use": u, "for": "luck"}),
        names,
        st.sampled_from(["escape", "other"]),
    ),
    st.builds(
        lambda n, e, b: Event(Kind.PASS_TAKEN, {"character": n, "edge": e, "bonus": b}),
        names,
        st.booleans(),
        st.integers(0, 3),
    ),
    st.builds(
        lambda k, n, p: Event(k, {"character": n, "points": p}),
        st.sampled_from([Kind.POWER_SPENT, Kind.POWER_REGAINED]),
        names,
        st.integers(1, 15),
    ),
    st.builds(
        lambda u: Event(Kind.BOUNDARY_BEGUN, {"unit": u, "rolls": []}),
        st.sampled_from(["turn", "round", "scene", "chronicle"]),
    ),
    st.builds(
        lambda n, uses: Event(
            Kind.ROLLED,
            {"effects": {"edge": {"spends": [{"character": n, "use": u} for u in uses]}}},
        ),
        names,
        st.lists(st.sampled_from(["dice", "second-chance"]), min_size=1, max_size=2),
    ),
    st.builds(
        lambda n: Event(Kind.REROLLED, {"event": 1, "character": n, "misses": 1, "result": {}}),
        names,
    ),
    st.builds(
        lambda n, t, v: changed_event(n, parse_changes(f"{t}={v}")),
        names,
        st.sampled_from(["Edge", "Potency", "Power"]),
        st.integers(0, 6),
    ),
)


def _start() -> list[Event]:
    made = [campaign_event("T", "sundown")]
    made += [created_event(new_character(n, "sundown")) for n in NAMES]
    # `Power=6` as a log of before ruling 19 typed the reserve: replayed into state
    return [*made, changed_event("Ana", parse_changes("Edge=2 Potency=1 Power=6"))]


def _spent(state: CampaignState) -> dict[str, int]:
    mark = state.now.clock.mark("chronicle")
    return {k: special(c).spent(mark) for k, c in state.characters.items()}


def _check(before: CampaignState, after: CampaignState) -> None:
    """Within bounds; a spend made (a count that grew) never passes the rating."""
    round_mark = after.now.clock.mark("round")
    was, now = _spent(before), _spent(after)
    for key, sheet in after.characters.items():
        held = special(sheet)
        assert 0 <= held.passes_taken(round_mark) <= MAX_PASSES
        assert 0 <= held.power <= reserve_max(sheet)  # ruling 19: never above the maximum
        assert "Power" not in sheet.traits  # the reserve is state, never a trait
        if now[key] > was[key]:
            assert now[key] <= edge_rating(sheet)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.tuples(events, st.integers(0, 6)), max_size=30))
def test_the_log_replayed_equals_the_live_state_and_edge_stays_within_its_rating(
    steps: list[tuple[Event, int]],
) -> None:
    log = Log(_start())
    for event, undo_back in steps:
        if undo_back:  # now and then, undo a recent event instead
            log.undo(undo_back)
            continue
        before = log.live
        if log.append(event):
            _check(before, log.live)
    assert log.replayed() == log.live
