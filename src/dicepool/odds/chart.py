"""Charts: one statistic over pools x difficulties, each system reading "difficulty" its own way.

- classic: the difficulty (2..10), the face a die must reach;
- storypath: the Difficulty, successes needed;
- sundown: the threshold of hits;
- hubris: the Difficulty, dice removed before the roll;
- chronicles: a resisting trait, dice removed from the pool (a chance die at zero or less);
- custom: the target number (a d10 pool with no other part).

Statistics: ``mean`` (the expected total), ``success`` (P(success or exceptional)), ``botch``
and ``exceptional`` (only where the system has them). The classic chart, the one its text says
is missing, walks up the pools a die at a time (or computes a distant pool afresh).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import numpy as np

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest
from dicepool.core.pool import Pool
from dicepool.core.request import RollRequest
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SundownRequest
from dicepool.errors import OddsError
from dicepool.odds.cost import Budget, Cost, budget_or_default, passes, roll_cost, series, steps
from dicepool.odds.gf import die_gf, pool_series
from dicepool.odds.records import Chart, Distribution, Pmf
from dicepool.odds.single import exact
from dicepool.odds.validate import check_request

REQUESTS: dict[str, Callable[[int, int], RollRequest]] = {
    "chronicles": lambda pool, d: ChroniclesRequest(Pool.of(pool, -d)),
    "classic": lambda pool, d: ClassicRequest(Pool.of(pool), difficulty=d),
    "custom": lambda pool, d: CustomRequest(Pool.of(pool), target=d),
    "hubris": lambda pool, d: HubrisRequest(Pool.of(pool), difficulty=d),
    "storypath": lambda pool, d: StorypathRequest(Pool.of(pool), difficulty=d),
    "sundown": lambda pool, d: SundownRequest(Pool.of(pool), threshold=d),
}

STATS = {
    "mean": set(REQUESTS),
    "success": set(REQUESTS),
    "botch": {"classic", "storypath"},
    "exceptional": {"chronicles"},
}


def chart(
    system: str,
    pools: Sequence[int],
    difficulties: Sequence[int],
    stat: str,
    budget: Budget | None = None,
) -> Chart:
    """A statistic for every pool (rows) and difficulty (columns).

    Raises:
        OddsError: an unknown system or statistic, a statistic the system lacks, or an empty
            axis.
        RulesError: a pool or difficulty the core refuses (e.g. a classic pool of 0).
        BudgetError: the chart would cost more than ``budget``.
    """
    _check(system, pools, difficulties, stat)
    rows, columns = tuple(int(p) for p in pools), tuple(int(d) for d in difficulties)
    make = REQUESTS[system]
    for pool in rows:  # the core's checks, each pool and each difficulty once
        check_request(make(pool, columns[0]))
    for d in columns:
        check_request(make(rows[0], d))
    budget_or_default(budget).check(
        chart_cost(system, rows, columns, stat),
        "the chart",
        "ask for fewer or smaller pools, or fewer difficulties",
    )
    if system == "classic":
        values = classic_grid(np.array(rows), np.array(columns), stat)
    else:
        values = np.array([[_stat(exact(make(p, d)), stat) for d in columns] for p in rows])
    if stat != "mean":  # sums over large pools may overshoot 1 by rounding
        np.clip(values, 0.0, 1.0, out=values)
    return Chart(system=system, stat=stat, pools=rows, difficulties=columns, values=values)


def chart_cost(system: str, pools: Sequence[int], difficulties: Sequence[int], stat: str) -> Cost:
    """What :func:`chart` costs: every cell's roll, or the classic grid's walk up the pools."""
    if system == "classic" and stat == "botch":
        return passes(8, len(pools) * len(difficulties))
    if system == "classic":
        return _classic_walk_cost(sorted(set(pools))).times(len(difficulties))
    make = REQUESTS[system]
    total = Cost()
    for pool in pools:
        for d in difficulties:
            total += roll_cost(make(pool, d)).cost + steps(5)  # a distribution() call each
    return total


def _classic_walk_cost(pools: Sequence[int]) -> Cost:
    """One difficulty of :func:`classic_pools`: dice added one at a time, or a pool afresh."""
    rule = ClassicRequest(Pool.of(1)).rule
    total, n = Cost(), 0
    for pool in pools:
        if pool - n > WALK:
            n, total = pool, total + series(die_gf(rule, count_ones=True), pool)[1]
        total += passes(pool - n, 2 * pool + 1)  # each die a three-term convolution
        n = pool
    return total


def _check(system: str, pools: Sequence[int], difficulties: Sequence[int], stat: str) -> None:
    if system not in REQUESTS:
        raise OddsError(f"unknown system {system!r}: use one of {', '.join(sorted(REQUESTS))}")
    if stat not in STATS:
        raise OddsError(f"unknown statistic {stat!r}: use one of {', '.join(STATS)}")
    if system not in STATS[stat]:
        has = ", ".join(s for s in STATS if system in STATS[s])
        plain = " (its chart is a plain d10 pool, no botch rule)" if system == "custom" else ""
        raise OddsError(f"{system} has no {stat} to chart{plain}: use one of {has}")
    if len(pools) == 0 or len(difficulties) == 0:
        raise OddsError("a chart needs at least one pool and one difficulty")


def _stat(odds: Distribution, stat: str) -> float:
    if stat == "mean":
        return odds.mean
    if stat == "success":
        return odds.outcomes.get("success", 0.0) + odds.outcomes.get("exceptional", 0.0)
    return odds.outcomes[stat]


def classic_grid(pools: Pmf, difficulties: Pmf, stat: str) -> Pmf:
    """A plain classic roll's statistic for every pool and difficulty.

    Row ``i``, column ``j``: ``pools[i]`` dice at difficulty ``difficulties[j]``, no threshold
    and no specialty.
    """
    if stat == "botch":
        return classic_botch(pools, difficulties)
    values = np.empty((pools.size, difficulties.size))
    for j, difficulty in enumerate(difficulties.tolist()):
        found = {}
        for n, counts in classic_pools(sorted(set(pools.tolist())), int(difficulty)):
            # counts[k] = P(D == k - n); the total is max(0, D)
            wins = counts[n + 1 :]
            found[n] = float(np.arange(1, wins.size + 1) @ wins) if stat == "mean" else wins.sum()
        values[:, j] = [found[n] for n in pools.tolist()]
    return values


def classic_botch(pools: Pmf, difficulties: Pmf) -> Pmf:
    """P(botch) for every pool and difficulty: P(no success) - P(no success and no 1)."""
    d = difficulties.astype(np.float64)[None, :]
    n = pools.astype(np.float64)[:, None]
    values: Pmf = ((d - 1) / 10) ** n - ((d - 2) / 10) ** n
    return values


WALK = 256
"""A pool at most this many dice above the last one is reached by adding dice one at a time
(each a three-term convolution); a larger one is computed afresh (a power of the die's series,
which costs about as much as a few hundred single dice at 10000)."""


def classic_pools(pools: Sequence[int], difficulty: int) -> Iterator[tuple[int, Pmf]]:
    """The distribution of D = successes - ones for each pool (ascending) at one difficulty.

    Yields:
        ``(n, counts)`` with ``counts[k] = P(D == k - n)``.
    """
    rule = ClassicRequest(Pool.of(1), difficulty=difficulty).rule
    die = np.array([0.1, (difficulty - 2) / 10, (11 - difficulty) / 10])  # D of -1, 0, +1
    n, counts = 0, np.ones(1)
    for pool in pools:
        if pool - n > WALK:
            n, (counts, _) = pool, pool_series(die_gf(rule, count_ones=True), pool)
        while n < pool:
            n, counts = n + 1, np.convolve(counts, die)
        yield n, counts


def classic_counts(pools: Pmf, difficulties: Pmf) -> tuple[Pmf, int]:
    """The distribution of successes - ones for every pool and difficulty, as one array.

    Returns:
        ``(counts, offset)``: ``counts[i, j, k]`` is P(D == k - offset) for ``pools[i]`` dice at
        ``difficulties[j]``. It holds pools x difficulties x (2 * largest pool + 1) floats:
        for small pools (the chart itself keeps one pool at a time).
    """
    top = int(pools.max())
    out = np.zeros((pools.size, difficulties.size, 2 * top + 1))
    where = {int(p): [i for i, q in enumerate(pools.tolist()) if q == p] for p in pools.tolist()}
    for j, difficulty in enumerate(difficulties.tolist()):
        for n, counts in classic_pools(sorted(where), int(difficulty)):
            out[where[n], j, top - n : top + n + 1] = counts
    return out, top
