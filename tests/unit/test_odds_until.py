"""``spec until N`` on large pools: against ``always`` and against the core rolled many times.

A pool of a few hundred dice trims its unlikely first rolls (every D <= 0 among them); the
odds once came out as a certain failure from 250 dice on, because the rows were misread.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.dice import SeededDice
from dicepool.core.pool import MAX_COUNT, Pool
from dicepool.core.roll import resolve
from dicepool.odds import Distribution, distribution, specialty_advice
from dicepool.odds.specialty import until_counts

P = Pool.of
UNREACHABLE = MAX_COUNT  # no pool here reaches ten thousand successes


def padded(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    size = max(a.size, b.size)
    return np.pad(a, (0, size - a.size)), np.pad(b, (0, size - b.size))


@pytest.mark.parametrize(
    ("n", "difficulty", "threshold"),
    [(200, 6, 0), (250, 6, 0), (300, 6, 0), (600, 4, 2), (1000, 6, 0), (1000, 9, 500)],
)
def test_until_a_goal_out_of_reach_is_always(n: int, difficulty: int, threshold: int) -> None:
    # the goal never stands, so the player rolls every extra die: exactly `spec always`
    def odds(specialty: Specialty) -> Distribution:
        return distribution(
            ClassicRequest(P(n), difficulty=difficulty, threshold=threshold, specialty=specialty)
        )

    until, always = odds(Specialty(Policy.UNTIL, UNREACHABLE)), odds(Specialty())
    assert until.mean == pytest.approx(always.mean, rel=1e-12, abs=1e-12)
    assert until.sd == pytest.approx(always.sd, rel=1e-9, abs=1e-9)
    mine, theirs = padded(until.pmf, always.pmf)
    np.testing.assert_allclose(mine, theirs, rtol=0, atol=1e-12)
    assert until.outcomes == pytest.approx(always.outcomes, abs=1e-12)
    assert until.tail_bound <= 1e-15


@pytest.mark.parametrize("n", [1, 40, 250, 300, 1000])
def test_until_counts_keep_d_zero_at_the_offset(n: int) -> None:
    counts, offset, tail = until_counts(n, 6, 0, 5)
    assert offset >= 0
    assert math.fsum(counts) == pytest.approx(1.0, abs=1e-12)
    assert tail <= 1e-15
    # D = successes - ones has mean 0.4 per die when the goal stands at once (no extra die)
    if n >= 250:
        mean = float((np.arange(counts.size) - offset) @ counts)
        assert mean == pytest.approx(0.4 * n, rel=1e-9)


def test_a_low_goal_on_a_large_pool_stops_at_once() -> None:
    # 300 dice at difficulty 6: five successes stand after the first roll (P(not) < 1e-40)
    odds = distribution(ClassicRequest(P(300), specialty=Specialty(Policy.UNTIL, 5)))
    never = distribution(ClassicRequest(P(300), specialty=Specialty(Policy.NEVER)))
    assert odds.outcomes["success"] == pytest.approx(1.0, abs=1e-12)
    assert odds.mean == pytest.approx(never.mean, rel=1e-12)
    assert odds.mean == pytest.approx(120.0, rel=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize(("goal", "checked"), [(5, (110, 120, 130)), (125, (110, 125, 130, 140))])
def test_until_matches_the_core_at_three_hundred_dice(goal: int, checked: tuple[int, ...]) -> None:
    # goal 5 stands after the first roll; goal 125 stops the chain in some rolls only
    request = ClassicRequest(P(300), specialty=Specialty(Policy.UNTIL, goal))
    exact = distribution(request)
    source = SeededDice(300 + goal)
    trials = 400
    totals = np.array([resolve(request, source).total for _ in range(trials)])
    # the sample mean is within five standard errors of the exact one
    assert abs(totals.mean() - exact.mean) <= 5 * exact.sd / math.sqrt(trials)
    for k in checked:
        p = exact.at_least(k)
        hits = int((totals >= k).sum())
        sigma = math.sqrt(p * (1 - p) / trials)
        assert abs(hits / trials - p) <= 5 * sigma + 1 / trials, (k, p, hits)
    # between `never` (mean 120) and `always` (mean 133.3)
    assert 120 - 1e-9 <= exact.mean < 133


def test_advice_for_a_large_goal_compares_the_policies_near_it() -> None:
    # one chain per policy: a goal of 12 compares until 7..14, not until 1..14
    advice = specialty_advice(ClassicRequest(P(20), difficulty=6, specialty=Specialty()), goal=12)
    untils = [label for label in advice.chances if label.startswith("until")]
    assert untils == [f"until {n}" for n in range(7, 15)]
    assert advice.best == "until 12"  # stopping once the goal stands is never worse
    assert advice.chances["until 12"] > advice.chances["always"]
