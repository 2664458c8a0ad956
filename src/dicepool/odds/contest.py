"""The odds of a contest: two independent rolls of one system.

The margin (attacker's total minus defender's) is the convolution of one pmf with the other
reversed. The winner follows the core's rule (``dicepool.core.contest``): the attacker needs a
lead (0 where the line gives it ties) and sometimes a total of its own, so its chance is a sum
over the attacker's totals of the chance the defender stays far enough behind.
"""

from __future__ import annotations

import numpy as np

from dicepool.core.contest import ContestRule, contest_rule
from dicepool.core.request import ContestRequest
from dicepool.core.result import Winner
from dicepool.odds.cost import Budget, budget_or_default, question_cost
from dicepool.odds.gf import convolve
from dicepool.odds.records import NEGLIGIBLE, ContestOdds, Distribution, Pmf
from dicepool.odds.single import exact
from dicepool.odds.validate import check_request


def contest(request: ContestRequest, budget: Budget | None = None) -> ContestOdds:
    """The exact odds of a contested roll.

    Raises:
        RulesError: the core would refuse either side's request.
        BudgetError: the answer would cost more than ``budget``.
    """
    check_request(request.attacker)
    check_request(request.defender)
    budget_or_default(budget).check_exact(question_cost(request)[0], request)
    return contest_of(request, exact(request.attacker), exact(request.defender))


def winner_chances(rule: ContestRule, attacker: Pmf, defender: Pmf) -> dict[str, float]:
    """P(attacker wins), P(defender wins), P(tie) for independent totals under ``rule``.

    Each side's chance is summed directly (not as one minus the others), so a tiny chance
    stays exact.
    """
    a = np.arange(attacker.size)
    cumulative = np.concatenate([[0.0], np.cumsum(defender)])  # cumulative[k] = P(d < k)
    above = cumulative[-1] - cumulative  # above[k] = P(d >= k)
    reach = np.clip(a - rule.lead + 1, 0, defender.size)  # the attacker wins if d < reach
    able = a >= rule.total
    wins = float(attacker[able] @ cumulative[reach[able]])
    held = float(attacker[able] @ above[reach[able]]) + float(attacker[~able].sum())
    level = 0.0
    if rule.ties is Winner.TIE:
        size = min(attacker.size, defender.size)
        level = float(attacker[:size] @ defender[:size])
    return {"attacker": wins, "defender": max(0.0, held - level), "tie": level}


def contest_of(
    request: ContestRequest, attacker: Distribution, defender: Distribution
) -> ContestOdds:
    """The contest of two rolls whose distributions are known (shared with ``simulate``)."""
    system = request.system
    # Totals no roll can reach (e.g. below a pool's every-die-succeeds floor) are exact zeros:
    # leaving them out of the convolution changes nothing and saves most of its work.
    a_low, d_low = _first_possible(attacker.pmf), _first_possible(defender.pmf)
    margins = convolve(attacker.pmf[a_low:], defender.pmf[d_low:][::-1])
    zero = defender.pmf.size - 1 - a_low  # index of margin 0
    winner = winner_chances(contest_rule(request), attacker.pmf, defender.pmf)
    kept = np.flatnonzero(margins >= NEGLIGIBLE)
    if kept.size:
        margin = {int(k) - zero: float(margins[k]) for k in range(kept[0], kept[-1] + 1)}
    else:
        margin = {0: float(margins[zero]) if 0 <= zero < margins.size else 0.0}
    return ContestOdds(
        system=system,
        attacker=attacker,
        defender=defender,
        winner=winner,
        margin=margin,
        tail_bound=attacker.tail_bound + defender.tail_bound,
        ties=request.tie_rule,
    )


def _first_possible(pmf: Pmf) -> int:
    """The lowest total with a probability that is not exactly zero."""
    possible = np.flatnonzero(pmf)
    return int(possible[0]) if possible.size else 0
