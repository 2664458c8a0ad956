"""Invariants of the Momentum pool, Legend and the Feat of Scale under any sequence of changes."""

from __future__ import annotations

import contextlib

from hypothesis import given
from hypothesis import strategies as st

from dicepool.errors import SheetError
from dicepool.sheet.storypath.momentum import (
    Advantage,
    Advantages,
    Legend,
    Momentum,
    add_advantage,
    advantage,
    gain,
    invoke_feat,
    regain_legend,
    seat,
    set_players,
    spend,
    spend_legend,
    stored_advantages,
    stored_legend,
    stored_momentum,
    use_advantage,
)

moves = st.lists(
    st.tuples(st.sampled_from(["gain", "spend", "players", "seat", "seats"]), st.integers(-2, 45)),
    max_size=30,
)
pools = st.builds(
    lambda players, share: Momentum(min(share, 2 * players), players),
    st.integers(1, 20),
    st.integers(0, 40),
)


def step(pool: Momentum, kind: str, n: int) -> Momentum:
    try:
        if kind == "gain":
            after, lost = gain(pool, n)
            assert after.points + lost == pool.points + n and lost >= 0
        elif kind == "spend":
            after = spend(pool, n)
            assert after.points == pool.points - n
        elif kind == "seat":  # n players now sit with a character
            after, lost = seat(pool, n)
            assert after.points + lost == pool.points and after.seated == n
            if n >= pool.seated or pool.players is not None:  # seats that grow lose nothing
                assert lost == 0
        elif kind == "seats":  # the storyteller follows the seats again
            after, lost = set_players(pool, None)
            assert after.points + lost == pool.points and after.capacity == 2 * pool.seated
        else:
            after, lost = set_players(pool, n)
            assert after.points + lost == pool.points
    except SheetError:
        return pool  # refused: the pool it was given is unchanged (frozen, nothing to undo)
    return after


@given(st.one_of(st.none(), st.integers(1, 20)), st.integers(0, 20), moves)
def test_the_pool_never_holds_more_than_its_capacity_nor_less_than_none(
    players: int | None, seated: int, steps: list[tuple[str, int]]
) -> None:
    pool = Momentum(0, players, seated)
    for kind, n in steps:
        before = pool
        pool = step(pool, kind, n)
        assert 0 <= pool.points <= pool.capacity
        assert pool.capacity == 2 * (pool.seated if pool.players is None else pool.players)
        if pool.players is not None and kind == "seat":  # a number set stands whoever sits
            assert pool.capacity == before.capacity
        assert stored_momentum(pool.stored()) == pool


@given(st.integers(0, 10), st.lists(st.tuples(st.booleans(), st.integers(-1, 12)), max_size=20))
def test_legend_points_stay_within_the_rating(rating: int, steps: list[tuple[bool, int]]) -> None:
    legend = Legend(rating)
    for spending, n in steps:
        with contextlib.suppress(SheetError):  # a refused spend leaves the points as they were
            legend = spend_legend(legend, n) if spending else regain_legend(legend, n)[0]
        assert 0 <= legend.points <= legend.rating == rating
        assert stored_legend(rating, legend.stored()) == legend


@given(st.integers(0, 10), st.integers(0, 10), pools, st.booleans())
def test_a_feat_of_scale_spends_both_costs_or_nothing(
    rating: int, spent: int, pool: Momentum, within: bool
) -> None:
    legend = Legend(rating, min(spent, rating))
    try:
        after, left, cost = invoke_feat(legend, pool, within)
    except SheetError:
        assert legend.points < 1 or (not within and pool.points < 2)
        return
    assert legend.points - after.points == cost.legend == 1
    assert pool.points - left.points == cost.momentum == (0 if within else 2)
    assert cost.scale == 1


advantages = st.builds(
    advantage,
    st.sampled_from(["Ana", "Bo", "Zoë"]),
    st.integers(1, 10_000),
    st.text(min_size=1, max_size=30).filter(str.strip),
)


@given(st.lists(advantages, max_size=15))
def test_advantages_are_used_once_and_round_trip(earned: list[Advantage]) -> None:
    pending = Advantages()
    for one in earned:
        try:
            pending = add_advantage(pending, one)
        except SheetError:
            assert any(a.event == one.event for a in pending.pending)
    assert stored_advantages(pending.stored()) == pending
    for who in ("Ana", "Bo", "Zoë"):
        mine = pending.of(who)
        for _ in mine:
            pending, used = use_advantage(pending, who)
            assert used not in pending.pending
    assert pending == Advantages()
