"""Running totals over several rolls, kept only where their mass is.

Gathering successes roll after roll, the running total's distribution after k rolls spreads
over a window some sqrt(k) standard deviations wide, far narrower than the goal; and one roll's
own totals (a pool of 10000 dice) sit in a narrow window far from 0. A :class:`Span` holds a
distribution from its lowest total on, and :func:`trimmed` drops the entries below
:data:`CUT` at either end, so each roll costs the product of two windows, not of the goal and
the pool. The mass dropped (a few 1e-30 each time) is returned, for the tail bound.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dicepool.odds.records import Pmf

CUT = 1e-30
"""Entries below this at either end of a running total's distribution are dropped."""


@dataclass(frozen=True)
class Span:
    """A (sub-)probability over totals: ``values[i]`` is the chance of ``base + i``."""

    base: int
    values: Pmf

    @property
    def mass(self) -> float:
        """The probability the span holds."""
        return float(self.values.sum())

    def from_base(self, base: int, size: int) -> Pmf:
        """The chances of totals ``base .. base + size - 1`` (0 outside the span)."""
        out = np.zeros(size)
        low, high = max(base, self.base), min(base + size, self.base + self.values.size)
        if low < high:
            out[low - base : high - base] = self.values[low - self.base : high - self.base]
        return out


def trimmed(values: Pmf, base: int = 0) -> tuple[Span, float]:
    """``values`` (totals from ``base``) without the entries below :data:`CUT` at either end.

    Returns:
        The span and the mass dropped.
    """
    big = values >= CUT
    first = int(big.argmax())
    if not big[first]:
        return Span(base, np.zeros(1)), float(values.sum())
    last = values.size - int(big[::-1].argmax())
    if first == 0 and last == values.size:
        return Span(base, values), 0.0
    return Span(base + first, values[first:last]), float(values[:first].sum() + values[last:].sum())


def roll_once(short: Span, one: Span, goal: int) -> tuple[Span, Pmf, float]:
    """Add one roll to a running total still below ``goal``.

    Returns:
        ``(short, crossed, dropped)``: the totals still below the goal (trimmed), the chances
        of the totals that reached it (``crossed[i]`` for ``goal + i``), and the mass trimmed.
    """
    after = np.convolve(short.values, one.values)  # direct: exact zeros stay zeros
    base = short.base + one.base
    at = goal - base  # index of the goal in ``after``
    if at <= 0:
        return Span(goal, np.zeros(1)), np.concatenate([np.zeros(-at), after]), 0.0
    crossed = after[at:] if at < after.size else np.zeros(1)
    below, dropped = trimmed(after[:at], base)
    return below, crossed, dropped


def level(a: Span, b: Span) -> tuple[Pmf, Pmf]:
    """Two spans over one common run of totals (for comparing who has more)."""
    base = min(a.base, b.base)
    size = max(a.base + a.values.size, b.base + b.values.size) - base
    return a.from_base(base, size), b.from_base(base, size)
