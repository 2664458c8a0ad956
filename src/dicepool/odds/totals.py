"""From a count's series to a roll's total: shifts, lower sums and the Distribution record."""

from __future__ import annotations

import numpy as np

from dicepool.core.result import Outcome
from dicepool.odds.records import Distribution, Pmf

ORDER = tuple(o.value for o in Outcome)
"""Success, exceptional, failure, botch, dramatic failure: the order of ``Outcome``."""


def lower(pmf: Pmf, below: int) -> float:
    """P(X < ``below``) from the exact low end of ``pmf``."""
    return float(pmf[: max(0, below)].sum())


def added(pmf: Pmf, auto: int) -> Pmf:
    """The pmf of X + ``auto`` (automatic successes)."""
    return np.concatenate([np.zeros(auto), pmf]) if auto else pmf


def floored(pmf: Pmf, minimum: int) -> Pmf:
    """The pmf of max(X, ``minimum``) (hubris automatic successes as a guaranteed minimum)."""
    if minimum <= 0:
        return pmf
    out = np.zeros(max(pmf.size, minimum + 1))
    out[minimum] = float(pmf[: minimum + 1].sum())
    out[minimum + 1 : pmf.size] = pmf[minimum + 1 :]
    return out


def bonus_on_success(pmf: Pmf, bonus: int) -> Pmf:
    """The pmf of X + ``bonus`` where X >= 1, X where X == 0 (storypath enhancement)."""
    if not bonus:
        return pmf
    out = np.zeros(pmf.size + bonus)
    out[0] = pmf[0]
    out[1 + bonus :] = pmf[1:]
    return out


def distribution_of(
    system: str,
    pmf: Pmf,
    outcomes: dict[str, float],
    tail_bound: float,
    challenges: tuple[dict[str, float], ...] = (),
) -> Distribution:
    """The record, outcome classes in a fixed order (a rounding slip outside 0..1 is clipped);
    ``challenges`` are a storypath mixed action's outcomes against each challenge."""
    return Distribution(
        system=system,
        pmf=pmf,
        outcomes=_classes(outcomes),
        tail_bound=tail_bound,
        challenges=tuple(_classes(c) for c in challenges),
    )


def _classes(outcomes: dict[str, float]) -> dict[str, float]:
    return {o: min(1.0, max(0.0, outcomes[o])) for o in ORDER if o in outcomes}
