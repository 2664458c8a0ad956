"""Hubris teamwork (ruling 11): every roller rolls their own pool and the best roll is applied.

The applied total is the largest of independent totals (equal totals change which roll applies,
not the total), so its cumulative distribution is the product of the rollers' cumulative
distributions. A team member's roll applies only with more successes than the main roll, so the
main roller's dramatic failure stands only where every team member rolled no success.
"""

from __future__ import annotations

import numpy as np

from dicepool.core.hubris import HubrisRequest
from dicepool.odds.chance import chance_odds
from dicepool.odds.gf import die_gf, pool_series
from dicepool.odds.records import Pmf


def member_pmf(request: HubrisRequest, dice: int) -> tuple[Pmf, float]:
    """A team member's successes and truncation bound: ``dice`` dice, or a chance die."""
    if dice <= 0:
        chance = chance_odds(request.rule, again=request.chance_again, rote=False)
        return chance.pmf, chance.tail_bound
    return pool_series(die_gf(request.rule), dice)


def best_of_team(request: HubrisRequest, main: Pmf, dramatic: float) -> tuple[Pmf, float, float]:
    """Combine the main roll's total with the team members' rolls.

    Args:
        request: the request (its team and rule).
        main: the main roll's total (automatic successes and minimum included).
        dramatic: P(the main roll is a dramatic failure).

    Returns:
        The applied total's pmf, P(dramatic failure) and the team's truncation bound.
    """
    members = [member_pmf(request, n) for n in request.team_dice]
    pmfs = [main, *(pmf for pmf, _ in members)]
    length = max(pmf.size for pmf in pmfs)
    below = np.ones(length)  # P(every total <= k)
    for pmf in pmfs:
        below *= np.cumsum(np.pad(pmf, (0, length - pmf.size)))
    pmf = np.diff(below, prepend=0.0)
    np.maximum(pmf, 0.0, out=pmf)  # a product of rounded cumulative sums can dip below
    for member, _ in members:
        dramatic *= float(member[0])
    return pmf, dramatic, sum(tail for _, tail in members)
