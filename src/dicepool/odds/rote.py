"""Hubris rote (ruling 7): the failed dice of the first roll are rolled as a pool of their own,
and the player keeps the first roll's successes or the second roll's.

Given that ``m`` of the ``n`` dice first rolled failed, the first roll's successes are those of
``n - m`` dice that each succeeded (explosions included) and the second roll is a pool of ``m``
fresh dice; the two are independent. Keeping the larger, P(max <= k) is the product of the two
cumulative distributions, summed over ``m`` with its binomial weight.
"""

from __future__ import annotations

import numpy as np

from dicepool.core.hubris import Keep
from dicepool.core.pool import DieRule
from dicepool.odds.gf import (
    EPSILON,
    DieGf,
    binomial,
    convolve,
    cut_degree,
    die_gf,
    pool_series,
    power,
    renormalized,
)
from dicepool.odds.records import Pmf


def second_roll_gf(rule: DieRule) -> DieGf:
    """One die's share of the second roll: nothing if it succeeded, else a fresh die."""
    plain = die_gf(rule)
    fail = plain.numerator[0]  # a count of 0 comes only from a failed face
    return DieGf(
        numerator=tuple(fail * c for c in plain.numerator),
        head=(1 - fail,),
        b1=plain.b1,
        b2=plain.b2,
    )


def hubris_rote(rule: DieRule, n: int, keep: Keep) -> tuple[Pmf, float]:
    """The successes a rote roll of ``n`` dice keeps, and the truncation bound."""
    if keep is Keep.FIRST:
        return pool_series(die_gf(rule), n)
    if keep is Keep.SECOND:
        return pool_series(second_roll_gf(rule), n)
    return _keep_larger(rule, n)


def keep_larger_shape(rule: DieRule, n: int) -> tuple[int, Pmf, float, float]:
    """What keeping the larger roll of ``n`` dice works over (the cost estimate reads it too).

    Returns:
        ``(length, weights, bound, dropped)``: the series length both rolls are cut at, the
        binomial weights of the number of failed dice (negligible ones set to zero), the two
        truncation bounds together, and the weight set to zero.
    """
    plain = die_gf(rule)
    first_cut, first_bound = cut_degree(plain, n, EPSILON / 2)
    second_cut, second_bound = cut_degree(second_roll_gf(rule), n, EPSILON / 2)
    weights, dropped = _binomial(n, plain.numerator[0])  # a die fails with its zero term
    return max(first_cut, second_cut) + 1, weights, first_bound + second_bound, dropped


def _keep_larger(rule: DieRule, n: int) -> tuple[Pmf, float]:
    length, weights, bounds, dropped = keep_larger_shape(rule, n)
    die = die_gf(rule).series(length)
    fail = float(die[0])
    success = die.copy()
    success[0] = 0.0
    success /= 1 - fail  # a die known to have succeeded
    kept = np.flatnonzero(weights)
    lo, hi = int(kept[0]), int(kept[-1])
    seconds = [power(die, lo, length) if lo else np.ones(1)]  # die^m for m = lo..hi
    for _ in range(lo, hi):
        seconds.append(convolve(seconds[-1], die, length))
    firsts = power(success, n - hi, length) if n > hi else np.ones(1)  # success^(n - m)
    below = np.zeros(length)  # P(kept <= k) for k < length
    for m in range(hi, lo - 1, -1):
        if m < hi:
            firsts = convolve(firsts, success, length)
        first_cdf = np.cumsum(_padded(firsts, length))
        second_cdf = np.cumsum(_padded(seconds[m - lo], length))
        below += weights[m] * first_cdf * second_cdf
    pmf = np.diff(below, prepend=0.0)
    np.maximum(pmf, 0.0, out=pmf)
    bound = bounds + dropped
    return renormalized(pmf, n, bound), bound


def _padded(series: Pmf, length: int) -> Pmf:
    return series if series.size >= length else np.pad(series, (0, length - series.size))


def _binomial(n: int, p: float) -> tuple[Pmf, float]:
    """Binomial(n, p) weights, with weights too small to matter set to zero.

    Returns:
        The weights and a bound on the mass set to zero.
    """
    weights = binomial(n, p)
    small = weights < EPSILON / 10 / (n + 1)
    dropped = float(weights[small].sum())
    weights[small] = 0.0
    return weights, dropped
