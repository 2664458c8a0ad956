"""Contest winners: each system's rule, in the resolver, the exact odds and the simulation."""

from __future__ import annotations

import itertools

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.core.request import ContestRequest
from dicepool.core.result import Winner
from dicepool.core.roll import resolve_contest
from dicepool.notation import parse
from dicepool.odds import contest, simulate

from .forced import contest as forced_contest


def line(text: str) -> ContestRequest:
    request = parse(text)
    assert isinstance(request, ContestRequest)
    return request


def test_a_resisted_sundown_attack_must_keep_its_threshold() -> None:
    # 1 hit against threshold 2 never succeeds, even if the resister rolls nothing
    result = forced_contest(line("sundown 3 thr 2 vs sundown 2"), 5, 1, 1, 1, 1)
    assert result.winner is Winner.DEFENDER
    # 3 hits, 1 resisted: 2 left, threshold 2 met
    result = forced_contest(line("sundown 3 thr 2 vs sundown 2"), 5, 6, 5, 5, 1)
    assert (result.winner, result.margin) == (Winner.ATTACKER, 2)


def test_a_storypath_attacker_must_meet_its_own_difficulty() -> None:
    result = forced_contest(line("storypath 2 diff 3 vs storypath 2"), 8, 8, 1, 1)
    assert result.winner is Winner.DEFENDER
    assert result.margin == 2


@pytest.mark.parametrize(
    "text",
    [
        "sundown 2 thr 2 vs sundown 2",
        "storypath 2 diff 2 vs storypath 1",
        "chronicles 2 noagain vs chronicles 2 noagain",
    ],
)
def test_exact_contest_odds_match_every_forced_roll(text: str) -> None:
    request = line(text)
    sides = 6 if text.startswith("sundown") else 10
    dice = 4 if text.startswith("sundown") or "noagain" in text else 3
    explodes = sides == 10 and "noagain" not in text
    tally = {w.value: 0.0 for w in Winner}
    weight = 1 / sides**dice
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        if explodes and 10 in faces:
            continue  # storypath 10s explode: counted below by the exact engine instead
        tally[resolve_contest(request, ForcedDice(faces)).winner.value] += weight
    odds = contest(request)
    if not explodes:
        for side, p in tally.items():
            assert odds.winner[side] == pytest.approx(p, abs=1e-12)
    else:  # with explosions, the rolls without a 10 give lower bounds
        for side, p in tally.items():
            assert odds.winner[side] >= p - 1e-12
    assert sum(odds.winner.values()) == pytest.approx(1.0, abs=1e-12)


def test_the_simulation_settles_contests_by_the_same_rule() -> None:
    request = line("storypath 3 diff 2 vs storypath 2")
    exact = contest(request).winner
    estimate = simulate(request, 200_000, seed=5).winner
    for side in ("attacker", "defender"):
        sigma = (exact[side] * (1 - exact[side]) / 200_000) ** 0.5
        assert abs(estimate[side] - exact[side]) < 5 * sigma


def test_totals_too_unlikely_for_a_float_are_left_out_without_changing_the_margin() -> None:
    # a 1 on a d1000 fails: P(few successes of 120 dice) underflows to exact zeros
    request = line("custom 120d1000 t2 vs custom 100d1000 t2")
    odds = contest(request)
    a, d = odds.attacker.pmf, odds.defender.pmf
    assert a[:9].sum() == 0.0 < a[9:].min()  # the attacker's lowest totals underflow
    for m in range(-5, 30):
        direct = sum(a[i] * d[i - m] for i in range(a.size) if 0 <= i - m < d.size)
        assert odds.margin.get(m, 0.0) == pytest.approx(direct, rel=1e-9, abs=1e-18)
    assert sum(odds.margin.values()) == pytest.approx(1.0, abs=1e-12)
