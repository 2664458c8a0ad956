"""Trackers of actions that take several rolls: storypath Complex Actions, chronicles extended
actions, and their contests."""

from __future__ import annotations

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.storypath.momentum import Momentum
from dicepool.sheet.trackers import (
    MAX_TRACKERS,
    Kind,
    Status,
    Tracker,
    Trackers,
    add_tracker,
    award,
    buy_intervals,
    count_roll,
    put_tracker,
    remove_tracker,
    start_complex,
    start_contested,
    start_extended,
    start_opposed,
    stored_tracker,
    stored_trackers,
)


def rolls(tracker: Tracker, *turns: tuple[str, int]) -> Tracker:
    for character, successes in turns:
        tracker, _ = count_roll(tracker, character, successes)
    return tracker


def test_meeting_an_intervals_difficulty_gains_one_milestone() -> None:
    # "Milestone: Gain one when you meet the Difficulty of an Interval"; threshold successes
    # give no more
    heist = start_complex("Heist", "Ana", milestones=3, intervals=5, difficulty=2)
    heist, status = count_roll(heist, "Ana", 1)
    assert heist.progress == (0,) and heist.rolls == (1,) and status is Status.IN_PROGRESS
    heist, _ = count_roll(heist, "ana", 2)
    heist, _ = count_roll(heist, "Ana", 6)
    assert heist.progress == (2,) and heist.rolls == (3,)


def test_a_complex_action_is_complete_once_its_milestones_are_met() -> None:
    # "Once a minimum number of Milestones are met, your Complex Action is complete"
    case = start_complex("An awkward case", "Ana", milestones=2, intervals=3)
    case, status = count_roll(case, "Ana", 1)
    case, status = count_roll(case, "Ana", 1)
    assert status is Status.COMPLETE and case.finished and case.outcome == "complete"


def test_a_complex_action_fails_when_its_intervals_run_out_first() -> None:
    race = rolls(start_complex("Race", "Ana", 2, intervals=2), ("Ana", 0), ("Ana", 1))
    assert race.status is Status.FAILED and race.progress == (1,)


def test_with_no_time_pressure_any_number_of_intervals_may_fail() -> None:
    # "If under no time pressure, you can fail as many Intervals as you like"
    study = start_complex("Study", "Ana", 1)
    study = rolls(study, *[("Ana", 0)] * 60)
    assert study.status is Status.IN_PROGRESS and study.rolls == (60,)
    assert count_roll(study, "Ana", 1)[1] is Status.COMPLETE


def test_milestones_can_be_awarded_without_rolls() -> None:
    case = start_complex("Case", "Ana", 3, intervals=4)
    case, status = award(case, "Ana", 2)
    assert case.progress == (2,) and case.rolls == (0,) and status is Status.IN_PROGRESS
    assert award(case, "Ana")[1] is Status.COMPLETE
    with pytest.raises(SheetError, match="only a storypath Complex Action"):
        award(start_extended("Dig", "Ana", 5), "Ana")
    with pytest.raises(SheetError, match=r"1\.\.20"):
        award(case, "Ana", 0)


def test_momentum_buys_intervals_one_point_each() -> None:
    # "Add Interval (additional attempts) at a Complex Action" (ruling 16: one point each)
    race = start_complex("Race", "Ana", 3, intervals=2)
    race, pool = buy_intervals(race, Momentum(3, 2), 2)
    assert race.limit == 4 and pool.points == 1


def test_buying_an_interval_reopens_a_complex_action_that_ran_out() -> None:
    race = rolls(start_complex("Race", "Ana", 2, intervals=1), ("Ana", 0))
    assert race.status is Status.FAILED
    race, pool = buy_intervals(race, Momentum(1, 2))
    assert race.status is Status.IN_PROGRESS and race.limit == 2 and pool.points == 0
    assert count_roll(race, "Ana", 1)[0].progress == (1,)


def test_buying_intervals_is_refused_with_nothing_spent() -> None:
    pool = Momentum(1, 2)
    with pytest.raises(SheetError, match="holds 1, not 2"):
        buy_intervals(start_complex("Race", "Ana", 2, intervals=3), pool, 2)
    with pytest.raises(SheetError, match="no Interval limit"):
        buy_intervals(start_complex("Study", "Ana", 2), pool)
    with pytest.raises(SheetError, match="no Interval limit"):
        buy_intervals(start_extended("Dig", "Ana", 5, rolls=3), pool)
    with pytest.raises(SheetError, match="at most 50 Intervals; it has 50"):
        buy_intervals(start_complex("Long", "Ana", 2, intervals=50), pool)
    done = rolls(start_complex("Case", "Ana", 1, intervals=2), ("Ana", 1))
    with pytest.raises(SheetError, match="finished"):
        buy_intervals(done, pool)
    lost = rolls(start_opposed("Duel", "Ana", "Bo", 2, intervals=1), ("Ana", 0), ("Bo", 0))
    with pytest.raises(SheetError, match="finished"):
        buy_intervals(lost, pool)


def test_the_first_to_the_target_milestones_wins_an_opposed_action() -> None:
    # "Whoever gets to the Target Number of Milestones first wins"
    chase = start_opposed("Chase", "Ana", "Bo", milestones=2, intervals=5, difficulty=2)
    chase = rolls(chase, ("Ana", 2), ("Bo", 1), ("Bo", 3))
    chase, status = count_roll(chase, "Ana", 4)
    assert status is Status.WON and chase.winner == "Ana" and chase.outcome == "won by Ana"
    assert chase.progress == (2, 1) and chase.rolls == (2, 2)


def test_an_opposed_action_is_judged_when_both_sides_have_rolled_the_interval() -> None:
    chase = start_opposed("Chase", "Ana", "Bo", milestones=1)
    chase, status = count_roll(chase, "Ana", 1)
    assert status is Status.IN_PROGRESS  # Bo still rolls this Interval
    with pytest.raises(SheetError, match="Ana has rolled this Interval of `Chase`; Bo rolls"):
        count_roll(chase, "Ana", 1)
    _, status = count_roll(chase, "Bo", 0)
    assert status is Status.WON


def test_both_sides_at_the_target_in_one_interval_is_a_tie_to_the_defender() -> None:
    # "Contested Rolls: Roll against opponent, ties go to defender"
    chase = rolls(start_opposed("Chase", "Ana", "Bo", 1), ("Bo", 1), ("Ana", 1))
    assert chase.status is Status.WON and chase.winner == "Bo"


def test_the_most_milestones_at_the_interval_limit_wins() -> None:
    # "Whoever has the most Milestones by the Interval limit wins"
    duel = start_opposed("Duel", "Ana", "Bo", 5, intervals=2)
    duel = rolls(duel, ("Ana", 1), ("Bo", 0), ("Ana", 0), ("Bo", 0))
    assert duel.status is Status.WON and duel.winner == "Ana"
    even = rolls(start_opposed("Duel", "Ana", "Bo", 5, intervals=1), ("Ana", 1), ("Bo", 1))
    assert even.winner == "Bo"


def test_the_first_to_the_goal_wins_a_contested_extended_action() -> None:
    # "The contest is settled when one party has reached a pre-arranged number of successes"
    hunt = start_contested("Hunt", "Ana", "Bo", goal=5)
    hunt = rolls(hunt, ("Ana", 3), ("Bo", 2), ("Ana", 1), ("Bo", 2))
    assert hunt.status is Status.IN_PROGRESS and hunt.progress == (4, 4)
    hunt = rolls(hunt, ("Bo", 1), ("Ana", 0))
    assert hunt.status is Status.WON and hunt.winner == "Bo"


def test_both_at_the_goal_in_one_round_the_larger_total_wins_or_it_is_a_tie() -> None:
    ahead = rolls(start_contested("Hunt", "Ana", "Bo", 3), ("Ana", 3), ("Bo", 4))
    assert ahead.winner == "Bo"
    even = rolls(start_contested("Hunt", "Ana", "Bo", 3), ("Ana", 3), ("Bo", 3))
    assert even.status is Status.TIE and even.winner is None and even.outcome == "tie"


def test_a_contested_action_with_a_roll_limit_goes_to_the_larger_total() -> None:
    hunt = rolls(start_contested("Hunt", "Ana", "Bo", 10, rolls=1), ("Ana", 2), ("Bo", 1))
    assert hunt.winner == "Ana"
    even = rolls(start_contested("Hunt", "Ana", "Bo", 10, rolls=1), ("Ana", 2), ("Bo", 2))
    assert even.status is Status.TIE


def test_an_extended_action_adds_up_successes_to_its_goal() -> None:
    dig = start_extended("Dig", "Ana", goal=6, rolls=3)
    dig, status = count_roll(dig, "Ana", 4)
    assert dig.progress == (4,) and status is Status.IN_PROGRESS
    assert count_roll(dig, "Ana", 2)[1] is Status.COMPLETE
    short = rolls(dig, ("Ana", 1), ("Ana", 0))
    assert short.status is Status.FAILED


def test_a_finished_tracker_refuses_more_rolls() -> None:
    done = rolls(start_extended("Dig", "Ana", 2), ("Ana", 3))
    with pytest.raises(SheetError, match=r"`Dig` is finished \(complete\); start a new one"):
        count_roll(done, "Ana", 1)
    with pytest.raises(SheetError, match="finished"):
        award(rolls(start_complex("Case", "Ana", 1), ("Ana", 1)), "Ana")


def test_different_characters_perform_intervals_of_one_complex_action() -> None:
    # "Can have different characters perform different Intervals simultaneously" (ruling 20:
    # its Milestones are the table's, each roll counted where it is made)
    heist = start_complex("Heist", "Ana", milestones=3, intervals=4, difficulty=2)
    heist = rolls(heist, ("Bo", 2), ("Ana", 1), ("Cy", 3))
    assert heist.progress == (2,) and heist.rolls == (3,) and heist.status is Status.IN_PROGRESS
    heist, status = award(heist, "Bo")  # awarded to the table's count, whoever earned it
    assert status is Status.COMPLETE and heist.progress == (3,)
    race = rolls(start_complex("Race", "Ana", 2, intervals=2), ("Bo", 0), ("Cy", 0))
    assert race.status is Status.FAILED  # the Intervals are the action's, whoever rolls


def test_a_character_not_on_the_tracker_is_refused() -> None:
    with pytest.raises(SheetError, match="Cy is not on tracker `Chase`; it follows Ana, Bo"):
        count_roll(start_opposed("Chase", "Ana", "Bo", 2), "Cy", 1)


def test_successes_are_a_count() -> None:
    with pytest.raises(SheetError, match="successes"):
        count_roll(start_extended("Dig", "Ana", 2), "Ana", -1)


@pytest.mark.parametrize(
    ("start", "match"),
    [
        (lambda: start_complex("C", "Ana", 0), r"Milestones needed is 1\.\.20"),
        (lambda: start_complex("C", "Ana", 21), r"Milestones needed is 1\.\.20"),
        (lambda: start_complex("C", "Ana", 2, intervals=0), r"Intervals allowed is 1\.\.50"),
        (lambda: start_complex("C", "Ana", 2, intervals=51), r"Intervals allowed is 1\.\.50"),
        (lambda: start_complex("C", "Ana", 2, difficulty=0), r"Difficulty is 1\.\.10"),
        (lambda: start_opposed("C", "Ana", "Bo", 2, difficulty=11), r"Difficulty is 1\.\.10"),
        (lambda: start_extended("C", "Ana", 0), r"successes needed is 1\.\.100"),
        (lambda: start_contested("C", "Ana", "Bo", 101), r"successes needed is 1\.\.100"),
        (lambda: start_extended("C", "Ana", 5, rolls=0), r"rolls allowed is 1\.\.100"),
        (lambda: start_extended("C", "Ana", 5, rolls=101), r"rolls allowed is 1\.\.100"),
        (lambda: start_contested("C", "Ana", " ana ", 5), "two different characters"),
        (lambda: start_complex("vs", "Ana", 2), "cannot be a tracker name"),
        (lambda: start_complex("Chase", "9lives", 2), "cannot be a character name"),
    ],
)
def test_starting_a_tracker_checks_its_numbers_and_names(start: object, match: str) -> None:
    with pytest.raises(SheetError, match=match):
        start()  # type: ignore[operator]


def test_to_dict_shows_progress_per_character() -> None:
    chase = rolls(start_opposed(" Car  chase ", "Ana", "Bo", 3, 4, 2), ("Ana", 2))
    assert chase.to_dict() == {
        "name": "Car chase",
        "kind": "opposed",
        "target": 3,
        "limit": 4,
        "difficulty": 2,
        "progress": {"Ana": 1, "Bo": 0},
        "rolls": {"Ana": 1, "Bo": 0},
        "status": "in_progress",
        "winner": None,
        "outcome": "in progress",
    }
    assert "difficulty" not in start_extended("Dig", "Ana", 5).to_dict()


def test_a_tracker_round_trips_and_a_damaged_one_is_refused() -> None:
    chase = rolls(start_opposed("Chase", "Ana", "Bo", 1), ("Ana", 1), ("Bo", 0))
    assert stored_tracker(chase.stored()) == chase
    data = chase.stored()
    with pytest.raises(SheetError, match="damaged"):
        stored_tracker({k: v for k, v in data.items() if k != "kind"})
    with pytest.raises(SheetError, match="winner"):
        stored_tracker({**data, "winner": "Cy"})
    with pytest.raises(SheetError, match="count"):
        stored_tracker({**data, "progress": [1]})
    with pytest.raises(SheetError, match="used more than"):
        stored_tracker({**start_complex("C", "Ana", 2, 1).stored(), "rolls": [2]})
    with pytest.raises(SheetError, match="no Difficulty"):
        stored_tracker({**start_extended("Dig", "Ana", 2).stored(), "difficulty": 2})
    with pytest.raises(SheetError, match="takes 2"):
        stored_tracker({**data, "sides": ["Ana"], "progress": [0], "rolls": [0]})


def test_a_campaign_finds_its_trackers_by_name() -> None:
    trackers = add_tracker(Trackers(), start_complex("Heist", "Ana", 3))
    trackers = add_tracker(trackers, start_extended("Dig", "Bo", 5))
    assert trackers.find(" HEIST ").name == "Heist" and "dig" in trackers and len(trackers) == 2
    assert list(trackers) == ["Heist", "Dig"]
    with pytest.raises(SheetError, match="no tracker `Chase`; open trackers: Heist, Dig"):
        trackers.find("Chase")
    with pytest.raises(SheetError, match="open trackers: none"):
        Trackers().find("Chase")


def test_a_name_in_use_is_refused_until_its_tracker_is_finished() -> None:
    trackers = add_tracker(Trackers(), start_extended("Dig", "Ana", 2))
    with pytest.raises(SheetError, match="`Dig` is still open"):
        add_tracker(trackers, start_extended("dig", "Bo", 5))
    done, _ = count_roll(trackers.find("Dig"), "Ana", 2)
    trackers = put_tracker(trackers, done)
    assert trackers.find("Dig").status is Status.COMPLETE and trackers.open == ()
    trackers = add_tracker(trackers, start_extended("dig", "Bo", 5))
    assert len(trackers) == 1 and trackers.find("Dig").sides == ("Bo",)


def test_trackers_are_removed_by_name_and_kept_to_a_limit() -> None:
    trackers = add_tracker(Trackers(), start_extended("Dig", "Ana", 2))
    assert remove_tracker(trackers, "DIG") == Trackers()
    with pytest.raises(SheetError, match="no tracker"):
        remove_tracker(trackers, "Heist")
    with pytest.raises(SheetError, match="no tracker"):
        put_tracker(trackers, start_complex("Heist", "Ana", 2))
    full = Trackers(tuple(start_extended(f"T{i}", "Ana", 2) for i in range(MAX_TRACKERS)))
    with pytest.raises(SheetError, match=f"at most {MAX_TRACKERS} open trackers; finish some"):
        add_tracker(full, start_extended("More", "Ana", 2))


def test_a_full_campaign_makes_room_by_forgetting_its_oldest_finished_tracker() -> None:
    trackers = Trackers()
    for i in range(MAX_TRACKERS):
        trackers = add_tracker(trackers, start_extended(f"T{i}", "Ana", 2))
        if i in (3, 7):
            trackers = put_tracker(trackers, count_roll(trackers.find(f"T{i}"), "Ana", 2)[0])
    trackers = add_tracker(trackers, start_extended("More", "Ana", 2))
    assert len(trackers) == MAX_TRACKERS and "T3" not in trackers and "T7" in trackers
    assert list(trackers)[-1] == "More"


def test_the_campaigns_trackers_round_trip() -> None:
    assert stored_trackers({}) == Trackers()
    trackers = add_tracker(Trackers(), start_opposed("Chase", "Ana", "Bo", 2, 3, 2))
    trackers = add_tracker(trackers, rolls(start_extended("Dig", "Zoë", 4, 2), ("Zoë", 1)))
    assert stored_trackers(trackers.stored()) == trackers
    assert [t["kind"] for t in trackers.to_dict()] == [Kind.OPPOSED, Kind.EXTENDED]
