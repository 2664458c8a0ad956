"""One entry point for any request: a single roll's distribution, or a contest's odds."""

from __future__ import annotations

from dicepool.core.request import ContestRequest, Request
from dicepool.odds.contest import contest
from dicepool.odds.cost import Budget
from dicepool.odds.records import ContestOdds, Distribution
from dicepool.odds.single import distribution


def odds(request: Request, budget: Budget | None = None) -> Distribution | ContestOdds:
    """The exact odds of ``request``: ``contest`` for a contest, else ``distribution``.

    Raises:
        BudgetError: the answer would cost more than ``budget``.
    """
    if isinstance(request, ContestRequest):
        return contest(request, budget)
    return distribution(request, budget)
