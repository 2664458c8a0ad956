"""One entry point to resolve any request with any dice source."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicepool.core import chronicles, classic, custom, hubris, storypath, sundown
from dicepool.core.contest import decide
from dicepool.core.dice import DiceSource
from dicepool.core.request import ContestRequest, RollRequest
from dicepool.core.result import ContestResult, RollResult

RESOLVERS: dict[type[Any], Callable[[Any, DiceSource], RollResult]] = {
    sundown.SundownRequest: sundown.resolve,
    chronicles.ChroniclesRequest: chronicles.resolve,
    classic.ClassicRequest: classic.resolve,
    storypath.StorypathRequest: storypath.resolve,
    hubris.HubrisRequest: hubris.resolve,
    custom.CustomRequest: custom.resolve,
}


def resolve(request: RollRequest, source: DiceSource) -> RollResult:
    """Resolve one roll, reading faces from ``source`` in the order of ruling 9."""
    return RESOLVERS[type(request)](request, source)


def resolve_contest(request: ContestRequest, source: DiceSource) -> ContestResult:
    """Resolve a contest: the attacker's faces first, then the defender's."""
    attacker = resolve(request.attacker, source)
    defender = resolve(request.defender, source)
    winner, margin = decide(request.attacker, attacker.total, defender.total)
    return ContestResult(attacker, defender, winner, margin)


def resolve_any(
    request: RollRequest | ContestRequest, source: DiceSource
) -> RollResult | ContestResult:
    """Resolve a single roll or a contest."""
    if isinstance(request, ContestRequest):
        return resolve_contest(request, source)
    return resolve(request, source)
