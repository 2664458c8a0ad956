"""Hypothesis: whatever the dice, a result's counts and outcome agree with its dice."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.core.dice import Origin, SeededDice
from dicepool.core.request import ContestRequest, RollRequest
from dicepool.core.result import Outcome, RollResult, Winner
from dicepool.core.roll import resolve, resolve_contest
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SundownRequest
from tests.hypothesis_profiles import examples

from .strategies import contests, requests

SEEDS = st.integers(min_value=0, max_value=2**32)


def check_dice_history(result: RollResult) -> None:
    """Every extra die is owed by a die marked exploded, in the same roll of the same roller."""
    for roll in {(d.roller, d.roll) for d in result.dice}:
        dice = [d for d in result.dice if (d.roller, d.roll) == roll]
        extra = sum(d.origin is Origin.EXPLODED or d.origin is Origin.SPECIALTY for d in dice)
        assert extra == sum(d.exploded for d in dice)
    for die in result.dice:
        assert 0 <= die.removed + die.cancelled <= die.successes
        assert die.standing >= 0
        if die.rerolled:
            assert die.standing == 0
    cancelled = sum(d.cancelled for d in result.dice)
    assert cancelled == sum(d.cancels for d in result.dice)


def check_counts(result: RollResult) -> None:
    """The judged count is the standing dice plus the bonuses the system adds after the roll."""
    counts = result.counts
    standing = sum(d.standing for d in result.dice)
    request = result.request
    if isinstance(request, SundownRequest):
        assert counts["hits"] == standing
        assert counts["net_hits"] == max(0, standing - request.threshold)
        assert (result.outcome is Outcome.SUCCESS) == (standing >= request.threshold)
        return
    # storypath teamwork is the assistants' dice: it stands among the dice
    bonus = counts.get("auto", 0) + counts.get("enhancement", 0) + counts.get("scale", 0)
    # a hubris minimum lifts the total to it (counted only where the main roll applies)
    assert counts["successes"] == max(standing + bonus, counts.get("minimum", 0)) >= 0
    if "ones" in counts:
        assert counts["ones"] == sum(d.one for d in result.dice)
    if isinstance(request, StorypathRequest):
        judged = [c.counts for c in result.challenges] or [counts]
        assert len(judged) == len(request.challenges)
        met = all(
            c["successes"] >= challenge.difficulty
            for c, challenge in zip(judged, request.challenges, strict=True)
        )
        assert (result.outcome is Outcome.SUCCESS) == met  # a mixed action: every challenge
    elif result.outcome in (Outcome.SUCCESS, Outcome.EXCEPTIONAL):
        assert counts["successes"] >= 1
    else:
        assert counts["successes"] == 0
    if result.outcome in (Outcome.BOTCH, Outcome.DRAMATIC_FAILURE):
        assert any(d.face == 1 for d in result.dice)


@settings(max_examples=examples(300), deadline=None)
@given(requests(), SEEDS)
def test_counts_agree_with_the_dice(request: RollRequest, seed: int) -> None:
    result = resolve(request, SeededDice(seed))
    assert result.request == request
    check_dice_history(result)
    check_counts(result)


def expected_winner(request: ContestRequest, a: int, d: int) -> Winner:
    """The contest rules restated from the rules texts, apart from the core's table."""
    attacker = request.attacker
    if isinstance(attacker, SundownRequest):  # resistance: what is left must reach the threshold
        return Winner.ATTACKER if a - d >= max(1, attacker.threshold) else Winner.DEFENDER
    if isinstance(attacker, StorypathRequest):  # ties to the defender; meet your Difficulty
        won = a > d and a >= attacker.difficulty
        return Winner.ATTACKER if won else Winner.DEFENDER
    if a == d == 0 and request.tie_rule is Winner.ATTACKER:  # no success: nothing to match
        return Winner.DEFENDER
    return Winner.ATTACKER if a > d else Winner.DEFENDER if d > a else request.tie_rule


@settings(max_examples=examples(100), deadline=None)
@given(contests(), SEEDS)
def test_a_contest_winner_agrees_with_the_totals(request: ContestRequest, seed: int) -> None:
    result = resolve_contest(request, SeededDice(seed))
    a, d = result.attacker.total, result.defender.total
    assert result.margin == abs(a - d)
    assert result.winner is expected_winner(request, a, d)
    assert result.ties is request.tie_rule
    if result.winner is Winner.ATTACKER:  # a winning attacker never fails its own roll
        assert result.attacker.outcome in (Outcome.SUCCESS, Outcome.EXCEPTIONAL)
    if isinstance(request.attacker, SundownRequest):  # resistance: judged by the hits left
        landed = result.attacker.outcome is Outcome.SUCCESS
        assert landed == (result.winner is Winner.ATTACKER)
        assert result.attacker.counts["hits_left"] == max(0, a - d)
        assert result.defender.label.startswith("Resistance: ")
        assert (result.defender.outcome is Outcome.SUCCESS) == (not landed)
