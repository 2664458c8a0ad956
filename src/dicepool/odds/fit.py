"""Are the dice fair? Pearson's chi-square of observed face counts against a fair die.

A fair ``sides``-sided die shows each face ``faces / sides`` times on average; Pearson's
statistic sums ``(observed - expected)^2 / expected`` over the faces, and under a fair die it
follows (nearly) a chi-square distribution of ``sides - 1`` degrees of freedom. The p-value is
the chance a fair die gives a statistic at least as large: the regularized upper incomplete
gamma function Q(dof/2, chi2/2), computed with ``math`` alone (scipy is not a dependency).

The chi-square approximation is good when every face is expected at least
:data:`MIN_EXPECTED` times; with fewer dice the p-value is still given, but flagged unreliable.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MIN_EXPECTED = 5.0
"""The fewest times each face must be expected for the p-value to be trusted (the textbooks'
rule of thumb for Pearson's test)."""

MAX_TERMS = 10_000
"""The most terms of the series or the continued fraction (both converge in far fewer)."""


def upper_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Gamma(a, x) / Gamma(a).

    Below ``a + 1`` the series for P(a, x) converges fast, and Q = 1 - P; above it, Lentz's
    method on the continued fraction for Q (Numerical Recipes' ``gser`` and ``gcf``).

    Args:
        a: the shape, above 0.
        x: the point, 0 or above (Q(a, 0) = 1).
    """
    if x <= 0:
        return 1.0
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(MAX_TERMS):
            n += 1
            term *= x / n
            total += term
            if abs(term) <= abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    tiny = 1e-300  # keeps a denominator off zero
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, MAX_TERMS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return min(1.0, math.exp(log_prefix) * h)


def chi_square_p(chi2: float, dof: int) -> float:
    """The chance that a chi-square variable of ``dof`` degrees of freedom is at least ``chi2``."""
    return upper_gamma_q(dof / 2, chi2 / 2)


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic: the sum of ``(observed - expected)^2 / expected`` over the cells."""
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


@dataclass(frozen=True)
class FaceFit:
    """How a die's faces, as they fell, fit a fair die.

    Attributes:
        sides: the die's faces (a d10: 10).
        counts: how often each face fell, ``counts[0]`` the 1s.
        expected: how often a fair die shows each face in as many throws.
        chi_square: Pearson's statistic.
        dof: its degrees of freedom, ``sides - 1``.
        p_value: the chance a fair die gives a statistic at least as large.
        reliable: every face is expected at least :data:`MIN_EXPECTED` times: below that the
            p-value is only a rough guide.
    """

    sides: int
    counts: tuple[int, ...]
    expected: float
    chi_square: float
    dof: int
    p_value: float
    reliable: bool

    @property
    def faces(self) -> int:
        """How many faces fell in all."""
        return sum(self.counts)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view; ``observed`` maps each face (as a string) to its count."""
        return {
            "sides": self.sides,
            "faces": self.faces,
            "observed": {str(face): n for face, n in enumerate(self.counts, 1)},
            "expected": self.expected,
            "chi_square": self.chi_square,
            "dof": self.dof,
            "p_value": self.p_value,
            "reliable": self.reliable,
        }


def fair_die_fit(counts: Sequence[int]) -> FaceFit:
    """How ``counts`` (how often each face fell, the 1s first) fit a fair die of as many faces.

    Raises:
        ValueError: fewer than two faces, or no face fell at all.
    """
    sides, total = len(counts), sum(counts)
    if sides < 2 or total <= 0:
        raise ValueError(f"a fit needs a die of 2 faces or more and a face thrown, not {counts}")
    expected = total / sides
    chi2 = chi_square(counts, [expected] * sides)
    return FaceFit(
        sides,
        tuple(counts),
        expected,
        chi2,
        sides - 1,
        chi_square_p(chi2, sides - 1),
        expected >= MIN_EXPECTED,
    )


@dataclass(frozen=True)
class FaceGroup:
    """Faces shown together (one face, or a run of a large die's), for a table or a chart.

    Attributes:
        first: the lowest face of the group.
        last: the highest.
        observed: how often its faces fell.
        expected: how often a fair die shows them in as many throws.
    """

    first: int
    last: int
    observed: int
    expected: float

    @property
    def label(self) -> str:
        """``7``, or ``1-5`` for a run."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


def face_groups(fit: FaceFit, most: int = 20) -> list[FaceGroup]:
    """The faces of ``fit`` in at most ``most`` groups of equal runs (the last may be shorter):
    each face alone on a small die, runs of faces on a d100 or a d1000."""
    run = -(-fit.sides // most)
    return [
        FaceGroup(
            first,
            min(first + run - 1, fit.sides),
            sum(fit.counts[first - 1 : first - 1 + run]),
            fit.expected * (min(first + run - 1, fit.sides) - first + 1),
        )
        for first in range(1, fit.sides + 1, run)
    ]
