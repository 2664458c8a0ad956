"""A classic specialty under ``until N`` (ruling 4): the player stops rolling extra dice once N
successes stand after the threshold and the ones.

Before each extra die the player looks at the dice; so the roll is a Markov chain over the count
D = successes - ones and the extra dice still owed, in the order the core rolls them. Only D
matters for stopping (N successes stand when D - threshold >= N) and for the total, so the chain
needs no more. A botch is never affected by the policy: with no successes past the threshold,
none ever stood, so the player rolled every extra die, as under ``always``.
"""

from __future__ import annotations

import math

import numpy as np

from dicepool.core.pool import DieRule
from dicepool.odds.gf import EPSILON, binomial, convolve, cut_degree, die_gf
from dicepool.odds.records import Pmf

FACES = 10


def until_counts(n: int, difficulty: int, threshold: int, goal: int) -> tuple[Pmf, int, float]:
    """The distribution of D = successes - ones at the end of an ``until goal`` roll.

    Returns:
        ``(pmf, offset, tail)``: ``pmf[i]`` is P(D == i - offset), with ``offset >= 0`` (so
        ``pmf[offset]`` is D == 0, as the callers index it); ``tail`` bounds the mass missing:
        chains still going when the loop stopped, and first rolls too unlikely to follow
        (together below 1e-16).
    """
    one, blank = 1 / FACES, (difficulty - 2) / FACES
    success, ten = (FACES - difficulty) / FACES, 1 / FACES
    stop, beyond = _reachable_stop(n, difficulty, goal + threshold)
    start, offset, dropped = _trim(*_first_roll(n, difficulty), EPSILON / 2)
    dropped += beyond
    # chains go on only below D == stop: the states need rows up to D == stop + 1, and the
    # first rolls above that are final at once
    rows = max(1, offset + stop + 2)
    kept = min(rows, start.shape[0])
    states = np.zeros((rows, start.shape[1]))
    states[:kept] = start[:kept]
    final = np.zeros(max(rows, start.shape[0]))
    final[kept : start.shape[0]] = start[kept:].sum(axis=1)
    while True:
        states, offset, final = _settle(states, offset, final, stop)
        left = float(states.sum())
        if left < EPSILON / 2:
            counts, offset = _from_zero(final, offset)
            return counts, offset, left + dropped
        states = np.vstack([np.zeros((1, states.shape[1])), states])  # room for one more one
        offset += 1
        final = np.concatenate([[0.0], final])
        moved = np.zeros_like(states)
        moved[:-1, :-1] += one * states[1:, 1:]
        moved[:, :-1] += blank * states[:, 1:]
        moved[1:, :-1] += success * states[:-1, 1:]
        moved[1:, 1:] += ten * states[:-1, 1:]
        states = moved


def until_shape(n: int, difficulty: int, threshold: int, goal: int) -> tuple[int, float, float]:
    """About how large the chain of :func:`until_counts` grows (the cost estimate reads it).

    Returns:
        ``(rows, columns, turns)``: the states' rows (D from -n to the stop), their columns
        (the extra dice still owed, as many as the first roll's tens give, give or take nine
        deviations) and the turns of the loop (every owed die, and the tens among them).
    """
    stop, _ = _reachable_stop(n, difficulty, goal + threshold)
    columns = n / FACES + 9 * math.sqrt(n * 0.09) + 2
    success, one = (FACES + 1 - difficulty) / FACES, 1 / FACES
    mean = n * (success - one)  # D after the first roll
    spread = 9 * math.sqrt(n * (success + one - (success - one) ** 2))
    # a stop the first roll all but surely reaches ends every chain at once (the rest is trimmed)
    turns = 2 if mean - spread > stop else 1.11 * columns + 20
    return n + stop + 2, columns, turns


def _reachable_stop(n: int, difficulty: int, stop: int) -> tuple[int, float]:
    """The stop (N successes stand once D >= stop), lowered to what the roll can reach.

    D never exceeds the successes S rolled so far, and S only grows; so a chain reaching
    D > M had S > M, which rolling every extra die (``always``) would have too. Stopping at
    M + 1 instead of a higher goal therefore moves at most P(S_always > M) <= ``beyond``, and
    keeps the chain's rows (M + 1 of them, not the goal's) bounded by the pool.

    Returns:
        ``(stop, beyond)``: the stop to use and the mass it may move (0.0 when not lowered).
    """
    rule = DieRule(sides=FACES, target=difficulty, again=FACES)  # a 10 adds a die
    reach, beyond = cut_degree(die_gf(rule), n, EPSILON / 4)
    if stop <= reach + 1:
        return stop, 0.0
    return reach + 1, beyond


def _trim(start: Pmf, offset: int, budget: float) -> tuple[Pmf, int, float]:
    """Drop the first roll's most unlikely corners (many tens; many ones), at most ``budget``.

    Returns:
        The kept states, their offset, and the mass dropped (counted in the tail bound).
    """
    owed = np.cumsum(start.sum(axis=0)[::-1])[::-1]  # mass owing at least c dice
    columns = int(np.flatnonzero(owed > budget / 2)[-1]) + 1
    low = np.cumsum(start[:, :columns].sum(axis=1))  # mass at D <= r - offset
    skip = int(np.flatnonzero(low > budget / 2)[0])
    dropped = (float(owed[columns]) if columns < owed.size else 0.0) + (
        float(low[skip - 1]) if skip else 0.0
    )
    return start[skip:, :columns], offset - skip, dropped


def _from_zero(counts: Pmf, offset: int) -> tuple[Pmf, int]:
    """``counts`` with an offset of at least zero: row ``offset`` is D == 0.

    A large pool's first roll can trim away every D <= 0 (at 300 dice, D below ~20 is below
    1e-17), which leaves a negative offset; the callers read D == threshold at row
    ``offset + threshold``, so the rows below are put back as zeros.
    """
    if offset >= 0:
        return counts, offset
    return np.concatenate([np.zeros(-offset), counts]), 0


def _settle(states: Pmf, offset: int, final: Pmf, stop: int) -> tuple[Pmf, int, Pmf]:
    """Move every chain that has ended (nothing owed, or the goal stands) to ``final``."""
    done = states[:, 0].copy()
    states[:, 0] = 0.0
    top = max(0, offset + stop)  # row of D == stop
    done[top:] += states[top:].sum(axis=1)
    states[top:] = 0.0
    final[: done.size] += done
    return states, offset, final


def _first_roll(n: int, difficulty: int) -> tuple[Pmf, int]:
    """Joint distribution of (D, tens) after the first ``n`` dice: rows D + n, columns tens.

    Given k tens, the other n - k dice are read with the ten excluded; k is binomial.
    """
    other = np.array([1, difficulty - 2, FACES - difficulty], dtype=np.float64) / (FACES - 1)
    table = np.zeros((2 * n + 1, n + 1))
    rest = np.ones(1)  # other ** (n - k), built from k = n down
    weights = binomial(n, 1 / FACES)
    for k in range(n, -1, -1):
        if k < n:
            rest = convolve(rest, other)
        # D = k (tens) + (successes - ones) of the rest; rest's index j means j - (n - k)
        low = k - (n - k) + n
        table[low : low + rest.size, k] = weights[k] * rest
    return table, n
