"""Vectorized numpy sampling of what the core resolves: many rolls of one request at once.

Used only by ``simulate``, the Monte Carlo cross-check. Each function mirrors a system's
``resolve`` and ``judge`` with whole arrays of trials, and returns each trial's total and
outcome code (the index of the outcome in ``Outcome``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from dicepool.core.chance import CHANCE_RULE
from dicepool.core.chronicles import EXCEPTIONAL_AT, ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import DieRule
from dicepool.core.result import Outcome
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import HIT, SecondChance, SundownRequest

Ints = npt.NDArray[np.int64]
Rng = np.random.Generator
CODE = {o: i for i, o in enumerate(Outcome)}


@dataclass(frozen=True)
class Rolled:
    """Per-trial counts of one pool rolled with its again batches.

    Attributes:
        successes: successes of every die.
        ones: ones of every die (where the rule counts them).
        first_ones: ones among the dice first rolled (a rote picks those up).
        failed: dice first rolled that did not succeed (a rote rerolls those).
        tens: dice first rolled showing the top face.
    """

    successes: Ints
    ones: Ints
    first_ones: Ints
    failed: Ints
    tens: Ints


def roll(rng: Rng, counts: Ints, rule: DieRule, extra: DieRule | None = None) -> Rolled:
    """Roll ``counts[t]`` dice for each trial ``t``, then their again batches."""
    size = counts.size
    owner = np.repeat(np.arange(size), counts)
    faces = rng.integers(1, rule.sides + 1, owner.size)
    value, ones, boom = _read(faces, rule)
    first = Rolled(
        successes=_per(owner, value, size),
        ones=_per(owner, ones, size),
        first_ones=_per(owner, ones, size),
        failed=_per(owner, value == 0, size),
        tens=_per(owner, faces == rule.sides, size),
    )
    successes, all_ones = first.successes, first.ones
    owed = _per(owner, boom, size)
    extra = extra or rule
    while owed.any():
        owner = np.repeat(np.arange(size), owed)
        faces = rng.integers(1, extra.sides + 1, owner.size)
        value, ones, boom = _read(faces, extra)
        successes = successes + _per(owner, value, size)
        all_ones = all_ones + _per(owner, ones, size)
        owed = _per(owner, boom, size)
    return replace(first, successes=successes, ones=all_ones)


def _read(faces: Ints, rule: DieRule) -> tuple[Ints, Ints, Ints]:
    value = (faces >= rule.target).astype(np.int64)
    if rule.double is not None:
        value += value * (faces >= rule.double)
    ones = ((faces == 1) & (value == 0)).astype(np.int64) if rule.ones else 0 * faces
    boom = (faces >= rule.again).astype(np.int64) if rule.again is not None else 0 * faces
    return value, ones, boom


def _per(owner: Ints, values: npt.NDArray[np.generic], size: int) -> Ints:
    return np.bincount(owner, weights=values, minlength=size).astype(np.int64)


def _code(outcome: Outcome, size: int) -> Ints:
    return np.full(size, CODE[outcome], dtype=np.int64)


def sundown(rng: Rng, request: SundownRequest, size: int) -> tuple[Ints, Ints]:
    """Hits and outcome codes of ``size`` sundown tests."""
    counts = np.full(size, request.dice)
    hits = roll(rng, counts, HIT)
    total = hits.successes
    if request.second_chance is SecondChance.MISSES:
        total = total + roll(rng, hits.failed, HIT).successes
    elif request.second_chance is SecondChance.ZERO:
        again = roll(rng, np.where(total == 0, counts, 0), HIT).successes
        total = np.where(total == 0, again, total)
    code = np.where(total >= request.threshold, CODE[Outcome.SUCCESS], CODE[Outcome.FAILURE])
    return total, code


def chance(rng: Rng, normal: DieRule, size: int, *, again: bool, rote: bool) -> tuple[Ints, Ints]:
    """Successes of ``size`` chance rolls, and whether each is a dramatic failure (1 or 0)."""
    face = rng.integers(1, CHANCE_RULE.sides + 1, size)
    if rote:
        second = rng.integers(1, CHANCE_RULE.sides + 1, size)
        face = np.where(face == CHANCE_RULE.sides, face, second)
    hit = (face == CHANCE_RULE.sides).astype(np.int64)
    if again:
        hit = hit + hit * roll(rng, hit, replace(normal, ones=False)).successes
    return hit, (face == 1).astype(np.int64)


def chronicles(rng: Rng, request: ChroniclesRequest, size: int) -> tuple[Ints, Ints]:
    """Successes and outcome codes of ``size`` chronicles rolls."""
    dramatic = np.zeros(size, dtype=np.int64)
    if request.dice <= 0:
        total, dramatic = chance(
            rng, request.rule, size, again=request.chance_again, rote=request.rote
        )
    else:
        first = roll(rng, np.full(size, request.dice), request.rule)
        total = first.successes
        if request.rote:
            total = total + roll(rng, first.failed, request.rule).successes
    code = np.select(
        [dramatic == 1, total >= EXCEPTIONAL_AT, total >= 1],
        [CODE[Outcome.DRAMATIC_FAILURE], CODE[Outcome.EXCEPTIONAL], CODE[Outcome.SUCCESS]],
        CODE[Outcome.FAILURE],
    )
    return total, code


def classic(rng: Rng, request: ClassicRequest, size: int) -> tuple[Ints, Ints]:
    """Successes and outcome codes of ``size`` classic rolls."""
    rule = request.rule
    first = roll(rng, np.full(size, request.pool.size), rule)
    successes, ones = first.successes, first.ones
    policy = request.specialty.policy if request.specialty else None
    if policy is Policy.ALWAYS:
        extra = roll(rng, first.tens, replace(rule, again=10))
        successes, ones = successes + extra.successes, ones + extra.ones
    elif policy is Policy.UNTIL:
        assert request.specialty is not None
        goal = request.specialty.until + request.threshold
        successes, ones = _until(rng, rule, successes, ones, first.tens, goal)
    net = np.maximum(0, successes - request.threshold - ones)
    total = net + int(request.willpower)
    botch = (successes <= request.threshold) & (ones >= 1) & (total == 0)
    code = np.select(
        [total >= 1, botch], [CODE[Outcome.SUCCESS], CODE[Outcome.BOTCH]], CODE[Outcome.FAILURE]
    )
    return total, code


def _until(
    rng: Rng, rule: DieRule, successes: Ints, ones: Ints, owed: Ints, stop: int
) -> tuple[Ints, Ints]:
    """Roll extra dice one at a time per trial, stopping once successes - ones >= ``stop``."""
    successes, ones, owed = successes.copy(), ones.copy(), owed.copy()
    while True:
        active = np.flatnonzero((owed > 0) & (successes - ones < stop))
        if not active.size:
            return successes, ones
        faces = rng.integers(1, 11, active.size)
        value, one, _ = _read(faces, rule)
        successes[active] += value
        ones[active] += one
        owed[active] += (faces == 10).astype(np.int64) - 1


def storypath(rng: Rng, request: StorypathRequest, size: int) -> tuple[Ints, Ints]:
    """Successes and outcome codes of ``size`` storypath rolls.

    The assistants' dice are read alike, so they are rolled as one pool of all their dice; they
    and the bonuses count only where the main roll has a success of its own. The successes are
    the first challenge's. A mixed action's codes have one column for the roll as a whole (a
    success when every challenge is met), then one per challenge.
    """
    rolled = roll(rng, np.full(size, request.pool.size), request.rule)
    made = rolled.successes >= 1
    bonus = np.full(size, request.scale)
    if request.assists:
        helpers = np.full(size, sum(request.assists))
        bonus = bonus + roll(rng, helpers, request.assist_rule).successes
    scaled = rolled.successes + bonus * made  # a total before its challenge's enhancement
    botch = (rolled.successes == 0) & (rolled.ones >= 1)
    met = [made & (scaled + c.enhancement >= c.difficulty) for c in request.challenges]
    codes = [_storypath_code(m, botch) for m in [np.logical_and.reduce(met), *met]]
    total = scaled + request.enhancement * made
    return total, np.column_stack(codes) if request.mixed else codes[0]


def _storypath_code(met: npt.NDArray[np.bool_], botch: npt.NDArray[np.bool_]) -> Ints:
    return np.select(
        [met, botch], [CODE[Outcome.SUCCESS], CODE[Outcome.BOTCH]], CODE[Outcome.FAILURE]
    )


def hubris(rng: Rng, request: HubrisRequest, size: int) -> tuple[Ints, Ints]:
    """Successes and outcome codes of ``size`` hubris rolls (team members' rolls included)."""
    rolled, dramatic = _hubris_main(rng, request, size)
    total = np.maximum(rolled + request.auto, request.minimum)
    dramatic = dramatic * (total == 0)
    for dice in request.team_dice:
        # a team member's roll applies only with more successes, so it is never dramatic
        member = _hubris_pool(rng, request, dice, size)
        dramatic = dramatic * (member == 0)
        total = np.maximum(total, member)
    code = np.select(
        [dramatic == 1, total >= 1],
        [CODE[Outcome.DRAMATIC_FAILURE], CODE[Outcome.SUCCESS]],
        CODE[Outcome.FAILURE],
    )
    return total, code


def _hubris_main(rng: Rng, request: HubrisRequest, size: int) -> tuple[Ints, Ints]:
    """The main roll's rolled successes and dramatic failures (1 or 0), rote choice made."""
    if request.dice <= 0:
        return hubris_chance(rng, request, size)
    first = roll(rng, np.full(size, request.dice), request.rule)
    rolled = first.successes
    if request.is_rote:
        second = roll(rng, first.failed, request.rule).successes
        if request.keep is Keep.SECOND:
            rolled = second
        elif request.keep is Keep.LARGER:
            rolled = np.maximum(rolled, second)
    return rolled, np.zeros(size, dtype=np.int64)


def hubris_chance(rng: Rng, request: HubrisRequest, size: int) -> tuple[Ints, Ints]:
    """A hubris chance die: a rote rolls a failed die again and keeps one roll (ruling 11)."""
    rule, again = request.rule, request.chance_again
    first_hit, first_one = chance(rng, rule, size, again=again, rote=False)
    if not request.is_rote:
        return first_hit, first_one
    second_hit, second_one = chance(rng, rule, size, again=again, rote=False)
    rerolled = first_hit == 0  # only a failed chance die is picked up
    second_hit, second_one = second_hit * rerolled, second_one * rerolled
    if request.keep is Keep.FIRST:
        return first_hit, first_one
    if request.keep is Keep.SECOND:
        return second_hit, second_one
    # the better roll: more successes, then a failure over a dramatic failure
    better = (second_hit > first_hit) | ((second_hit == first_hit) & (second_one < first_one))
    return np.where(better, second_hit, first_hit), np.where(better, second_one, first_one)


def _hubris_pool(rng: Rng, request: HubrisRequest, dice: int, size: int) -> Ints:
    """A team member's successes: ``dice`` dice, or a chance die at zero or less."""
    if dice <= 0:
        return chance(rng, request.rule, size, again=request.chance_again, rote=False)[0]
    return roll(rng, np.full(size, dice), request.rule).successes


def custom(rng: Rng, request: CustomRequest, size: int) -> tuple[Ints, Ints]:
    """Successes and outcome codes of ``size`` custom pools."""
    first = roll(rng, np.full(size, request.pool.size), request.rule)
    successes, ones = first.successes, first.ones
    if request.rote:
        second = roll(rng, first.failed, request.rule)
        # a picked-up die's 1 no longer counts; the new dice's ones do
        successes = successes + second.successes
        ones = ones - first.first_ones + second.ones
    total = np.maximum(0, successes - ones) if request.cancel else successes
    botch = (successes == 0) & (ones >= 1) & request.botch
    code = np.select(
        [total >= 1, botch], [CODE[Outcome.SUCCESS], CODE[Outcome.BOTCH]], CODE[Outcome.FAILURE]
    )
    return total, code
