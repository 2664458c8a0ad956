"""Invariants of progress trackers under any sequence of rolls, awards and bought Intervals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.errors import SheetError
from dicepool.sheet.storypath.momentum import Momentum
from dicepool.sheet.trackers import (
    Kind,
    Status,
    Tracker,
    Trackers,
    add_tracker,
    award,
    buy_intervals,
    count_roll,
    start_complex,
    start_contested,
    start_extended,
    start_opposed,
    stored_tracker,
    stored_trackers,
)
from tests.hypothesis_profiles import examples

limits = st.one_of(st.none(), st.integers(1, 8))
trackers = st.one_of(
    st.builds(start_complex, st.just("Heist"), st.just("Ana"), st.integers(1, 6), limits,
              st.integers(1, 4)),
    st.builds(start_opposed, st.just("Chase"), st.just("Ana"), st.just("Bo"),
              st.integers(1, 6), limits, st.integers(1, 4)),
    st.builds(start_extended, st.just("Dig"), st.just("Ana"), st.integers(1, 20), limits),
    st.builds(start_contested, st.just("Hunt"), st.just("Ana"), st.just("Bo"),
              st.integers(1, 20), limits),
)  # fmt: skip
moves = st.lists(
    st.tuples(
        st.sampled_from(["roll", "roll", "roll", "award", "buy"]),
        st.sampled_from(["Ana", "Bo", "Cy"]),
        st.integers(0, 8),
    ),
    max_size=40,
)


def step(tracker: Tracker, move: tuple[str, str, int]) -> Tracker:
    kind, who, n = move
    if kind == "buy":
        after, _ = buy_intervals(tracker, Momentum(40, 20), max(n, 1))
        assert after.limit is not None and tracker.limit is not None
        assert after.limit > tracker.limit and after.status is Status.IN_PROGRESS
        return after
    after, status = (
        award(tracker, who, max(n, 1)) if kind == "award" else count_roll(tracker, who, n)
    )
    assert status is after.status
    if kind == "roll":
        assert sum(after.rolls) == sum(tracker.rolls) + 1
    return after


@settings(max_examples=examples(300))
@given(trackers, moves)
def test_progress_never_decreases_and_a_finished_tracker_refuses_rolls(
    tracker: Tracker, steps: list[tuple[str, str, int]]
) -> None:
    for move in steps:
        try:
            after = step(tracker, move)
        except SheetError:
            after = tracker  # refused: nothing changed
            if move[0] == "roll" and tracker.finished:
                continue
        else:
            assert not tracker.finished or move[0] == "buy"
        if tracker.kind is Kind.COMPLEX and move[0] == "roll" and not tracker.finished:
            assert after is not tracker  # ruling 20: whoever rolls, an Interval counts
        assert all(a >= b for a, b in zip(after.progress, tracker.progress, strict=True))
        assert all(a >= b for a, b in zip(after.rolls, tracker.rolls, strict=True))
        if after.limit is not None:
            assert max(after.rolls) <= after.limit
        if after.kind.sides == 2:
            assert abs(after.rolls[0] - after.rolls[1]) <= 1
        if after.status is Status.COMPLETE:
            assert after.progress[0] >= after.target
        assert stored_tracker(after.stored()) == after
        tracker = after


@given(trackers, st.integers(0, 8))
def test_a_finished_tracker_refuses_every_roll(tracker: Tracker, successes: int) -> None:
    for _ in range(200):
        if tracker.finished or tracker.limit is None:
            break
        for who in tracker.sides:
            if not tracker.finished:
                tracker, _ = count_roll(tracker, who, successes)
    if tracker.finished:
        for who in tracker.sides:
            try:
                count_roll(tracker, who, successes)
            except SheetError as exc:
                assert "finished" in str(exc)
            else:
                raise AssertionError("a finished tracker counted a roll")


@given(st.lists(trackers, max_size=6))
def test_the_campaigns_trackers_round_trip(started: list[Tracker]) -> None:
    kept = Trackers()
    for tracker in started:
        try:
            kept = add_tracker(kept, tracker)
        except SheetError:
            assert not kept.find(tracker.name).finished
    assert stored_trackers(kept.stored()) == kept
    assert len({t.name for t in kept.trackers}) == len(kept)
    assert {t.kind for t in kept.trackers} <= set(Kind)
