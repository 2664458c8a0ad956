"""One entry point to resolve any request with any dice source."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from dicepool.core import chronicles, classic, custom, hubris, storypath, sundown
from dicepool.core.contest import decide
from dicepool.core.dice import DiceSource
from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.core.result import ContestResult, RollResult

RESOLVERS: dict[type[Any], Callable[[Any, DiceSource], RollResult]] = {
    sundown.SundownRequest: sundown.resolve,
    chronicles.ChroniclesRequest: chronicles.resolve,
    classic.ClassicRequest: classic.resolve,
    storypath.StorypathRequest: storypath.resolve,
    hubris.HubrisRequest: hubris.resolve,
    custom.CustomRequest: custom.resolve,
}


@overload
def resolve(request: RollRequest, source: DiceSource) -> RollResult: ...
@overload
def resolve(request: ContestRequest, source: DiceSource) -> ContestResult: ...
@overload
def resolve(request: Request, source: DiceSource) -> RollResult | ContestResult: ...
def resolve(request: Request, source: DiceSource) -> RollResult | ContestResult:
    """Resolve whatever the roll language gives: one roll, or a contest.

    Faces are read in the order of rulings 9 and 12 (in a contest, the attacker's first).

    Returns:
        A :class:`RollResult` for one roll, a :class:`ContestResult` for a contest.
    """
    if isinstance(request, ContestRequest):
        return resolve_contest(request, source)
    return RESOLVERS[type(request)](request, source)


def resolve_contest(request: ContestRequest, source: DiceSource) -> ContestResult:
    """Resolve a contest: the attacker's faces first, then the defender's.

    In sundown the defender resists: each side's result is then judged as a resistance test
    (``sundown.resist``).
    """
    attacker = resolve(request.attacker, source)
    defender = resolve(request.defender, source)
    winner, margin = decide(request, attacker.total, defender.total)
    if isinstance(request.attacker, sundown.SundownRequest):
        attacker, defender = sundown.resist(attacker, defender)
    return ContestResult(attacker, defender, winner, margin, request.tie_rule)


def resolve_any(request: Request, source: DiceSource) -> RollResult | ContestResult:
    """Resolve a single roll or a contest (the same as :func:`resolve`)."""
    return resolve(request, source)
