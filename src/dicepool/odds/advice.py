"""Specialty advice: the classic text's "sometimes it's better not to roll the extra die".

Each 10 of a specialty may add a die, and that die's 1 cancels a success like any other: when
the goal already stands, one more die can only take it away. The advice compares the policies a
player can follow (always roll, never roll, stop once N successes stand) for one goal.
"""

from __future__ import annotations

from dataclasses import replace

from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.pool import MAX_COUNT
from dicepool.errors import OddsError
from dicepool.odds.classic import classic_distribution
from dicepool.odds.cost import Budget, Cost, budget_or_default, roll_cost
from dicepool.odds.records import SpecialtyAdvice
from dicepool.odds.validate import check_request

TIE = 1e-12
"""Chances closer than this are equal (they differ only by rounding)."""

UNTIL_POLICIES = 8
"""The most ``until N`` policies compared: N from ``goal - 5`` to ``goal + 2`` (1 at least).

Stopping below the goal can only do worse than stopping at it, so the policies far below a
large goal add nothing but time (each one is a chain over the whole pool)."""


def specialty_advice(
    request: ClassicRequest, goal: int, budget: Budget | None = None
) -> SpecialtyAdvice:
    """P(successes >= goal) under every policy, and the best one.

    The request's own specialty (if any) is replaced by each policy in turn; ``until N`` runs
    from 1 to ``goal + 2``, at most :data:`UNTIL_POLICIES` of them (the highest).

    Raises:
        OddsError: a goal below 1.
        RulesError: the core would refuse the request.
        BudgetError: comparing the policies would cost more than ``budget``.
    """
    if goal < 1:
        raise OddsError(f"the goal is the successes needed, 1 or more, not {goal}")
    check_request(request)
    policies = {"always": Specialty(Policy.ALWAYS), "never": Specialty(Policy.NEVER)}
    last = min(goal + 2, MAX_COUNT)  # `spec until` takes at most the largest count
    first = max(1, last + 1 - UNTIL_POLICIES)
    policies |= {f"until {n}": Specialty(Policy.UNTIL, n) for n in range(first, last + 1)}
    asked = {label: replace(request, specialty=s) for label, s in policies.items()}
    cost = sum((roll_cost(r).cost for r in asked.values()), Cost())
    budget_or_default(budget).check(
        cost, "comparing the specialty policies", "ask about fewer dice"
    )
    chances = {label: classic_distribution(r).at_least(goal) for label, r in asked.items()}
    top = max(chances.values())
    # the first policy within rounding of the best: equal policies favour the simpler one
    best = next(label for label, chance in chances.items() if chance >= top - TIE)
    return SpecialtyAdvice(
        goal=goal, chances=chances, best=best, gain=chances[best] - chances["always"]
    )
