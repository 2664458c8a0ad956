"""Storypath: d10 pools against a target number, Difficulty counted in successes.

Words as the text uses them: the *target number* (default 8) is the face a die must reach; the
*Difficulty* (default 1) is the number of successes needed (not a dice penalty as in hubris);
*threshold successes* are those above the Difficulty; an *enhancement* adds successes when at
least one success was rolled (ruling 6); *complications* are bought off in order with threshold
successes (ruling 10: one too dear is left standing and the next is considered); what is left
once every complication is bought off pays for *stunts* and is the *degree of success* (while
a complication stands there are no stunts and the degree is Normal); a *botch* is no
successes and at least one 1; a failure earns *Momentum* (ruling 6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from dicepool.core.dice import DiceSource, Die
from dicepool.core.pool import DieRule, Pool, require_dice, roll_pool, standing
from dicepool.core.result import Outcome, RollResult
from dicepool.errors import RulesError

DEGREES = ("Normal", "Competent", "Excellence", "Amazing", "Divine")


@dataclass(frozen=True)
class StorypathRequest:
    """A storypath roll.

    Attributes:
        pool: Attribute + Skill and any dice bought with Momentum.
        target: the target number a die must reach (default 8).
        difficulty: successes needed (default 1).
        enhancement: successes added when at least one success was rolled.
        complications: the rating of each complication, bought off in this order.
        specialty: a Specialty was used (one more Momentum on a failure).
        double_tens: house rule: a 10 counts two successes instead of being rerolled.
    """

    system: ClassVar[str] = "storypath"
    pool: Pool
    target: int = 8
    difficulty: int = 1
    enhancement: int = 0
    complications: tuple[int, ...] = ()
    specialty: bool = False
    double_tens: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.target <= 10:
            raise RulesError(f"storypath target number must be 2..10, not {self.target}")
        if self.difficulty < 1:
            raise RulesError("storypath Difficulty is at least 1: all challenges need a success")
        if self.enhancement < 0 or any(c < 1 for c in self.complications):
            raise RulesError("storypath enhancements are 0 or more and complications 1 or more")

    @property
    def rule(self) -> DieRule:
        """How a die of this roll is read."""
        if self.double_tens:
            return DieRule(sides=10, target=self.target, again=None, double=10, ones=True)
        return DieRule(sides=10, target=self.target, again=10, ones=True)


def resolve(request: StorypathRequest, source: DiceSource) -> RollResult:
    """Resolve a storypath roll, reading faces from ``source``."""
    require_dice("storypath", request.pool.size, "add dice (Momentum buys them) to roll")
    return judge(request, roll_pool(source, request.pool.size, request.rule))


def buy_off(threshold: int, complications: Sequence[int]) -> tuple[int, int]:
    """Buy off complications in the order written (ruling 10).

    Each complication the threshold successes left can pay for is bought; one they cannot pay
    for is left standing, and the next one is still considered.

    Returns:
        How many complications were bought off, and the threshold successes left.
    """
    bought = 0
    for rating in complications:
        if rating <= threshold:
            threshold -= rating
            bought += 1
    return bought, threshold


def stunts(threshold: int, complications: Sequence[int]) -> int:
    """Threshold successes left for stunts: none while any complication stands (ruling 10)."""
    bought, left = buy_off(threshold, complications)
    return left if bought == len(complications) else 0


def momentum(outcome: Outcome, specialty: bool) -> int:
    """Momentum a roll earns: 1 for a failure, +1 with a Specialty, +2 on a botch."""
    if outcome is Outcome.SUCCESS:
        return 0
    return 1 + int(specialty) + (2 if outcome is Outcome.BOTCH else 0)


def judge(request: StorypathRequest, dice: list[Die]) -> RollResult:
    """Apply enhancement, Difficulty and complications; name the outcome and degree."""
    rolled = standing(dice)
    enhancement = request.enhancement if rolled >= 1 else 0
    successes = rolled + enhancement
    if successes >= request.difficulty:
        outcome = Outcome.SUCCESS
        threshold = successes - request.difficulty
    else:
        outcome = Outcome.BOTCH if rolled == 0 and any(d.one for d in dice) else Outcome.FAILURE
        threshold = 0
    bought, _ = buy_off(threshold, request.complications)
    left = stunts(threshold, request.complications)
    gained = momentum(outcome, request.specialty)
    counts = {
        "successes": successes,
        "rolled": rolled,
        "enhancement": enhancement,
        "threshold_successes": threshold,
        "complications_bought": bought,
        "complications_left": len(request.complications) - bought,
        "stunt_successes": left,
        "momentum": gained,
    }
    return RollResult(
        request=request,
        dice=tuple(dice),
        counts=counts,
        outcome=outcome,
        label=label(outcome, left, gained),
    )


def label(outcome: Outcome, degree: int, gained: int) -> str:
    """The degree-of-success table's word, or the failure and its Momentum."""
    if outcome is Outcome.SUCCESS:
        return DEGREES[min(degree, len(DEGREES) - 1)]
    if outcome is Outcome.BOTCH:
        return f"Botch: {gained} Momentum is the only Consolation"
    return f"Failure: a Consolation, or {gained} Momentum"
