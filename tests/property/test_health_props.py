"""Invariants of the Health track under any sequence of damage, care, time and Stamina changes.

The two of ruling 13 that issue 21 names: more damage never leaves a character less hurt (tracks
compared by :func:`at_least_as_hurt`, box by box), and healing time is never moved between
wounds (the time counted toward the next point is the time passed since damage or care last
changed the track, less what the points healed since then took).
"""

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
    resize,
    stabilize,
    take_damage,
)
from tests.hypothesis_profiles import examples

DAY = 24 * 60

damage = st.tuples(
    st.just("damage"),
    st.integers(1, 20),
    st.sampled_from(list(Wound)),
    st.booleans(),
    st.booleans(),
)
care = st.tuples(st.just("heal"), st.integers(1, 20), st.sampled_from([None, *Wound]))
time = st.tuples(st.just("time"), st.integers(0, 20 * DAY))
stamina_change = st.tuples(st.just("stamina"), st.integers(0, 10))
steps = st.lists(st.one_of(damage, care, time, stamina_change), max_size=25)

Move = tuple[object, ...]


def severities(track: HealthTrack) -> list[int]:
    """The track's boxes left to right as numbers: 3 aggravated .. 1 bashing, 0 empty."""
    return [int(b.wound) for b in track.boxes] + [0] * (track.size - len(track.boxes))


def at_least_as_hurt(more: HealthTrack, less: HealthTrack) -> bool:
    """The severity order: each box of ``more`` holds a wound at least as severe as the same
    box of ``less`` (both sorted, most severe first; an empty box is the least of all)."""
    a, b = severities(more), severities(less)
    return len(a) == len(b) and all(x >= y for x, y in zip(a, b, strict=True))


def apply_move(track: HealthTrack, move: Move) -> HealthTrack:
    """One move as the campaign makes it (care refused: the track as it was)."""
    kind = move[0]
    if kind == "damage":
        _, points, wound, resistant, treatable = move
        return take_damage(track, points, wound, resistant, treatable)  # type: ignore[arg-type]
    if kind == "heal":
        _, points, wound = move
        try:
            return heal(track, points, wound)  # type: ignore[arg-type]
        except SheetError:
            return track
    if kind == "stamina":
        return resize(track, move[1])  # type: ignore[arg-type]
    return pass_time(track, move[1])  # type: ignore[arg-type]


def step(track: HealthTrack, move: Move) -> HealthTrack:
    after = apply_move(track, move)
    if move[0] == "damage":
        assert at_least_as_hurt(after, track)  # more damage never leaves one less hurt
    elif move[0] == "heal" and after != track:
        assert len(after.boxes) < len(track.boxes) or sum(severities(after)) < sum(
            severities(track)
        )
    elif move[0] == "time" and track.state is State.DEAD:
        assert after == track
    return after


@settings(max_examples=examples(300))
@given(st.integers(0, 10), steps)
def test_the_track_stays_sorted_within_its_boxes(stamina: int, moves: list[Move]) -> None:
    track = new_track(stamina)
    for move in moves:
        track = step(track, move)
        wounds = [b.wound for b in track.boxes]
        assert wounds == sorted(wounds, reverse=True)
        assert len(track.boxes) <= track.size
        assert 0 <= track.banked < (MINUTES_TO_HEAL[wounds[-1]] if wounds else 1)
        assert all(b.resistant or not b.treatable for b in track.boxes)
        if track.unconscious:
            assert track.state is State.UNCONSCIOUS


def _track(stamina: int, moves: list[Move]) -> HealthTrack:
    track = new_track(stamina)
    for move in moves:
        track = apply_move(track, move)
    return track


@settings(max_examples=examples(300))
@given(st.integers(0, 10), steps, st.lists(damage, min_size=1, max_size=3), damage)
def test_damage_to_a_more_hurt_track_never_leaves_it_less_hurt(
    stamina: int, history: list[Move], extra: list[Move], blow: Move
) -> None:
    # any track, and one more hurt than it: the same blow leaves the second at least as hurt
    less = _track(stamina, history)
    more = less
    for move in extra:
        more = apply_move(more, move)
    assert at_least_as_hurt(more, less)
    assert at_least_as_hurt(apply_move(more, blow), apply_move(less, blow))


@given(st.integers(0, 10), st.lists(st.sampled_from(list(Wound)), min_size=15, max_size=15), damage)
def test_a_full_track_is_no_safer_than_an_unhurt_one(
    stamina: int, wounds: list[Wound], blow: Move
) -> None:
    # the case: Stamina 1 full of bashing, six aggravated points: dead, as the unhurt
    track = new_track(stamina)
    for wound in wounds[: track.size]:
        track = take_damage(track, 1, wound)
    assert track.full
    assert at_least_as_hurt(apply_move(track, blow), apply_move(new_track(stamina), blow))


plain_damage = st.tuples(
    st.just("damage"), st.integers(1, 20), st.sampled_from(list(Wound)), st.just(False)
).map(lambda m: (*m, False))
plain_steps = st.lists(st.one_of(plain_damage, care.map(lambda m: (*m[:2], None)), time))


@settings(max_examples=examples(300))
@given(st.integers(0, 10), plain_steps, st.data())
def test_more_damage_anywhere_in_a_story_never_leaves_the_character_less_hurt(
    stamina: int, moves: list[Move], data: st.DataObject
) -> None:
    # the same story of damage, care and time, with one more blow somewhere in it: from the
    # blow on, the character who took it is never less hurt. (Care that names a kind, and
    # resistant wounds, which care cannot heal, choose which wounds care treats, so they are
    # left out here: with them the blow may turn care to a more severe wound it can reach.)
    where = data.draw(st.integers(0, len(moves)), label="where")
    blow = data.draw(plain_damage, label="blow")
    less = more = new_track(stamina)
    for i, move in enumerate(moves):
        if i == where:
            more = apply_move(more, blow)
        less, more = apply_move(less, move), apply_move(more, move)
        if i >= where:
            assert at_least_as_hurt(more, less), (i, less, more)


@settings(max_examples=examples(300))
@given(st.integers(0, 10), steps)
def test_healing_time_is_never_moved_between_wounds(stamina: int, moves: list[Move]) -> None:
    track = new_track(stamina)
    since = 0  # minutes passed since damage or care (or a smaller track) last changed wounds
    spent = 0  # minutes the points healed by time since then took
    for move in moves:
        after = apply_move(track, move)
        if move[0] == "time" and not track.bleeding and track.state is not State.DEAD:
            since += int(move[1])  # type: ignore[call-overload]
            healed = track.boxes[len(after.boxes) :]
            assert after.boxes == track.boxes[: len(after.boxes)]  # the rightmost heal first
            spent += sum(MINUTES_TO_HEAL[b.wound] for b in healed)
        elif after.boxes != track.boxes:
            since = spent = 0  # a wound taken, upgraded or healed by care: a new count
        track = after
        if track.boxes and not track.bleeding and track.state is not State.DEAD:
            assert track.banked == since - spent
        if not track.boxes:
            since = spent = 0


@settings(max_examples=examples(200))
@given(st.integers(0, 10), steps, st.one_of(damage, care))
def test_after_damage_or_care_the_next_point_takes_its_whole_time(
    stamina: int, history: list[Move], move: Move
) -> None:
    before = _track(stamina, history)
    track = apply_move(before, move)
    if track == before or not track.boxes or track.state is State.DEAD:
        return
    if track.bleeding:
        track = stabilize(track)
    rate = MINUTES_TO_HEAL[track.boxes[-1].wound]
    assert pass_time(track, rate - 1).boxes == track.boxes
    assert pass_time(track, rate).boxes == track.boxes[:-1]


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


@given(st.integers(1, 10), steps, st.integers(0, 14), st.integers(0, 10))
def test_a_smaller_track_takes_the_rightmost_boxes_by_upgrading(
    stamina: int, history: list[Move], minutes: int, lower: int
) -> None:
    # ruling 19: "a smaller Health track takes the rightmost wounds' boxes by upgrading, as in
    # 13": the same as dealing the wounds that no longer fit to the kept ones, one by one
    track = pass_time(_track(stamina, history), minutes)  # some healing time counted, maybe
    lower = min(lower, stamina)
    smaller = resize(track, lower)
    size = 5 + lower
    dealt = HealthTrack(size, track.boxes[:size], track.banked)
    for box in track.boxes[size:]:
        dealt = take_damage(dealt, 1, box.wound, box.resistant, box.treatable)
    assert smaller.boxes == dealt.boxes and smaller.size == size
    if len(track.boxes) > size:
        assert smaller.banked == 0  # the upgrades start the count again
    # never less hurt than the wounds it kept, and a wound lost upgrades another
    kept = HealthTrack(size, track.boxes[:size])
    assert at_least_as_hurt(smaller, kept)
    if len(track.boxes) > size and kept.state is not State.DEAD:
        assert severities(smaller) != severities(kept)
