"""The answers the odds engine gives: a roll's distribution, a contest's odds, a chart, advice.

Every record is frozen and holds plain floats and numpy arrays; ``to_dict`` gives the JSON view
the CLI and the web print. Probabilities are float64. Where an explosion had to be truncated,
``tail_bound`` is an upper bound on the probability cut off (every figure is within it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Pmf = npt.NDArray[np.float64]

NEGLIGIBLE = 1e-18
"""Probabilities below this at the end of a distribution are left out of its JSON view."""


def _trimmed_length(pmf: Pmf) -> int:
    """Length of ``pmf`` without its trailing entries below :data:`NEGLIGIBLE` (at least 1)."""
    big = np.flatnonzero(pmf >= NEGLIGIBLE)
    return int(big[-1]) + 1 if big.size else 1


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
    """

    system: str
    pmf: Pmf
    outcomes: dict[str, float]
    tail_bound: float

    @property
    def mean(self) -> float:
        """The expected total."""
        return float(np.arange(self.pmf.size) @ self.pmf)

    @property
    def sd(self) -> float:
        """The standard deviation of the total."""
        deviation = np.arange(self.pmf.size) - self.mean
        return math.sqrt(max(0.0, float(deviation**2 @ self.pmf)))

    def at_least(self, k: int) -> float:
        """P(total >= k).

        Below the median this is one minus the exact lower sum, so the truncated tail (at the
        top) is counted in; above it, the direct sum of the upper entries keeps tiny odds exact.
        """
        if k <= 0:
            return 1.0
        below = float(self.pmf[:k].sum())
        if below < 0.5:
            return min(1.0, max(0.0, 1.0 - below))
        return float(self.pmf[k:].sum())

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view: outcomes, distribution (keys are totals as strings), mean, sd."""
        size = _trimmed_length(self.pmf)
        return {
            "system": self.system,
            "outcomes": dict(self.outcomes),
            "distribution": {str(k): float(self.pmf[k]) for k in range(size)},
            "mean": self.mean,
            "sd": self.sd,
            "tail_bound": self.tail_bound,
            "at_least": {str(k): self.at_least(k) for k in range(1, size)},
        }


@dataclass(frozen=True, eq=False)
class ContestOdds:
    """The exact odds of a contest of two independent rolls of one system.

    Attributes:
        system: the system both sides roll.
        attacker: the acting side's distribution.
        defender: the other side's distribution.
        winner: ``attacker``, ``defender`` and ``tie`` after the system's tie rule (where ties
            go to the defender, ``tie`` is 0.0).
        margin: attacker total minus defender total (signed) -> probability.
        tail_bound: an upper bound on the probability missing through truncation.
    """

    system: str
    attacker: Distribution
    defender: Distribution
    winner: dict[str, float]
    margin: dict[int, float]
    tail_bound: float

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view; margin keys are signed integers as strings."""
        return {
            "system": self.system,
            "attacker": self.attacker.to_dict(),
            "defender": self.defender.to_dict(),
            "winner": dict(self.winner),
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
