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
    heal,
    new_track,
    pass_time,
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


def test_a_full_track_upgrades_the_least_severe_wound() -> None:
    track = track_of(5, L, L, B, B, B)
    assert track.full and track.state is State.UNCONSCIOUS_RISK
    # an aggravated point finds no box: a bashing wound becomes lethal, not a new aggravated one
    track = take_damage(track, 1, A)
    assert kinds(track) == [L, L, L, B, B]


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


def test_the_dead_are_not_healed_by_care_any_more_than_by_time() -> None:
    dead = track_of(5, *[A] * 5)
    assert pass_time(dead, 52 * 7 * DAY) == dead
    with pytest.raises(SheetError, match="no care or power heals the dead"):
        heal(dead, 1000)
    with pytest.raises(SheetError, match="no wound to heal"):
        heal(new_track(2), 1)


def test_a_resistant_point_upgrading_a_wound_makes_it_resistant() -> None:
    track = take_damage(track_of(5, *[B] * 5), 1, L, resistant=True)
    assert kinds(track) == [L, B, B, B, B] and track.boxes[0].resistant


@pytest.mark.parametrize("points", [0, -1, 1001])
def test_damage_and_healing_are_bounded(points: int) -> None:
    with pytest.raises(SheetError, match=r"1\.\.1000 points"):
        take_damage(new_track(2), points, B)
    with pytest.raises(SheetError, match=r"1\.\.1000 points"):
        heal(track_of(7, B), points)
    with pytest.raises(SheetError, match="forward"):
        pass_time(new_track(2), -5)
