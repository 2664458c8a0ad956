"""Exact odds against closed forms worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest
from dicepool.core.pool import Pool
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SecondChance, SundownRequest
from dicepool.odds import distribution

P = Pool.of


def binomial(n: int, p: float) -> np.ndarray:
    return np.array([math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)])


def test_one_ten_again_die() -> None:
    # k successes: k tens then a miss (0.1^k * 0.7), or k-1 tens then an 8 or 9 (0.1^(k-1) * 0.2)
    odds = distribution(ChroniclesRequest(P(1)))
    assert odds.pmf[0] == pytest.approx(0.7, abs=1e-15)
    for k in range(1, 15):
        assert odds.pmf[k] == pytest.approx(0.27 * 0.1 ** (k - 1), rel=1e-12)
    assert 0 < odds.tail_bound <= 1e-15


@pytest.mark.parametrize(("again", "explode"), [(10, 0.1), (9, 0.2), (8, 0.3)])
def test_mean_of_an_n_again_pool(again: int, explode: float) -> None:
    # each die: P(success) 0.3 per face read, and a geometric number of faces read
    odds = distribution(ChroniclesRequest(P(12), again=again))
    assert odds.mean == pytest.approx(12 * 0.3 / (1 - explode), rel=1e-12)
    assert odds.pmf.sum() + odds.tail_bound == pytest.approx(1, abs=1e-13)


@pytest.mark.parametrize("n", [1, 4, 13])
def test_sundown_is_binomial_with_a_third(n: int) -> None:
    odds = distribution(SundownRequest(P(n), threshold=2))
    np.testing.assert_allclose(odds.pmf, binomial(n, 1 / 3), rtol=1e-12, atol=1e-15)
    assert odds.outcomes["success"] == pytest.approx(1 - binomial(n, 1 / 3)[:2].sum(), abs=1e-15)
    assert odds.tail_bound == 0.0


def test_second_chance_on_the_misses_is_binomial_with_five_ninths() -> None:
    odds = distribution(SundownRequest(P(6), edge=1, second_chance=SecondChance.MISSES))
    np.testing.assert_allclose(odds.pmf, binomial(7, 5 / 9), rtol=1e-12)


def test_second_chance_on_zero_rerolls_only_a_blank_test() -> None:
    base = binomial(4, 1 / 3)
    odds = distribution(SundownRequest(P(4), second_chance=SecondChance.ZERO))
    want = base * base[0]
    want[1:] += base[1:]
    np.testing.assert_allclose(odds.pmf, want, rtol=1e-12)
    assert odds.pmf[0] == pytest.approx((2 / 3) ** 8, rel=1e-12)


def test_edge_is_the_pool_when_penalties_take_it_to_zero() -> None:
    odds = distribution(SundownRequest(P(2, -4), edge=3))
    np.testing.assert_allclose(odds.pmf, binomial(3, 1 / 3), rtol=1e-12)


def test_chance_die() -> None:
    odds = distribution(ChroniclesRequest(P(2, -2)))
    np.testing.assert_allclose(odds.pmf, [0.9, 0.1])
    assert odds.outcomes == pytest.approx(
        {"success": 0.1, "exceptional": 0.0, "failure": 0.8, "dramatic_failure": 0.1}
    )


def test_chance_die_with_rote_rolls_a_failed_die_once_more() -> None:
    odds = distribution(ChroniclesRequest(P(0), rote=True))
    assert odds.outcomes["success"] == pytest.approx(0.1 + 0.9 * 0.1, abs=1e-15)
    assert odds.outcomes["dramatic_failure"] == pytest.approx(0.9 * 0.1, abs=1e-15)


def test_chance_again_adds_an_ordinary_die() -> None:
    # a 10 is one success and adds a 10-again die: 1 + (0.7, 0.27, 0.027, ...)
    odds = distribution(HubrisRequest(P(1), difficulty=2, chance_again=True))
    assert odds.pmf[0] == pytest.approx(0.9, abs=1e-15)
    assert odds.pmf[1] == pytest.approx(0.1 * 0.7, abs=1e-15)
    assert odds.pmf[2] == pytest.approx(0.1 * 0.27, abs=1e-15)
    assert odds.outcomes["dramatic_failure"] == pytest.approx(0.1, abs=1e-15)


@pytest.mark.parametrize(("n", "difficulty"), [(1, 6), (3, 2), (5, 8), (7, 10)])
def test_classic_botch_is_no_success_minus_no_success_and_no_one(n: int, difficulty: int) -> None:
    odds = distribution(ClassicRequest(P(n), difficulty=difficulty))
    botch = ((difficulty - 1) / 10) ** n - ((difficulty - 2) / 10) ** n
    assert odds.outcomes["botch"] == pytest.approx(botch, rel=1e-12, abs=1e-16)


def test_classic_botch_is_the_same_under_every_policy_that_adds_dice() -> None:
    # no success ever stood, so the player rolled every extra die: until N is always here
    always = distribution(ClassicRequest(P(5), difficulty=9, threshold=1, specialty=Specialty()))
    until = distribution(
        ClassicRequest(P(5), difficulty=9, threshold=1, specialty=Specialty(Policy.UNTIL, 2))
    )
    assert until.outcomes["botch"] == pytest.approx(always.outcomes["botch"], abs=1e-15)


def test_classic_one_die_at_six() -> None:
    # faces 6..10 succeed (0.5), a 1 botches (0.1), 2..5 fail (0.4)
    odds = distribution(ClassicRequest(P(1)))
    assert odds.outcomes == pytest.approx({"success": 0.5, "failure": 0.4, "botch": 0.1})


def test_classic_willpower_adds_one_success_and_prevents_a_botch() -> None:
    plain = distribution(ClassicRequest(P(3), difficulty=8))
    willpower = distribution(ClassicRequest(P(3), difficulty=8, willpower=True))
    np.testing.assert_allclose(willpower.pmf[1:], plain.pmf, rtol=1e-12)
    assert willpower.outcomes == {"success": 1.0, "failure": 0.0, "botch": 0.0}


def test_classic_specialty_one_die() -> None:
    # one die at 6 with a specialty: 6..9 -> 1; 10 -> 1 + another die (which may be a 1)
    odds = distribution(ClassicRequest(P(1), specialty=Specialty()))
    # total 0: 1..5 (0.5), or 10 then a 1 (0.1 * 0.1)
    assert odds.pmf[0] == pytest.approx(0.5 + 0.01, abs=1e-15)
    # total 1: a 6..9; a 10 then 2..5; a 10, a 10, then a 1
    assert odds.pmf[1] == pytest.approx(0.4 + 0.1 * 0.4 + 0.1 * 0.1 * 0.1, abs=1e-15)


def test_storypath_botch_and_enhancement() -> None:
    odds = distribution(StorypathRequest(P(3), enhancement=2, difficulty=3))
    assert odds.outcomes["botch"] == pytest.approx(0.7**3 - 0.6**3, abs=1e-15)
    assert odds.pmf[1] == odds.pmf[2] == 0.0  # enhancement only with a success: 0 or 3+
    assert odds.pmf[0] == pytest.approx(0.7**3, abs=1e-15)


def test_storypath_double_tens_never_explode() -> None:
    odds = distribution(StorypathRequest(P(1), double_tens=True))
    np.testing.assert_allclose(odds.pmf, [0.7, 0.2, 0.1])
    assert odds.tail_bound == 0.0


def test_hubris_difficulty_removes_dice_and_auto_adds_successes() -> None:
    odds = distribution(HubrisRequest(P(3), edge=1, difficulty=2, auto=2, again=None))
    np.testing.assert_allclose(odds.pmf, [0, 0, 0.49, 0.42, 0.09], atol=1e-15)


def test_custom_ones_cancel() -> None:
    # d6, 4+ succeeds, a 1 cancels: one die gives D in {-1: 1/6, 0: 2/6, 1: 3/6}
    odds = distribution(CustomRequest(P(2), sides=6, target=4, cancel=True, botch=True))
    assert odds.pmf[2] == pytest.approx(0.25, abs=1e-15)
    assert odds.pmf[1] == pytest.approx(2 * (1 / 2) * (2 / 6), abs=1e-15)
    assert odds.outcomes["botch"] == pytest.approx((3 / 6) ** 2 - (2 / 6) ** 2, abs=1e-15)


def test_large_pool_is_normal_enough() -> None:
    odds = distribution(ChroniclesRequest(P(10_000)))
    assert odds.mean == pytest.approx(10_000 / 3, rel=1e-9)
    # one die: G(s) = (0.7 + 0.2 s) / (1 - 0.1 s); G'(1) = 1/3, G''(1) = 2/27;
    # variance G'' + G' - G'^2 = 8/27
    assert odds.sd**2 == pytest.approx(10_000 * 8 / 27, rel=1e-9)
    assert odds.tail_bound <= 1e-15
