"""Chronicles: the rules text's examples, N-again, rote (ruling 8), chance die (ruling 3)."""

import pytest

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.dice import Origin
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest
from dicepool.core.result import Outcome, Winner
from dicepool.errors import NotEnoughDice, RulesError

from .forced import contest, roll


def chronicles(*terms: int, **options: object) -> ChroniclesRequest:
    return ChroniclesRequest(Pool.of(*terms), **options)  # type: ignore[arg-type]


def test_eight_or_more_is_a_success() -> None:
    result = roll(chronicles(3, 2), 8, 7, 9, 1, 3)  # Manipulation 3 + Subterfuge 2
    assert result.counts["successes"] == 2
    assert result.outcome is Outcome.SUCCESS
    assert result.label == "Success"


def test_five_successes_are_exceptional() -> None:
    result = roll(chronicles(6), 8, 8, 9, 9, 8, 2)
    assert result.outcome is Outcome.EXCEPTIONAL
    assert result.label == "Exceptional success"


def test_ten_again_rerolls_until_no_ten() -> None:
    result = roll(chronicles(2), 10, 3, 10, 8)
    assert result.counts["successes"] == 3
    assert [d.origin for d in result.dice] == [Origin.ROLLED] * 2 + [Origin.EXPLODED] * 2
    assert [d.exploded for d in result.dice] == [True, False, True, False]


def test_extra_dice_come_in_batches_after_the_whole_pool() -> None:
    # ruling 9: the first pool left to right, then one batch per generation of tens
    result = roll(chronicles(3), 10, 10, 4, 10, 2, 9)
    assert [d.origin for d in result.dice] == [Origin.ROLLED] * 3 + [Origin.EXPLODED] * 3
    assert result.counts["successes"] == 4


@pytest.mark.parametrize(("again", "face"), [(9, 9), (8, 8)])
def test_nine_and_eight_again(again: int, face: int) -> None:
    result = roll(chronicles(1, again=again), face, 2)
    assert result.counts["successes"] == 1
    assert result.dice[0].exploded


def test_no_again_never_rerolls() -> None:
    result = roll(chronicles(2, again=None), 10, 10)
    assert len(result.dice) == 2
    assert result.counts["successes"] == 2


def test_resisted_roll_subtracts_the_trait() -> None:
    # the security guard's Composure 2 takes the fast-talker's 5 dice to 3
    request = chronicles(3, 2, -2)
    assert request.pool.size == 3
    with pytest.raises(NotEnoughDice, match="at least 1 more"):
        roll(request, 8, 8)


def test_rote_rerolls_failed_dice_once_and_adds() -> None:
    # 10 explodes to a 3; the 2 and 5 of the pool are rerolled (the exploded 3 is not)
    result = roll(chronicles(3, rote=True), 10, 2, 5, 3, 9, 10, 8)
    assert result.counts["successes"] == 4
    rerolled = [d for d in result.dice if d.origin is Origin.REROLLED]
    assert [d.face for d in rerolled] == [9, 10]
    assert [d.rerolled for d in result.dice[:3]] == [False, True, True]
    assert result.dice[-1].origin is Origin.EXPLODED and result.dice[-1].roll == 1


@pytest.mark.parametrize(
    ("face", "outcome"),
    [(10, Outcome.SUCCESS), (8, Outcome.FAILURE), (1, Outcome.DRAMATIC_FAILURE)],
)
def test_chance_die_at_zero_or_less(face: int, outcome: Outcome) -> None:
    result = roll(chronicles(2, -3), face)
    assert result.outcome is outcome
    assert result.dice[0].origin is Origin.CHANCE
    assert result.label == {"success": "Success", "failure": "Failure"}.get(
        outcome.value, "Dramatic failure"
    )


def test_chance_die_ten_is_not_rerolled_by_default_but_can_be() -> None:
    assert len(roll(chronicles(0), 10).dice) == 1
    result = roll(chronicles(0, chance_again=True), 10, 8)
    assert result.counts["successes"] == 2  # the extra die is an ordinary 8+ die


def test_chance_die_with_rote_rolls_once_more() -> None:
    result = roll(chronicles(0, rote=True), 1, 10)
    assert result.outcome is Outcome.SUCCESS
    assert roll(chronicles(0, rote=True), 5, 1).outcome is Outcome.DRAMATIC_FAILURE


def test_contest_most_successes_wins_and_a_tie_is_a_tie() -> None:
    request = ContestRequest(chronicles(2), chronicles(2))
    won = contest(request, 8, 9, 8, 2)
    assert (won.winner, won.margin) == (Winner.ATTACKER, 1)
    tied = contest(request, 8, 2, 9, 3)
    assert (tied.winner, tied.margin) == (Winner.TIE, 0)
    lost = contest(request, 1, 2, 9, 9)
    assert (lost.winner, lost.margin) == (Winner.DEFENDER, 2)


def test_again_must_be_eight_nine_or_ten() -> None:
    with pytest.raises(RulesError):
        chronicles(3, again=7)
