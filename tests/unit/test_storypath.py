"""Storypath: target number, Difficulty, enhancement, complications, botch, Momentum, degrees."""

import pytest

from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest
from dicepool.core.result import Outcome, Winner
from dicepool.core.storypath import DEGREES, StorypathRequest
from dicepool.errors import RulesError

from .forced import contest, roll


def storypath(dice: int, **options: object) -> StorypathRequest:
    return StorypathRequest(Pool.of(dice), **options)  # type: ignore[arg-type]


def test_meeting_the_difficulty_succeeds_with_threshold_successes_above_it() -> None:
    result = roll(storypath(5, difficulty=2), 8, 9, 8, 3, 2)
    assert result.outcome is Outcome.SUCCESS  # ruling 6: meet or exceed
    assert result.counts["threshold_successes"] == 1
    assert result.label == "Competent"


def test_target_number_can_be_lower() -> None:
    assert roll(storypath(3, target=7), 7, 6, 2).counts["successes"] == 1


def test_ten_again() -> None:
    result = roll(storypath(2), 10, 3, 10, 4)
    assert result.counts["successes"] == 2


def test_enhancement_only_with_a_rolled_success() -> None:
    request = storypath(7, target=7, difficulty=2, enhancement=1, complications=(1,))
    helped = roll(request, 7, 2, 3, 4, 5, 6, 2)
    assert helped.counts["successes"] == 2 and helped.outcome is Outcome.SUCCESS
    unhelped = roll(request, 2, 2, 3, 4, 5, 6, 2)
    assert unhelped.counts["successes"] == 0 and unhelped.counts["enhancement"] == 0


def test_complications_too_dear_stand_and_the_next_is_still_considered() -> None:
    request = storypath(6, complications=(1, 3, 1))
    result = roll(request, 8, 8, 8, 9, 2, 2)  # 4 successes: threshold 3
    # ruling 10: 1 is bought (2 left), 3 is too dear and stands, the last 1 is bought (1 left)
    assert result.counts["complications_bought"] == 2
    assert result.counts["complications_left"] == 1
    assert result.counts["stunt_successes"] == 0  # no stunts while a complication stands
    assert result.label == "Normal"


def test_stunts_only_once_every_complication_is_bought_off() -> None:
    result = roll(storypath(3, complications=(3,)), 8, 8, 8)  # threshold 2 cannot pay 3
    assert result.counts["threshold_successes"] == 2
    assert result.counts["complications_left"] == 1
    assert result.counts["stunt_successes"] == 0
    assert result.label == "Normal"
    paid = roll(storypath(5, complications=(2, 1)), 8, 8, 8, 8, 8)  # threshold 4: 1 left
    assert paid.counts["complications_left"] == 0
    assert paid.counts["stunt_successes"] == 1
    assert paid.label == "Competent"


def test_botch_earns_three_momentum_and_plain_failure_one() -> None:
    botch = roll(storypath(3), 1, 2, 3)
    assert botch.outcome is Outcome.BOTCH and botch.counts["momentum"] == 3
    failure = roll(storypath(3), 2, 2, 3)
    assert failure.outcome is Outcome.FAILURE and failure.counts["momentum"] == 1
    with_specialty = roll(storypath(3, specialty=True), 1, 2, 3)
    assert with_specialty.counts["momentum"] == 4


def test_failure_with_a_rolled_success_is_not_a_botch() -> None:
    result = roll(storypath(3, difficulty=2), 8, 1, 1)
    assert result.outcome is Outcome.FAILURE


@pytest.mark.parametrize(("extra", "degree"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (6, 4)])
def test_degree_of_success_table(extra: int, degree: int) -> None:
    faces = [8] * (1 + extra)
    assert roll(storypath(len(faces)), *faces).label == DEGREES[degree]


def test_double_tens_house_rule() -> None:
    result = roll(storypath(2, double_tens=True), 10, 3)
    assert result.counts["successes"] == 2
    assert len(result.dice) == 2


def test_contest_ties_go_to_the_defender() -> None:
    request = ContestRequest(storypath(2), storypath(2))
    assert contest(request, 8, 2, 9, 3).winner is Winner.DEFENDER
    won = contest(request, 8, 9, 9, 3)
    assert (won.winner, won.margin) == (Winner.ATTACKER, 1)


def test_difficulty_is_at_least_one() -> None:
    with pytest.raises(RulesError, match="at least 1"):
        storypath(3, difficulty=0)
