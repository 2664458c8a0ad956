"""Classic odds: ones cancel, the threshold goes first, botches, the specialty policies.

With D = successes - ones and S = successes (both counted over every die rolled, specialty
dice included), the core's total is ``max(0, D - threshold)`` (+1 with Willpower): when
D > threshold, S > threshold too. So the total needs only the distribution of D, and the botch
(S <= threshold and at least one 1, ruling 5) only P(S <= threshold) and
P(S <= threshold and no one at all): three one-variable series.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dicepool.core.classic import ClassicRequest, Policy
from dicepool.core.pool import DieRule
from dicepool.core.result import Outcome
from dicepool.odds.gf import die_gf, low_series, pool_series
from dicepool.odds.records import Distribution, Pmf
from dicepool.odds.specialty import until_counts
from dicepool.odds.totals import added, distribution_of


def classic_distribution(request: ClassicRequest) -> Distribution:
    """The exact odds of a classic roll (the request already passed the core's checks)."""
    n, threshold = request.pool.size, request.threshold
    rule = _die_rule(request)
    if request.specialty is not None and request.specialty.policy is Policy.UNTIL:
        counts, offset, tail = until_counts(
            n, request.difficulty, threshold, request.specialty.until
        )
    else:
        counts, tail = pool_series(die_gf(rule, count_ones=True), n)
        offset = n
    net = _net(counts, offset, threshold)
    botch = 0.0 if request.willpower else botch_chance(rule, n, threshold)
    pmf = added(net, int(request.willpower))
    fail_or_botch = float(pmf[0])
    return distribution_of(
        "classic",
        pmf,
        {
            Outcome.SUCCESS.value: 1.0 - fail_or_botch,
            Outcome.FAILURE.value: fail_or_botch - botch,
            Outcome.BOTCH.value: botch,
        },
        tail,
    )


def _die_rule(request: ClassicRequest) -> DieRule:
    """The core's rule, with the specialty's extra die for a 10 written as 10-again."""
    rule = request.rule
    return replace(rule, again=10) if request.extra_dice else rule


def _net(counts: Pmf, offset: int, threshold: int) -> Pmf:
    """max(0, D - threshold) from the pmf of D (``counts[i]`` is P(D == i - offset))."""
    cut = offset + threshold  # index of D == threshold
    net = counts[cut:].copy() if cut < counts.size else np.zeros(1)
    net[0] = float(counts[: cut + 1].sum())
    return net


def botch_chance(rule: DieRule, n: int, threshold: int) -> float:
    """P(S <= threshold and at least one 1) over every die the roll may add (ruling 5)."""
    any_ones = low_series(die_gf(rule), n, threshold)
    no_ones = low_series(die_gf(rule, no_ones=True), n, threshold)
    return float(any_ones.sum() - no_ones.sum())
