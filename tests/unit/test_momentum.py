"""Storypath's Momentum pool, Consolations, Legend and the Feat of Scale, from the text."""

from __future__ import annotations

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.core.pool import Pool
from dicepool.core.result import Outcome
from dicepool.core.storypath import StorypathRequest, resolve
from dicepool.errors import SheetError
from dicepool.sheet.storypath.momentum import (
    DRAWBACKS,
    MAX_PENDING,
    MAX_PLAYERS,
    Advantages,
    Consolation,
    FeatCost,
    Legend,
    Momentum,
    SizedBy,
    add_advantage,
    advantage,
    check_enhancement,
    choose_consolation,
    consolation,
    feat_of_scale,
    gain,
    invoke_feat,
    regain_legend,
    seat,
    set_players,
    spend,
    spend_legend,
    stored_advantages,
    stored_legend,
    stored_momentum,
    use_advantage,
)


def test_capacity_is_twice_the_number_of_players() -> None:
    # "Capacity: twice the number of players"
    assert Momentum(0, 3).capacity == 6
    assert Momentum(2, 4).to_dict() == {
        "points": 2,
        "capacity": 8,
        "players": 4,
        "sized_by": "storyteller",
        "seated": 0,
    }


def test_the_players_are_the_seated_ones_unless_the_storyteller_sets_a_number() -> None:
    seated = Momentum(2, None, seated=3)
    assert (seated.capacity, seated.sized_by, seated.players_words()) == (
        6,
        SizedBy.SEATS,
        "3 (the seated players)",
    )
    assert seated.to_dict()["players"] == 3
    told = Momentum(2, 5, seated=3)  # the storyteller's number stands, whoever is seated
    assert (told.capacity, told.sized_by, told.players_words()) == (
        10,
        SizedBy.STORYTELLER,
        "5 (set by the storyteller)",
    )
    assert Momentum().capacity == 0
    assert "nobody sits with a character yet" in Momentum().players_words()


def test_gains_beyond_capacity_are_lost() -> None:
    pool, lost = gain(Momentum(3, 2), 3)
    assert pool == Momentum(4, 2) and lost == 2
    pool, lost = gain(Momentum(0, 2), 1)
    assert pool.points == 1 and lost == 0


def test_a_pool_sized_for_nobody_loses_every_gain() -> None:
    assert gain(Momentum(), 3) == (Momentum(), 3)


def test_the_pool_follows_the_seats_and_a_set_number_ignores_them() -> None:
    pool, lost = seat(Momentum(), 2)  # two players sit down: room for four
    assert (pool, lost) == (Momentum(0, None, 2), 0)
    pool, lost = gain(pool, 3)
    assert (pool.points, lost) == (3, 0)
    pool, lost = seat(pool, 1)  # a seat given up: the pool holds two, one is lost
    assert (pool, lost) == (Momentum(2, None, 1), 1)
    pool, lost = set_players(pool, 4)  # the storyteller's number: seats no longer size it
    assert seat(pool, 0) == (Momentum(2, 4, 0), 0)
    assert set_players(Momentum(6, 4, 1), None) == (Momentum(2, None, 1), 4)  # seats again
    for seated in (-1, MAX_PLAYERS + 1):
        with pytest.raises(SheetError, match="seats"):
            seat(Momentum(), seated)


def test_spending_more_than_the_pool_holds_says_how_many_are_left() -> None:
    assert spend(Momentum(4, 3), 3) == Momentum(1, 3)
    with pytest.raises(SheetError, match="holds 1, not 2: spend at most 1"):
        spend(Momentum(1, 3), 2)
    with pytest.raises(SheetError, match="holds 0"):
        spend(Momentum(), 1)


@pytest.mark.parametrize("n", [0, -1, 101])
def test_a_gain_or_spend_moves_1_to_100_points(n: int) -> None:
    with pytest.raises(SheetError, match=r"1\.\.100"):
        gain(Momentum(0, 2), n)
    with pytest.raises(SheetError, match=r"1\.\.100"):
        spend(Momentum(4, 2), n)


def test_a_smaller_table_loses_what_the_pool_no_longer_holds() -> None:
    assert set_players(Momentum(), 3) == (Momentum(0, 3), 0)
    assert set_players(Momentum(6, 3), 2) == (Momentum(4, 2), 2)
    assert set_players(Momentum(6, 3), 5) == (Momentum(6, 5), 0)
    for players in (0, MAX_PLAYERS + 1):
        with pytest.raises(SheetError, match="players"):
            set_players(Momentum(), players)


@pytest.mark.parametrize(
    ("points", "players", "seated"),
    [(-1, 2, 0), (5, 2, 0), (1, None, 0), (0, 0, 0), (0, MAX_PLAYERS + 1, 0), (3, None, 1)],
)
def test_a_pool_outside_its_capacity_cannot_be_made(
    points: int, players: int | None, seated: int
) -> None:
    with pytest.raises(SheetError):
        Momentum(points, players, seated)


def test_the_stored_pool_round_trips_and_empty_is_new() -> None:
    assert stored_momentum({}) == Momentum()
    for pool in (Momentum(3, 4), Momentum(3, None, 2), Momentum(1, 1, 5)):
        assert stored_momentum(pool.stored()) == pool


@pytest.mark.parametrize(
    ("outcome", "specialty", "momentum"),
    [
        # "Receive 1 for a failed roll, +1 if the roll used a Specialty, +2 if ... a Botch"
        (Outcome.FAILURE, False, 1),
        (Outcome.FAILURE, True, 2),
        # "You receive 3 Momentum on a Botch" (ruling 6: a plain botch)
        (Outcome.BOTCH, False, 3),
        (Outcome.BOTCH, True, 4),
    ],
)
def test_the_consolation_momentum_of_a_failure(
    outcome: Outcome, specialty: bool, momentum: int
) -> None:
    assert consolation(outcome, specialty) == momentum


@pytest.mark.parametrize(
    ("faces", "specialty"), [([1, 3], False), ([2, 5], True), ([9, 2], False), ([4, 4], True)]
)
def test_the_consolation_is_the_figure_core_logs(faces: list[int], specialty: bool) -> None:
    request = StorypathRequest(Pool.of(2), difficulty=2, specialty=specialty)
    result = resolve(request, ForcedDice(faces))
    assert consolation(result.outcome, specialty) == result.counts["momentum"]


def test_a_success_gives_no_consolation() -> None:
    with pytest.raises(SheetError, match="only a failure"):
        consolation(Outcome.SUCCESS)
    with pytest.raises(SheetError, match="only a failure"):
        choose_consolation(Outcome.SUCCESS, Consolation.MOMENTUM)


def test_a_failure_gives_any_of_the_four_consolations() -> None:
    for choice in Consolation:
        assert choose_consolation(Outcome.FAILURE, choice) is choice
    assert choose_consolation(Outcome.FAILURE, " Advantage ") is Consolation.ADVANTAGE
    assert Consolation.ADVANTAGE.label == "Unlooked-for Advantage"


def test_a_botch_gives_only_momentum() -> None:
    # "The only Consolation you can get from a Botch is Momentum."
    assert choose_consolation(Outcome.BOTCH, "momentum") is Consolation.MOMENTUM
    for choice in (Consolation.ENCOUNTER, Consolation.MEETING, Consolation.ADVANTAGE):
        with pytest.raises(SheetError, match="a botch gives only Momentum"):
            choose_consolation(Outcome.BOTCH, choice)


def test_an_unknown_consolation_lists_the_four() -> None:
    with pytest.raises(SheetError, match="momentum, encounter, meeting, advantage"):
        choose_consolation(Outcome.FAILURE, "luck")


def test_an_advantage_waits_for_a_later_roll_of_its_character() -> None:
    # "Unlooked-for Advantage: Failure results in a level 1 Enhancement to a future
    # (different) challenge"
    pending = add_advantage(Advantages(), advantage("Ana", 7, "the  vault door"))
    pending = add_advantage(pending, advantage("Bo", 9, "the guard"))
    pending = add_advantage(pending, advantage("ana", 12, "the escape"))
    assert pending.to_dict()[0] == {
        "character": "Ana",
        "event": 7,
        "what": "the vault door",
        "level": 1,
    }
    left, used = use_advantage(pending, "ANA")
    assert used.event == 7 and [a.event for a in left.pending] == [9, 12]
    left, used = use_advantage(pending, "Ana", event=12)
    assert used.what == "the escape" and [a.event for a in left.pending] == [7, 9]


def test_using_an_advantage_that_is_not_pending_lists_the_characters_own() -> None:
    pending = add_advantage(Advantages(), advantage("Ana", 7, "the vault door"))
    with pytest.raises(SheetError, match="Bo has no Advantage pending; theirs: none"):
        use_advantage(pending, "Bo")
    with pytest.raises(SheetError, match=r"from event 8 pending; theirs: event 7 \(the vault"):
        use_advantage(pending, "Ana", 8)


def test_one_failure_gives_one_advantage_and_few_wait() -> None:
    pending = add_advantage(Advantages(), advantage("Ana", 7, "the vault door"))
    with pytest.raises(SheetError, match="already gave an Advantage"):
        add_advantage(pending, advantage("Bo", 7, "the guard"))
    full = Advantages(tuple(advantage("Ana", e, "x") for e in range(1, MAX_PENDING + 1)))
    with pytest.raises(SheetError, match="pending"):
        add_advantage(full, advantage("Ana", 999, "x"))


@pytest.mark.parametrize(
    ("name", "event", "what"), [("", 1, "x"), ("Ana", 0, "x"), ("Ana", 1, " ")]
)
def test_an_advantage_needs_a_character_an_event_and_a_purpose(
    name: str, event: int, what: str
) -> None:
    with pytest.raises(SheetError):
        advantage(name, event, what)


def test_pending_advantages_round_trip() -> None:
    assert stored_advantages({}) == Advantages()
    pending = add_advantage(Advantages(), advantage("Zoë", 3, "the library"))
    assert stored_advantages(pending.stored()) == pending


def test_legend_points_are_spent_and_regained_within_the_rating() -> None:
    legend = spend_legend(Legend(3), 2)
    assert legend.points == 1 and legend.to_dict() == {"rating": 3, "points": 1}
    with pytest.raises(SheetError, match="1 Legend left, not 2"):
        spend_legend(legend, 2)
    assert regain_legend(legend, 1) == (Legend(3, 1), 0)
    assert regain_legend(legend, 5) == (Legend(3, 0), 3)


def test_legend_stored_form_round_trips_and_follows_a_lowered_rating() -> None:
    legend = Legend(4, 3)
    assert stored_legend(4, legend.stored()) == legend
    assert stored_legend(2, legend.stored()) == Legend(2, 2)
    assert stored_legend(3, {}) == Legend(3)
    for rating, spent in ((-1, 0), (11, 0), (2, 3), (2, -1)):
        with pytest.raises(SheetError):
            Legend(rating, spent)


def test_a_feat_of_scale_costs_one_legend_within_the_title() -> None:
    # "When invoking the title, the player may spend one Legend to increase Scale by one"
    assert feat_of_scale(True) == FeatCost(legend=1, momentum=0, scale=1)
    legend, pool, cost = invoke_feat(Legend(2), Momentum(1, 2), within_title=True)
    assert (legend.points, pool.points, cost.scale) == (1, 1, 1)


def test_outside_the_title_a_feat_also_costs_two_momentum() -> None:
    # "... a Calling keyword that is not in your Legendary Title, spend one Legend and two
    # Momentum to increase Scale by one"
    assert feat_of_scale(False) == FeatCost(legend=1, momentum=2, scale=1)
    legend, pool, _ = invoke_feat(Legend(2), Momentum(3, 2), within_title=False)
    assert (legend.points, pool.points) == (1, 1)


def test_a_feat_short_of_either_spends_nothing_and_says_what_is_short() -> None:
    with pytest.raises(SheetError, match=r"needs 2 Momentum \(the pool holds 1\)"):
        invoke_feat(Legend(2), Momentum(1, 2), within_title=False)
    with pytest.raises(SheetError, match=r"1 Legend \(left: 0\) and 2 Momentum"):
        invoke_feat(Legend(1, 1), Momentum(0, 2), within_title=False)
    with pytest.raises(SheetError, match="1 Legend"):
        invoke_feat(Legend(0), Momentum(4, 2), within_title=True)


def test_an_enhancement_above_3_needs_a_drawback() -> None:
    # "Enhancements above 3 should absolutely come with Drawbacks"
    assert check_enhancement(3) is None
    assert check_enhancement(0, "  ") is None
    assert check_enhancement(5, " drunk:  fine motor control gone ") == (
        "drunk: fine motor control gone"
    )
    with pytest.raises(SheetError, match=r"comes with a Drawback: name one, e\.g\. add a Compl"):
        check_enhancement(4)
    with pytest.raises(SheetError, match="Drawback"):
        check_enhancement(4, " ")
    assert len(DRAWBACKS) == 3


@pytest.mark.parametrize("level", [-1, 11])
def test_an_enhancement_is_0_to_10(level: int) -> None:
    with pytest.raises(SheetError, match=r"0\.\.10"):
        check_enhancement(level, "a Complication")


def test_a_drawback_is_named_briefly() -> None:
    with pytest.raises(SheetError, match="at most 100"):
        check_enhancement(4, "x" * 101)
