"""Classic: the rules text's worked examples and rulings 4 and 5, with forced faces."""

import pytest

from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.dice import Origin
from dicepool.core.pool import Pool
from dicepool.core.result import Outcome
from dicepool.errors import RulesError

from .forced import roll


def classic(dice: int, **options: object) -> ClassicRequest:
    return ClassicRequest(Pool.of(dice), **options)  # type: ignore[arg-type]


def test_five_dice_at_six_showing_1_3_4_6_7_give_one_success() -> None:
    result = roll(classic(5, difficulty=6), 1, 3, 4, 6, 7)
    assert result.counts["successes"] == 1
    assert result.counts["rolled"] == 2
    assert result.counts["cancelled"] == 1
    assert result.outcome is Outcome.SUCCESS
    one, *_, six, seven = result.dice
    assert one.cancels == 1 and six.cancelled == 1 and seven.standing == 1


def test_same_dice_at_a_higher_difficulty_botch() -> None:
    # "Had the difficulty been higher, he would have wound up with zero successes and
    # potentially botched the roll entirely."
    assert roll(classic(5, difficulty=8), 1, 3, 4, 6, 7).outcome is Outcome.BOTCH
    result = roll(classic(5, difficulty=7), 1, 3, 4, 6, 7)
    assert result.counts["successes"] == 0
    assert result.outcome is Outcome.FAILURE  # the 7 was cancelled: not a botch (ruling 5)


def test_threshold_two_with_two_successes_and_a_failure_is_a_botch() -> None:
    result = roll(classic(3, threshold=2), 6, 9, 1)
    assert result.outcome is Outcome.BOTCH
    assert result.counts["removed"] == 2
    assert all(d.removed == 1 for d in result.dice[:2])


def test_threshold_removes_successes_before_ones() -> None:
    # three successes, threshold 1, one 1: 3 - 1 = 2 stand, the 1 cancels one -> 1
    result = roll(classic(4, threshold=1), 6, 7, 8, 1)
    assert result.counts["successes"] == 1
    assert result.outcome is Outcome.SUCCESS


def test_no_successes_and_no_ones_is_a_plain_failure() -> None:
    result = roll(classic(3), 2, 3, 5)
    assert result.outcome is Outcome.FAILURE
    assert result.counts["successes"] == 0


def test_ones_never_take_successes_below_zero() -> None:
    result = roll(classic(4), 6, 1, 1, 1)
    assert result.counts["successes"] == 0
    assert result.outcome is Outcome.FAILURE


@pytest.mark.parametrize(
    ("extra", "successes"),
    [(8, 3), (1, 1)],
)
def test_sniper_specialty_example(extra: int, successes: int) -> None:
    # Precision 3 + Firearms 4 at difficulty 8: 2,3,3,5,7,8,10, then the specialty's die.
    request = classic(7, difficulty=8, specialty=Specialty())
    result = roll(request, 2, 3, 3, 5, 7, 8, 10, extra)
    assert result.counts["successes"] == successes
    assert result.dice[-1].origin is Origin.SPECIALTY
    assert result.dice[6].exploded


def test_specialty_dice_chain_on_tens() -> None:
    result = roll(classic(2, difficulty=6, specialty=Specialty()), 10, 3, 10, 10, 4)
    assert [d.origin for d in result.dice] == [Origin.ROLLED] * 2 + [Origin.SPECIALTY] * 3
    assert result.counts["successes"] == 3


def test_specialty_never_rolls_no_extra_die() -> None:
    result = roll(classic(3, difficulty=8, specialty=Specialty(Policy.NEVER)), 10, 1, 9)
    assert len(result.dice) == 3
    assert result.counts["successes"] == 1


def test_specialty_until_stops_once_enough_successes_stand() -> None:
    request = classic(7, difficulty=8, specialty=Specialty(Policy.UNTIL, until=2))
    result = roll(request, 2, 3, 3, 5, 7, 8, 10)  # two stand already: no extra die
    assert len(result.dice) == 7
    assert not result.dice[-1].exploded
    result = roll(request.__class__(Pool.of(3), 8, 0, Specialty(Policy.UNTIL, 3)), 10, 10, 2, 9)
    # 2 stand after the first pool: roll for the first 10 (9 -> 3 stand), stop before the second
    assert result.counts["successes"] == 3
    assert [d.exploded for d in result.dice[:2]] == [True, False]


def test_specialty_double_counts_a_ten_twice() -> None:
    result = roll(classic(3, specialty=Specialty(Policy.DOUBLE)), 10, 1, 4)
    assert result.counts["successes"] == 1  # two from the 10, one cancelled by the 1
    assert len(result.dice) == 3


def test_willpower_success_is_not_cancelled_and_prevents_a_botch() -> None:
    result = roll(classic(3, willpower=True), 1, 1, 3)
    assert result.counts["successes"] == 1
    assert result.outcome is Outcome.SUCCESS


def test_guard_example_threshold_two_at_difficulty_five() -> None:
    request = classic(6, difficulty=5, threshold=2)
    assert roll(request, 5, 6, 8, 2, 3, 4).counts["successes"] == 1  # pushes him off
    assert roll(request, 5, 6, 8, 1, 3, 4).outcome is Outcome.FAILURE  # scary fight
    assert roll(request, 5, 6, 1, 2, 3, 4).outcome is Outcome.BOTCH  # goes over the edge


@pytest.mark.parametrize("difficulty", [1, 11])
def test_difficulty_is_two_to_ten(difficulty: int) -> None:
    with pytest.raises(RulesError, match=r"2\.\.10"):
        classic(5, difficulty=difficulty)


def test_a_pool_of_zero_cannot_be_rolled() -> None:
    with pytest.raises(RulesError, match="at least one die"):
        roll(ClassicRequest(Pool.of(2, -2)))
