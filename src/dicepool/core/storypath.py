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
only the main roll's dice can botch. A *mixed action* is one roll (the smallest of the action
pools) judged against each of its challenges separately, each with its own Difficulty,
enhancement and complications: one can fail while another succeeds. The roll as a whole
succeeds only when every challenge does, and earns Momentum once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from dicepool.core.dice import DiceSource, Die
from dicepool.core.pool import (
    MAX_POOL,
    DieRule,
    Pool,
    check_count,
    discard,
    require_dice,
    roll_pool,
    rolled_by,
    standing,
)
from dicepool.core.result import ChallengeResult, Outcome, RollResult
from dicepool.errors import LimitError, RulesError

DEGREES = ("Normal", "Competent", "Excellence", "Amazing", "Divine")

MAX_ASSISTS = 10
"""The most assistants one roll takes (each rolls a pool of its own)."""

MAX_SCALE = 10
"""The largest Scale: the text's tables stop at 5 (Extreme) and a Feat of Scale adds one."""

MAX_CHALLENGES = 10
"""The most challenges one mixed action is judged against, the first included."""


@dataclass(frozen=True)
class Challenge:
    """One challenge a storypath roll is judged against.

    A plain roll has one, written on the main line; a mixed action (ruling 10) has more.

    Attributes:
        difficulty: successes needed (default 1).
        enhancement: successes added when at least one success was rolled.
        complications: the rating of each complication, bought off in this order.
    """

    difficulty: int = 1
    enhancement: int = 0
    complications: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.difficulty < 1:
            raise RulesError("storypath Difficulty is at least 1: all challenges need a success")
        if self.enhancement < 0 or any(c < 1 for c in self.complications):
            raise RulesError("storypath enhancements are 0 or more and complications 1 or more")
        check_count("storypath Difficulty", self.difficulty, 1)
        check_count("a storypath enhancement", self.enhancement)
        for rating in self.complications:
            check_count("a storypath complication", rating, 1)


@dataclass(frozen=True)
class StorypathRequest:
    """A storypath roll.

    Attributes:
        pool: Attribute + Skill and any dice bought with Momentum.
        target: the target number a die must reach (default 8).
        difficulty: the first challenge's successes needed (default 1).
        enhancement: the first challenge's enhancement, added with a rolled success.
        complications: the first challenge's complications, bought off in this order.
        specialty: a Specialty was used (one more Momentum on a failure).
        double_tens: house rule: a 10 counts two successes instead of being rerolled.
        assists: teamwork: the pool of each assistant, in the order their faces are read.
        scale: Scale: bonus successes, added on the same condition as an enhancement.
        mixed: a mixed action's other challenges, after the first (the roll-level options,
            target number to Scale, belong to the roll and serve every challenge).
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
    mixed: tuple[Challenge, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.target <= 10:
            raise RulesError(f"storypath target number must be 2..10, not {self.target}")
        if len(self.challenges) > MAX_CHALLENGES:  # building them checks the first
            raise LimitError(
                f"a mixed action of {len(self.challenges)} challenges is over the limit of "
                f"{MAX_CHALLENGES}; split it into several rolls"
            )
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
    def challenges(self) -> tuple[Challenge, ...]:
        """Every challenge the roll is judged against: the main line's first, then ``mixed``."""
        first = Challenge(self.difficulty, self.enhancement, self.complications)
        return (first, *self.mixed)

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
        rolled_by(k, roll_pool(source, n, request.assist_rule))
        for k, n in enumerate(request.assists, 1)
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
    """Apply the bonuses, then judge the roll against each challenge; name the outcome.

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
    scale = request.scale if rolled else 0
    botched = rolled == 0 and any(d.one for d in dice)
    met = [
        meet(c, rolled, teamwork + scale, botched, request.specialty) for c in request.challenges
    ]
    outcome = overall(met, botched)
    gained = momentum(outcome, request.specialty)
    first = met[0].counts
    counts = {
        "successes": first["successes"],
        "rolled": rolled,
        "enhancement": first["enhancement"],
        "teamwork": teamwork,
        "scale": scale,
        **{k: v for k, v in first.items() if k not in ("successes", "enhancement")},
        "momentum": gained,
    }
    return RollResult(
        request=request,
        dice=(*dice, *helped),
        counts=counts,
        outcome=outcome,
        label=met[0].label if len(met) == 1 else mixed_label(met, outcome, gained),
        challenges=tuple(met) if len(met) > 1 else (),
    )


def meet(
    challenge: Challenge, rolled: int, bonus: int, botched: bool, specialty: bool
) -> ChallengeResult:
    """Judge ``rolled`` successes (and ``bonus`` from teamwork and Scale) against a challenge.

    Its enhancement, like ``bonus``, counts only when ``rolled`` is at least 1 (ruling 6).
    """
    enhancement = challenge.enhancement if rolled else 0
    successes = rolled + enhancement + bonus
    if successes >= challenge.difficulty:
        outcome = Outcome.SUCCESS
        threshold = successes - challenge.difficulty
    else:
        outcome = Outcome.BOTCH if botched else Outcome.FAILURE
        threshold = 0
    bought, _ = buy_off(threshold, challenge.complications)
    left = stunts(threshold, challenge.complications)
    counts = {
        "successes": successes,
        "enhancement": enhancement,
        "threshold_successes": threshold,
        "complications_bought": bought,
        "complications_left": len(challenge.complications) - bought,
        "stunt_successes": left,
    }
    return ChallengeResult(counts, outcome, label(outcome, left, momentum(outcome, specialty)))


def overall(met: Sequence[ChallengeResult], botched: bool) -> Outcome:
    """The roll's outcome: a success when every challenge is met; a botch is the roll's."""
    if all(m.outcome is Outcome.SUCCESS for m in met):
        return Outcome.SUCCESS
    return Outcome.BOTCH if botched else Outcome.FAILURE


def mixed_label(met: Sequence[ChallengeResult], outcome: Outcome, gained: int) -> str:
    """A mixed action's words: every challenge's degree, or how many were met."""
    if outcome is Outcome.SUCCESS:
        return "Every challenge met: " + ", ".join(m.label for m in met)
    if outcome is Outcome.BOTCH:
        return label(outcome, 0, gained)
    won = sum(m.outcome is Outcome.SUCCESS for m in met)
    return f"{won} of {len(met)} challenges met: a Consolation, or {gained} Momentum"


def label(outcome: Outcome, degree: int, gained: int) -> str:
    """The degree-of-success table's word, or the failure and its Momentum."""
    if outcome is Outcome.SUCCESS:
        return DEGREES[min(degree, len(DEGREES) - 1)]
    if outcome is Outcome.BOTCH:
        return f"Botch: {gained} Momentum is the only Consolation"
    return f"Failure: a Consolation, or {gained} Momentum"
