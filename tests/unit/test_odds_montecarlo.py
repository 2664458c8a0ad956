"""Exact odds against seeded Monte Carlo: of the rules core itself, and of ``simulate``.

Every estimated probability must fall within five standard errors of the exact one (plus one
trial's worth, for probabilities near 0); the seeds are fixed, so the test is deterministic.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.custom import CustomRequest
from dicepool.core.dice import SeededDice
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.core.result import Winner
from dicepool.core.roll import resolve, resolve_contest
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SecondChance, SundownRequest
from dicepool.odds import ContestOdds, Distribution, contest, distribution, odds, simulate

P = Pool.of


def assert_within(exact: float, hits: int, trials: int, what: object) -> None:
    estimate = hits / trials
    sigma = (exact * (1 - exact) / trials) ** 0.5
    assert abs(estimate - exact) <= 5 * sigma + 1 / trials, (what, exact, estimate)
    if exact == 0:
        assert hits == 0, what


def assert_distribution(exact: Distribution, totals: Counter[int], outcomes: Counter[str]) -> None:
    trials = sum(totals.values())
    for k in set(range(exact.pmf.size)) | set(totals):
        p = float(exact.pmf[k]) if k < exact.pmf.size else 0.0
        assert_within(p, totals[k], trials, ("total", k))
    assert set(outcomes) <= set(exact.outcomes)
    for name, p in exact.outcomes.items():
        assert_within(p, outcomes[name], trials, name)


CORE_CHECKS: list[tuple[RollRequest, int]] = [
    (ChroniclesRequest(P(6), again=8, rote=True), 8000),
    (ChroniclesRequest(P(0), rote=True, chance_again=True), 10000),
    (ClassicRequest(P(7), difficulty=8, threshold=1, specialty=Specialty(Policy.UNTIL, 2)), 8000),
    (ClassicRequest(P(5), difficulty=6, specialty=Specialty(Policy.UNTIL, 1)), 8000),
    (HubrisRequest(P(4), rote=True), 8000),
    (StorypathRequest(P(3), difficulty=3, assists=(2, 1), scale=1), 8000),
    (HubrisRequest(P(3), willpower=True, keep=Keep.SECOND, again=9), 8000),
    (HubrisRequest(P(1), difficulty=2, rote=True, chance_again=True), 10000),
    (CustomRequest(P(4), sides=6, target=4, again=6, cancel=True, botch=True, rote=True), 8000),
]


@pytest.mark.slow
@pytest.mark.parametrize(("request_", "trials"), CORE_CHECKS, ids=repr)
def test_exact_odds_match_the_core_rolled_many_times(request_: RollRequest, trials: int) -> None:
    source = SeededDice(2024)
    results = [resolve(request_, source) for _ in range(trials)]
    assert_distribution(
        distribution(request_),
        Counter(r.total for r in results),
        Counter(r.outcome.value for r in results),
    )


@pytest.mark.slow
def test_contest_odds_match_the_core_rolled_many_times() -> None:
    request = ContestRequest(StorypathRequest(P(4)), StorypathRequest(P(3), target=7))
    source = SeededDice(7)
    trials = 4000
    results = [resolve_contest(request, source) for _ in range(trials)]
    exact = contest(request)
    winners = Counter(r.winner.value for r in results)
    for name, p in exact.winner.items():
        assert_within(p, winners[name], trials, name)
    margins = Counter(r.attacker.total - r.defender.total for r in results)
    for margin, p in exact.margin.items():
        assert_within(p, margins[margin], trials, ("margin", margin))
    assert set(margins) <= set(exact.margin)


SIMULATED: list[Request] = [
    SundownRequest(P(6), threshold=2, second_chance=SecondChance.ZERO),
    SundownRequest(P(-1), edge=3, second_chance=SecondChance.MISSES),
    ChroniclesRequest(P(5), again=9, rote=True),
    ChroniclesRequest(P(1, -2), chance_again=True, again=8),
    ClassicRequest(P(6), difficulty=8, threshold=1, specialty=Specialty(Policy.UNTIL, 2)),
    ClassicRequest(P(6), difficulty=9, specialty=Specialty(Policy.DOUBLE), willpower=True),
    ClassicRequest(P(4), difficulty=4, threshold=2, specialty=Specialty()),
    StorypathRequest(P(4), enhancement=2, difficulty=3, double_tens=True),
    StorypathRequest(P(3), difficulty=4, assists=(2, 3), scale=1, target=7),
    HubrisRequest(P(4), rote=True),
    HubrisRequest(P(2), difficulty=3, rote=True, chance_again=True),
    CustomRequest(P(3), sides=12, target=8, double=11, again=10, botch=True, rote=True),
    ContestRequest(SundownRequest(P(5)), SundownRequest(P(4))),
    ContestRequest(HubrisRequest(P(3)), HubrisRequest(P(3), rote=True)),
    HubrisRequest(P(1), difficulty=3, willpower=True),  # rote on a chance die: the better roll
    HubrisRequest(P(0), rote=True, keep=Keep.SECOND, chance_again=True),
    HubrisRequest(P(3), auto=1, minimum=3, rote=True),
    HubrisRequest(P(4), difficulty=2, team=(5, 3, 1), again=9),
    HubrisRequest(P(1), difficulty=2, team=(2, 1), chance_again=True),
    ContestRequest(HubrisRequest(P(3), team=(4,)), HubrisRequest(P(4)), Winner.ATTACKER),
    ContestRequest(ChroniclesRequest(P(4)), ChroniclesRequest(P(4)), Winner.DEFENDER),
]


@pytest.mark.parametrize("request_", SIMULATED, ids=repr)
def test_simulate_agrees_with_the_exact_odds(request_: Request) -> None:
    trials = 100_000
    exact, estimate = odds(request_), simulate(request_, trials, seed=11)
    assert type(exact) is type(estimate)
    if isinstance(exact, ContestOdds):
        assert isinstance(estimate, ContestOdds)
        for name, p in exact.winner.items():
            assert_within(p, round(estimate.winner[name] * trials), trials, name)
        for k in set(exact.margin) | set(estimate.margin):
            hits = round(estimate.margin.get(k, 0.0) * trials)
            assert_within(exact.margin.get(k, 0.0), hits, trials, ("margin", k))
        return
    assert isinstance(estimate, Distribution)
    assert list(estimate.outcomes) == list(exact.outcomes)
    assert estimate.tail_bound == 0.0
    counts = np.rint(estimate.pmf * trials).astype(int)
    assert_distribution(
        exact,
        Counter({k: int(c) for k, c in enumerate(counts)}),
        Counter({k: round(p * trials) for k, p in estimate.outcomes.items()}),
    )


def test_simulate_is_reproducible() -> None:
    request = ChroniclesRequest(P(7), rote=True)
    one, two = simulate(request, 1000, seed=5), simulate(request, 1000, seed=5)
    assert isinstance(one, Distribution) and isinstance(two, Distribution)
    np.testing.assert_array_equal(one.pmf, two.pmf)
