"""The Act of Hubris: Attribute + Skill + Edge dice, Difficulty removes dice before the roll.

Words as the text uses them: an *Edge* is bonus dice from circumstance or equipment (not
sundown's Edge); a *Difficulty* is a penalty in dice (not storypath's Difficulty in successes);
a pool reduced to zero or less rolls a *chance die*; a *rote* action rolls every failed die of the
first roll again as a pool of its own and keeps one of the two results (ruling 7; on a chance die
the better of the two by default, ruling 11); spending *Willpower* adds three dice and the rote
property; *automatic successes* add to the result, and a *minimum* guarantees a total (ruling 11).
*Teamwork*: every team member rolls their own pool, reduced by the task's Difficulty, and the roll
with the most successes is applied (ruling 11). The per-die target is 8+ with 10-again (ruling 7),
configurable.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from dicepool.core.chance import chance_roll, is_dramatic_failure
from dicepool.core.dice import DiceSource, Die
from dicepool.core.pool import (
    DieRule,
    Pool,
    check_count,
    check_pool,
    discard,
    reroll_failures,
    roll_pool,
    rolled_by,
    standing,
)
from dicepool.core.result import Outcome, RollResult
from dicepool.errors import RulesError

WILLPOWER_DICE = 3
MAIN = 0
"""The roller index of the main roller's dice (team members count from 1)."""


class Keep(StrEnum):
    """Which roll of a rote action stands."""

    LARGER = "larger"  # the player's best choice, and the default
    FIRST = "first"
    SECOND = "second"


@dataclass(frozen=True)
class HubrisRequest:
    """A hubris roll.

    Edge, Willpower, rote, automatic successes and the minimum belong to the main roller's roll;
    the Difficulty, target number, again rule and chance-again apply to every roller's.

    Attributes:
        pool: Attribute + Skill (or Attribute + Attribute) and other dice.
        edge: Edge dice from circumstance, equipment or help.
        difficulty: dice removed before the roll (from every roller's pool).
        rote: the rote action property.
        willpower: a Willpower point spent: three more dice and rote.
        auto: automatic successes added to the result.
        keep: which roll of a rote action stands (default: the better one).
        target: the per-die target (default 8).
        again: N-again (default 10; None for none).
        chance_again: house rule: a chance die's 10 is rerolled.
        minimum: automatic successes as a guaranteed minimum: the main roll's total, automatic
            successes included, is at least this (0: none).
        team: each team member's pool, in the order written (ruling 11 teamwork).
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
    minimum: int = 0
    team: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.target <= 10:
            raise RulesError(f"hubris target must be 2..10, not {self.target}")
        if self.again is not None and not self.target <= self.again <= 10:
            raise RulesError(f"hubris again must be {self.target}..10, not {self.again}")
        for name in ("edge", "difficulty", "auto", "minimum"):
            if getattr(self, name) < 0:
                raise RulesError(f"hubris {name} cannot be negative")
            check_count(f"hubris {name}", getattr(self, name))
        if self.keep is not Keep.LARGER and not self.is_rote:
            raise RulesError("`keep` picks one of a rote's two rolls: add `rote` or `wp`")
        for member in self.team:
            if member < 1:
                raise RulesError(f"a team member rolls a pool of 1 or more dice, not {member}")

    @property
    def dice(self) -> int:
        """Dice the main roller rolls: pool + Edge + Willpower dice - Difficulty."""
        bonus = WILLPOWER_DICE if self.willpower else 0
        return self.pool.size + self.edge + bonus - self.difficulty

    @property
    def team_dice(self) -> tuple[int, ...]:
        """Dice each team member rolls: their pool - Difficulty (zero or less: a chance die)."""
        return tuple(member - self.difficulty for member in self.team)

    @property
    def all_dice(self) -> int:
        """Dice first rolled by every roller together, a chance die counting one."""
        return sum(max(1, n) for n in (self.dice, *self.team_dice))

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
    """Resolve a hubris roll, reading faces from ``source``.

    Faces are read in the order of ruling 12: the main roller's roll with its batches and rote
    reroll, then each team member's roll in the order written, each with its own batches.
    """
    check_pool(request.all_dice)
    dice, notes = main_roll(request, source)
    if not request.team:
        return judge(request, dice, notes)
    team = [member_roll(request, k, source) for k in range(1, len(request.team) + 1)]
    return apply_best(request, dice, team, notes)


def main_roll(request: HubrisRequest, source: DiceSource) -> tuple[list[Die], tuple[str, ...]]:
    """The main roller's dice (a rote's roll not kept marked discarded) and notes."""
    size = request.dice
    if size <= 0:
        notes = (f"pool {size}: chance die",)
        first = chance_roll(source, again=request.chance_again, normal=request.rule)
        if not request.is_rote:
            return first, notes
        # Rote: a failed chance die is picked up and rolled as a second roll (ruling 11).
        second: list[Die] = []
        if first[0].successes == 0:
            first[0] = replace(first[0], rerolled=True)
            second = chance_roll(source, again=request.chance_again, normal=request.rule, roll=1)
        dice, note = keep(request, first, second)
        return dice, (*notes, note)
    dice = roll_pool(source, size, request.rule)
    if not request.is_rote:
        return dice, ()
    first, second = reroll_failures(source, dice, request.rule)
    kept, note = keep(request, first, second)
    return kept, (note,)


def keep(request: HubrisRequest, first: list[Die], second: list[Die]) -> tuple[list[Die], str]:
    """Keep one roll of a rote: the one asked for, or the better (equal: the first)."""
    better = rank(second) > rank(first)
    if request.keep is Keep.SECOND or (request.keep is Keep.LARGER and better):
        return discard(first) + second, "rote: kept the second roll"
    return first + discard(second), "rote: kept the first roll"


def rank(dice: list[Die]) -> tuple[int, bool]:
    """How good a roll is: more successes first, then anything over a dramatic failure."""
    return standing(dice), not is_dramatic_failure(dice)


def member_roll(request: HubrisRequest, k: int, source: DiceSource) -> list[Die]:
    """Team member ``k``'s roll: their pool less the Difficulty, or a chance die (ruling 7)."""
    size = request.team_dice[k - 1]
    if size <= 0:
        dice = chance_roll(source, again=request.chance_again, normal=request.rule)
    else:
        dice = roll_pool(source, size, request.rule)
    return rolled_by(k, dice)


def apply_best(
    request: HubrisRequest, main: list[Die], team: list[list[Die]], notes: tuple[str, ...]
) -> RollResult:
    """Apply the roll with the most successes; equal totals: the main roll, then the earlier.

    The main roll's total includes its automatic successes and minimum; a team member's is
    what they rolled. The rolls not applied are marked discarded.
    """
    totals = [main_total(request, standing(main)), *(standing(dice) for dice in team)]
    applied = totals.index(max(totals))
    dice: list[Die] = []
    for k, rolled in enumerate([main, *team]):
        dice += rolled if k == applied else discard(rolled)
    shown = ", ".join(f"team {k} {t}" for k, t in enumerate(totals[1:], 1))
    who = "the main roll" if applied == MAIN else f"team {applied}'s roll"
    note = f"teamwork: main roll {totals[0]}, {shown}; {who} applies"
    chances = tuple(f"team {k}: chance die" for k, n in enumerate(request.team_dice, 1) if n <= 0)
    return judge(request, dice, (*notes, *chances, note), applied)


def main_total(request: HubrisRequest, rolled: int) -> int:
    """The main roll's total: rolled + automatic successes, at least the minimum."""
    return max(rolled + request.auto, request.minimum)


def judge(
    request: HubrisRequest, dice: list[Die], notes: tuple[str, ...], applied: int = MAIN
) -> RollResult:
    """Count the applied roll's successes (automatic ones included) and name the outcome.

    Args:
        request: the request.
        dice: every die; those not in the applied roll are discarded.
        notes: remarks so far.
        applied: whose roll applies: 0 the main roller's (automatic successes and the minimum
            count), k the k-th team member's.
    """
    rolled = standing(dice)
    auto = request.auto if applied == MAIN else 0
    successes = main_total(request, rolled) if applied == MAIN else rolled
    if is_dramatic_failure(dice) and successes == 0:
        outcome = Outcome.DRAMATIC_FAILURE
    elif successes >= 1:
        outcome = Outcome.SUCCESS
    else:
        outcome = Outcome.FAILURE
    counts = {"successes": successes, "rolled": rolled, "auto": auto}
    if request.minimum:
        counts["minimum"] = request.minimum if applied == MAIN else 0
    if request.team:
        counts["applied"] = applied
    return RollResult(
        request=request,
        dice=tuple(dice),
        counts=counts,
        outcome=outcome,
        label=LABELS[outcome],
        notes=notes,
    )
