"""The exact odds engine against icepool 2.1.3, side by side, same answers checked to 1e-9.

    .venv/bin/python benchmarks/bench_odds.py [--runs 25] [--icepool-runs 3]

Each case is timed in-process: dicepool ``--runs`` times, icepool ``--icepool-runs`` times
(it is slow); the table shows medians, and each side's first (cold) call: dicepool's small
caches of die generating functions, and icepool's own caches, start empty. The speed-up is
median against median. Targets from the odds issue: the classic grid under 5 ms,
chronicles pools 1..30 under 2 ms, a chronicles pool of 100 under 1 ms.

icepool computes exact fractions: a classic die is a Vector of (successes, ones) summed over
the pool (the joint gives successes - ones and the botch); a chronicles die is a map of faces to
successes with ``1 + Again`` on a 10, to ``--depth`` explosions (its answer then differs from
the untruncated one by less than 1e-9 at the default depth).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import icepool
import numpy as np
from icepool import Again, Vector, d10

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest
from dicepool.core.pool import Pool
from dicepool.odds import chart, distribution
from dicepool.odds.chart import classic_botch, classic_counts

POOLS, DIFFICULTIES = np.arange(1, 21), np.arange(2, 11)


@dataclass
class Case:
    """One benchmark: two ways to the same numbers, and the target for dicepool.

    ``ours`` and ``theirs`` are timed; ``flat`` (not timed) turns either's answer into one flat
    array for the comparison.
    """

    name: str
    ours: Callable[[], Any]
    theirs: Callable[[], Any]
    target_ms: float | None
    flat: Callable[[Any], np.ndarray] = np.asarray


def timed(work: Callable[[], Any]) -> tuple[Any, float]:
    """The answer of one call, and its time in milliseconds."""
    start = time.perf_counter()
    answer = work()
    return answer, (time.perf_counter() - start) * 1000


def median_ms(work: Callable[[], Any], runs: int) -> float:
    """Median time of ``runs`` calls, in milliseconds."""
    return statistics.median(timed(work)[1] for _ in range(runs))


# --- classic: full successes - ones distribution and the botch, pools 1..20 x 2..10 -----------


def ours_classic_grid() -> np.ndarray:
    counts, _ = classic_counts(POOLS, DIFFICULTIES)
    botch = classic_botch(POOLS, DIFFICULTIES)
    return np.concatenate([counts.reshape(-1), botch.reshape(-1)])


def ours_classic_by_request() -> np.ndarray:
    rows = []
    for pool in POOLS:
        for difficulty in DIFFICULTIES:
            odds = distribution(ClassicRequest(Pool.of(int(pool)), difficulty=int(difficulty)))
            rows.append((odds.pmf, odds.outcomes["botch"]))
    return np.array([botch for _, botch in rows])


def theirs_classic_joint() -> tuple[np.ndarray, np.ndarray]:
    top = int(POOLS.max())
    counts = np.zeros((POOLS.size, DIFFICULTIES.size, 2 * top + 1))
    botch = np.zeros((POOLS.size, DIFFICULTIES.size))
    for j, difficulty in enumerate(DIFFICULTIES):
        die = d10.map(lambda f, d=int(difficulty): Vector((int(f >= d), int(f == 1))))
        for i, pool in enumerate(POOLS):
            joint = int(pool) @ die
            total = joint.denominator()
            for (s, o), quantity in joint.items():
                counts[i, j, s - o + top] += quantity / total
                if s == 0 and o >= 1:
                    botch[i, j] += quantity / total
    return counts, botch


def theirs_classic_grid() -> np.ndarray:
    counts, botch = theirs_classic_joint()
    return np.concatenate([counts.reshape(-1), botch.reshape(-1)])


def theirs_classic_botch() -> np.ndarray:
    return theirs_classic_joint()[1].reshape(-1)


# --- chronicles: 10-again pools ------------------------------------------------------------


def success_die(depth: int) -> icepool.Die[int]:
    return d10.map(lambda f: 1 + Again if f == 10 else int(f >= 8), again_depth=depth)


def padded(pmfs: list[np.ndarray], size: int = 300) -> np.ndarray:
    return np.concatenate([np.pad(p[:size], (0, max(0, size - p.size))) for p in pmfs])


def icepool_pmf(die: icepool.Die[int]) -> np.ndarray:
    out = np.zeros(die.max_outcome() + 1)
    for outcome, quantity in die.items():
        out[outcome] = quantity / die.denominator()
    return out


def cases(depth: int) -> list[Case]:
    return [
        Case(
            "classic 1..20 x 2..10: successes-ones pmf + botch (vectorized)",
            ours_classic_grid,
            theirs_classic_grid,
            5.0,
        ),
        Case(
            'chart("classic", 1..20, 2..10, "botch")',
            lambda: chart("classic", POOLS, DIFFICULTIES, "botch").values.reshape(-1),
            theirs_classic_botch,
            5.0,
        ),
        Case(
            "classic 1..20 x 2..10 via distribution() per cell (180 calls)",
            ours_classic_by_request,
            theirs_classic_botch,
            None,
        ),
        Case(
            "chronicles 10-again pools 1..30 (30 distributions)",
            lambda: [distribution(ChroniclesRequest(Pool.of(n))).pmf for n in range(1, 31)],
            lambda: [icepool_pmf(n @ success_die(depth)) for n in range(1, 31)],
            2.0,
            padded,
        ),
        Case(
            "chronicles 10-again pool 100",
            lambda: [distribution(ChroniclesRequest(Pool.of(100))).pmf],
            lambda: [icepool_pmf(100 @ success_die(depth))],
            1.0,
            padded,
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=25, help="dicepool runs per case")
    parser.add_argument("--icepool-runs", type=int, default=3, help="icepool runs per case")
    parser.add_argument("--depth", type=int, default=12, help="icepool explosion depth")
    args = parser.parse_args()
    head = f"{'case':<66} {'dicepool':>10} {'(cold)':>9} {'icepool':>10} {'(cold)':>9}"
    head += f" {'x faster':>9}"
    print(head + f" {'max diff':>9} {'target':>8}")
    print("-" * len(head + " " * 19))
    for case in cases(args.depth):
        ours, cold = timed(case.ours)  # the first calls are the cold ones
        theirs, theirs_cold = timed(case.theirs)
        diff = float(np.max(np.abs(case.flat(ours) - case.flat(theirs))))
        ours_ms = median_ms(case.ours, args.runs)
        theirs_ms = median_ms(case.theirs, args.icepool_runs)
        verdict = "-"
        if case.target_ms is not None:
            ok = ours_ms < case.target_ms
            verdict = f"<{case.target_ms:g}ms {'ok' if ok else 'MISSED'}"
        same = "" if diff <= 1e-9 else "  DIFFERENT ANSWERS"
        print(
            f"{case.name:<66} {ours_ms:>8.3f}ms {cold:>7.2f}ms {theirs_ms:>8.1f}ms "
            f"{theirs_cold:>7.0f}ms "
            f"{theirs_ms / ours_ms:>8.0f}x {diff:>9.1e} {verdict:>8}{same}"
        )


if __name__ == "__main__":
    main()
