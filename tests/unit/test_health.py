"""The hubris Health track of ruling 13, case by case from the text."""

from __future__ import annotations

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.health import (
    MINUTES_TO_HEAL,
    Box,
    HealthTrack,
    State,
    Wound,
    downgraded_by_care,
    heal,
    new_track,
    pass_time,
    resize,
    stabilize,
    stamina_roll_failed,
    take_damage,
)

B, L, A = Wound.BASHING, Wound.LETHAL, Wound.AGGRAVATED
DAY = 24 * 60


def kinds(track: HealthTrack) -> list[Wound]:
    return [b.wound for b in track.boxes]


def track_of(size: int, *wounds: Wound) -> HealthTrack:
    track = HealthTrack(size)
    for wound in wounds:
        track = take_damage(track, 1, wound)
    return track


def test_five_plus_stamina_boxes_start_empty() -> None:
    track = new_track(2)
    assert track.size == 7 and track.boxes == () and track.state is State.OK
    assert track.to_dict()["boxes"] == [None] * 7


def test_wounds_fill_from_the_left_most_severe_first() -> None:
    track = track_of(7, L, B, A, L)
    assert kinds(track) == [A, L, L, B]
    assert track.to_dict()["boxes"] == [
        "aggravated",
        "lethal",
        "lethal",
        "bashing",
        None,
        None,
        None,
    ]


def test_a_point_no_more_severe_than_the_least_wound_upgrades_it() -> None:
    track = track_of(5, L, L, B, B, B)
    assert track.full and track.state is State.UNCONSCIOUS_RISK
    # a bashing point finds no box and is no more severe than a bashing wound: it upgrades one
    track = take_damage(track, 1, B)
    assert kinds(track) == [L, L, L, B, B]


def test_a_more_severe_point_takes_the_place_of_the_least_severe_wound_which_upgrades() -> None:
    # "first takes the place of the least severe wound if it is more severe than that wound;
    # then the point that is left without a box (... the one it displaced) upgrades the least
    # severe wound on the track one step" (ruling 13)
    track = take_damage(track_of(5, L, L, B, B, B), 1, A)
    assert kinds(track) == [A, L, L, L, B]


def test_five_bashing_then_two_lethal_and_an_aggravated_incapacitate() -> None:
    track = take_damage(take_damage(track_of(5, *[B] * 5), 2, L), 1, A)
    assert kinds(track) == [A, A, L, L, L]
    assert track.state is State.INCAPACITATED and track.bleeding


def test_a_full_track_of_bashing_dies_of_the_damage_that_kills_an_unhurt_one() -> None:
    # Stamina 1: six boxes; "more damage never leaves a character less hurt" (ruling 13)
    unhurt = take_damage(new_track(1), 6, A)
    beaten = take_damage(track_of(6, *[B] * 6), 6, A)
    assert unhurt.state is State.DEAD and beaten.state is State.DEAD
    assert kinds(take_damage(track_of(6, *[B] * 6), 3, A)) == [A, A, A, L, L, L]


def test_with_no_bashing_lethal_becomes_aggravated_and_all_aggravated_is_death() -> None:
    track = track_of(5, *[L] * 5)
    assert track.state is State.INCAPACITATED
    track = take_damage(track, 4, B)
    assert kinds(track) == [A, A, A, A, L]
    assert track.state is State.INCAPACITATED
    track = take_damage(track, 1, B)
    assert track.state is State.DEAD
    assert take_damage(track, 3, A) == track  # nothing worse than death


def test_bashing_in_the_last_box_risks_unconsciousness_until_it_heals() -> None:
    track = stamina_roll_failed(track_of(5, *[B] * 5))
    assert track.state is State.UNCONSCIOUS
    track = pass_time(track, MINUTES_TO_HEAL[B])  # the last box is cleared
    assert track.state is State.OK and not track.unconscious
    with pytest.raises(SheetError, match="bashing in the last box"):
        stamina_roll_failed(track)


def test_lethal_in_the_last_box_bleeds_a_point_a_minute_until_stabilized() -> None:
    track = track_of(5, *[L] * 5)
    assert track.bleeding
    track = pass_time(track, 3)
    assert kinds(track) == [A, A, A, L, L]
    track = stabilize(track)
    assert not track.bleeding and pass_time(track, 1).boxes == track.boxes[: -0 or None]
    with pytest.raises(SheetError, match="nothing to stabilize"):
        stabilize(track_of(5, B))


def test_a_stabilized_character_heals_from_the_right() -> None:
    track = stabilize(track_of(5, *[L] * 5))
    track = pass_time(track, 2 * DAY)
    assert kinds(track) == [L] * 4 and track.state is State.OK and not track.stabilized


def test_bleeding_out_ends_in_death() -> None:
    track = pass_time(track_of(6, *[L] * 6), 60)
    assert track.state is State.DEAD


def test_healing_takes_the_least_severe_first_at_the_base_rates() -> None:
    track = track_of(7, A, L, B, B)
    track = pass_time(track, 30)
    assert kinds(track) == [A, L]
    track = pass_time(track, 2 * DAY - 1)
    assert kinds(track) == [A, L] and track.banked == 2 * DAY - 1
    track = pass_time(track, 1)
    assert kinds(track) == [A] and track.banked == 0
    track = pass_time(track, 7 * DAY)
    assert track.boxes == () and track.banked == 0


def test_time_left_over_from_one_point_carries_to_the_next() -> None:
    track = pass_time(track_of(7, L, B), 2000)
    assert kinds(track) == [L] and track.banked == 2000 - 15
    track = pass_time(track, 2 * DAY - (2000 - 15))
    assert track.boxes == () and track.banked == 0


def test_a_fresh_bashing_wound_after_a_day_healing_a_lethal_one_takes_its_15_minutes() -> None:
    # "a wound that is taken ... starts the count of the point that now heals next from zero"
    track = take_damage(pass_time(track_of(7, L), DAY), 1, B)
    assert track.banked == 0
    assert kinds(pass_time(track, 14)) == [L, B]
    track = pass_time(track, 15)
    assert kinds(track) == [L] and track.banked == 0
    # the day spent before the bashing wound came is not the lethal point's any more
    assert kinds(pass_time(track, 2 * DAY - 1)) == [L]
    assert pass_time(track, 2 * DAY).boxes == ()


def test_a_lethal_wound_after_six_days_healing_an_aggravated_one_takes_its_two_days() -> None:
    track = take_damage(pass_time(track_of(7, A), 6 * DAY), 1, L)
    assert kinds(pass_time(track, 1)) == [A, L]
    assert kinds(pass_time(track, 2 * DAY - 1)) == [A, L]
    track = pass_time(track, 2 * DAY)
    assert kinds(track) == [A]
    assert kinds(pass_time(track, 7 * DAY - 1)) == [A]


def test_a_more_severe_wound_taken_starts_the_count_of_the_next_point_again() -> None:
    track = take_damage(pass_time(track_of(7, L), DAY), 1, A)
    assert kinds(track) == [A, L] and track.banked == 0
    assert kinds(pass_time(track, 2 * DAY - 1)) == [A, L]


def test_an_upgrade_starts_the_count_again() -> None:
    track = pass_time(track_of(5, *[B] * 5), 10)
    assert track.banked == 10
    track = take_damage(track, 1, B)  # no box: a bashing wound becomes lethal
    assert kinds(track) == [L, B, B, B, B] and track.banked == 0
    assert len(pass_time(track, 14).boxes) == 5


def test_care_that_heals_the_lethal_point_hands_no_time_to_the_aggravated_one() -> None:
    track = pass_time(track_of(7, A, L), 2 * DAY - 1)
    assert track.banked == 2 * DAY - 1
    track = heal(track, 1)
    assert kinds(track) == [A] and track.banked == 0
    assert kinds(pass_time(track, 7 * DAY - 1)) == [A]
    assert pass_time(track, 7 * DAY).boxes == ()


def test_a_lower_stamina_upgrades_by_the_lost_boxes_and_starts_the_count_again() -> None:
    # ruling 19: "a smaller Health track takes the rightmost wounds' boxes by upgrading, as in
    # 13": Stamina 2 to 0, two bashing wounds lose their boxes and upgrade two others
    track = pass_time(track_of(7, A, L, B, B, B, B, B), 10)
    smaller = resize(track, 0)
    assert kinds(smaller) == [A, L, L, L, B] and smaller.size == 5
    assert smaller.banked == 0 and pass_time(smaller, 14).boxes == smaller.boxes
    assert resize(track, 3).boxes == track.boxes and resize(track, 3).banked == 10  # more boxes


def test_time_on_an_unhurt_track_banks_nothing() -> None:
    assert pass_time(new_track(1), 10_000).banked == 0


def test_care_heals_the_least_severe_first_but_not_resistant_wounds() -> None:
    track = take_damage(track_of(7, L, B), 1, B, resistant=True)
    assert [b.resistant for b in track.boxes] == [False, False, True]
    track = heal(track, 1)
    assert track.boxes == (Box(L), Box(B, resistant=True))
    track = heal(track, 5, L)
    assert track.boxes == (Box(B, resistant=True),)
    with pytest.raises(SheetError, match="resistant wounds heal with time only"):
        heal(track, 1)
    assert pass_time(track, 15).boxes == ()  # time heals them at the base rate


def test_care_downgrades_a_treatable_resistant_wound_one_step_and_cannot_heal_it() -> None:
    # "medical care cannot heal them, but it downgrades one step (aggravated to lethal, lethal
    # to bashing) where they are treatable injuries" (ruling 13)
    track = take_damage(new_track(2), 1, A, resistant=True, treatable=True)
    track = heal(track, 1)
    assert track.boxes == (Box(L, resistant=True, treatable=True),)
    track = heal(track, 1, L)
    assert track.boxes == (Box(B, resistant=True, treatable=True),)
    with pytest.raises(SheetError, match="resistant wounds heal with time only"):
        heal(track, 1)  # a bashing wound has no step below: only time heals it
    assert pass_time(track, 14).boxes == track.boxes and pass_time(track, 15).boxes == ()


def test_the_care_that_downgrades_is_counted_as_heal_does_it() -> None:
    track = take_damage(track_of(7, A, B), 1, L, resistant=True, treatable=True)
    assert [downgraded_by_care(track, n) for n in (1, 2, 3)] == [0, 1, 1]
    assert downgraded_by_care(track, 3, A) == 0  # the aggravated one heals: not resistant
    assert downgraded_by_care(track, 1, L) == 1


def test_each_point_of_care_is_one_step_least_severe_first() -> None:
    track = take_damage(track_of(7, A, B), 1, L, resistant=True, treatable=True)
    assert kinds(heal(track, 1)) == [A, L]  # the bashing wound heals first
    assert heal(track, 2).boxes == (Box(A), Box(B, True, True))
    assert heal(track, 3).boxes == (Box(B, True, True),)  # then the aggravated one heals
    # of two lethal wounds, care heals the one it can heal before downgrading the other
    both = take_damage(track_of(7, L), 1, L, resistant=True, treatable=True)
    assert heal(both, 1).boxes == (Box(L, True, True),)


def test_a_downgrade_by_care_starts_the_count_again() -> None:
    track = take_damage(new_track(2), 1, L, resistant=True, treatable=True)
    track = heal(pass_time(track, 2 * DAY - 1), 1)
    assert kinds(track) == [B] and track.banked == 0
    assert kinds(pass_time(track, 14)) == [B]


def test_an_untreatable_resistant_wound_is_not_downgraded_and_stays_so_when_upgraded() -> None:
    track = take_damage(new_track(0), 1, A, resistant=True)
    with pytest.raises(SheetError, match="resistant wounds heal with time only"):
        heal(track, 1)
    # a treatable resistant point upgrading an untreatable wound does not make it treatable
    track = take_damage(track_of(5, *[L] * 4), 1, L, resistant=True)
    track = take_damage(track, 1, B, resistant=True, treatable=True)
    assert track.boxes[0] == Box(A, resistant=True, treatable=False)
    assert take_damage(new_track(0), 1, L, treatable=True).boxes == (Box(L),)  # not resistant


def test_the_dead_are_not_healed_by_care_any_more_than_by_time() -> None:
    dead = track_of(5, *[A] * 5)
    assert pass_time(dead, 52 * 7 * DAY) == dead
    with pytest.raises(SheetError, match="no care or power heals the dead"):
        heal(dead, 1000)
    with pytest.raises(SheetError, match="no wound to heal"):
        heal(new_track(2), 1)


def test_a_resistant_point_upgrading_a_wound_makes_it_resistant() -> None:
    track = take_damage(track_of(5, *[B] * 5), 1, B, resistant=True)
    assert kinds(track) == [L, B, B, B, B] and track.boxes[0].resistant
    # a more severe resistant point takes a box of its own; the bashing it displaced upgrades
    track = take_damage(track_of(5, *[B] * 5), 1, L, resistant=True)
    assert track.boxes == (Box(L, resistant=True), Box(L), Box(B), Box(B), Box(B))


@pytest.mark.parametrize("points", [0, -1, 1001])
def test_damage_and_healing_are_bounded(points: int) -> None:
    with pytest.raises(SheetError, match=r"1\.\.1000 points"):
        take_damage(new_track(2), points, B)
    with pytest.raises(SheetError, match=r"1\.\.1000 points"):
        heal(track_of(7, B), points)
    with pytest.raises(SheetError, match="forward"):
        pass_time(new_track(2), -5)
