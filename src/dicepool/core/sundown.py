"""After Sundown: d6 pools, 5-6 is a hit, a Threshold of hits to succeed.

Words as the text uses them: a *hit* is a die at 5 or 6; the *Threshold* is the hits a task
needs (default 1); *net hits* are hits beyond it; *Edge* (not hubris's Edge) is a Luminary's
special attribute, spent to add Edge dice, to roll Edge dice when penalties take the pool to zero
or below (ruling 2), or for a *second chance* (ruling 1). A *resistance test* is a contest where
the resister's hits subtract from the attacker's: the attack is judged, and labelled from the
awesomeness table, by the hits left; the resister gets no awesomeness of its own. The label is
the awesomeness table's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from dicepool.core.dice import DiceSource, Die, Origin
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

HIT = DieRule(sides=6, target=5, again=None)
MAX_EDGE = 6
AWESOMENESS = (
    "Not Awesome. Tying shoes, climbing stairs.",
    "Completely Pedestrian. Driving a car, Throwing Darts.",
    "Professional. Don't try this at home.",
    "Hard. Don't try this at all.",
    "Extreme.",
    "Crazy Extreme.",
    "Super Human. Does not need disclaimers because it is clearly impossible.",
)


class SecondChance(StrEnum):
    """How an Edge spent on a second chance rerolls (ruling 1)."""

    MISSES = "misses"  # default: reroll every die that did not hit
    ZERO = "zero"  # option: reroll the whole pool, only when the test scored no hit


@dataclass(frozen=True)
class SundownRequest:
    """A sundown test.

    Attributes:
        pool: Attribute + Skill and circumstantial modifiers.
        threshold: hits the task needs (default 1).
        edge: Edge dice added; when penalties take the pool to zero or below, the Edge score is
            the pool (ruling 2).
        second_chance: an Edge spent to reroll (None: not spent).
    """

    system: ClassVar[str] = "sundown"
    pool: Pool
    threshold: int = 1
    edge: int = 0
    second_chance: SecondChance | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.edge <= MAX_EDGE:
            raise RulesError(f"Edge is 0..{MAX_EDGE} for any character, not {self.edge}")
        check_count("a sundown threshold", self.threshold)

    @property
    def dice(self) -> int:
        """Dice rolled: pool + Edge, or the Edge score alone when the pool is zero or less."""
        size = self.pool.size
        return size + self.edge if size > 0 else self.edge


def resolve(request: SundownRequest, source: DiceSource) -> RollResult:
    """Resolve a sundown test, reading faces from ``source``."""
    size = request.pool.size
    if size <= 0 and request.edge == 0:
        raise RulesError(
            f"penalties take the pool to {size}: the test cannot be made unless Edge is "
            "spent (add `edge N` to roll N dice)"
        )
    check_pool(request.dice)
    notes: tuple[str, ...] = (f"pool {size}: Edge is the pool",) if size <= 0 else ()
    dice = roll_pool(source, request.dice, HIT)
    if request.second_chance is SecondChance.MISSES:
        first, second = reroll_failures(source, dice, HIT)
        dice = first + second
        notes += ("second chance: rerolled the misses",)
    elif request.second_chance is SecondChance.ZERO and standing(dice) == 0:
        first = [Die(d.face, d.origin, rerolled=True) for d in dice]
        dice = discard(first) + roll_pool(source, len(dice), HIT, origin=Origin.REROLLED, roll=1)
        notes += ("second chance: rerolled the whole pool",)
    return judge(request, dice, notes)


def judge(request: SundownRequest, dice: list[Die], notes: tuple[str, ...]) -> RollResult:
    """Count hits and net hits; the label is the awesomeness of the hits."""
    hits = standing(dice)
    success = hits >= request.threshold
    return RollResult(
        request=request,
        dice=tuple(dice),
        counts={"hits": hits, "net_hits": max(0, hits - request.threshold)},
        outcome=Outcome.SUCCESS if success else Outcome.FAILURE,
        label=AWESOMENESS[min(hits, len(AWESOMENESS) - 1)],
        notes=notes,
    )


def resist(attack: RollResult, resistance: RollResult) -> tuple[RollResult, RollResult]:
    """A resistance test: the resister's hits come off the attack's, and only the rest count.

    "Rather than generating an awesome result, the character is merely reducing the number of
    hits against them"; an attack left with zero hits (or fewer than its threshold) fails.

    Returns:
        The attack judged by the hits left (``resisted``, ``hits_left`` and ``net_hits``
        counted, the label the awesomeness of what is left), and the resistance, whose label
        says what it took off and whose outcome is a success when the attack fails.
    """
    request = attack.request
    assert isinstance(request, SundownRequest)
    hits = attack.total
    taken = min(hits, resistance.total)
    left = hits - taken
    lands = left >= max(1, request.threshold)
    attack = replace(
        attack,
        counts={
            "hits": hits,
            "resisted": taken,
            "hits_left": left,
            "net_hits": max(0, left - request.threshold),
        },
        outcome=Outcome.SUCCESS if lands else Outcome.FAILURE,
        label=AWESOMENESS[min(left, len(AWESOMENESS) - 1)],
    )
    result = f"{left} {_hits(left)} still land" if lands else "the attack fails"
    resistance = replace(
        resistance,
        counts={"hits": resistance.total},
        outcome=Outcome.FAILURE if lands else Outcome.SUCCESS,
        label=f"Resistance: {taken} {_hits(taken)} taken off the attack; {result}",
    )
    return attack, resistance


def _hits(n: int) -> str:
    return "hit" if n == 1 else "hits"
