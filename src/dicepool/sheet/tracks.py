"""Named tracks a table keeps on a character, in any system: points, and boxes of damage.

A table keeps more than a rules text names: Vitae, Ammunition, a chronicles character's Health.
A :class:`Track` is one of two kinds:

- **points** with a maximum (Willpower 5, Vitae 10, Ammunition 6): spent and gained within
  0..max. A new track of points starts full.
- **damage**: boxes holding bashing, lethal and aggravated wounds, kept sorted, the most severe
  on the left. The wounds follow the hubris Health track's rules (:mod:`~dicepool.sheet.health`,
  reused here, not rewritten): a point of damage fills the leftmost empty box after the wounds
  at least as severe; with no empty box left it first takes the place of the least severe
  wound if it is more severe, and the point left over upgrades the least severe wound on the
  track one step (a bashing to lethal; where no bashing is left, a lethal to aggravated).
  Healing takes the least severe wounds first. A track full of
  aggravated wounds takes no more damage, but unlike a hubris character's Health it may still
  be healed: what a table's own track means is the storyteller's to say.

Chronicles and classic characters carry **default tracks** (:data:`DEFAULTS`): Health and
Willpower, whose maximum follows the sheet's traits (chronicles Health is Stamina + Size, a
sheet without Size counting the text's human 5), until the storyteller sets it by hand. A
campaign's house rule turns them off (they are then neither shown nor changed; what they hold
is kept for when they come back).

:class:`Tracks` is what a character's status keeps: its own tracks, the default tracks that are
not at rest (spent, hurt, or their maximum set by hand) and the defaults taken off the
character. A default track at rest is not stored, so a character nothing happened to stores
nothing and a rebuilt log compares equal to the projection.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.health import Box, HealthTrack, Wound, resize_to, take_damage
from dicepool.sheet.health import heal as heal_track
from dicepool.sheet.traits import check_name, name_key

MAX_TRACKS = 20
"""The most tracks of its own a character carries (the default tracks come beside them)."""

MAX_POINTS = 100
"""The largest maximum of a track of points."""

MAX_BOXES = 30
"""The most boxes of a damage track."""

MAX_NAME = 30
"""The longest name of a track."""

MAX_CHANGE = 100
"""The most points one spend, gain, damage or healing moves."""


class TrackKind(StrEnum):
    """What a track holds."""

    POINTS = "points"
    DAMAGE = "damage"


class Operation(StrEnum):
    """What a change does to a track."""

    SPEND = "spend"
    GAIN = "gain"
    DAMAGE = "damage"
    HEAL = "heal"
    SET_MAX = "set-max"


@dataclass(frozen=True)
class Track:
    """A named track.

    Attributes:
        name: its name, as the table wrote it.
        kind: points, or boxes of damage.
        max: the most points, or the number of boxes.
        points: the points there (a points track), 0..max.
        wounds: the wounds in the boxes, left to right, most severe first (a damage track).
        default: one of the system's default tracks (:data:`DEFAULTS`).
        by_hand: a default whose maximum the storyteller set: it no longer follows the traits.
    """

    name: str
    kind: TrackKind
    max: int
    points: int = 0
    wounds: tuple[Wound, ...] = ()
    default: bool = False
    by_hand: bool = False

    @property
    def key(self) -> str:
        """The key the track is found by, whatever its case or spacing."""
        return name_key(self.name)

    def to_dict(self) -> dict[str, object]:
        """The track as JSON: ``name``, ``kind``, ``max``, then ``points`` or ``boxes`` (a kind
        of wound, or null, for each box left to right), and ``default``."""
        found: dict[str, object] = {"name": self.name, "kind": self.kind.value, "max": self.max}
        if self.kind is TrackKind.POINTS:
            found["points"] = self.points
        else:
            found["boxes"] = [str(w) for w in self.wounds] + [None] * (self.max - len(self.wounds))
        found["default"] = self.default
        return found

    def stored(self) -> dict[str, object]:
        """The track as a projection keeps it (read back by :func:`stored_track`)."""
        found = self.to_dict()
        del found["default"]
        if self.kind is TrackKind.DAMAGE:
            found["boxes"] = [str(w) for w in self.wounds]
        if self.by_hand:
            found["by_hand"] = True
        return found


def stored_track(data: Mapping[str, Any], default: bool) -> Track:
    """A track from :meth:`Track.stored`'s JSON.

    Raises:
        SheetError: values out of their ranges (a projection edited by hand).
    """
    kind = TrackKind(data["kind"])
    wounds = tuple(Wound[str(w).upper()] for w in data.get("boxes", ()))
    track = Track(
        str(data["name"]),
        kind,
        int(data["max"]),
        int(data.get("points", 0)),
        tuple(sorted(wounds, reverse=True)),
        default,
        bool(data.get("by_hand", False)),
    )
    _check_max(track.kind, track.max, track.name)
    if not (0 <= track.points <= track.max and len(track.wounds) <= track.max):
        raise SheetError(f"stored track {track.name} is out of range ({data}); fix it by hand")
    return track


@dataclass(frozen=True)
class Tracks:
    """The tracks a character's status keeps.

    Attributes:
        own: the tracks defined for this character, in the order defined.
        defaults: the default tracks that are not at rest (spent, hurt, or their maximum set by
            hand), in the order of :data:`DEFAULTS`.
        removed: the keys of default tracks taken off this character.
    """

    own: tuple[Track, ...] = ()
    defaults: tuple[Track, ...] = ()
    removed: frozenset[str] = frozenset()

    def stored(self) -> dict[str, object]:
        """The tracks as a projection keeps them (read back by :func:`stored_tracks`)."""
        found: dict[str, object] = {}
        if self.own:
            found["own"] = [t.stored() for t in self.own]
        if self.defaults:
            found["defaults"] = [t.stored() for t in self.defaults]
        if self.removed:
            found["removed"] = sorted(self.removed)
        return found


def stored_tracks(data: Mapping[str, Any]) -> Tracks:
    """Tracks from :meth:`Tracks.stored`'s JSON ({}: none)."""
    return Tracks(
        tuple(stored_track(t, False) for t in data.get("own", ())),
        tuple(stored_track(t, True) for t in data.get("defaults", ())),
        frozenset(str(k) for k in data.get("removed", ())),
    )


@dataclass(frozen=True)
class Default:
    """A default track: its name, its kind, and the traits its maximum follows.

    Attributes:
        traits: each trait summed, with the rating counted when the sheet lacks it.
        base: a number added (classic Health: 7 boxes, no trait).
    """

    name: str
    kind: TrackKind
    traits: tuple[tuple[str, int], ...] = ()
    base: int = 0

    def follows(self) -> str:
        """What the maximum follows, in words (``Stamina + Size``, ``7``)."""
        words = [t for t, _ in self.traits] + ([str(self.base)] if self.base else [])
        return " + ".join(words)

    def size(self, traits: Mapping[str, int]) -> int:
        """The maximum on a sheet with ``traits``, kept within the bounds of its kind."""
        total = self.base + sum(_rating(traits, t, absent) for t, absent in self.traits)
        return min(max(total, 1), MAX_POINTS if self.kind is TrackKind.POINTS else MAX_BOXES)

    def track(self, traits: Mapping[str, int]) -> Track:
        """The default at rest on a sheet with ``traits``: every point there, no wound."""
        size = self.size(traits)
        points = size if self.kind is TrackKind.POINTS else 0
        return Track(self.name, self.kind, size, points, default=True)


def _rating(traits: Mapping[str, int], trait: str, absent: int) -> int:
    key = name_key(trait)
    return next((v for t, v in traits.items() if name_key(t) == key), absent)


HUMAN_SIZE = 5
"""A chronicles sheet without a Size trait counts an adult human's Size."""

DEFAULTS: dict[str, tuple[Default, ...]] = {
    "chronicles": (
        Default("Health", TrackKind.DAMAGE, (("Stamina", 1), ("Size", HUMAN_SIZE))),
        Default("Willpower", TrackKind.POINTS, (("Resolve", 1), ("Composure", 1))),
    ),
    "classic": (
        Default("Health", TrackKind.DAMAGE, base=7),  # the text's heading says no more
        Default("Willpower", TrackKind.POINTS, (("Willpower", 1),)),
    ),
}
"""The default tracks of each system that has them, in the order shown."""

KEPT: dict[str, tuple[str, ...]] = {
    "hubris": ("Health", "Willpower", "Morality"),
    "sundown": ("Edge", "Power"),
    "storypath": ("Legend", "Momentum"),
}
"""What a system's own rules already keep: no track of the table takes those names."""


def default_tracks(system: str, traits: Mapping[str, int]) -> tuple[Track, ...]:
    """The default tracks of a ``system`` sheet with ``traits``, at rest (none for most)."""
    return tuple(d.track(traits) for d in DEFAULTS.get(system, ()))


def follows(track: Track, system: str) -> str | None:
    """What a track's maximum follows (``Stamina + Size``), or None: its own maximum."""
    if not track.default or track.by_hand:
        return None
    return next((d.follows() for d in DEFAULTS.get(system, ()) if d.name == track.name), None)


def check_track_name(name: str) -> str:
    """A track's name, tidied, or a SheetError saying what is wrong."""
    name = check_name(name, "track")
    if len(name) > MAX_NAME:
        raise SheetError(f"a track name is at most {MAX_NAME} characters; shorten `{name[:20]}...`")
    return name


def _check_max(kind: TrackKind, size: int, name: str) -> None:
    most, what = (MAX_POINTS, "points") if kind is TrackKind.POINTS else (MAX_BOXES, "boxes")
    if not 1 <= size <= most:
        raise SheetError(f"{name}: a {kind} track holds 1..{most} {what}, not {size}")


def _check_change(points: int, what: str) -> None:
    if not 1 <= points <= MAX_CHANGE:
        raise SheetError(f"{what} is 1..{MAX_CHANGE} points, not {points}")


def new_track(name: str, kind: TrackKind | str, size: int) -> Track:
    """A new track of the table's: points (every one there) or empty boxes.

    Raises:
        SheetError: a name that cannot be a track's, a kind other than points or damage, a
            size out of 1..100 points or 1..30 boxes.
    """
    name = check_track_name(name)
    try:
        kind = TrackKind(kind)
    except ValueError:
        raise SheetError(
            f"`{str(kind)[:20]}` is not a kind of track: write points or damage"
        ) from None
    _check_max(kind, size, name)
    return Track(name, kind, size, size if kind is TrackKind.POINTS else 0)


# The changes of one track.


def _points_only(track: Track, what: str) -> None:
    if track.kind is not TrackKind.POINTS:
        raise SheetError(
            f"{track.name} is a damage track: damage or heal it (only points are {what})"
        )


def _damage_only(track: Track, what: str) -> None:
    if track.kind is not TrackKind.DAMAGE:
        raise SheetError(
            f"{track.name} is a track of points: spend or gain them (only boxes are {what})"
        )


def spend(track: Track, points: int) -> Track:
    """The track after ``points`` are spent.

    Raises:
        SheetError: a damage track, or fewer points there than spent.
    """
    _points_only(track, "spent")
    _check_change(points, "a spend")
    if points > track.points:
        raise SheetError(
            f"{track.name} has {track.points} of {track.max} points: {points} cannot be spent"
        )
    return replace(track, points=track.points - points)


def gain(track: Track, points: int) -> Track:
    """The track after ``points`` are gained, never above its maximum (the rest is lost).

    Raises:
        SheetError: a damage track, or a full one (nothing would be gained).
    """
    _points_only(track, "gained")
    _check_change(points, "a gain")
    if track.points == track.max:
        raise SheetError(f"{track.name} is full ({track.max} of {track.max}): nothing to gain")
    return replace(track, points=min(track.max, track.points + points))


def _boxes(track: Track) -> HealthTrack:
    return HealthTrack(track.max, tuple(Box(w) for w in track.wounds))


def _wounded(track: Track, boxes: HealthTrack) -> Track:
    return replace(track, max=boxes.size, wounds=tuple(b.wound for b in boxes.boxes))


def damage(track: Track, points: int, wound: Wound) -> Track:
    """The track after ``points`` of ``wound`` damage, one point at a time, as the Health track
    takes them (:func:`~dicepool.sheet.health.take_damage`).

    Raises:
        SheetError: a track of points, or one full of aggravated wounds (more changes nothing).
    """
    _damage_only(track, "damaged")
    _check_change(points, "damage")
    after = _wounded(track, take_damage(_boxes(track), points, wound))
    if after == track:
        raise SheetError(f"{track.name} is full of aggravated wounds: more damage changes nothing")
    return after


def heal(track: Track, points: int, wound: Wound | None = None) -> Track:
    """The track after ``points`` are healed, least severe first (of ``wound``, when given).

    Raises:
        SheetError: a track of points, or no wound (of that kind) to heal.
    """
    _damage_only(track, "healed")
    _check_change(points, "healing")
    if wound is not None and wound not in track.wounds:
        raise SheetError(f"{track.name} holds no {wound} wound to heal")
    if not track.wounds:
        raise SheetError(f"{track.name} holds no wound to heal")
    return _wounded(track, heal_track(_boxes(track), points, wound, the_dead=True))


def set_max(track: Track, size: int, by_hand: bool = True) -> Track:
    """The track with a new maximum: points above it are lost (a raise brings none); wounds that
    no longer fit are dealt again, upgrading others (:func:`~dicepool.sheet.health.resize_to`).

    Args:
        by_hand: the storyteller set it (a default then stops following the traits).

    Raises:
        SheetError: a maximum out of 1..100 points or 1..30 boxes.
    """
    _check_max(track.kind, size, track.name)
    track = replace(track, by_hand=track.by_hand or (by_hand and track.default))
    if track.kind is TrackKind.POINTS:
        return replace(track, max=size, points=min(track.points, size))
    return _wounded(track, resize_to(_boxes(track), size))


def change(track: Track, operation: Operation, points: int, wound: Wound | None) -> Track:
    """The track after one change: ``points`` spent, gained, dealt, healed, or the new max.

    Raises:
        SheetError: a change the track refuses, or a kind of wound where none belongs.
    """
    if operation is Operation.DAMAGE:
        if wound is None:
            raise SheetError("damage needs its kind: bashing, lethal or aggravated")
        return damage(track, points, wound)
    if operation is Operation.HEAL:
        return heal(track, points, wound)
    if wound is not None:
        raise SheetError(f"a kind of wound belongs to damage and healing, not to {operation}")
    if operation is Operation.SPEND:
        return spend(track, points)
    if operation is Operation.GAIN:
        return gain(track, points)
    return set_max(track, points)


# A character's tracks.


def shown(tracks: Tracks, defaults: Sequence[Track]) -> tuple[Track, ...]:
    """The tracks a character carries: the defaults (those not taken off, nor replaced by a
    track of its own of the same name) as they stand, then its own tracks.

    Args:
        defaults: the default tracks at rest (:func:`default_tracks`; none when the campaign
            turned them off).
    """
    own = {t.key for t in tracks.own}
    held = {t.key: t for t in tracks.defaults}
    standing = [
        held.get(d.key, d) for d in defaults if d.key not in tracks.removed and d.key not in own
    ]
    return (*standing, *tracks.own)


def find(tracks: Tracks, name: str, defaults: Sequence[Track], owner: str) -> Track:
    """The track ``owner`` carries under ``name`` (any case), or a SheetError naming them."""
    key = name_key(name)
    carried = shown(tracks, defaults)
    found = next((t for t in carried if t.key == key), None)
    if found is None:
        names = ", ".join(t.name for t in carried) or "none yet"
        raise SheetError(f"{owner} has no track `{name[:MAX_NAME]}` (tracks: {names})")
    return found


def put(tracks: Tracks, track: Track, defaults: Sequence[Track]) -> Tracks:
    """``tracks`` with ``track`` in its place; a default back at rest is no longer stored."""
    if not track.default:
        return replace(tracks, own=tuple(track if t.key == track.key else t for t in tracks.own))
    at_rest = next(d for d in defaults if d.key == track.key)
    held = {t.key: t for t in tracks.defaults}
    if track == at_rest:
        held.pop(track.key, None)
    else:
        held[track.key] = track
    order = [d.key for d in defaults]
    kept = sorted(held.values(), key=lambda t: order.index(t.key) if t.key in order else len(order))
    return replace(tracks, defaults=tuple(kept))


def define_track(
    tracks: Tracks,
    name: str,
    kind: TrackKind | str,
    size: int,
    defaults: Sequence[Track] = (),
    owner: str = "the character",
) -> Tracks:
    """``tracks`` with a new track of the table's (:func:`new_track`), after the others.

    Raises:
        SheetError: a bad name, kind or size, a track of that name already carried, or
            :data:`MAX_TRACKS` tracks of its own already.
    """
    track = new_track(name, kind, size)
    if any(t.key == track.key for t in shown(tracks, defaults)):
        raise SheetError(f"{owner} already has a track {track.name}: change it, or remove it first")
    if len(tracks.own) >= MAX_TRACKS:
        raise SheetError(
            f"{owner} has {MAX_TRACKS} tracks of its own, the most one carries: remove one first"
        )
    return replace(tracks, own=(*tracks.own, track))


def remove_track(
    tracks: Tracks, name: str, defaults: Sequence[Track] = (), owner: str = "the character"
) -> Tracks:
    """``tracks`` without track ``name``: one of its own goes with what it holds; a default is
    taken off this character (what it held goes too).

    Raises:
        SheetError: no such track carried.
    """
    track = find(tracks, name, defaults, owner)
    if not track.default:
        return replace(tracks, own=tuple(t for t in tracks.own if t.key != track.key))
    return Tracks(
        tracks.own,
        tuple(t for t in tracks.defaults if t.key != track.key),
        tracks.removed | {track.key},
    )


def change_track(
    tracks: Tracks,
    name: str,
    operation: Operation,
    points: int,
    wound: Wound | None = None,
    defaults: Sequence[Track] = (),
    owner: str = "the character",
) -> Tracks:
    """``tracks`` after one change of track ``name`` (:func:`change`).

    Raises:
        SheetError: no such track carried, or the change refused.
    """
    track = find(tracks, name, defaults, owner)
    return put(tracks, change(track, operation, points, wound), defaults)


def follow_traits(tracks: Tracks, defaults: Sequence[Track]) -> Tracks:
    """``tracks`` after the sheet's traits changed: each stored default whose maximum follows
    the traits takes the new one (:func:`set_max`'s rule: points above it lost, wounds that no
    longer fit upgrading others). Defaults at rest are not stored and need nothing.

    Args:
        defaults: the default tracks at rest with the traits after the change.
    """
    sizes = {d.key: d.max for d in defaults}
    for track in tracks.defaults:
        if not track.by_hand and sizes.get(track.key, track.max) != track.max:
            tracks = put(tracks, set_max(track, sizes[track.key], by_hand=False), defaults)
    return tracks
