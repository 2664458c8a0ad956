"""Chronicles: d10 pools, 8+ succeeds, 10-again, exceptional at five successes.

Words as the text uses them: a *success* is a die at 8 or more; *N-again* rerolls dice at N or
more for extra successes; a *resisted* roll subtracts the resisting trait from the pool; a pool at
zero or less rolls a *chance die* (ruling 3); *rote* (ruling 8) rolls every failed die of the
first roll once more and adds its successes; a *Willpower* point spent adds three dice (ruling 23:
the text is silent, this is its family's usual reading).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dicepool.core.chance import is_dramatic_failure, roll_chance_die
from dicepool.core.dice import DiceSource, Die
from dicepool.core.pool import DieRule, Pool, check_pool, reroll_failures, roll_pool, standing
from dicepool.core.result import Outcome, RollResult
from dicepool.errors import RulesError

EXCEPTIONAL_AT = 5
AGAIN_CHOICES = (8, 9, 10, None)
WILLPOWER_DICE = 3
"""Dice a Willpower point adds to a chronicles roll (ruling 23)."""


@dataclass(frozen=True)
class ChroniclesRequest:
    """A chronicles roll.

    Attributes:
        pool: Attribute + Skill and modifiers; a resisting trait is a negative part.
        again: 10 (default), 9 or 8 for N-again; None for no again.
        rote: roll every failed die of the first roll once more (ruling 8).
        chance_again: house rule: a chance die's 10 is rerolled (ruling 3: not by default).
        willpower: a Willpower point spent: three more dice (ruling 23).
    """

    system: ClassVar[str] = "chronicles"
    pool: Pool
    again: int | None = 10
    rote: bool = False
    chance_again: bool = False
    willpower: bool = False

    def __post_init__(self) -> None:
        if self.again not in AGAIN_CHOICES:
            raise RulesError(f"chronicles again must be 8, 9 or 10, not {self.again}")

    @property
    def dice(self) -> int:
        """Dice rolled: the pool and a Willpower point's three (ruling 23); zero or less rolls a
        chance die (ruling 3)."""
        return self.pool.size + (WILLPOWER_DICE if self.willpower else 0)

    @property
    def rule(self) -> DieRule:
        """How an ordinary die of this roll is read."""
        return DieRule(sides=10, target=8, again=self.again)


LABELS = {
    Outcome.EXCEPTIONAL: "Exceptional success",
    Outcome.SUCCESS: "Success",
    Outcome.FAILURE: "Failure",
    Outcome.DRAMATIC_FAILURE: "Dramatic failure",
}


def resolve(request: ChroniclesRequest, source: DiceSource) -> RollResult:
    """Resolve a chronicles roll, reading faces from ``source``."""
    size = request.dice
    check_pool(size)
    notes: tuple[str, ...] = ()
    if size <= 0:
        dice = roll_chance_die(
            source, again=request.chance_again, rote=request.rote, normal=request.rule
        )
        notes = (f"pool {size}: chance die",)
    else:
        dice = roll_pool(source, size, request.rule)
        if request.rote:
            first, second = reroll_failures(source, dice, request.rule)
            dice = first + second
    return judge(request, dice, notes)


def judge(request: ChroniclesRequest, dice: list[Die], notes: tuple[str, ...]) -> RollResult:
    """Count the successes and name the outcome."""
    successes = standing(dice)
    if is_dramatic_failure(dice):
        outcome = Outcome.DRAMATIC_FAILURE
    elif successes >= EXCEPTIONAL_AT:
        outcome = Outcome.EXCEPTIONAL
    elif successes >= 1:
        outcome = Outcome.SUCCESS
    else:
        outcome = Outcome.FAILURE
    return RollResult(
        request=request,
        dice=tuple(dice),
        counts={"successes": successes},
        outcome=outcome,
        label=LABELS[outcome],
        notes=notes,
    )
