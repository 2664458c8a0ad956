"""Resolve a request with forced faces, as a player typing dice rolled by hand would."""

from __future__ import annotations

from dicepool.core.dice import ForcedDice
from dicepool.core.request import ContestRequest, RollRequest
from dicepool.core.result import ContestResult, RollResult
from dicepool.core.roll import resolve, resolve_contest


def roll(request: RollRequest, *faces: int) -> RollResult:
    """Resolve ``request`` reading exactly ``faces`` (every face must be used)."""
    source = ForcedDice(faces)
    result = resolve(request, source)
    source.check_all_used()
    return result


def contest(request: ContestRequest, *faces: int) -> ContestResult:
    """Resolve a contest reading exactly ``faces``, the attacker's first."""
    source = ForcedDice(faces)
    result = resolve_contest(request, source)
    source.check_all_used()
    return result
