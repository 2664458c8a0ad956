"""Invariants of the Health track under any sequence of damage, care and time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.errors import SheetError
from dicepool.sheet.health import (
    MINUTES_TO_HEAL,
    HealthTrack,
    State,
    Wound,
    heal,
    new_track,
    pass_time,
    take_damage,
)

damage = st.tuples(
    st.just("damage"), st.integers(1, 20), st.sampled_from(list(Wound)), st.booleans()
)
care = st.tuples(st.just("heal"), st.integers(1, 20), st.sampled_from([None, *Wound]))
time = st.tuples(st.just("time"), st.integers(0, 20 * 24 * 60))
steps = st.lists(st.one_of(damage, care, time), max_size=25)


def severity(track: HealthTrack) -> int:
    return sum(b.wound for b in track.boxes)


def step(track: HealthTrack, move: tuple[object, ...]) -> HealthTrack:
    kind = move[0]
    if kind == "damage":
        _, points, wound, resistant = move
        after = take_damage(track, points, wound, resistant)  # type: ignore[arg-type]
        assert severity(after) >= severity(track)
        return after
    if kind == "heal":
        _, points, wound = move
        try:
            after = heal(track, points, wound)  # type: ignore[arg-type]
        except SheetError:
            return track
        assert len(after.boxes) < len(track.boxes)
        return after
    after = pass_time(track, move[1])  # type: ignore[arg-type]
    if track.state is State.DEAD:
        assert after == track
    return after


@settings(max_examples=300)
@given(st.integers(0, 10), steps)
def test_the_track_stays_sorted_within_its_boxes(
    stamina: int, moves: list[tuple[object, ...]]
) -> None:
    track = new_track(stamina)
    for move in moves:
        track = step(track, move)
        wounds = [b.wound for b in track.boxes]
        assert wounds == sorted(wounds, reverse=True)
        assert len(track.boxes) <= track.size == 5 + stamina
        assert track.banked >= 0
        if not track.boxes:
            assert track.banked == 0
        if track.unconscious:
            assert track.state is State.UNCONSCIOUS


@given(st.integers(0, 10), st.integers(1, 40), st.sampled_from(list(Wound)))
def test_enough_damage_always_kills_and_death_stays(stamina: int, extra: int, wound: Wound) -> None:
    size = 5 + stamina
    track = take_damage(new_track(stamina), 3 * size, wound)
    assert track.state is State.DEAD
    assert take_damage(track, extra, wound) == track


@given(st.integers(0, 10), st.lists(st.sampled_from(list(Wound)), max_size=15))
def test_time_enough_heals_every_wound_but_a_bleeding_one(
    stamina: int, wounds: list[Wound]
) -> None:
    track = new_track(stamina)
    for wound in wounds:
        track = take_damage(track, 1, wound)
    if track.bleeding or track.state is State.DEAD:
        return
    total = sum(MINUTES_TO_HEAL[b.wound] for b in track.boxes)
    assert pass_time(track, total).boxes == ()
    if track.boxes:
        assert pass_time(track, total - 1).boxes != ()
