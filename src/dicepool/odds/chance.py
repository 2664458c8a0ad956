"""The chance die's odds (hubris; chronicles by ruling 3), as ``dicepool.core.chance`` rolls it.

One d10: a 10 is one success, a 1 a dramatic failure. With rote, a failed chance die is rolled
once more and the second die stands. With the chance-again house rule a 10 adds one ordinary die
(read by the roll's own rule, its again faces adding more).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from dicepool.core.chance import CHANCE_RULE
from dicepool.core.pool import DieRule
from dicepool.odds.gf import die_gf, pool_series
from dicepool.odds.records import Pmf


@dataclass(frozen=True)
class ChanceOdds:
    """What a chance roll gives.

    Attributes:
        pmf: ``pmf[k]`` is P(k successes).
        dramatic: P(the standing chance die shows a 1).
        tail_bound: mass cut off the chance-again die's explosions.
    """

    pmf: Pmf
    dramatic: float
    tail_bound: float


def chance_odds(normal: DieRule, *, again: bool, rote: bool) -> ChanceOdds:
    """The odds of a chance roll whose ordinary dice are read by ``normal``."""
    faces = CHANCE_RULE.sides
    hit = 1 / faces  # only the top face succeeds
    one = 1 / faces
    if rote:
        # the first die failed (anything but a 10) and the second stands
        hit, one = hit + (1 - hit) * hit, (1 - hit) * one
    extra, tail = np.array([1.0]), 0.0
    if again:
        extra, tail = pool_series(die_gf(replace(normal, ones=False)), 1)
    pmf = np.concatenate([[1 - hit], hit * extra])
    return ChanceOdds(pmf=pmf, dramatic=one, tail_bound=tail)
