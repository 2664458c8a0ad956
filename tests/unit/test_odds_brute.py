"""Exact odds against brute force: every sequence of faces, resolved by the real rules core.

The enumeration feeds the core's own ``resolve`` forced faces, one more whenever it asks for
one (``NotEnoughDice``), and weights each finished roll by its probability. Faces that every
rule of the request reads alike (e.g. 2..7 at target 8) are enumerated once with their joint
weight; ``test_face_classes_change_nothing`` checks that shortcut against every single face.
Chains of explosions are followed until a branch's weight falls below ``floor``; the weight left
unfinished is ``lost`` and every probability must agree within ``lost`` + 1e-12.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import TypeVar

import pytest

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.custom import CustomRequest
from dicepool.core.dice import ForcedDice
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest, RollRequest
from dicepool.core.result import Winner
from dicepool.core.roll import resolve, resolve_contest
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SecondChance, SundownRequest
from dicepool.errors import NotEnoughDice
from dicepool.odds import contest, distribution

P = Pool.of
K = TypeVar("K", int, str)


class _Prefix(ForcedDice):
    """Forced faces that remember the die size the core asked for last."""

    sides = 0

    def roll(self, sides: int, count: int) -> list[int]:
        self.sides = sides
        return super().roll(sides, count)


@dataclass
class Enumerated:
    """Probabilities found by enumeration (a sub-measure) and the weight left unfinished."""

    totals: dict[int, float]
    outcomes: dict[str, float]
    winners: dict[str, float]
    lost: float


def breakpoints(request: RollRequest) -> set[int]:
    """Faces where some rule of ``request`` starts reading a face differently.

    A face's reading is its successes, whether it adds a die, whether it is a one (only where
    ones count), and, for a chance die or a classic specialty, whether it is a 10.
    """
    if isinstance(request, SundownRequest):
        return {5}
    rule = request.rule
    points = {rule.target, rule.again or 1, rule.double or 1}
    if rule.ones:
        points.add(2)
    chance = isinstance(request, ChroniclesRequest) and request.pool.size <= 0
    if isinstance(request, HubrisRequest):  # the main roll's or a team member's chance die
        chance = chance or min((request.dice, *request.team_dice)) <= 0
    if chance:
        points |= {2, 10}
    if isinstance(request, ClassicRequest):
        points.add(10)
    return points


def face_classes(sides: int, points: set[int], every_face: bool) -> list[tuple[int, float]]:
    """(representative face, probability) for each class of faces read alike."""
    if every_face:
        return [(face, 1 / sides) for face in range(1, sides + 1)]
    cuts = sorted({p for p in points if 1 <= p <= sides} | {1, sides + 1})
    return [(low, (high - low) / sides) for low, high in pairwise(cuts)]


def enumerate_odds(
    request: RollRequest | ContestRequest, floor: float = 1e-15, every_face: bool = False
) -> Enumerated:
    """Every roll of ``request``, depth-first, resolved by the core with forced faces."""
    if isinstance(request, ContestRequest):
        points = breakpoints(request.attacker) | breakpoints(request.defender)
    else:
        points = breakpoints(request)
    found = Enumerated(defaultdict(float), defaultdict(float), defaultdict(float), 0.0)
    stack: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    while stack:
        faces, weight = stack.pop()
        source = _Prefix(faces)
        try:
            if isinstance(request, ContestRequest):
                result = resolve_contest(request, source)
                found.winners[result.winner.value] += weight
                found.totals[result.attacker.total - result.defender.total] += weight
                continue
            rolled = resolve(request, source)
        except NotEnoughDice:
            if weight < floor:
                found.lost += weight
            else:
                for face, p in face_classes(source.sides, points, every_face):
                    stack.append(((*faces, face), weight * p))
            continue
        found.totals[rolled.total] += weight
        found.outcomes[rolled.outcome.value] += weight
    return found


def assert_close(exact: Mapping[K, float], found: Mapping[K, float], lost: float) -> None:
    for key in set(exact) | set(found):
        have, want = exact.get(key, 0.0), found.get(key, 0.0)
        # the enumeration misses at most `lost`, and never adds any
        assert want - 1e-12 <= have <= want + lost + 1e-12, (key, have, want, lost)


def check(request: RollRequest, floor: float = 1e-15, every_face: bool = False) -> float:
    found = enumerate_odds(request, floor, every_face)
    odds = distribution(request)
    pmf = {k: float(p) for k, p in enumerate(odds.pmf)}
    assert_close(pmf, found.totals, found.lost)
    assert_close(odds.outcomes, found.outcomes, found.lost)
    assert set(found.outcomes) <= set(odds.outcomes)
    return found.lost


SUNDOWN = [
    SundownRequest(P(3)),
    SundownRequest(P(4), threshold=2, edge=1),
    SundownRequest(P(2, -3), edge=2),  # penalties take it to zero: Edge is the pool
    SundownRequest(P(3), threshold=2, second_chance=SecondChance.MISSES),
    SundownRequest(P(3), threshold=1, second_chance=SecondChance.ZERO),
    SundownRequest(P(0), edge=2, threshold=0, second_chance=SecondChance.ZERO),
]
CHRONICLES = [
    ChroniclesRequest(P(2)),
    ChroniclesRequest(P(3), again=None),
    ChroniclesRequest(P(2), again=9),
    ChroniclesRequest(P(1), again=8),
    ChroniclesRequest(P(2), rote=True),
    ChroniclesRequest(P(1), again=8, rote=True),
    ChroniclesRequest(P(2, -2)),  # chance die
    ChroniclesRequest(P(0), rote=True),
    ChroniclesRequest(P(1, -3), chance_again=True),
    ChroniclesRequest(P(0), chance_again=True, rote=True),
    ChroniclesRequest(P(-1), chance_again=True, again=None),  # the added die does not explode
]
CLASSIC = [
    ClassicRequest(P(4)),
    ClassicRequest(P(3), difficulty=9, threshold=1),
    ClassicRequest(P(3), difficulty=4, threshold=2),
    ClassicRequest(P(2), difficulty=10),
    ClassicRequest(P(3), difficulty=7, willpower=True),
    ClassicRequest(P(2), difficulty=8, specialty=Specialty()),
    ClassicRequest(P(2), difficulty=6, threshold=1, specialty=Specialty()),
    ClassicRequest(P(3), specialty=Specialty(Policy.NEVER)),
    ClassicRequest(P(3), difficulty=7, specialty=Specialty(Policy.DOUBLE), threshold=1),
    ClassicRequest(P(3), difficulty=7, specialty=Specialty(Policy.UNTIL, 1)),
    ClassicRequest(P(3), difficulty=8, threshold=1, specialty=Specialty(Policy.UNTIL, 2)),
    ClassicRequest(P(2), difficulty=5, specialty=Specialty(Policy.UNTIL, 3), willpower=True),
]
STORYPATH = [
    StorypathRequest(P(2)),
    StorypathRequest(P(2), target=6, difficulty=2, enhancement=2),
    StorypathRequest(P(3), difficulty=3, double_tens=True),
    StorypathRequest(P(2), target=10, enhancement=1, complications=(1, 2)),
    StorypathRequest(P(2), assists=(1,)),  # teamwork: an assistant's pool after the main roll
    StorypathRequest(P(1), difficulty=3, assists=(1, 1), scale=1),
    StorypathRequest(P(2), target=9, double_tens=True, assists=(2,), enhancement=1),
    StorypathRequest(P(2), target=6, difficulty=4, scale=2),
]
HUBRIS = [
    HubrisRequest(P(3)),
    HubrisRequest(P(2), edge=1, auto=1, target=7),
    HubrisRequest(P(2), rote=True),
    HubrisRequest(P(2), rote=True, keep=Keep.FIRST),
    HubrisRequest(P(2), rote=True, keep=Keep.SECOND, again=9),
    HubrisRequest(P(1), rote=True, again=None, target=6),
    HubrisRequest(P(1), difficulty=1),  # chance die
    HubrisRequest(P(1), difficulty=3, rote=True, chance_again=True),
    HubrisRequest(P(0), auto=1),  # a chance die with an automatic success: never dramatic
    HubrisRequest(P(0), willpower=True, difficulty=2),  # Willpower: three dice and rote
    # rote on a chance die keeps one roll (ruling 11)
    HubrisRequest(P(0), rote=True),
    HubrisRequest(P(0), rote=True, keep=Keep.FIRST),
    HubrisRequest(P(0), rote=True, keep=Keep.SECOND),
    HubrisRequest(P(1), difficulty=2, rote=True, chance_again=True, again=None),
    HubrisRequest(P(0), rote=True, auto=1),
    # a guaranteed minimum, with and without automatic successes
    HubrisRequest(P(2), minimum=2),
    HubrisRequest(P(2), minimum=3, auto=1, rote=True),
    HubrisRequest(P(0), minimum=1),
    # teamwork: the best of every roller's roll
    HubrisRequest(P(1), team=(2,)),
    HubrisRequest(P(1), team=(1, 1), again=None),
    HubrisRequest(P(1), difficulty=1, team=(1, 2)),  # chance dice for the main roll and team 1
    HubrisRequest(P(0), rote=True, team=(1,), chance_again=True),
    HubrisRequest(P(1), auto=1, minimum=2, team=(3,), again=None),
    HubrisRequest(P(0), willpower=True, keep=Keep.SECOND, team=(2,), difficulty=2, again=None),
]
CUSTOM = [
    CustomRequest(P(3), sides=6, target=5),
    CustomRequest(P(2), sides=6, target=4, cancel=True, botch=True),
    CustomRequest(P(2), sides=8, target=6, again=8, cancel=True),
    CustomRequest(P(1), sides=6, target=4, again=6, rote=True, botch=True),
    CustomRequest(P(2), sides=6, target=4, again=6, rote=True, cancel=True, botch=True),
    CustomRequest(P(2), sides=12, target=8, again=11, double=10, cancel=True),
    CustomRequest(P(3), sides=4, target=3, double=4, botch=True, rote=True),
    CustomRequest(P(1), sides=2, target=2, again=2, cancel=True),
]
ALL = SUNDOWN + CHRONICLES + CLASSIC + STORYPATH + HUBRIS + CUSTOM


@pytest.mark.parametrize("request_", ALL, ids=repr)
def test_exact_odds_equal_the_enumerated_core(request_: RollRequest) -> None:
    lost = check(request_, floor=1e-13)
    assert lost < 1e-10


@pytest.mark.parametrize(
    "request_",
    [
        ChroniclesRequest(P(1)),
        ClassicRequest(P(1), difficulty=7, specialty=Specialty()),
        StorypathRequest(P(1)),
        CustomRequest(P(1), sides=6, target=4, again=6, cancel=True),
    ],
    ids=repr,
)
def test_one_exploding_die_to_1e_12(request_: RollRequest) -> None:
    assert check(request_, floor=1e-16) < 1e-13


@pytest.mark.parametrize(
    "request_",
    [
        ClassicRequest(P(2), difficulty=7, threshold=1),
        StorypathRequest(P(2), target=9, double_tens=True, enhancement=1),
        StorypathRequest(P(1), target=9, assists=(1,), scale=1, difficulty=3),
        CustomRequest(P(2), sides=6, target=4, cancel=True, botch=True, rote=True),
        ChroniclesRequest(P(1), rote=True, again=None),
        ChroniclesRequest(P(1), again=10),
    ],
    ids=repr,
)
def test_face_classes_change_nothing(request_: RollRequest) -> None:
    check(request_, floor=1e-9, every_face=True)


@pytest.mark.parametrize(
    "request_",
    [
        ContestRequest(ChroniclesRequest(P(2)), ChroniclesRequest(P(1))),
        ContestRequest(SundownRequest(P(2)), SundownRequest(P(2))),
        ContestRequest(StorypathRequest(P(1), enhancement=1), StorypathRequest(P(1), target=7)),
        ContestRequest(ClassicRequest(P(2), difficulty=7), ClassicRequest(P(2))),
        ContestRequest(HubrisRequest(P(2)), HubrisRequest(P(1), auto=1), Winner.ATTACKER),
        ContestRequest(
            HubrisRequest(P(1), team=(1,)), HubrisRequest(P(1), again=None), Winner.DEFENDER
        ),
        ContestRequest(ChroniclesRequest(P(1)), ChroniclesRequest(P(2, -1)), Winner.ATTACKER),
        ContestRequest(
            CustomRequest(P(2), sides=6, target=5), CustomRequest(P(2), sides=6, target=4)
        ),
    ],
    ids=repr,
)
def test_contest_odds_equal_the_enumerated_core(request_: ContestRequest) -> None:
    found = enumerate_odds(request_, floor=1e-13)
    odds = contest(request_)
    assert found.lost < 1e-10
    for name in set(odds.winner) | set(found.winners):
        have, want = odds.winner[name], found.winners.get(name, 0.0)
        assert abs(have - want) <= found.lost + 1e-12
    for margin in set(odds.margin) | set(found.totals):
        have, want = odds.margin.get(margin, 0.0), found.totals.get(margin, 0.0)
        assert abs(have - want) <= found.lost + 1e-12
