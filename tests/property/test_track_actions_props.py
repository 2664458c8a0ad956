"""The one-tap actions on tracks are offered exactly when their rule takes them: after any
sequence of track changes, for every track a sheet carries (and the one taken when none is
named), an action's ``why_not`` is None exactly when its least change is applied, and
otherwise the rule refuses it in the same words."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.campaign.actions import ACTIONS
from dicepool.errors import SheetError
from dicepool.sheet.character import new_character
from dicepool.sheet.events import Event, Kind, apply, campaign_event, created_event, replay
from dicepool.sheet.state import CampaignState
from dicepool.sheet.tracks import TrackKind
from dicepool.sheet.tracks_play import carried, track_for
from tests.hypothesis_profiles import examples

LEAST = {
    "damage": ("damage", "bashing"),
    "heal": ("heal", None),
    "spend": ("spend", None),
    "regain": ("gain", None),
}
"""Each action's least change: the event its why_not asks the rule about."""

KINDS = {"damage": TrackKind.DAMAGE, "heal": TrackKind.DAMAGE}

changes = st.builds(
    lambda track, operation, points, wound: Event(
        Kind.TRACK_CHANGED,
        {
            "character": "Ana",
            "track": track,
            "operation": operation,
            "points": points,
            "wound": wound if operation in ("damage", "heal") else None,
        },
    ),
    st.sampled_from(["Health", "Willpower", "Vitae", "Hull"]),
    st.sampled_from(["spend", "gain", "damage", "heal", "set-max"]),
    st.integers(1, 8),
    st.sampled_from(["bashing", "lethal", "aggravated"]),
)
defined = st.builds(
    lambda track, kind, size: Event(
        Kind.TRACK_DEFINED, {"character": "Ana", "track": track, "kind": kind, "max": size}
    ),
    st.sampled_from(["Vitae", "Hull", "Willpower", "Health"]),
    st.sampled_from(["points", "damage"]),
    st.integers(1, 6),
)
switched = st.builds(lambda on: Event(Kind.DEFAULT_TRACKS_SET, {"on": on}), st.booleans())


def start(system: str) -> CampaignState:
    return replay([campaign_event("T", system), created_event(new_character("Ana", system))])


def least(state: CampaignState, name: str, track: str | None) -> CampaignState:
    """The action's least change applied, to ``track`` (None: the one taken by default)."""
    operation, wound = LEAST[name]
    kind = KINDS.get(name, TrackKind.POINTS)
    _, found = track_for(state, "Ana", track, kind)
    data = {"character": "Ana", "track": found.name, "operation": operation, "points": 1}
    return apply(state, Event(Kind.TRACK_CHANGED, {**data, "wound": wound}))


@settings(max_examples=examples(200), deadline=None)
@given(
    st.sampled_from(["chronicles", "classic", "custom"]),
    st.lists(st.one_of(changes, changes, defined, switched), max_size=30),
)
def test_an_action_on_a_track_is_offered_exactly_when_its_rule_takes_it(
    system: str, events: list[Event]
) -> None:
    state = start(system)
    for event in events:
        try:
            state = apply(state, event)
        except SheetError:
            continue
    sheet = state.character("Ana")
    held = carried(sheet, state.now.default_tracks)
    for name in LEAST:
        action = ACTIONS[name]
        kind = KINDS.get(name, TrackKind.POINTS)
        drawn = action.tracks_of(state, "Ana")
        assert drawn == tuple(t.name for t in held if t.kind is kind)  # a form a track
        for track in (*drawn, None):
            why = action.why_not(state, "Ana", track)
            try:
                least(state, name, track)
            except SheetError as refused:
                assert why == str(refused), (name, track)
            else:
                assert why is None, (name, track, why)
