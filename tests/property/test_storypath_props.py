"""Hypothesis: a storypath roll's challenges, in the odds and in the core, agree.

Every challenge's outcome probabilities sum to one; the roll as a whole succeeds no more often
than its hardest challenge; and whatever the core rolls against each challenge has a positive
probability in that challenge's odds.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.core.dice import SeededDice
from dicepool.core.roll import resolve
from dicepool.core.storypath import StorypathRequest
from dicepool.odds import distribution
from tests.hypothesis_profiles import examples

from .strategies import requests


@settings(max_examples=examples(150), deadline=None)
@given(requests("storypath"), st.integers(0, 2**32))
def test_each_challenges_odds_hold_what_the_core_rolls(
    request: StorypathRequest, seed: int
) -> None:
    odds = distribution(request)
    assert len(odds.challenges) == (len(request.challenges) if request.mixed else 0)
    for chances in odds.challenges:
        assert abs(sum(chances.values()) - 1) < 1e-12
        assert odds.outcomes["success"] <= chances["success"] + 1e-12
        assert chances["botch"] == odds.outcomes["botch"]  # a botch is the whole roll's
    result = resolve(request, SeededDice(seed))
    assert len(result.challenges) == len(odds.challenges)
    for judged, chances in zip(result.challenges, odds.challenges, strict=True):
        assert chances[judged.outcome.value] > 0
