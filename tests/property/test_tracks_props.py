"""Invariants of the named tracks under any sequence of changes, and of their log replayed."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.errors import SheetError
from dicepool.sheet.character import new_character, parse_changes
from dicepool.sheet.events import (
    Event,
    Kind,
    campaign_event,
    changed_event,
    character_from,
    created_event,
)
from dicepool.sheet.health import Wound
from dicepool.sheet.state import CampaignState
from dicepool.sheet.tracks import Operation, Track, TrackKind, change, new_track
from dicepool.sheet.tracks_play import carried
from tests.hypothesis_profiles import examples

from .logs import Log

operations = st.tuples(
    st.sampled_from(list(Operation)),
    st.integers(1, 40),
    st.sampled_from([None, *Wound]),
)


def check(track: Track) -> None:
    """What every track holds: points within 0..max, no more wounds than boxes, sorted."""
    assert track.max >= 1
    assert 0 <= track.points <= track.max
    assert len(track.wounds) <= track.max
    assert list(track.wounds) == sorted(track.wounds, reverse=True)
    if track.kind is TrackKind.POINTS:
        assert track.wounds == ()


def step(track: Track, operation: Operation, points: int, wound: Wound | None) -> Track:
    try:
        after = change(track, operation, points, wound)
    except SheetError:
        return track
    if operation is Operation.HEAL:  # healing only takes wounds away, never makes one
        assert not Counter(after.wounds) - Counter(track.wounds)
        assert len(after.wounds) < len(track.wounds)
    if operation is Operation.DAMAGE:  # damage never leaves a track less hurt
        assert sum(after.wounds) > sum(track.wounds)
    if operation is Operation.SPEND:
        assert after.points == track.points - points
    if operation is Operation.GAIN:
        assert track.points < after.points <= track.max
    return after


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from(list(TrackKind)),
    st.integers(1, 30),
    st.lists(operations, max_size=40),
)
def test_any_changes_keep_a_track_within_its_bounds(
    kind: TrackKind, size: int, moves: list[tuple[Operation, int, Wound | None]]
) -> None:
    track = new_track("Track", kind, size)
    check(track)
    for move in moves:
        track = step(track, *move)
        check(track)


NAMES = ("Ana", "Bo")
TRACKS = ("Health", "Willpower", "Vitae", "Hull")

points_changes = st.tuples(
    st.sampled_from(["Vitae", "Willpower"]),
    st.sampled_from(["spend", "gain", "set-max"]),
    st.none(),
)
damage_changes = st.one_of(
    st.tuples(
        st.sampled_from(["Hull", "Health"]),
        st.just("damage"),
        st.sampled_from(["bashing", "lethal", "aggravated"]),
    ),
    st.tuples(
        st.sampled_from(["Hull", "Health"]),
        st.just("heal"),
        st.sampled_from([None, "bashing", "lethal", "aggravated"]),
    ),
    st.tuples(st.sampled_from(["Hull", "Health"]), st.just("set-max"), st.none()),
)
any_changes = st.tuples(  # mostly refused: the wrong kind of track or of wound
    st.sampled_from(TRACKS),
    st.sampled_from([o.value for o in Operation]),
    st.sampled_from([None, "bashing", "lethal", "aggravated"]),
)

track_changes = st.builds(
    lambda n, c, p: Event(
        Kind.TRACK_CHANGED,
        {"character": n, "track": c[0], "operation": c[1], "points": p, "wound": c[2]},
    ),
    st.sampled_from(NAMES),
    st.one_of(points_changes, damage_changes, any_changes),
    st.integers(1, 6),
)

log_events = st.one_of(
    track_changes,
    st.builds(
        lambda n, t, k, m: Event(
            Kind.TRACK_DEFINED, {"character": n, "track": t, "kind": k, "max": m}
        ),
        st.sampled_from(NAMES),
        st.sampled_from(TRACKS),
        st.sampled_from(["points", "damage"]),
        st.integers(1, 12),
    ),
    st.builds(
        lambda n, t: Event(Kind.TRACK_REMOVED, {"character": n, "track": t}),
        st.sampled_from(NAMES),
        st.sampled_from(TRACKS),
    ),
    st.builds(lambda on: Event(Kind.DEFAULT_TRACKS_SET, {"on": on}), st.booleans()),
    st.builds(
        lambda n, t, r: changed_event(n, parse_changes(f"{t}={r}")),
        st.sampled_from(NAMES),
        st.sampled_from(["Stamina", "Size", "Resolve", "Composure", "Willpower"]),
        st.integers(1, 6),
    ),
)


def _start(system: str) -> list[Event]:
    """A campaign whose characters carry Vitae (6 points) and Hull (5 boxes) besides the
    defaults of their system, so most changes find a track."""
    defined = [
        Event(Kind.TRACK_DEFINED, {"character": n, "track": t, "kind": k, "max": m})
        for n in NAMES
        for t, k, m in (("Vitae", "points", 6), ("Hull", "damage", 5))
    ]
    return [
        campaign_event("T", system),
        *(created_event(new_character(n, system)) for n in NAMES),
        *defined,
    ]


def _check_all(state: CampaignState) -> None:
    for sheet in state.characters.values():
        shown = carried(sheet, state.now.default_tracks)
        assert len({t.key for t in shown}) == len(shown)  # one track a name
        for track in shown:
            check(track)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.sampled_from(["chronicles", "classic", "custom"]),
    st.lists(st.tuples(log_events, st.sampled_from([0] * 6 + [1, 2, 4])), max_size=40),
)
def test_any_log_of_track_events_and_undos_replays_to_the_live_state(
    system: str, steps: list[tuple[Event, int]]
) -> None:
    log = Log(_start(system))
    for event, undo_back in steps:
        if undo_back:
            log.undo(undo_back)
        elif not log.append(event):
            continue
        _check_all(log.live)
    assert log.replayed() == log.live
    for sheet in log.live.characters.values():  # the projection reads back what it stored
        assert character_from(sheet.stored(), system, checked=False) == sheet
