"""What a logged line should have given: each side's die and the exact expected total.

A logged roll keeps ``numbers``, the canonical line of what was rolled (house rules applied,
spends made), so its odds are those of that line read again. The total is the count the roll
is judged by (``RollResult.total``: hits in sundown, successes elsewhere), which is what a
:class:`~dicepool.odds.Distribution` is the distribution of, so its mean is the expected total.

A table rolls the same few lines again and again: :class:`LineOdds` reads each line once. Every
distribution is checked against a budget before it is worked out: a line too costly to compute
(or that the odds engine cannot answer) is reported as not compared, with the reason, never as
an error.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dicepool.core.request import RollRequest, sides_of
from dicepool.core.sundown import HIT, SundownRequest
from dicepool.errors import BudgetError, DicepoolError
from dicepool.notation import parse
from dicepool.odds import Budget, distribution

TOO_COSTLY = "odds over the budget"
"""Why a line is not compared: its distribution would cost more than the budget allows."""

NO_ODDS = "no exact odds"
"""Why a line is not compared: the odds engine refuses it (a rule or limit of its own)."""

LINE_SECONDS = 2.0
"""The most one line's odds may cost by default (what `dicepool odds` allows a question)."""


def die_sides(request: RollRequest) -> int:
    """The faces of the dice a roll rolls: each system rolls one size of die (sundown d6,
    custom its own, the others d10), chance dice, Edge dice and helpers' dice included."""
    return HIT.sides if isinstance(request, SundownRequest) else request.rule.sides


def total_of(record: Mapping[str, Any]) -> int | None:
    """A logged roll's total (``RollResult.total``): its hits, else its successes; None when
    its record holds neither."""
    count = record.get("hits", record.get("successes"))
    return count if isinstance(count, int) else None


@dataclass(frozen=True)
class Line:
    """A logged line read again.

    Attributes:
        sides: the die size of each side (one for a roll; a contest's attacker's, then its
            defender's).
        means: each side's exact expected total, or None when it is not compared.
        variances: each side's variance of the total (empty when not compared).
        refused: why the line is not compared (None: it is).
    """

    sides: tuple[int, ...]
    means: tuple[float, ...] | None = None
    variances: tuple[float, ...] = ()
    refused: str | None = None


class LineOdds:
    """The odds of logged lines, each worked out once, within a budget.

    The whole budget is shared by every line (charged as each is worked out); one line may
    take at most ``line_seconds`` of it, so no single line starves the rest.
    """

    def __init__(self, budget: Budget | None = None, line_seconds: float = LINE_SECONDS) -> None:
        self.budget = Budget() if budget is None else budget
        self.line_seconds = line_seconds
        self._read: dict[str, Line | None] = {}

    def line(self, numbers: str) -> Line | None:
        """The line ``numbers`` read again (None: it no longer reads)."""
        if numbers not in self._read:
            self._read[numbers] = self._work_out(numbers)
        return self._read[numbers]

    def _work_out(self, numbers: str) -> Line | None:
        try:
            sides = sides_of(parse(numbers))
        except DicepoolError:  # an old line the language has since changed
            return None
        dice = tuple(die_sides(side) for side in sides)
        left = self.budget.seconds - self.budget.spent
        piece = Budget(max(0.0, min(self.line_seconds, left)), self.budget.memory)
        try:
            odds = [distribution(side, piece) for side in sides]
        except BudgetError:
            return Line(dice, refused=TOO_COSTLY)
        except DicepoolError:
            return Line(dice, refused=NO_ODDS)
        finally:
            self.budget.spent += piece.spent
        return Line(dice, tuple(d.mean for d in odds), tuple(d.sd**2 for d in odds))


def deviations(observed: float, expected: float, variance: float) -> float | None:
    """How many standard deviations ``observed`` lies above ``expected`` (below: negative);
    None when the total cannot vary."""
    return (observed - expected) / math.sqrt(variance) if variance > 0 else None
