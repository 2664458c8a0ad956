"""Exact odds against icepool 2.1.3, an independent engine (used only here and in benchmarks).

icepool expresses a die as a map of faces to outcomes, explosions with ``Again`` (to a depth, so
its answers differ from ours by less than the mass beyond that depth), and a pool as the sum of
its dice. Where ones matter, an outcome is a Vector of (successes, ones).
"""

from __future__ import annotations

from collections.abc import Callable

import icepool
import numpy as np
import pytest
from icepool import Again, Vector, d6, d10

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Specialty
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest
from dicepool.core.pool import Pool
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SecondChance, SundownRequest
from dicepool.odds import distribution

P = Pool.of
DEPTH = 30  # explosions past this depth weigh below 0.3^30 ~ 2e-16


def probabilities(die: icepool.Die[int], key: Callable[[int], int] = int) -> dict[int, float]:
    out: dict[int, float] = {}
    for outcome, quantity in die.items():
        out[key(outcome)] = out.get(key(outcome), 0.0) + quantity / die.denominator()
    return out


def assert_pmf(pmf: np.ndarray, want: dict[int, float]) -> None:
    for k in range(max(pmf.size, max(want) + 1)):
        have = float(pmf[k]) if k < pmf.size else 0.0
        assert have == pytest.approx(want.get(k, 0.0), abs=1e-9), k


def success_die(again: int | None, target: int = 8) -> icepool.Die[int]:
    """Successes of one d10 with N-again."""

    def read(face: int) -> object:
        if again is not None and face >= again:
            return 1 + Again
        return int(face >= target)

    return d10.map(read, again_depth=DEPTH)


@pytest.mark.parametrize(("n", "again"), [(1, 10), (5, 10), (7, 9), (4, 8), (6, None)])
def test_chronicles_n_again(n: int, again: int | None) -> None:
    want = probabilities(n @ success_die(again))
    assert_pmf(distribution(ChroniclesRequest(P(n), again=again)).pmf, want)


@pytest.mark.parametrize(("n", "again"), [(3, 10), (2, 8)])
def test_chronicles_rote(n: int, again: int) -> None:
    fresh = success_die(again)
    rote = d10.map(lambda f: fresh if f < 8 else (1 + fresh if f >= again else 1))
    want = probabilities(n @ rote)
    assert_pmf(distribution(ChroniclesRequest(P(n), again=again, rote=True)).pmf, want)


@pytest.mark.parametrize("n", [1, 6, 12])
def test_sundown(n: int) -> None:
    want = probabilities(n @ d6.map(lambda f: int(f >= 5)))
    assert_pmf(distribution(SundownRequest(P(n))).pmf, want)


def test_sundown_second_chance_on_the_misses() -> None:
    hit = d6.map(lambda f: int(f >= 5))
    want = probabilities(5 @ d6.map(lambda f: 1 if f >= 5 else hit))
    request = SundownRequest(P(5), second_chance=SecondChance.MISSES)
    assert_pmf(distribution(request).pmf, want)


def classic_die(difficulty: int, specialty: bool) -> icepool.Die[Vector[int]]:
    """(successes, ones) of one classic die; with a specialty a 10 adds a die."""

    def read(face: int) -> object:
        if face == 10 and specialty:
            return Vector((1, 0)) + Again
        if face == 1:
            return Vector((0, 1))
        return Vector((int(face >= difficulty), 0))

    return d10.map(read, again_depth=DEPTH)


@pytest.mark.parametrize(
    ("n", "difficulty", "threshold", "specialty"),
    [
        (1, 6, 0, False),
        (5, 6, 0, False),
        (7, 8, 1, False),
        (4, 3, 2, False),
        (6, 10, 0, False),
        (4, 6, 0, True),
        (5, 8, 1, True),
    ],
)
def test_classic_ones_threshold_and_botch(
    n: int, difficulty: int, threshold: int, specialty: bool
) -> None:
    joint = n @ classic_die(difficulty, specialty)
    total: dict[int, float] = {}
    botch = 0.0
    for (s, o), quantity in joint.items():
        p = quantity / joint.denominator()
        net = max(0, s - threshold - o)
        total[net] = total.get(net, 0.0) + p
        if s <= threshold and o >= 1:
            botch += p
    request = ClassicRequest(
        P(n),
        difficulty=difficulty,
        threshold=threshold,
        specialty=Specialty() if specialty else None,
    )
    odds = distribution(request)
    assert_pmf(odds.pmf, total)
    assert odds.outcomes["botch"] == pytest.approx(botch, abs=1e-9)


def test_storypath_enhancement_and_botch() -> None:
    def read(face: int) -> object:
        if face == 10:
            return Vector((1, 0)) + Again
        return Vector((int(face >= 7), int(face == 1)))

    joint = 4 @ d10.map(read, again_depth=DEPTH)
    total: dict[int, float] = {}
    botch = 0.0
    for (s, o), quantity in joint.items():
        p = quantity / joint.denominator()
        enhanced = s + 2 if s >= 1 else 0
        total[enhanced] = total.get(enhanced, 0.0) + p
        botch += p if s == 0 and o >= 1 else 0.0
    odds = distribution(StorypathRequest(P(4), target=7, enhancement=2, difficulty=4))
    assert_pmf(odds.pmf, total)
    assert odds.outcomes["botch"] == pytest.approx(botch, abs=1e-9)
    assert odds.outcomes["success"] == pytest.approx(
        sum(p for k, p in total.items() if k >= 4), abs=1e-9
    )


@pytest.mark.parametrize("again", [10, 9])
def test_hubris_rote_keeps_the_larger(again: int) -> None:
    # each die adds to the first roll (if it succeeded) or to the second (a fresh die if not)
    fresh = success_die(again)
    share = d10.map(
        lambda f: (
            Vector((0, 0)) + fresh.map(lambda x: Vector((0, x)))
            if f < 8
            else fresh.map(lambda x: Vector((1 + x if f >= again else 1, 0)))
        )
    )
    joint = 3 @ share
    want = probabilities(joint.map(lambda v: max(v[0], v[1])))
    assert_pmf(distribution(HubrisRequest(P(3), rote=True, again=again)).pmf, want)


def test_custom_ones_cancel_with_again() -> None:
    def read(face: int) -> object:
        if face == 6:
            return 1 + Again
        return -1 if face == 1 else int(face >= 4)

    counts = 3 @ d6.map(read, again_depth=DEPTH)
    want = probabilities(counts, key=lambda d: max(0, d))
    request = CustomRequest(P(3), sides=6, target=4, again=6, cancel=True)
    assert_pmf(distribution(request).pmf, want)
