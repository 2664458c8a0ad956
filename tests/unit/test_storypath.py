"""Storypath: target number, Difficulty, enhancement, complications, botch, Momentum, degrees,
teamwork, Scale and mixed actions."""

import pytest

from dicepool.core.dice import ForcedDice, Origin
from dicepool.core.pool import MAX_POOL, Pool
from dicepool.core.request import ContestRequest
from dicepool.core.result import Outcome, Winner
from dicepool.core.roll import resolve
from dicepool.core.storypath import (
    DEGREES,
    MAX_ASSISTS,
    MAX_CHALLENGES,
    MAX_SCALE,
    Challenge,
    StorypathRequest,
)
from dicepool.errors import LimitError, RulesError

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


# --- teamwork and Scale (ruling 10; faces in the order of ruling 12) -------------------------


def test_teamwork_adds_the_assistants_successes_read_after_the_main_roll() -> None:
    request = storypath(3, difficulty=2, assists=(2, 1))
    # main 8 10 3, its batch 9; assistant 1: 10 2, its batch 8; assistant 2: 7
    result = roll(request, 8, 10, 3, 9, 10, 2, 8, 7)
    assert [(d.origin, d.roller) for d in result.dice] == [
        (Origin.ROLLED, 0),
        (Origin.ROLLED, 0),
        (Origin.ROLLED, 0),
        (Origin.EXPLODED, 0),
        (Origin.ROLLED, 1),
        (Origin.ROLLED, 1),
        (Origin.EXPLODED, 1),
        (Origin.ROLLED, 2),
    ]
    assert all(d.roll == 0 for d in result.dice)  # help is a first roll, not a reroll
    assert result.counts["rolled"] == 3
    assert result.counts["teamwork"] == 2
    assert result.counts["successes"] == 5
    assert result.counts["threshold_successes"] == 3


def test_help_counts_only_with_a_success_of_the_main_roll() -> None:
    request = storypath(2, difficulty=1, assists=(2,))
    result = roll(request, 2, 3, 8, 9)
    assert result.outcome is Outcome.FAILURE
    assert result.counts["successes"] == 0 and result.counts["teamwork"] == 0
    assert [d.discarded for d in result.dice] == [False, False, True, True]
    assert [d.roller for d in result.dice] == [0, 0, 1, 1]
    helped = roll(request, 8, 3, 8, 9)
    assert helped.counts["successes"] == 3 and helped.counts["teamwork"] == 2


def test_only_the_main_roll_botches() -> None:
    request = storypath(2, assists=(2,))
    assert roll(request, 2, 3, 1, 1).outcome is Outcome.FAILURE  # the assistant's ones
    assert roll(request, 1, 3, 8, 9).outcome is Outcome.BOTCH  # help does not save a botch
    assert not any(d.one for d in roll(request, 8, 3, 1, 1).dice[2:])


def test_assistants_roll_with_the_main_rolls_target_number_and_tens() -> None:
    result = roll(storypath(1, target=7, double_tens=True, assists=(2,)), 7, 10, 7)
    assert result.counts["teamwork"] == 3  # a 10 counts twice, a 7 meets the target number
    exploding = roll(storypath(1, target=7, assists=(1,)), 7, 10, 6)
    assert exploding.counts["teamwork"] == 1 and len(exploding.dice) == 3


def test_scale_adds_successes_on_the_condition_of_an_enhancement() -> None:
    request = storypath(2, difficulty=3, scale=2)
    scaled = roll(request, 8, 2)
    assert scaled.outcome is Outcome.SUCCESS and scaled.counts["scale"] == 2
    assert scaled.counts["successes"] == 3
    flat = roll(request, 2, 3)
    assert flat.counts["successes"] == 0 and flat.counts["scale"] == 0


def test_every_bonus_together_pays_for_complications() -> None:
    request = storypath(2, difficulty=2, enhancement=1, scale=1, assists=(1,), complications=(2,))
    result = roll(request, 8, 3, 9)  # 1 rolled + 1 enhancement + 1 teamwork + 1 scale
    assert result.counts["successes"] == 4
    assert result.counts["complications_left"] == 0
    assert result.label == "Normal"


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"assists": (0,)}, RulesError, "assistant rolls at least one die"),
        ({"assists": (1,) * (MAX_ASSISTS + 1)}, LimitError, "11 assistants are over the limit"),
        ({"scale": MAX_SCALE + 1}, RulesError, "Scale is 0..10, not 11"),
        ({"scale": -1}, RulesError, "Scale is 0..10, not -1"),
    ],
)
def test_teamwork_and_scale_limits(options: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        storypath(3, **options)


def test_all_the_dice_of_a_roll_stay_within_the_pool_limit() -> None:
    request = storypath(MAX_POOL - 2, assists=(2, 1))
    assert request.dice == MAX_POOL + 1
    with pytest.raises(LimitError, match="assistants' dice the roll is 10001 dice"):
        resolve(request, ForcedDice([]))


# --- mixed actions (ruling 10): one roll judged against each challenge -----------------------


def test_a_mixed_action_judges_one_roll_against_each_challenge() -> None:
    request = storypath(4, difficulty=2, enhancement=1, mixed=(Challenge(3, 0, (1,)),))
    result = roll(request, 8, 9, 3, 1)  # 2 successes
    first, second = result.challenges
    assert first.outcome is Outcome.SUCCESS and first.counts["successes"] == 3
    assert first.label == "Competent"
    assert second.outcome is Outcome.FAILURE and second.counts["successes"] == 2
    assert second.counts["complications_left"] == 1
    assert result.outcome is Outcome.FAILURE  # not every challenge was met
    assert result.label == "1 of 2 challenges met: a Consolation, or 1 Momentum"
    assert result.counts["momentum"] == 1  # one roll, one Consolation
    assert result.counts["successes"] == 3  # the counts are the first challenge's
    listed = result.to_dict()["challenges"]
    assert isinstance(listed, list)
    assert listed[1] == {**second.counts, "outcome": "failure", "label": second.label}


def test_a_mixed_action_succeeds_when_every_challenge_is_met() -> None:
    request = storypath(3, mixed=(Challenge(2, complications=(1,)), Challenge(1, 2)))
    result = roll(request, 8, 10, 4, 2)  # 2 successes
    assert [c.label for c in result.challenges] == ["Competent", "Normal", "Amazing"]
    assert result.challenges[1].counts["complications_left"] == 1  # met, with a complication
    assert result.outcome is Outcome.SUCCESS
    assert result.label == "Every challenge met: Competent, Normal, Amazing"
    assert result.counts["momentum"] == 0


def test_each_challenges_enhancement_needs_a_rolled_success_and_a_botch_is_the_rolls() -> None:
    request = storypath(2, difficulty=1, enhancement=2, mixed=(Challenge(1, 3),))
    result = roll(request, 1, 5)
    assert all(c.outcome is Outcome.BOTCH for c in result.challenges)
    assert all(c.counts["successes"] == 0 for c in result.challenges)
    assert result.outcome is Outcome.BOTCH and result.counts["momentum"] == 3


def test_teamwork_and_scale_serve_every_challenge() -> None:
    request = storypath(1, difficulty=3, scale=1, assists=(1,), mixed=(Challenge(4, 1),))
    result = roll(request, 8, 9)  # 1 rolled + 1 teamwork + 1 Scale
    assert [c.counts["successes"] for c in result.challenges] == [3, 4]
    assert result.outcome is Outcome.SUCCESS


def test_a_plain_roll_has_one_challenge_and_no_list() -> None:
    request = storypath(3, difficulty=2, complications=(1,))
    assert request.challenges == (Challenge(2, 0, (1,)),)
    result = roll(request, 8, 8, 8)
    assert result.challenges == ()
    assert "challenges" not in result.to_dict()


def test_mixed_action_limits_and_contests() -> None:
    with pytest.raises(LimitError, match="11 challenges is over the limit of 10"):
        storypath(3, mixed=(Challenge(),) * MAX_CHALLENGES)
    with pytest.raises(RulesError, match="Difficulty is at least 1"):
        Challenge(0)
    with pytest.raises(RulesError, match="complications 1 or more"):
        Challenge(1, 0, (0,))
    with pytest.raises(RulesError, match=r"mixed action \(`;`\) cannot be a side of a contest"):
        ContestRequest(storypath(3), storypath(3, mixed=(Challenge(),)))
