"""The JSON view of a distribution: both ends trimmed, P(at least k) in one pass, tails exact."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.custom import CustomRequest
from dicepool.core.pool import Pool
from dicepool.odds import Distribution, distribution
from dicepool.odds.records import NEGLIGIBLE, at_least_over, central_range, kept_range

P = Pool.of


def shown(view: dict[str, object], key: str) -> dict[str, float]:
    part = view[key]
    assert isinstance(part, dict)
    return part


def test_a_large_pool_leaves_out_the_negligible_low_totals_too() -> None:
    odds = distribution(ChroniclesRequest(P(2000)))  # mean 666.7, sd ~22
    view = odds.to_dict()
    totals = shown(view, "distribution")
    keys = [int(k) for k in totals]
    assert keys == list(range(keys[0], keys[-1] + 1))  # integer totals as strings, in a run
    assert 400 < keys[0] < 600 < 700 < keys[-1] < 900
    # the ends are at least NEGLIGIBLE (inside, FFT rounding may dip below it), beyond them less
    assert totals[str(keys[0])] >= NEGLIGIBLE and totals[str(keys[-1])] >= NEGLIGIBLE
    assert np.all(odds.pmf[: keys[0]] < NEGLIGIBLE) and np.all(
        odds.pmf[keys[-1] + 1 :] < NEGLIGIBLE
    )
    assert math.fsum(totals.values()) == pytest.approx(1, abs=1e-15)
    at_least = shown(view, "at_least")
    assert list(at_least) == list(totals)  # the same totals (all above 0 here)
    for k in (keys[0], keys[0] + 1, 600, 667, 700, keys[-1] - 1, keys[-1]):
        assert at_least[str(k)] == pytest.approx(odds.at_least(k), rel=1e-12, abs=1e-15)
    # the upper tail keeps its own digits, not 1 - (something near 1)
    top = keys[-1]
    assert 0 < at_least[str(top)] < 1e-17
    assert at_least[str(top)] == pytest.approx(float(odds.pmf[top:].sum()), rel=1e-9)


def test_a_wide_distribution_is_viewed_around_its_mass() -> None:
    # 300 dice of d1000, every face from 2 adds a die: mean 299700, sd ~17300
    odds = distribution(CustomRequest(P(300), sides=1000, target=2, again=2))
    totals = shown(odds.to_dict(), "distribution")
    first, last = int(next(iter(totals))), int(list(totals)[-1])
    assert 299700 - 10 * 17300 < first < 299700 - 5 * 17300
    assert 299700 + 5 * 17300 < last < 299700 + 10 * 17300
    assert odds.mean == pytest.approx(299700, rel=1e-9)


@pytest.mark.parametrize(
    "request_",
    [ChroniclesRequest(P(3)), ChroniclesRequest(P(0)), CustomRequest(P(4), cancel=True)],
    ids=repr,
)
def test_at_least_over_agrees_with_at_least_everywhere(request_: object) -> None:
    odds = distribution(request_)  # type: ignore[arg-type]
    totals = range(odds.pmf.size)
    table = at_least_over(odds.pmf, totals)
    for k in totals:
        assert table[k] == pytest.approx(odds.at_least(k), rel=1e-12, abs=1e-16), k


def test_kept_and_central_ranges() -> None:
    pmf = np.array([1e-20, 1e-3, 0.5, 0.497, 2e-3, 1e-19])
    assert kept_range(pmf) == range(1, 5)
    assert central_range(pmf, 5e-3) == range(2, 4)  # 1e-3 below, 2e-3 above: each under 5e-3
    assert central_range(pmf, 0.0) == range(0, 6)
    flat = np.full(1_000_000, 1e-6)
    window = central_range(flat, 5e-5)
    assert 40 <= window.start <= 60 and 999_940 <= window.stop <= 999_960


def test_a_made_up_distribution_trims_at_both_ends() -> None:
    pmf = np.array([0.0, 1e-30, 0.25, 0.5, 0.25, 1e-19, 0.0])
    view = Distribution("custom", pmf, {"success": 1.0}, 0.0).to_dict()
    assert shown(view, "distribution") == {"2": 0.25, "3": 0.5, "4": 0.25}
    assert shown(view, "at_least") == {"2": 1.0, "3": 0.75, "4": pytest.approx(0.25)}
