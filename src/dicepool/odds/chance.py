"""The chance die's odds (hubris; chronicles by ruling 3), as ``dicepool.core.chance`` rolls it.

One d10: a 10 is one success, a 1 a dramatic failure. With chronicles' rote, a failed chance die
is rolled once more and the second die stands; with hubris's rote the player keeps one of the two
rolls (ruling 11: by default the better, success over failure over dramatic failure). With the
chance-again house rule a 10 adds one ordinary die (read by the roll's own rule, its again faces
adding more).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from dicepool.core.chance import CHANCE_RULE
from dicepool.core.hubris import Keep
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
    """The odds of a chance roll whose ordinary dice are read by ``normal`` (chronicles' rote)."""
    hit = one = 1 / CHANCE_RULE.sides  # only the top face succeeds; a 1 is dramatic
    if rote:
        # the first die failed (anything but a 10) and the second stands
        hit, one = hit + (1 - hit) * hit, (1 - hit) * one
    return _chance(normal, again, hit, one)


def hubris_chance_odds(normal: DieRule, *, again: bool, rote: bool, keep: Keep) -> ChanceOdds:
    """The odds of a hubris chance roll, where a rote keeps one of two rolls (ruling 11).

    Only a failed chance die is rolled again, so a first 10 leaves the second roll empty (no
    success, no dramatic failure). Keeping the better roll, a success stands if either die shows
    a 10, and a dramatic failure only if both show a 1.
    """
    hit = one = 1 / CHANCE_RULE.sides
    if rote and keep is Keep.SECOND:
        hit, one = (1 - hit) * hit, (1 - hit) * one
    elif rote and keep is Keep.LARGER:
        hit, one = hit + (1 - hit) * hit, one * one
    return _chance(normal, again, hit, one)


def _chance(normal: DieRule, again: bool, hit: float, one: float) -> ChanceOdds:
    """The record for a chance roll that succeeds with ``hit`` and is dramatic with ``one``."""
    extra, tail = np.array([1.0]), 0.0
    if again:  # the successful die's 10 adds an ordinary die
        extra, tail = pool_series(die_gf(replace(normal, ones=False)), 1)
    pmf = np.concatenate([[1 - hit], hit * extra])
    return ChanceOdds(pmf=pmf, dramatic=one, tail_bound=tail)
