"""Custom: a pool described by its parts, so a designer can try a sixth system with no code.

The parts: die size, target (a face at or above succeeds), again (a face at or above adds a
die), ones cancel (each 1 cancels a success), botch (no successes and at least one 1), rote (as
chronicles: failed dice of the first roll are rolled once more and their successes add), and
double (a face at or above counts two successes).

A pool counts successes, as every system here does. Its target defaults to the die's top
three faces in ten (:func:`default_target`): 8 on a d10, as the d10 systems read it, 5 on a
d6 (sundown's hits), so ``custom 3d6`` asks a question without a ``tN``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dicepool.core.dice import DiceSource, Die
from dicepool.core.pool import (
    DieRule,
    Pool,
    cancel_by_ones,
    require_dice,
    reroll_failures,
    roll_pool,
    standing,
)
from dicepool.core.result import Outcome, RollResult
from dicepool.errors import RulesError

MAX_SIDES = 1000

SUCCEEDING_SHARE = (3, 10)
"""The share of a die's faces that succeed when no target is given: 8, 9 and 10 of a d10."""


def default_target(sides: int) -> int:
    """The target of a ``sides``-sided custom die when none is given: the lowest face of its
    top :data:`SUCCEEDING_SHARE` of faces, rounded to the nearest face (at least one succeeds).

    >>> [default_target(s) for s in (2, 4, 6, 8, 10, 12, 20, 100)]
    [2, 4, 5, 7, 8, 9, 15, 71]
    """
    part, whole = SUCCEEDING_SHARE
    top = max(1, (2 * part * sides + whole) // (2 * whole))  # round half up, in integers
    return sides - top + 1


@dataclass(frozen=True)
class CustomRequest:
    """A pool built from parts.

    Attributes:
        pool: the number of dice (a sum of parts).
        sides: faces on each die (2..1000).
        target: a face at or above it is a success (the roll language's default is
            :func:`default_target` of the die: 8 on a d10).
        again: a face at or above it adds a die (None: no again).
        cancel: each 1 cancels a success.
        botch: no successes and at least one 1 is a botch.
        rote: failed dice of the first roll are rolled once more, their successes add.
        double: a face at or above it counts two successes (None: never).
    """

    system: ClassVar[str] = "custom"
    pool: Pool
    sides: int = 10
    target: int = 8
    again: int | None = None
    cancel: bool = False
    botch: bool = False
    rote: bool = False
    double: int | None = None

    def __post_init__(self) -> None:
        if not 2 <= self.sides <= MAX_SIDES:
            raise RulesError(f"custom dice have 2..{MAX_SIDES} sides, not {self.sides}")
        if not 2 <= self.target <= self.sides:
            raise RulesError(f"custom target must be 2..{self.sides} on a d{self.sides}")
        if self.again is not None and not max(2, self.target) <= self.again <= self.sides:
            raise RulesError(
                f"custom again must be {self.target}..{self.sides} (a face that also succeeds)"
            )
        if self.double is not None and not self.target <= self.double <= self.sides:
            raise RulesError(f"custom double must be {self.target}..{self.sides}")

    @property
    def rule(self) -> DieRule:
        """How a die of this pool is read."""
        return DieRule(
            sides=self.sides,
            target=self.target,
            again=self.again,
            double=self.double,
            ones=self.cancel or self.botch,
        )


LABELS = {
    Outcome.SUCCESS: "Success",
    Outcome.FAILURE: "Failure",
    Outcome.BOTCH: "Botch",
}


def resolve(request: CustomRequest, source: DiceSource) -> RollResult:
    """Resolve a custom pool, reading faces from ``source``."""
    require_dice("custom", request.pool.size, "a custom pool needs at least one die")
    dice = roll_pool(source, request.pool.size, request.rule)
    if request.rote:
        first, second = reroll_failures(source, dice, request.rule)
        dice = first + second
    return judge(request, dice)


def judge(request: CustomRequest, dice: list[Die]) -> RollResult:
    """Ones cancel (if the pool says so); botch, failure or success by what stands."""
    rolled = standing(dice)
    if request.cancel:
        dice = cancel_by_ones(dice)
    successes = standing(dice)
    ones = sum(d.one for d in dice)
    if successes >= 1:
        outcome = Outcome.SUCCESS
    elif request.botch and rolled == 0 and ones >= 1:
        outcome = Outcome.BOTCH
    else:
        outcome = Outcome.FAILURE
    return RollResult(
        request=request,
        dice=tuple(dice),
        counts={"successes": successes, "rolled": rolled, "ones": ones},
        outcome=outcome,
        label=LABELS[outcome],
    )
