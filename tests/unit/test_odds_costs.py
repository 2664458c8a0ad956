"""What keeps the odds over several rolls, charts and simulations cheap: and still exact.

Each test here checks a structure (how far an iteration ran, what it refused) and the figures
against a direct computation; none times anything.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Specialty
from dicepool.core.custom import CustomRequest
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest
from dicepool.core.sundown import SecondChance, SundownRequest
from dicepool.errors import BudgetError
from dicepool.odds import chart, distribution, simulate
from dicepool.odds.chart import classic_grid, classic_pools
from dicepool.odds.gather import CUT, Span, roll_once, trimmed
from dicepool.odds.gf import die_gf, pool_series
from dicepool.odds.several import (
    TAIL,
    complex_action,
    extended_action,
    first_to,
)
from dicepool.odds.simulate import expected_dice

P = Pool.of


# --- running totals kept where their mass is --------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_one_roll_onto_a_span_is_the_plain_convolution(seed: int) -> None:
    rng = np.random.default_rng(seed)
    one = rng.random(rng.integers(1, 9))
    one /= one.sum()
    short = rng.random(rng.integers(1, 12)) / 20
    base, goal = int(rng.integers(0, 5)), int(rng.integers(3, 25))
    step, _ = trimmed(np.concatenate([np.zeros(3), one]))  # leading zeros are trimmed away
    assert step.base == 3
    below, crossed, dropped = roll_once(Span(base, short), step, goal)
    full = np.convolve(np.concatenate([np.zeros(base), short]), np.concatenate([np.zeros(3), one]))
    full = np.pad(full, (0, max(0, goal + 1 - full.size)))
    np.testing.assert_allclose(below.from_base(0, goal), full[:goal], rtol=0, atol=1e-17)
    np.testing.assert_allclose(crossed.sum(), full[goal:].sum(), rtol=1e-12, atol=1e-17)
    assert crossed[: full.size - goal] == pytest.approx(full[goal : goal + crossed.size])
    assert dropped == 0.0


def test_trimming_drops_only_what_is_below_the_cut() -> None:
    values = np.array([1e-40, 0.0, 0.5, 1e-31, 0.5, 1e-35])
    span, dropped = trimmed(values, 10)
    assert span.base == 12 and span.values.tolist() == [0.5, 1e-31, 0.5]
    assert dropped == pytest.approx(1e-40 + 1e-35) and dropped < CUT
    empty, lost = trimmed(np.array([1e-40, 1e-50]))
    assert empty.mass == 0.0 and lost == pytest.approx(1e-40)


# --- extended actions and races stop once nothing is left to decide ---------------------------


def test_an_extended_action_stops_once_the_goal_is_all_but_certain() -> None:
    # 10000 dice with second chances: about 5556 hits a roll, so 10000 need two rolls or three
    pmf = distribution(SundownRequest(P(10_000), second_chance=SecondChance.MISSES)).pmf
    action = extended_action(pmf, 10_000, 10_000)
    assert action.needed.size < 10  # not ten thousand rolls of nothing
    assert action.chance == pytest.approx(1.0, abs=1e-14)
    two = np.convolve(pmf, pmf)
    assert action.within(2) == pytest.approx(float(two[10_000:].sum()), rel=1e-9)
    assert action.within(1) == pytest.approx(float(pmf[10_000:].sum()), abs=1e-300)
    assert action.tail_bound < 1e-14


def test_a_limit_beyond_the_end_changes_nothing() -> None:
    pmf = distribution(ChroniclesRequest(P(3))).pmf
    free, limited = extended_action(pmf, 200), extended_action(pmf, 200, 100_000)
    assert limited.needed.size == free.needed.size < 1000
    assert limited.chance == pytest.approx(free.chance, abs=1e-15)
    assert limited.expected_rolls == pytest.approx(free.expected_rolls, rel=1e-12)


def test_a_race_with_a_far_round_limit_is_the_race_without_one() -> None:
    a, d = distribution(ChroniclesRequest(P(3))).pmf, distribution(ChroniclesRequest(P(2))).pmf
    free, limited = first_to("chronicles", a, d, 300), first_to("chronicles", a, d, 300, 50_000)
    for side in ("attacker", "defender", "tie"):
        assert limited.final[side] == pytest.approx(free.winner[side], abs=1e-13)
    assert limited.expected_rounds == pytest.approx(free.expected_rounds, rel=1e-12)
    assert limited.unresolved < TAIL


def test_a_race_too_long_to_follow_is_refused_unless_the_rounds_are_few() -> None:
    one = distribution(ChroniclesRequest(P(1))).pmf  # a third of a success a round
    with pytest.raises(BudgetError, match="the race would take about"):
        first_to("chronicles", one, one, 10_000)
    with pytest.raises(BudgetError, match="fewer rounds"):
        first_to("chronicles", one, one, 10_000, 100_000)
    short = first_to("chronicles", one, one, 10_000, 100)
    assert short.unresolved == pytest.approx(1.0, abs=1e-12)


def test_a_long_complex_action_is_the_binomial() -> None:
    p, n = 0.657, 99_999
    action = complex_action(p, 99_999, n)
    mode = round(n * p)
    for m in (mode - 500, mode, mode + 300):
        log = math.lgamma(n + 1) - math.lgamma(m + 1) - math.lgamma(n - m + 1)
        assert action.gathered[m] == pytest.approx(
            math.exp(log + m * math.log(p) + (n - m) * math.log1p(-p)), rel=1e-9
        )
    assert action.chance == pytest.approx(p**n, abs=1e-300)
    gathered = action.to_dict()["gathered"]
    assert isinstance(gathered, dict)
    assert 1000 < len(gathered) < 5000  # the totals at 1e-18 or more, not a hundred thousand
    assert math.fsum(gathered.values()) == pytest.approx(1.0, abs=1e-15)


# --- charts --------------------------------------------------------------------------------------


def test_classic_chart_walks_and_jumps_to_the_same_odds_as_each_roll() -> None:
    pools = (1, 300, 301, 700, 702)  # a walk of one die, jumps of 299 and 399, a walk of two
    got = dict(classic_pools(pools, 7))
    assert sorted(got) == list(pools)
    for n in pools:
        rule = ClassicRequest(P(n), difficulty=7).rule
        want, _ = pool_series(die_gf(rule, count_ones=True), n)
        np.testing.assert_allclose(got[n], want, rtol=0, atol=1e-14)


def test_classic_chart_of_the_largest_pools() -> None:
    grid = classic_grid(np.array([10_000, 9_999]), np.array([6, 10]), "mean")
    for i, n in enumerate((10_000, 9_999)):
        for j, difficulty in enumerate((6, 10)):
            want = distribution(ClassicRequest(P(n), difficulty=difficulty)).mean
            assert grid[i, j] == pytest.approx(want, rel=1e-12)


def test_a_chart_of_many_difficulties_shares_each_pool() -> None:
    grid = chart("storypath", [9_999, 10_000], range(3_000, 3_100), "success")
    assert grid.values.shape == (2, 100)
    assert np.all(np.diff(grid.values, axis=1) <= 1e-15)  # harder is never likelier
    pmf = distribution(CustomRequest(P(10_000), target=8, again=10)).pmf
    assert grid.values[1, 50] == pytest.approx(float(pmf[3_050:].sum()), rel=1e-9)


def test_remembered_series_are_copies() -> None:
    gf = die_gf(ChroniclesRequest(P(40)).rule)
    first, _ = pool_series(gf, 40)
    first[:] = 0.0
    again, _ = pool_series(gf, 40)
    assert again.sum() == pytest.approx(1.0, abs=1e-12)


# --- simulations --------------------------------------------------------------------------------


def test_a_simulation_that_would_roll_too_many_dice_is_refused() -> None:
    exploding = CustomRequest(P(10), sides=1000, target=2, again=2)  # a thousand dice a die
    assert expected_dice(exploding) == pytest.approx(10_000)
    with pytest.raises(BudgetError, match=r"ask for at most (\d+) trials") as refused:
        simulate(exploding, 100_000, seed=1)
    offered = int(str(refused.value).rsplit("at most ", 1)[1].split()[0])
    assert 100 <= offered < 100_000
    assert simulate(exploding, offered, seed=1).outcomes["success"] > 0.99  # and it fits
    contest = ContestRequest(ClassicRequest(P(100), specialty=Specialty()), ClassicRequest(P(50)))
    assert expected_dice(contest.attacker) == pytest.approx(100 / 0.9)
    with pytest.raises(BudgetError, match="simulating 1000000 rolls"):
        simulate(contest, 1_000_000, seed=1)
    assert expected_dice(SundownRequest(P(4), second_chance=SecondChance.MISSES)) == 8
    assert expected_dice(ChroniclesRequest(P(-2))) == pytest.approx(1 / 0.9)
