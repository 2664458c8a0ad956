"""Hubris: Edge and Difficulty dice, chance die, rote (ruling 7), Willpower, automatic successes."""

import pytest

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.dice import Origin
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest
from dicepool.core.result import Outcome, Winner
from dicepool.errors import LimitError, NotEnoughDice, RulesError

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


# --- rote on a chance die (ruling 11): keep one roll, by default the better ------------------


@pytest.mark.parametrize(
    ("options", "faces", "outcome", "kept"),
    [
        # the examples: a 5 then a 1
        ({"rote": True, "keep": Keep.FIRST}, (5, 1), Outcome.FAILURE, 0),
        ({"willpower": True}, (5, 1), Outcome.FAILURE, 0),  # the better roll: the 5
        ({"rote": True, "keep": Keep.SECOND}, (5, 1), Outcome.DRAMATIC_FAILURE, 1),
        ({"rote": True}, (1, 5), Outcome.FAILURE, 1),  # a failure over a dramatic failure
        ({"rote": True}, (1, 1), Outcome.DRAMATIC_FAILURE, 0),  # equal: the first stands
        ({"rote": True}, (3, 7), Outcome.FAILURE, 0),
        ({"rote": True}, (1, 10), Outcome.SUCCESS, 1),
        ({"rote": True, "keep": Keep.FIRST}, (1, 10), Outcome.DRAMATIC_FAILURE, 0),
        ({"rote": True}, (10,), Outcome.SUCCESS, 0),  # a 10 is not picked up: one face only
        ({"rote": True, "keep": Keep.SECOND}, (10,), Outcome.FAILURE, 1),  # an empty second roll
    ],
)
def test_rote_on_a_chance_die_keeps_one_roll(
    options: dict[str, object], faces: tuple[int, ...], outcome: Outcome, kept: int
) -> None:
    request = hubris(1, difficulty=4, **options)
    assert request.dice <= 0
    result = roll(request, *faces)
    assert result.outcome is outcome
    assert [d.roll for d in result.dice if not d.discarded] == ([kept] if kept < len(faces) else [])
    assert all(d.origin is Origin.CHANCE for d in result.dice)
    assert f"kept the {('first', 'second')[kept]} roll" in result.notes[-1]


def test_rote_chance_die_with_chance_again_reads_the_kept_rolls_extra_dice() -> None:
    # first chance die 4 (picked up), second a 10 that adds an ordinary die: 9, a success
    result = roll(hubris(0, rote=True, chance_again=True), 4, 10, 9)
    assert result.counts["successes"] == 2
    assert [d.origin for d in result.dice] == [Origin.CHANCE, Origin.CHANCE, Origin.EXPLODED]
    assert result.dice[0].discarded and result.dice[0].rerolled


def test_chronicles_rote_on_a_chance_die_still_lets_the_second_die_stand() -> None:
    # ruling 8: the reroll adds its successes; the first die's 5 had none, so the 1 stands
    result = roll(ChroniclesRequest(Pool.of(0), rote=True), 5, 1)
    assert result.outcome is Outcome.DRAMATIC_FAILURE


# --- teamwork (ruling 11): every roller rolls, the best roll applies -------------------------


def test_team_members_roll_after_the_main_roll_and_the_best_roll_applies() -> None:
    request = hubris(3, difficulty=1, team=(4, 2))
    assert request.team_dice == (3, 1) and request.all_dice == 6
    # main: 8 2 (1 success); team 1: 9 9 10, its batch 3 (3); team 2: 5 (0)
    result = roll(request, 8, 2, 9, 9, 10, 3, 5)
    assert result.counts == {"successes": 3, "rolled": 3, "auto": 0, "applied": 1}
    assert [d.roller for d in result.dice] == [0, 0, 1, 1, 1, 1, 2]
    assert [d.discarded for d in result.dice] == [True, True] + [False] * 4 + [True]
    assert result.dice[5].origin is Origin.EXPLODED
    assert result.notes[-1] == "teamwork: main roll 1, team 1 3, team 2 0; team 1's roll applies"


def test_equal_totals_apply_the_main_roll_then_the_earlier_member() -> None:
    result = roll(hubris(2, team=(2, 2)), 8, 2, 9, 3, 2, 8)
    assert result.counts["applied"] == 0
    # the main roll fails: team 1 and team 2 both score one; team 1 came first
    result = roll(hubris(2, team=(2, 2)), 2, 2, 9, 3, 8, 2)
    assert result.counts["applied"] == 1
    assert [d.discarded for d in result.dice] == [True, True, False, False, True, True]


def test_automatic_successes_and_willpower_belong_to_the_main_roll() -> None:
    request = hubris(1, auto=2, willpower=True, team=(2,))
    assert request.dice == 4 and request.team_dice == (2,)
    # main 4 dice fail, rote rerolls them and fails: 0 + 2 automatic = 2; team rolls 8 9 = 2
    result = roll(request, 2, 2, 2, 2, 3, 3, 3, 3, 8, 9)
    assert result.counts["applied"] == 0 and result.counts["successes"] == 2
    # the rote's reroll is the main roller's second roll; the team member's is a first roll
    assert [(d.roller, d.roll) for d in result.dice] == [(0, 0)] * 4 + [(0, 1)] * 4 + [(1, 0)] * 2
    # team scores 3 with an exploding 10: more than the main roll's 2, and no automatic ones
    result = roll(request, 2, 2, 2, 2, 3, 3, 3, 3, 10, 9, 8)
    assert result.counts == {"successes": 3, "rolled": 3, "auto": 0, "applied": 1}


def test_a_member_reduced_to_zero_rolls_a_chance_die() -> None:
    request = hubris(3, difficulty=3, team=(5, 2))
    assert request.team_dice == (2, -1)
    # main: chance die 1 (dramatic); team 1: 2 5 (no success); team 2: chance die 7
    result = roll(request, 1, 2, 5, 7)
    assert result.outcome is Outcome.DRAMATIC_FAILURE  # no roll beat the main one
    assert result.counts["applied"] == 0
    assert "team 2: chance die" in result.notes
    # team 2's chance die shows a 10: it applies, a success
    result = roll(request, 1, 2, 5, 10)
    assert (result.outcome, result.counts["applied"]) == (Outcome.SUCCESS, 2)
    assert result.dice[-1].origin is Origin.CHANCE and result.dice[-1].roller == 2


def test_team_dice_count_towards_the_pool_limit() -> None:
    with pytest.raises(LimitError, match="over the limit of 10000"):
        roll(hubris(6000, team=(3000, 1001)))
    with pytest.raises(RulesError, match="1 or more dice, not 0"):
        hubris(3, team=(0,))


# --- automatic successes as a guaranteed minimum (ruling 11) --------------------------------


@pytest.mark.parametrize(
    ("options", "faces", "successes", "outcome"),
    [
        ({"minimum": 2}, (8, 2, 2), 2, Outcome.SUCCESS),  # 1 rolled, at least 2
        ({"minimum": 2}, (8, 9, 10, 4), 3, Outcome.SUCCESS),  # 3 rolled: over the minimum
        ({"minimum": 2, "auto": 1}, (2, 2, 2), 2, Outcome.SUCCESS),  # 0 + 1, at least 2
        ({"minimum": 2, "auto": 1}, (8, 9, 2), 3, Outcome.SUCCESS),  # 2 + 1 added first
    ],
)
def test_minimum_is_a_floor_under_the_total_automatic_successes_included(
    options: dict[str, object], faces: tuple[int, ...], successes: int, outcome: Outcome
) -> None:
    result = roll(hubris(3, **options), *faces)
    assert (result.counts["successes"], result.outcome) == (successes, outcome)
    assert result.counts["minimum"] == 2


def test_a_minimum_saves_a_chance_die_from_a_dramatic_failure() -> None:
    result = roll(hubris(0, minimum=1), 1)
    assert (result.outcome, result.counts["successes"]) == (Outcome.SUCCESS, 1)
    assert roll(hubris(0, minimum=0), 1).outcome is Outcome.DRAMATIC_FAILURE
