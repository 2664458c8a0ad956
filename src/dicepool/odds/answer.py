"""One entry point for whatever the roll language gives: a roll's distribution, a contest's odds."""

from __future__ import annotations

from typing import overload

from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.odds.contest import contest
from dicepool.odds.cost import Budget
from dicepool.odds.records import ContestOdds, Distribution
from dicepool.odds.single import distribution as roll_distribution


@overload
def distribution(request: RollRequest, budget: Budget | None = None) -> Distribution: ...
@overload
def distribution(request: ContestRequest, budget: Budget | None = None) -> ContestOdds: ...
@overload
def distribution(request: Request, budget: Budget | None = None) -> Distribution | ContestOdds: ...
def distribution(request: Request, budget: Budget | None = None) -> Distribution | ContestOdds:
    """The exact odds of ``request``: a roll's :class:`Distribution`, a contest's odds.

    A single roll gives a :class:`Distribution`, a contest a :class:`ContestOdds`.

    Args:
        request: a roll or a contest.
        budget: what the answer may cost; it is refused before the work starts if its estimate
            is over (default: about 2 s and 512 MiB; ``unlimited()`` lifts the limit).

    Raises:
        RulesError: the core would refuse the request (the same error, word for word).
        LimitError: a pool is over the core's limit.
        BudgetError: the answer would cost more than ``budget``.
    """
    if isinstance(request, ContestRequest):
        return contest(request, budget)
    return roll_distribution(request, budget)


odds = distribution
"""The same as :func:`distribution` (the name the CLI's ``dicepool odds`` goes by)."""
