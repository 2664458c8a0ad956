"""Odds invariants over every kind of request: probabilities sum to one, and what the core
actually rolls is always inside the support the odds give."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.core.dice import SeededDice
from dicepool.core.request import ContestRequest, RollRequest
from dicepool.core.roll import resolve, resolve_contest
from dicepool.odds import Distribution, contest, distribution, simulate
from tests.hypothesis_profiles import examples
from tests.property.strategies import contests, requests


@settings(max_examples=examples(200), deadline=None)
@given(requests(), st.integers(0, 2**32))
def test_odds_sum_to_one_and_contain_every_roll(request: RollRequest, seed: int) -> None:
    odds = distribution(request)
    assert np.all(odds.pmf >= 0)
    assert 0 <= odds.tail_bound <= 1e-15
    assert abs(float(odds.pmf.sum()) + odds.tail_bound - 1) < 1e-12
    assert abs(sum(odds.outcomes.values()) - 1) < 1e-12
    assert all(p >= 0 for p in odds.outcomes.values())
    sampled = simulate(request, 1, seed)
    assert isinstance(sampled, Distribution)
    assert set(odds.outcomes) == set(sampled.outcomes)
    source = SeededDice(seed)
    for _ in range(3):
        result = resolve(request, source)
        assert result.total < odds.pmf.size and odds.pmf[result.total] > 0
        assert odds.outcomes[result.outcome.value] > 0


@settings(max_examples=examples(60), deadline=None)
@given(contests(), st.integers(0, 2**32))
def test_contest_odds_sum_to_one_and_contain_every_contest(
    request: ContestRequest, seed: int
) -> None:
    odds = contest(request)
    assert abs(sum(odds.winner.values()) - 1) < 1e-12
    assert abs(sum(odds.margin.values()) - 1) < 1e-12
    result = resolve_contest(request, SeededDice(seed))
    assert odds.winner[result.winner.value] > 0
    assert odds.margin.get(result.attacker.total - result.defender.total, 0.0) > 0
