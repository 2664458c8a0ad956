"""Storypath: d10 pools against a target number, Difficulty counted in successes.

Words as the text uses them: the *target number* (default 8) is the face a die must reach; the
*Difficulty* (default 1) is the number of successes needed (not a dice penalty as in hubris);
*threshold successes* are those above the Difficulty; an *enhancement* adds successes when at
least one success was rolled (ruling 6); *complications* are bought off in order with threshold
successes (ruling 10: one too dear is left standing and the next is considered); what is left
once every complication is bought off pays for *stunts* and is the *degree of success* (while
a complication stands there are no stunts and the degree is Normal); a *botch* is no
successes and at least one 1; a failure earns *Momentum* (ruling 6).

More than one roller, and Scale (ruling 10): in *teamwork* each assistant rolls their own pool,
read like the main roller's dice, and the sum of their successes is added as an enhancement;
*Scale* adds bonus successes. Both count only when the main roll has a success of its own, and
only the main roll's dice can botch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from dicepool.core.dice import DiceSource, Die, Origin
from dicepool.core.pool import (
    MAX_POOL,
    DieRule,
    Pool,
    discard,
    require_dice,
    roll_pool,
    standing,
)
from dicepool.core.result import Outcome, RollResult
from dicepool.errors import LimitError, RulesError

DEGREES = ("Normal", "Competent", "Excellence", "Amazing", "Divine")

MAX_ASSISTS = 10
"""The most assistants one roll takes (each rolls a pool of its own)."""

MAX_SCALE = 10
"""The largest Scale: the text's tables stop at 5 (Extreme) and a Feat of Scale adds one."""


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
        assists: teamwork: the pool of each assistant, in the order their faces are read.
        scale: Scale: bonus successes, added on the same condition as an enhancement.
    """

    system: ClassVar[str] = "storypath"
    pool: Pool
    target: int = 8
    difficulty: int = 1
    enhancement: int = 0
    complications: tuple[int, ...] = ()
    specialty: bool = False
    double_tens: bool = False
    assists: tuple[int, ...] = ()
    scale: int = 0

    def __post_init__(self) -> None:
        if not 2 <= self.target <= 10:
            raise RulesError(f"storypath target number must be 2..10, not {self.target}")
        if self.difficulty < 1:
            raise RulesError("storypath Difficulty is at least 1: all challenges need a success")
        if self.enhancement < 0 or any(c < 1 for c in self.complications):
            raise RulesError("storypath enhancements are 0 or more and complications 1 or more")
        if not 0 <= self.scale <= MAX_SCALE:
            raise RulesError(f"storypath Scale is 0..{MAX_SCALE}, not {self.scale}")
        if any(n < 1 for n in self.assists):
            raise RulesError("a storypath assistant rolls at least one die")
        if len(self.assists) > MAX_ASSISTS:
            raise LimitError(
                f"{len(self.assists)} assistants are over the limit of {MAX_ASSISTS}; "
                "let fewer help"
            )

    @property
    def dice(self) -> int:
        """Dice rolled in all: the main pool and every assistant's."""
        return self.pool.size + sum(self.assists)

    @property
    def rule(self) -> DieRule:
        """How a die of the main roll is read."""
        if self.double_tens:
            return DieRule(sides=10, target=self.target, again=None, double=10, ones=True)
        return DieRule(sides=10, target=self.target, again=10, ones=True)

    @property
    def assist_rule(self) -> DieRule:
        """How an assistant's die is read: as the main roll's, but its 1s never botch."""
        return replace(self.rule, ones=False)


def resolve(request: StorypathRequest, source: DiceSource) -> RollResult:
    """Resolve a storypath roll, reading faces from ``source``.

    Faces are read as ruling 12 orders them: the main roll with its batches, then each
    assistant's pool with its own batches, in the order the assistants are written.
    """
    require_dice("storypath", request.pool.size, "add dice (Momentum buys them) to roll")
    if request.dice > MAX_POOL:
        raise LimitError(
            f"with its assistants' dice the roll is {request.dice} dice, over the limit of "
            f"{MAX_POOL}; roll fewer dice"
        )
    dice = roll_pool(source, request.pool.size, request.rule)
    helped = [
        roll_pool(source, n, request.assist_rule, origin=Origin.ASSIST, roll=i)
        for i, n in enumerate(request.assists, 1)
    ]
    return judge(request, dice, [d for pool in helped for d in pool])


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


def judge(request: StorypathRequest, dice: list[Die], helped: Sequence[Die] = ()) -> RollResult:
    """Apply the bonuses, Difficulty and complications; name the outcome and degree.

    Args:
        request: the roll.
        dice: the main roller's dice.
        helped: every assistant's dice; they count only with a success of the main roll's
            own, and are marked discarded otherwise.
    """
    rolled = standing(dice)
    if not rolled:
        helped = discard(helped)
    teamwork = standing(helped)
    enhancement = request.enhancement if rolled else 0
    scale = request.scale if rolled else 0
    successes = rolled + enhancement + teamwork + scale
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
        "teamwork": teamwork,
        "scale": scale,
        "threshold_successes": threshold,
        "complications_bought": bought,
        "complications_left": len(request.complications) - bought,
        "stunt_successes": left,
        "momentum": gained,
    }
    return RollResult(
        request=request,
        dice=(*dice, *helped),
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
