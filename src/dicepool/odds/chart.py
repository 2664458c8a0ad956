"""Charts: one statistic over pools x difficulties, each system reading "difficulty" its own way.

- classic: the difficulty (2..10), the face a die must reach;
- storypath: the Difficulty, successes needed;
- sundown: the threshold of hits;
- hubris: the Difficulty, dice removed before the roll;
- chronicles: a resisting trait, dice removed from the pool (a chance die at zero or less);
- custom: the target number (a d10 pool with no other part).

Statistics: ``mean`` (the expected total), ``success`` (P(success or exceptional)), ``botch``
and ``exceptional`` (only where the system has them). The classic chart, the one its text says
is missing, is computed for the whole grid at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from dicepool.odds.records import Chart, Distribution, Pmf
from dicepool.odds.single import distribution
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


def chart(system: str, pools: Sequence[int], difficulties: Sequence[int], stat: str) -> Chart:
    """A statistic for every pool (rows) and difficulty (columns).

    Raises:
        OddsError: an unknown system or statistic, a statistic the system lacks, or an empty
            axis.
        RulesError: a pool or difficulty the core refuses (e.g. a classic pool of 0).
    """
    _check(system, pools, difficulties, stat)
    rows, columns = tuple(int(p) for p in pools), tuple(int(d) for d in difficulties)
    make = REQUESTS[system]
    for pool in rows:  # the core's checks, each pool and each difficulty once
        check_request(make(pool, columns[0]))
    for d in columns:
        check_request(make(rows[0], d))
    if system == "classic":
        values = classic_grid(np.array(rows), np.array(columns), stat)
    else:
        values = np.array([[_stat(distribution(make(p, d)), stat) for d in columns] for p in rows])
    if stat != "mean":  # sums over large pools may overshoot 1 by rounding
        np.clip(values, 0.0, 1.0, out=values)
    return Chart(system=system, stat=stat, pools=rows, difficulties=columns, values=values)


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
    """A plain classic roll's statistic for every pool and difficulty, all at once.

    Row ``i``, column ``j``: ``pools[i]`` dice at difficulty ``difficulties[j]``, no threshold
    and no specialty.
    """
    if stat == "botch":
        return classic_botch(pools, difficulties)
    counts, offset = classic_counts(pools, difficulties)
    if stat == "mean":
        net = np.arange(counts.shape[2]) - offset
        values: Pmf = counts @ net.clip(0)
        return values
    success: Pmf = counts[:, :, offset + 1 :].sum(axis=2)
    return success


def classic_botch(pools: Pmf, difficulties: Pmf) -> Pmf:
    """P(botch) for every pool and difficulty: P(no success) - P(no success and no 1)."""
    d = difficulties.astype(np.float64)[None, :]
    n = pools.astype(np.float64)[:, None]
    values: Pmf = ((d - 1) / 10) ** n - ((d - 2) / 10) ** n
    return values


def classic_counts(pools: Pmf, difficulties: Pmf) -> tuple[Pmf, int]:
    """The distribution of successes - ones for every pool and difficulty, all at once.

    Returns:
        ``(counts, offset)``: ``counts[i, j, k]`` is P(D == k - offset) for ``pools[i]`` dice at
        ``difficulties[j]``; the net successes are ``max(0, D)``.
    """
    top = int(pools.max())
    d = difficulties.astype(np.float64)
    one, blank, hit = 0.1, ((d - 2) / 10)[:, None], ((11 - d) / 10)[:, None]
    counts = np.zeros((d.size, 2 * top + 1))  # one die more per step, -1, 0 or +1 each
    counts[:, top] = 1.0
    wanted = {int(p) for p in pools}
    kept: dict[int, Pmf] = {}
    for size in range(1, top + 1):
        moved = blank * counts
        moved[:, :-1] += one * counts[:, 1:]
        moved[:, 1:] += hit * counts[:, :-1]
        counts = moved
        if size in wanted:
            kept[size] = counts
    return np.stack([kept[int(p)] for p in pools]), top
