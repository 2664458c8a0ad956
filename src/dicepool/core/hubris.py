"""The Act of Hubris: Attribute + Skill + Edge dice, Difficulty removes dice before the roll.

Words as the text uses them: an *Edge* is bonus dice from circumstance or equipment (not
sundown's Edge); a *Difficulty* is a penalty in dice (not storypath's Difficulty in successes);
a pool reduced to zero or less rolls a *chance die*; a *rote* action rolls every failed die of the
first roll again as a pool of its own and keeps one of the two results (ruling 7); spending
*Willpower* adds three dice and the rote property; *automatic successes* add to the result.
The per-die target is 8+ with 10-again (ruling 7), configurable.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from dicepool.core.chance import is_dramatic_failure, roll_chance_die
from dicepool.core.dice import DiceSource, Die
from dicepool.core.pool import (
    DieRule,
    Pool,
    check_count,
    check_pool,
    discard,
    reroll_failures,
    roll_pool,
    standing,
)
from dicepool.core.result import Outcome, RollResult
from dicepool.errors import RulesError

WILLPOWER_DICE = 3


class Keep(StrEnum):
    """Which roll of a rote action stands."""

    LARGER = "larger"  # the player's best choice, and the default
    FIRST = "first"
    SECOND = "second"


@dataclass(frozen=True)
class HubrisRequest:
    """A hubris roll.

    Attributes:
        pool: Attribute + Skill (or Attribute + Attribute) and other dice.
        edge: Edge dice from circumstance, equipment or help.
        difficulty: dice removed before the roll.
        rote: the rote action property.
        willpower: a Willpower point spent: three more dice and rote.
        auto: automatic successes added to the result.
        keep: which roll of a rote action stands (default: the larger).
        target: the per-die target (default 8).
        again: N-again (default 10; None for none).
        chance_again: house rule: a chance die's 10 is rerolled.
    """

    system: ClassVar[str] = "hubris"
    pool: Pool
    edge: int = 0
    difficulty: int = 0
    rote: bool = False
    willpower: bool = False
    auto: int = 0
    keep: Keep = Keep.LARGER
    target: int = 8
    again: int | None = 10
    chance_again: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.target <= 10:
            raise RulesError(f"hubris target must be 2..10, not {self.target}")
        if self.again is not None and not self.target <= self.again <= 10:
            raise RulesError(f"hubris again must be {self.target}..10, not {self.again}")
        for name in ("edge", "difficulty", "auto"):
            if getattr(self, name) < 0:
                raise RulesError(f"hubris {name} cannot be negative")
            check_count(f"hubris {name}", getattr(self, name))
        if self.keep is not Keep.LARGER and not self.is_rote:
            raise RulesError("`keep` picks one of a rote's two rolls: add `rote` or `wp`")

    @property
    def dice(self) -> int:
        """Dice rolled: pool + Edge + Willpower dice - Difficulty."""
        bonus = WILLPOWER_DICE if self.willpower else 0
        return self.pool.size + self.edge + bonus - self.difficulty

    @property
    def is_rote(self) -> bool:
        """Whether the roll has the rote property (asked for, or from Willpower)."""
        return self.rote or self.willpower

    @property
    def rule(self) -> DieRule:
        """How an ordinary die of this roll is read."""
        return DieRule(sides=10, target=self.target, again=self.again)


LABELS = {
    Outcome.SUCCESS: "Success",
    Outcome.FAILURE: "Failure",
    Outcome.DRAMATIC_FAILURE: "Dramatic failure",
}


def resolve(request: HubrisRequest, source: DiceSource) -> RollResult:
    """Resolve a hubris roll, reading faces from ``source``."""
    size = request.dice
    check_pool(size)
    if size <= 0:
        dice = roll_chance_die(
            source, again=request.chance_again, rote=request.is_rote, normal=request.rule
        )
        return judge(request, dice, (f"pool {size}: chance die",))
    dice = roll_pool(source, size, request.rule)
    if not request.is_rote:
        return judge(request, dice, ())
    first, second = reroll_failures(source, dice, request.rule)
    keep_second = request.keep is Keep.SECOND or (
        request.keep is Keep.LARGER and standing(second) > standing(first)
    )
    if keep_second:
        return judge(request, discard(first) + second, ("rote: kept the second roll",))
    return judge(request, first + discard(second), ("rote: kept the first roll",))


def judge(request: HubrisRequest, dice: list[Die], notes: tuple[str, ...]) -> RollResult:
    """Count the successes (automatic ones included) and name the outcome."""
    rolled = standing(dice)
    successes = rolled + request.auto
    if is_dramatic_failure(dice) and successes == 0:
        outcome = Outcome.DRAMATIC_FAILURE
    elif successes >= 1:
        outcome = Outcome.SUCCESS
    else:
        outcome = Outcome.FAILURE
    return RollResult(
        request=request,
        dice=tuple(dice),
        counts={"successes": successes, "rolled": rolled, "auto": request.auto},
        outcome=outcome,
        label=LABELS[outcome],
        notes=notes,
    )
