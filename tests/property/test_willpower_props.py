"""Invariants of Willpower under any sequence of spends, losses, regains and time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.errors import SheetError
from dicepool.sheet.hubris.willpower import (
    MINUTES_PER_MONTH,
    Willpower,
    intimacy_regain,
    lose_dots,
    month_passes,
    new_willpower,
    regain_dot,
    rerate,
    rest_regain,
    spend,
    stored_willpower,
    vice,
    virtue,
)
from tests.hypothesis_profiles import examples

marks = st.integers(0, 4)
moves = st.one_of(
    st.tuples(st.just("spend"), marks),
    st.tuples(st.just("lose"), st.integers(0, 4)),
    st.tuples(st.just("dot")),
    st.tuples(st.just("rest")),
    st.tuples(st.just("vice"), marks),
    st.tuples(st.just("virtue"), marks, st.booleans()),
    st.tuples(st.just("intimacy"), marks),
    st.tuples(st.just("rerate"), st.integers(0, 10)),
    st.tuples(st.just("month"), st.integers(0, 3 * MINUTES_PER_MONTH)),
)


def step(w: Willpower, move: tuple[object, ...]) -> Willpower:
    kind, *args = move
    if kind == "spend":
        return spend(w, *args)  # type: ignore[arg-type]
    if kind == "lose":
        return lose_dots(w, *args)  # type: ignore[arg-type]
    if kind == "dot":
        return regain_dot(w)
    if kind == "rest":
        return rest_regain(w)
    if kind == "vice":
        return vice(w, *args)  # type: ignore[arg-type]
    if kind == "virtue":
        return virtue(w, *args)  # type: ignore[arg-type]
    if kind == "intimacy":
        return intimacy_regain(w, *args)  # type: ignore[arg-type]
    if kind == "rerate":
        return rerate(w, *args)  # type: ignore[arg-type]
    after, due = month_passes(w, *args)  # type: ignore[arg-type]
    assert due >= 0
    return after


def check(w: Willpower) -> None:
    assert 0 <= w.lost <= w.rating <= 10
    assert 0 <= w.points <= w.dots == w.rating - w.lost
    assert 0 <= w.month_minutes < MINUTES_PER_MONTH
    if w.lost == 0:
        assert w.month_minutes == 0
    assert stored_willpower(w.stored(), w.rating) == w


@settings(max_examples=examples(300))
@given(st.integers(0, 10), st.lists(moves, max_size=30))
def test_points_stay_within_the_dots(rating: int, sequence: list[tuple[object, ...]]) -> None:
    w = new_willpower(rating)
    for move in sequence:
        before = w
        try:
            w = step(w, move)
        except SheetError:
            assert w == before  # a refusal changes nothing
            continue
        check(w)
        if move[0] == "spend":
            assert w.points == before.points - 1
        elif move[0] in ("rest", "vice", "intimacy"):
            assert w.points >= before.points


@given(st.integers(1, 10), marks, marks)
def test_one_spend_a_turn(rating: int, first: int, second: int) -> None:
    w = spend(new_willpower(rating), first)
    try:
        spend(w, second)
    except SheetError:
        assert first == second or w.points == 0
    else:
        assert first != second


@given(st.integers(0, 10), st.integers(0, 10), st.integers(0, 10))
def test_virtue_refills_every_point(rating: int, lost: int, points: int) -> None:
    lost = min(lost, rating)
    w = Willpower(rating, lost, min(points, rating - lost))
    try:
        after = virtue(w, 1)
    except SheetError:
        assert w.lost == 0 and w.points == w.dots
    else:
        assert after.points == after.dots and after.lost == max(0, lost - 1)
