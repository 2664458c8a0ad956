"""A roll's result as plain JSON data, with the canonical line of what was rolled.

The same object is printed by ``roll --json`` and stored in the log, so a logged roll reads
exactly like one printed at the table.
"""

from __future__ import annotations

from dicepool.core.request import ContestRequest
from dicepool.core.result import ContestResult, RollResult
from dicepool.notation.renderer import render


def contest_request(result: ContestResult) -> ContestRequest:
    """The contest a result answers (its tie rule included), to write its line back."""
    return ContestRequest(result.attacker.request, result.defender.request, result.ties)


def roll_record(result: RollResult) -> dict[str, object]:
    """A roll as one JSON object with its normalized notation."""
    return {"notation": render(result.request), **result.to_dict()}


def contest_record(result: ContestResult) -> dict[str, object]:
    """A contest as one JSON object: both rolls, the winner, the margin and the tie rule."""
    return {
        "system": result.system,
        "notation": render(contest_request(result)),
        "attacker": roll_record(result.attacker),
        "defender": roll_record(result.defender),
        "winner": result.winner.value,
        "margin": result.margin,
        "ties": result.ties.value,
    }


def record(result: RollResult | ContestResult) -> dict[str, object]:
    """The JSON object for a roll or a contest."""
    if isinstance(result, ContestResult):
        return contest_record(result)
    return roll_record(result)
