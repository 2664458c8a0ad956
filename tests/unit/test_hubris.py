"""Hubris: Edge and Difficulty dice, chance die, rote (ruling 7), Willpower, automatic successes."""

import pytest

from dicepool.core.dice import Origin
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest
from dicepool.core.result import Outcome, Winner
from dicepool.errors import NotEnoughDice

from .forced import contest, roll


def hubris(dice: int, **options: object) -> HubrisRequest:
    return HubrisRequest(Pool.of(dice), **options)  # type: ignore[arg-type]


def test_edge_adds_and_difficulty_removes_dice_before_the_roll() -> None:
    request = hubris(6, edge=2, difficulty=1)
    assert request.dice == 7
    result = roll(request, 8, 9, 10, 2, 3, 4, 5, 7)
    assert result.counts["successes"] == 3


def test_difficulty_to_zero_rolls_a_chance_die() -> None:
    request = hubris(2, difficulty=3)
    assert roll(request, 1).outcome is Outcome.DRAMATIC_FAILURE
    assert roll(request, 10).outcome is Outcome.SUCCESS
    assert roll(request, 9).outcome is Outcome.FAILURE


def test_rote_keeps_the_larger_of_the_two_rolls() -> None:
    # first roll: 8 and 10 (exploding to 2) = 2 successes; failed originals 3,4,5 rerolled
    result = roll(hubris(5, rote=True), 8, 10, 3, 4, 5, 2, 9, 9, 8)
    assert result.counts["successes"] == 3
    assert "second" in result.notes[0]
    first = [d for d in result.dice if d.roll == 0]
    assert all(d.discarded for d in first)
    assert [d.origin for d in result.dice if d.roll == 1] == [Origin.REROLLED] * 3


def test_rote_keeps_the_first_roll_when_it_is_larger_or_equal() -> None:
    result = roll(hubris(3, rote=True), 8, 9, 2, 8)
    assert result.counts["successes"] == 2
    assert all(d.discarded for d in result.dice if d.roll == 1)


@pytest.mark.parametrize(("keep", "successes"), [(Keep.FIRST, 1), (Keep.SECOND, 0)])
def test_rote_keep_option(keep: Keep, successes: int) -> None:
    result = roll(hubris(2, rote=True, keep=keep), 8, 2, 3)
    assert result.counts["successes"] == successes


def test_willpower_adds_three_dice_and_rote() -> None:
    request = hubris(4, willpower=True, auto=1)
    assert request.dice == 7 and request.is_rote
    faces = [8, 2, 2, 2, 2, 2, 2] + [2] * 6
    result = roll(request, *faces)
    assert result.counts == {"successes": 2, "rolled": 1, "auto": 1}
    with pytest.raises(NotEnoughDice, match="at least 6 more"):
        roll(request, 8, 2, 2, 2, 2, 2, 2)


def test_automatic_successes_add_and_prevent_a_dramatic_failure() -> None:
    result = roll(hubris(0, auto=1), 1)
    assert result.outcome is Outcome.SUCCESS
    assert result.counts["successes"] == 1


def test_contest_by_higher_total_with_the_margin() -> None:
    request = ContestRequest(hubris(3, auto=1), hubris(3))
    result = contest(request, 8, 2, 2, 8, 9, 2)
    assert (result.winner, result.margin) == (Winner.TIE, 0)
    result = contest(request, 8, 9, 2, 8, 2, 2)
    assert (result.winner, result.margin) == (Winner.ATTACKER, 2)
