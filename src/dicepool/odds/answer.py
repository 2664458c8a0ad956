"""One entry point for whatever the roll language gives: a roll's distribution, a contest's odds."""

from __future__ import annotations

from typing import overload

from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.odds.contest import contest
from dicepool.odds.records import ContestOdds, Distribution
from dicepool.odds.single import distribution as roll_distribution


@overload
def distribution(request: RollRequest) -> Distribution: ...
@overload
def distribution(request: ContestRequest) -> ContestOdds: ...
@overload
def distribution(request: Request) -> Distribution | ContestOdds: ...
def distribution(request: Request) -> Distribution | ContestOdds:
    """The exact odds of ``request``: a roll's :class:`Distribution`, a contest's odds.

    A single roll gives a :class:`Distribution`, a contest a :class:`ContestOdds`.

    Raises:
        RulesError: the core would refuse the request (the same error, word for word).
        LimitError: a pool is over the core's limit.
        OddsError: the odds engine cannot answer this request.
    """
    if isinstance(request, ContestRequest):
        return contest(request)
    return roll_distribution(request)


odds = distribution
"""The same as :func:`distribution` (the name the CLI's ``dicepool odds`` goes by)."""
