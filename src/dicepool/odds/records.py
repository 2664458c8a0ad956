"""The answers the odds engine gives: a roll's distribution, a contest's odds, a chart, advice.

Every record is frozen and holds plain floats and numpy arrays; ``to_dict`` gives the JSON view
the CLI and the web print. Probabilities are float64. Where an explosion had to be truncated,
``tail_bound`` is an upper bound on the probability cut off (every figure is within it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from dicepool.core.result import Winner

Pmf = npt.NDArray[np.float64]

NEGLIGIBLE = 1e-18
"""Probabilities below this at either end of a distribution are left out of its JSON view."""


def kept_range(pmf: Pmf) -> range:
    """The indices from the first to the last entry of ``pmf`` at or above :data:`NEGLIGIBLE`.

    A wide distribution (a million dice' worth of explosions) holds millions of entries of
    which only a window around the mean is worth printing; ``range(1)`` if none is.
    """
    big = np.flatnonzero(pmf >= NEGLIGIBLE)
    return range(int(big[0]), int(big[-1]) + 1) if big.size else range(1)


def central_range(pmf: Pmf, outside: float) -> range:
    """The totals left once at most ``outside`` of the mass is cut off at each end.

    Where every single total is unlikely (a pool of thousands of exploding dice spreads its mass
    over hundreds of thousands of totals) this is the window worth showing: it holds all but
    ``2 * outside`` of the probability.
    """
    below = np.cumsum(pmf)  # P(total <= k)
    above = np.cumsum(pmf[::-1])[::-1]  # P(total >= k)
    first = int(np.searchsorted(below, outside, side="right"))
    over = np.flatnonzero(above > outside)
    last = int(over[-1]) if over.size else -1
    if first > last:  # less than ``outside`` in all: the likeliest total alone
        peak = int(np.argmax(pmf)) if pmf.size else 0
        return range(peak, peak + 1)
    return range(first, last + 1)


def at_least(pmf: Pmf, k: int) -> float:
    """P(total >= k) from ``pmf``.

    Below the median this is one minus the exact lower sum, so a truncated tail (at the top) is
    counted in; above it, the direct sum of the upper entries keeps tiny odds exact (an
    impossible total is exactly 0, not a rounding's 4e-16).
    """
    if k <= 0:
        return 1.0
    below = float(pmf[:k].sum())
    if below < 0.5:
        return min(1.0, max(0.0, 1.0 - below))
    return float(pmf[k:].sum())


def at_least_over(pmf: Pmf, totals: range) -> Pmf:
    """P(total >= k) for every k in ``totals`` (a step-1 range inside ``pmf``), in linear time.

    As :meth:`Distribution.at_least`: where the mass below k is under one half, one minus that
    lower sum (so the truncated top is counted in); else the upper sum taken directly, from
    the top down, so a tiny upper tail keeps its own digits instead of rounding to 0.
    """
    first, stop = totals.start, totals.stop
    window = pmf[first:stop]
    below = float(pmf[:first].sum()) + np.concatenate(([0.0], np.cumsum(window)[:-1]))
    upper = float(pmf[stop:].sum()) + np.cumsum(window[::-1])[::-1]
    out: Pmf = np.where(below < 0.5, np.clip(1.0 - below, 0.0, 1.0), upper)
    out[np.asarray(totals) <= 0] = 1.0
    return out


@dataclass(frozen=True, eq=False)
class Distribution:
    """The exact distribution of one roll's total and outcome.

    Attributes:
        system: the system name.
        pmf: ``pmf[k]`` is P(total == k), the total being the count the roll is judged by
            (successes; sundown's hits), as ``RollResult.total``.
        outcomes: outcome class (``Outcome.value``) -> probability, for the classes this request
            can produce; the classes partition the probability (exceptional is not also success).
        tail_bound: an upper bound on the probability missing from ``pmf`` because an explosion
            was truncated (at most 1e-15); 0.0 when nothing was truncated.
        challenges: a storypath mixed action's outcome probabilities against each of its
            challenges, in the order written (empty for any other roll). ``outcomes`` is then
            the roll's as a whole (a success only when every challenge is met) and ``pmf`` the
            first challenge's total.
    """

    system: str
    pmf: Pmf
    outcomes: dict[str, float]
    tail_bound: float
    challenges: tuple[dict[str, float], ...] = ()

    @cached_property
    def mean(self) -> float:
        """The expected total (kept: a wide distribution has millions of entries)."""
        return float(np.arange(self.pmf.size) @ self.pmf)

    @cached_property
    def sd(self) -> float:
        """The standard deviation of the total."""
        deviation = np.arange(self.pmf.size) - self.mean
        return math.sqrt(max(0.0, float(deviation**2 @ self.pmf)))

    def at_least(self, k: int) -> float:
        """P(total >= k) (see :func:`at_least`)."""
        return at_least(self.pmf, k)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view: outcomes, distribution (keys are totals as strings), mean, sd.

        ``distribution`` runs from the first to the last total whose chance is at least
        :data:`NEGLIGIBLE` (the totals left out, at either end, are all below it);
        ``at_least`` gives P(total >= k) for the same totals from 1 on (below them it is
        within 1e-15 of 1, above them below 1e-15). A mixed action adds ``challenges``, each
        with its ``outcomes``.
        """
        totals = kept_range(self.pmf)
        from_one = range(max(1, totals.start), totals.stop)
        mixed = [{"outcomes": dict(c)} for c in self.challenges]
        return {
            "system": self.system,
            "outcomes": dict(self.outcomes),
            "distribution": dict(
                zip(map(str, totals), self.pmf[totals.start : totals.stop].tolist(), strict=True)
            ),
            "mean": self.mean,
            "sd": self.sd,
            "tail_bound": self.tail_bound,
            "at_least": dict(
                zip(map(str, from_one), at_least_over(self.pmf, from_one).tolist(), strict=True)
            ),
            **({"challenges": mixed} if mixed else {}),
        }


@dataclass(frozen=True, eq=False)
class ContestOdds:
    """The exact odds of a contest of two independent rolls of one system.

    Attributes:
        system: the system both sides roll.
        attacker: the acting side's distribution.
        defender: the other side's distribution.
        winner: ``attacker``, ``defender`` and ``tie`` after the contest's tie rule (where ties
            go to one side, ``tie`` is 0.0).
        margin: attacker total minus defender total (signed) -> probability.
        tail_bound: an upper bound on the probability missing through truncation.
        ties: who takes equal totals: the system's rule or the line's ``ties`` (``Winner.TIE``:
            no one).
    """

    system: str
    attacker: Distribution
    defender: Distribution
    winner: dict[str, float]
    margin: dict[int, float]
    tail_bound: float
    ties: Winner

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view; margin keys are signed integers as strings."""
        return {
            "system": self.system,
            "attacker": self.attacker.to_dict(),
            "defender": self.defender.to_dict(),
            "winner": dict(self.winner),
            "ties": self.ties.value,
            "margin": {str(k): p for k, p in self.margin.items()},
            "tail_bound": self.tail_bound,
        }


@dataclass(frozen=True, eq=False)
class Chart:
    """One statistic over a grid of pools and difficulties (each system's own difficulty).

    Attributes:
        system: the system name.
        stat: ``mean``, ``success``, ``botch`` or ``exceptional``.
        pools: the pool sizes, one row each.
        difficulties: the difficulties, one column each.
        values: ``values[i, j]`` is the statistic for ``pools[i]`` at ``difficulties[j]``.
    """

    system: str
    stat: str
    pools: tuple[int, ...]
    difficulties: tuple[int, ...]
    values: Pmf


@dataclass(frozen=True)
class SpecialtyAdvice:
    """Whether to roll a classic specialty's extra dice, for a goal in successes.

    Attributes:
        goal: the successes the player needs.
        chances: policy label (``always``, ``never``, ``until 1`` ...) -> P(successes >= goal).
        best: the label with the best chance (the first such, in the order above).
        gain: how much better ``best`` is than ``always``.
    """

    goal: int
    chances: dict[str, float]
    best: str
    gain: float
