"""The named tracks' events, as pure transitions of a campaign: ``(state, data) -> state``.

Each event's data is a frozen record here with one way to JSON (``data()``) and one back
(``of()``), so no other layer reads the data by hand. The rules are
:mod:`~dicepool.sheet.tracks`'; a character's default tracks are those of its system with its
traits now, when the campaign's house rule keeps them on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.health import Wound
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import tracks_of, with_tracks
from dicepool.sheet.tracks import (
    DEFAULTS,
    KEPT,
    Operation,
    Track,
    TrackKind,
    Tracks,
    change_track,
    default_tracks,
    define_track,
    find,
    follows,
    new_track,
    remove_track,
    shown,
)
from dicepool.sheet.traits import name_key

Data = Mapping[str, Any]


def wound_of(kind: str | None) -> Wound | None:
    """A kind of wound as written (``lethal``), None for none.

    Raises:
        SheetError: a word that is no kind of wound.
    """
    if kind is None:
        return None
    try:
        return Wound[kind.strip().upper()]
    except KeyError:
        raise SheetError(
            f"`{kind[:20]}` is not a kind of damage: write bashing, lethal or aggravated"
        ) from None


def operation_of(operation: str) -> Operation:
    """An operation as written (``spend``), or a SheetError listing them."""
    try:
        return Operation(operation.strip().lower())
    except ValueError:
        names = ", ".join(o.value for o in Operation)
        raise SheetError(
            f"`{operation[:20]}` is no change of a track: write one of {names}"
        ) from None


@dataclass(frozen=True)
class TrackDefined:
    """``track-defined``: a track of the table's added to a character."""

    character: str
    track: str
    kind: TrackKind
    max: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "character": self.character,
            "track": self.track,
            "kind": self.kind.value,
            "max": self.max,
        }

    @classmethod
    def of(cls, data: Data) -> TrackDefined:
        """The record of an event's data."""
        return cls(
            str(data["character"]), str(data["track"]), TrackKind(data["kind"]), int(data["max"])
        )


@dataclass(frozen=True)
class TrackRemoved:
    """``track-removed``: a track taken off a character (a default one only off that one)."""

    character: str
    track: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "track": self.track}

    @classmethod
    def of(cls, data: Data) -> TrackRemoved:
        """The record of an event's data."""
        return cls(str(data["character"]), str(data["track"]))


@dataclass(frozen=True)
class TrackChanged:
    """``track-changed``: points spent or gained, damage dealt or healed, or a new maximum
    (``set-max``, ``points`` the new maximum) on one character's track."""

    character: str
    track: str
    operation: Operation
    points: int
    wound: Wound | None = None

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "character": self.character,
            "track": self.track,
            "operation": self.operation.value,
            "points": self.points,
            "wound": str(self.wound) if self.wound is not None else None,
        }

    @classmethod
    def of(cls, data: Data) -> TrackChanged:
        """The record of an event's data."""
        return cls(
            str(data["character"]),
            str(data["track"]),
            Operation(data["operation"]),
            int(data["points"]),
            wound_of(data.get("wound")),
        )


@dataclass(frozen=True)
class DefaultTracksSet:
    """``default-tracks-set``: the house rule of the default tracks turned on or off."""

    on: bool

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"on": self.on}

    @classmethod
    def of(cls, data: Data) -> DefaultTracksSet:
        """The record of an event's data."""
        return cls(bool(data["on"]))


def defaults_of(state: CampaignState, sheet: Character) -> tuple[Track, ...]:
    """The default tracks ``sheet`` carries at rest: none when the campaign turned them off."""
    return default_tracks(sheet.system, sheet.traits) if state.now.default_tracks else ()


def carried(sheet: Character, default_on: bool) -> tuple[Track, ...]:
    """Every track a character carries, defaults first (those on, when ``default_on``)."""
    defaults = default_tracks(sheet.system, sheet.traits) if default_on else ()
    return shown(tracks_of(sheet.status), defaults)


def tracks_view(sheet: Character, default_on: bool) -> list[dict[str, object]]:
    """The tracks as a sheet's JSON shows them: each track's JSON, and what its maximum
    ``follows`` (``Stamina + Size``; null for a maximum of its own)."""
    return [
        {**t.to_dict(), "follows": follows(t, sheet.system)} for t in carried(sheet, default_on)
    ]


def track_named(state: CampaignState, character: str, track: str) -> tuple[Character, Track]:
    """A character and the track it carries under ``track``, as their names are written."""
    sheet = state.character(character)
    found = find(tracks_of(sheet.status), track, defaults_of(state, sheet), sheet.name)
    return sheet, found


BY_DEFAULT = {TrackKind.DAMAGE: "Health", TrackKind.POINTS: "Willpower"}
"""The track of each kind a change takes when it names none: the default tracks' names (a
table's own track so named too)."""

KIND_WORDS = {TrackKind.DAMAGE: "damage track", TrackKind.POINTS: "track of points"}
"""Each kind of track in words, for the messages."""


def of_kind(state: CampaignState, sheet: Character, kind: TrackKind) -> tuple[Track, ...]:
    """The tracks of ``kind`` a character carries, in the sheet's order."""
    return tuple(t for t in carried(sheet, state.now.default_tracks) if t.kind is kind)


def track_for(
    state: CampaignState, character: str, track: str | None, kind: TrackKind
) -> tuple[Character, Track]:
    """A character and its track named ``track``; with none named, its track of ``kind`` that
    a change takes by default: the one called Health (damage) or Willpower (points), else the
    only one of that kind.

    Raises:
        SheetError: no track so named; with none named, no track of the kind, or several
            and none so called (the message names them).
        CampaignError: no such character.
    """
    if track is not None:
        return track_named(state, character, track)
    sheet = state.character(character)
    fit = of_kind(state, sheet, kind)
    key = name_key(BY_DEFAULT[kind])
    found = next((t for t in fit if t.key == key), fit[0] if len(fit) == 1 else None)
    if found is not None:
        return sheet, found
    what = KIND_WORDS[kind]
    if not fit and BY_DEFAULT[kind] in KEPT.get(sheet.system, ()):  # hubris's Willpower, Health
        raise SheetError(
            f"{sheet.name} carries no {what}: {sheet.system} keeps {BY_DEFAULT[kind]} by its "
            "own rules, not on a track"
        )
    if not fit:
        raise SheetError(f"{sheet.name} carries no {what}: give them one first (New track)")
    names = ", ".join(t.name for t in fit)
    raise SheetError(f"{sheet.name} has more than one {what} ({names}): name the one meant")


def _with(state: CampaignState, sheet: Character, tracks: Tracks) -> CampaignState:
    return state.with_character(replace(sheet, status=with_tracks(sheet.status, tracks)))


def _check_kept(sheet: Character, name: str) -> None:
    kept = next((k for k in KEPT.get(sheet.system, ()) if name_key(k) == name_key(name)), None)
    if kept is not None:
        raise SheetError(f"{sheet.system} keeps {kept} by its own rules; name the track otherwise")


def track_defined(state: CampaignState, data: Data) -> CampaignState:
    """``track-defined``: a new track of points (all there) or of empty boxes."""
    event = TrackDefined.of(data)
    sheet = state.character(event.character)
    _check_kept(sheet, new_track(event.track, event.kind, event.max).name)
    tracks = define_track(
        tracks_of(sheet.status),
        event.track,
        event.kind,
        event.max,
        defaults_of(state, sheet),
        sheet.name,
    )
    return _with(state, sheet, tracks)


def track_removed(state: CampaignState, data: Data) -> CampaignState:
    """``track-removed``: a track taken off a character, with what it held."""
    event = TrackRemoved.of(data)
    sheet = state.character(event.character)
    tracks = remove_track(
        tracks_of(sheet.status), event.track, defaults_of(state, sheet), sheet.name
    )
    return _with(state, sheet, tracks)


def track_changed(state: CampaignState, data: Data) -> CampaignState:
    """``track-changed``: a spend, gain, damage, healing or new maximum of one track."""
    event = TrackChanged.of(data)
    sheet = state.character(event.character)
    tracks = change_track(
        tracks_of(sheet.status),
        event.track,
        event.operation,
        event.points,
        event.wound,
        defaults_of(state, sheet),
        sheet.name,
    )
    return _with(state, sheet, tracks)


def default_tracks_set(state: CampaignState, data: Data) -> CampaignState:
    """``default-tracks-set``: the default tracks shown (on) or not (off); what they hold is
    kept either way."""
    on = DefaultTracksSet.of(data).on
    if state.system not in DEFAULTS:
        systems = " and ".join(sorted(DEFAULTS))
        raise SheetError(
            f"default tracks are {systems}'s; {state.system} keeps its own (define tracks instead)"
        )
    if state.now.default_tracks == on:
        raise SheetError(f"the default tracks are already {'on' if on else 'off'}")
    return replace(state, story=replace(state.now, default_tracks=on))
