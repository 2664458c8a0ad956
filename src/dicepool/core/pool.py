"""The mechanics every pool shares: rolling with "again" batches, rerolls, thresholds, ones.

A system module reads its rules text and decides *which* of these apply; this module only knows
how to apply them, in the order ruling 9 fixes for faces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from dicepool.core.dice import DiceSource, Die, Origin
from dicepool.errors import LimitError, RulesError

MAX_POOL = 10_000
"""The largest pool any entry point accepts."""

MAX_COUNT = MAX_POOL
"""The largest count an option takes (a threshold, automatic successes, Edge dice, an
enhancement...): no roll has more successes to count than the largest pool has dice."""

MAX_DICE_PER_ROLL = 200_000
"""Explosion chains stop with an error past this many dice in one roll (never by chance)."""


@dataclass(frozen=True)
class Pool:
    """A dice pool as the sum of its parts, e.g. Attribute + Skill - a resisting trait.

    Attributes:
        terms: signed parts in the order given; the first is the base pool.
    """

    terms: tuple[int, ...]

    @classmethod
    def of(cls, *terms: int) -> Pool:
        """A pool from its parts: ``Pool.of(5, 2, -3)`` is 5+2-3."""
        return cls(tuple(terms))

    @property
    def size(self) -> int:
        """The number of dice the parts add up to (zero or less is possible)."""
        return sum(self.terms)

    def __str__(self) -> str:
        head, *rest = self.terms
        return str(head) + "".join(f"{t:+d}" for t in rest)


def check_pool(dice: int) -> None:
    """Refuse a pool over :data:`MAX_POOL` with a message that says how to fix it."""
    if dice > MAX_POOL:
        raise LimitError(f"a pool of {dice} dice is over the limit of {MAX_POOL}; roll fewer dice")


def check_count(what: str, value: int, low: int = 0, high: int = MAX_COUNT) -> None:
    """Refuse a count outside ``low..high`` with a message that names it and the range.

    Raises:
        RulesError: below ``low`` (the rules forbid it).
        LimitError: above ``high`` (a protective limit).
    """
    if value < low:
        raise RulesError(f"{what} is {low}..{high}, not {value}")
    if value > high:
        raise LimitError(f"{what} is {low}..{high}, not {shown_number(value)}")


def shown_number(value: int) -> str:
    """A number for a message, its digits cut short when there are many."""
    if abs(value) < 10**12:
        return str(value)
    # no str() of the whole number: a huge one would cost time (and Python refuses 4300+ digits)
    return f"a {int(value.bit_length() * 0.30103) + 1}-digit number"


@dataclass(frozen=True)
class DieRule:
    """How one kind of die is read.

    Attributes:
        sides: faces on the die.
        target: a face at or above it is a success (the target number, or classic difficulty).
        again: a face at or above it adds another die (None: no again).
        double: a face at or above it counts two successes instead of one (None: never).
        ones: a 1 counts against the roll (ones cancel, botch, dramatic failure).
    """

    sides: int = 10
    target: int = 8
    again: int | None = 10
    double: int | None = None
    ones: bool = False

    def successes(self, face: int) -> int:
        """Successes a face is worth."""
        if face < self.target:
            return 0
        return 2 if self.double is not None and face >= self.double else 1

    def explodes(self, face: int) -> bool:
        """Whether a face adds another die."""
        return self.again is not None and face >= self.again

    def die(self, face: int, origin: Origin, roll: int = 0) -> Die:
        """The record of a die showing ``face`` under this rule."""
        return die_record(self, face, origin, roll)


@lru_cache(maxsize=4096)
def die_record(rule: DieRule, face: int, origin: Origin, roll: int) -> Die:
    """The record of a die showing ``face`` under ``rule``, made once and shared: a Die is
    immutable, and a pool or an explosion chain of thousands of dice reads the same few faces
    again and again (making each record anew was most of a long chain's time)."""
    return Die(
        face=face,
        origin=origin,
        roll=roll,
        successes=rule.successes(face),
        exploded=rule.explodes(face),
        one=rule.ones and face == 1 and rule.successes(face) == 0,
    )


def roll_pool(
    source: DiceSource,
    count: int,
    rule: DieRule,
    *,
    origin: Origin = Origin.ROLLED,
    roll: int = 0,
    extra_rule: DieRule | None = None,
) -> list[Die]:
    """Roll ``count`` dice, then a batch of extra dice for every again face, until none is owed.

    Args:
        source: where faces come from.
        count: dice in the first pool.
        rule: how the first pool's dice are read.
        origin: what to call the first pool's dice (rolled, rerolled, chance).
        roll: 0 for the first roll, 1 for a reroll pool.
        extra_rule: how the extra dice are read (default: like the first pool).

    Raises:
        LimitError: the chain ran past :data:`MAX_DICE_PER_ROLL` dice.
    """
    extra_rule = extra_rule or rule
    dice = [rule.die(face, origin, roll) for face in source.roll(rule.sides, count)]
    owed = sum(d.exploded for d in dice)
    while owed:
        if len(dice) + owed > MAX_DICE_PER_ROLL:
            raise LimitError(
                f"the roll kept exploding past {MAX_DICE_PER_ROLL} dice; use a higher again "
                "number or a smaller pool"
            )
        batch = [
            extra_rule.die(face, Origin.EXPLODED, roll)
            for face in source.roll(extra_rule.sides, owed)
        ]
        dice.extend(batch)
        owed = sum(d.exploded for d in batch)
    return dice


def rolled_by(roller: int, dice: Sequence[Die]) -> list[Die]:
    """The dice marked as rolled by ``roller``: the k-th assistant or team member (ruling 12)."""
    return [replace(d, roller=roller) for d in dice]


def reroll_failures(
    source: DiceSource, dice: Sequence[Die], rule: DieRule
) -> tuple[list[Die], list[Die]]:
    """Rote: pick up every die of the first pool that did not succeed and roll them again.

    Dice added by explosions are not picked up (rulings 7 and 8). The new dice form a pool of
    their own, with their own again batches, rolled after the first pool's batches.

    Returns:
        The first roll with the picked-up dice marked ``rerolled`` (a picked-up 1 no longer
        counts against the roll), and the new roll.
    """
    picked = [i for i, d in enumerate(dice) if d.origin is not Origin.EXPLODED and d.successes == 0]
    first = list(dice)
    for i in picked:
        first[i] = replace(first[i], rerolled=True, one=False)
    second = roll_pool(source, len(picked), rule, origin=Origin.REROLLED, roll=1)
    return first, second


def remove_by_threshold(dice: Sequence[Die], threshold: int) -> list[Die]:
    """Remove the first ``threshold`` successes, in the order rolled; they never happened."""
    left = threshold
    out = []
    for d in dice:
        take = min(left, d.successes - d.removed) if left > 0 and not d.discarded else 0
        left -= take
        out.append(replace(d, removed=d.removed + take) if take else d)
    return out


def cancel_by_ones(dice: Sequence[Die]) -> list[Die]:
    """Pair every one with a standing success, in the order rolled, and cancel both."""
    out = list(dice)
    ones = [i for i, d in enumerate(out) if d.one and not d.discarded]
    for i, d in enumerate(out):
        while d.standing > 0 and ones:
            j = ones.pop(0)
            out[j] = replace(out[j], cancels=1)
            d = replace(d, cancelled=d.cancelled + 1)
        out[i] = d
    return out


def standing(dice: Iterable[Die]) -> int:
    """The successes still standing among ``dice``."""
    return sum(d.standing for d in dice)


def discard(dice: Iterable[Die]) -> list[Die]:
    """Mark ``dice`` as belonging to a roll the player did not keep."""
    return [replace(d, discarded=True) for d in dice]


def require_dice(system: str, dice: int, hint: str) -> None:
    """Refuse a pool of zero or less dice where the system rolls no chance die."""
    if dice <= 0:
        raise RulesError(f"{system} cannot roll a pool of {dice} dice; {hint}")
    check_pool(dice)
