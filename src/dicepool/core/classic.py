"""Classic: d10 pools against a difficulty, ones cancel successes, botches.

Words as the text uses them: the *difficulty* (2..10, default 6) is the face a die must reach
(not a count of successes, as in storypath); each *one* is a failure that cancels a success; a
*threshold* removes that many successes before the ones are counted, and removed successes never
happened (they do not save a roll from a botch, ruling 5); a *botch* is at least one 1 and no
successes after the threshold; a *specialty* lets every 10 add an extra die, under a policy the
player picks (ruling 4).

House rules offered: ``spec double`` (a specialty 10 counts two successes instead of adding a
die) and ``wp`` (Willpower buys one automatic success, which no one cancels and which prevents a
botch).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from dicepool.core.dice import DiceSource, Die, Origin
from dicepool.core.pool import (
    MAX_DICE_PER_ROLL,
    DieRule,
    Pool,
    cancel_by_ones,
    check_count,
    remove_by_threshold,
    require_dice,
    standing,
)
from dicepool.core.result import Outcome, RollResult
from dicepool.errors import LimitError, RulesError


class Policy(StrEnum):
    """When a specialty's 10 adds an extra die (ruling 4)."""

    ALWAYS = "always"  # roll every extra die
    UNTIL = "until"  # stop once a stated number of successes stands
    NEVER = "never"  # never roll the extra die
    DOUBLE = "double"  # house rule: a 10 counts two successes, no extra die


@dataclass(frozen=True)
class Specialty:
    """A specialty in use and the policy for its extra dice.

    Attributes:
        policy: when to roll the extra die for a 10.
        until: with ``Policy.UNTIL``, stop once this many successes stand.
    """

    policy: Policy = Policy.ALWAYS
    until: int = 0

    def __post_init__(self) -> None:
        if (self.policy is Policy.UNTIL) != (self.until >= 1):
            raise RulesError("`spec until N` needs N of 1 or more (and only with until)")
        check_count("`spec until`", self.until)


@dataclass(frozen=True)
class ClassicRequest:
    """A classic roll.

    Attributes:
        pool: Attribute + Ability and modifiers.
        difficulty: the face a die must reach, 2..10 (default 6).
        threshold: successes removed before the ones are counted.
        specialty: a specialty in use (None: no specialty).
        willpower: house rule: one automatic success from Willpower.
    """

    system: ClassVar[str] = "classic"
    pool: Pool
    difficulty: int = 6
    threshold: int = 0
    specialty: Specialty | None = None
    willpower: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.difficulty <= 10:
            raise RulesError(f"classic difficulty is 2..10, not {self.difficulty}")
        check_count("a classic threshold", self.threshold)

    @property
    def rule(self) -> DieRule:
        """How a die of this roll is read (the specialty's extra dice are handled apart)."""
        double = self.specialty is not None and self.specialty.policy is Policy.DOUBLE
        return DieRule(
            sides=10, target=self.difficulty, again=None, double=10 if double else None, ones=True
        )

    @property
    def extra_dice(self) -> bool:
        """Whether 10s may add extra dice under the chosen policy."""
        return self.specialty is not None and self.specialty.policy in (Policy.ALWAYS, Policy.UNTIL)


def resolve(request: ClassicRequest, source: DiceSource) -> RollResult:
    """Resolve a classic roll, reading faces from ``source``."""
    require_dice("classic", request.pool.size, "a classic pool needs at least one die")
    rule = request.rule
    dice = [rule.die(face, Origin.ROLLED) for face in source.roll(10, request.pool.size)]
    if request.extra_dice:
        dice = roll_specialty_dice(request, source, dice)
    return judge(request, dice)


def net_successes(request: ClassicRequest, dice: list[Die]) -> int:
    """Successes standing after the threshold and the ones, never below zero."""
    raw = sum(d.successes for d in dice)
    ones = sum(d.one for d in dice)
    return max(0, raw - request.threshold - ones) if raw > request.threshold else 0


def roll_specialty_dice(request: ClassicRequest, source: DiceSource, dice: list[Die]) -> list[Die]:
    """Roll one extra die per 10, batch after batch, while the policy says to.

    With ``until N`` the player looks at the dice before each extra die and stops once N
    successes stand (after the threshold and the ones); the 10s left unused stay plain 10s.
    """
    assert request.specialty is not None
    goal = request.specialty.until if request.specialty.policy is Policy.UNTIL else None
    batch = [i for i, d in enumerate(dice) if d.face == 10]
    while batch:
        if len(dice) + len(batch) > MAX_DICE_PER_ROLL:
            raise LimitError(f"the specialty chain ran past {MAX_DICE_PER_ROLL} dice")
        next_batch = []
        for i in batch:
            if goal is not None and net_successes(request, dice) >= goal:
                return dice
            dice[i] = replace(dice[i], exploded=True)
            (face,) = source.roll(10, 1)
            dice.append(request.rule.die(face, Origin.SPECIALTY))
            if face == 10:
                next_batch.append(len(dice) - 1)
        batch = next_batch
    return dice


LABELS = {
    Outcome.BOTCH: "Botch: things went very wrong",
    Outcome.FAILURE: "Failure",
}


def judge(request: ClassicRequest, dice: list[Die]) -> RollResult:
    """Threshold first, then ones cancel; botch, failure or success by what stands."""
    dice = remove_by_threshold(dice, request.threshold)
    unremoved = standing(dice)
    dice = cancel_by_ones(dice)
    rolled = standing(dice)
    auto = int(request.willpower)
    successes = rolled + auto
    ones = sum(d.one for d in dice)
    if successes >= 1:
        outcome = Outcome.SUCCESS
    elif unremoved == 0 and ones >= 1:
        outcome = Outcome.BOTCH
    else:
        outcome = Outcome.FAILURE
    counts = {
        "successes": successes,
        "rolled": sum(d.successes for d in dice),
        "removed": sum(d.removed for d in dice),
        "ones": ones,
        "cancelled": sum(d.cancelled for d in dice),
        "auto": auto,
    }
    return RollResult(
        request=request,
        dice=tuple(dice),
        counts=counts,
        outcome=outcome,
        label=label(outcome, successes),
    )


def label(outcome: Outcome, successes: int) -> str:
    """The text's words: one success barely makes it, three or more is a really good job."""
    if outcome is not Outcome.SUCCESS:
        return LABELS[outcome]
    if successes >= 3:
        return "Success: a really good job"
    return "Success: just barely" if successes == 1 else "Success"
