"""The hubris Health track (ruling 13), as pure transitions.

The track holds 5 + Stamina boxes and stays sorted, the most severe wound on the left. A point of
damage fills the leftmost empty box after the wounds at least as severe. A point that finds no
empty box first takes the place of the least severe wound if it is more severe than that wound;
then the point left without a box (the new one, or the one it displaced) upgrades the least
severe wound one step (bashing to lethal; where there is no bashing, lethal to aggravated), so
more damage never leaves a character less hurt; a track full of aggravated wounds is death.

What the rightmost box holds says how the character fares: bashing there means a Stamina roll at
the start of each turn (unconscious on the first failure, until that box is cleared); lethal
there means incapacitated, taking one more lethal point a minute until stabilized.

Healing takes one point at a time, least severe first: 15 minutes a bashing point, 2 days a
lethal point, a week an aggravated point. Healing time belongs to the wound it was spent on:
time left over after a point heals carries to the next point, but a wound taken, upgraded, or
healed (or downgraded) by care starts the count of the point that now heals next from zero.
Resistant wounds heal at these base rates whatever else would speed healing; care cannot heal
them, but it downgrades one step a resistant wound that is a treatable injury.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum, StrEnum
from typing import Any

from dicepool.errors import SheetError

BASE_BOXES = 5
"""A track's boxes before Stamina: 5 + Stamina."""

MAX_POINTS = 1000
"""The most damage or healing one change may deal (a track never holds more than 15 boxes)."""


class Wound(IntEnum):
    """A kind of damage, ordered by severity."""

    BASHING = 1
    LETHAL = 2
    AGGRAVATED = 3

    def __str__(self) -> str:
        return self.name.lower()


MINUTES_TO_HEAL = {Wound.BASHING: 15, Wound.LETHAL: 2 * 24 * 60, Wound.AGGRAVATED: 7 * 24 * 60}
"""How long a point of each kind takes to heal on its own (ruling 13)."""


class State(StrEnum):
    """How a character fares, read from the rightmost box."""

    OK = "ok"
    UNCONSCIOUS_RISK = "unconscious_risk"
    UNCONSCIOUS = "unconscious"
    INCAPACITATED = "incapacitated"
    DEAD = "dead"


@dataclass(frozen=True)
class Box:
    """A wound in a box.

    Attributes:
        wound: its kind.
        resistant: it heals at the base rate only, and care cannot heal it.
        treatable: a resistant wound that is a treatable injury: care downgrades it one step
            (always False for a wound that is not resistant).
    """

    wound: Wound
    resistant: bool = False
    treatable: bool = False

    @property
    def care_heals(self) -> bool:
        """Care (or a power) can take this wound off the track."""
        return not self.resistant

    @property
    def care_downgrades(self) -> bool:
        """Care can take this resistant wound one step down (not below bashing)."""
        return self.resistant and self.treatable and self.wound > Wound.BASHING


@dataclass(frozen=True)
class HealthTrack:
    """A Health track.

    Attributes:
        size: the number of boxes, 5 + Stamina.
        boxes: the wounds, left to right, most severe first (the empty boxes follow).
        banked: minutes of healing already spent on the next point to heal (the rightmost
            wound), counted since that point became the next to heal or since the track last
            changed by damage or care, whichever came later.
        unconscious: a Stamina roll failed while bashing filled the last box.
        stabilized: the bleeding of a lethal wound in the last box was stopped.
    """

    size: int
    boxes: tuple[Box, ...] = ()
    banked: int = 0
    unconscious: bool = False
    stabilized: bool = False

    @property
    def full(self) -> bool:
        """Every box holds a wound."""
        return len(self.boxes) == self.size

    @property
    def state(self) -> State:
        """How the character fares (ruling 13)."""
        if not self.full:
            return State.OK
        if all(b.wound is Wound.AGGRAVATED for b in self.boxes):
            return State.DEAD
        if self.boxes[-1].wound is Wound.LETHAL:
            return State.INCAPACITATED
        return State.UNCONSCIOUS if self.unconscious else State.UNCONSCIOUS_RISK

    @property
    def bleeding(self) -> bool:
        """A lethal wound in the last box, not stabilized: a lethal point a minute."""
        return self.state is State.INCAPACITATED and not self.stabilized

    def stored(self) -> dict[str, object]:
        """The track as a projection keeps it (read back by :func:`stored_track`)."""
        return {
            "size": self.size,
            "boxes": [_stored_box(b) for b in self.boxes],
            "banked": self.banked,
            "unconscious": self.unconscious,
            "stabilized": self.stabilized,
        }

    def to_dict(self) -> dict[str, object]:
        """The track as JSON: ``boxes`` left to right (a kind or null) and ``state``."""
        shown: list[str | None] = [str(b.wound) for b in self.boxes]
        shown += [None] * (self.size - len(self.boxes))
        return {
            "boxes": shown,
            "resistant": [b.resistant for b in self.boxes]
            + [False] * (self.size - len(self.boxes)),
            "treatable": [b.treatable for b in self.boxes]
            + [False] * (self.size - len(self.boxes)),
            "state": self.state.value,
            "bleeding": self.bleeding,
        }


def new_track(stamina: int) -> HealthTrack:
    """An unhurt track of 5 + Stamina boxes."""
    if stamina < 0:
        raise SheetError(f"Stamina {stamina} makes no Health track; it is at least 0")
    return HealthTrack(BASE_BOXES + stamina)


def _points(points: int, what: str) -> None:
    if not 1 <= points <= MAX_POINTS:
        raise SheetError(f"{what} is 1..{MAX_POINTS} points, not {points}")


def _sorted(boxes: list[Box]) -> tuple[Box, ...]:
    return tuple(sorted(boxes, key=lambda b: -b.wound))  # stable: older wounds stay left


def _settled(track: HealthTrack, boxes: list[Box]) -> HealthTrack:
    """The track with these wounds; clearing the last box ends unconsciousness and stabilizing."""
    after = replace(track, boxes=_sorted(boxes))
    if not after.full:
        after = replace(after, unconscious=False, stabilized=False)
    elif after.boxes[-1].wound is not Wound.LETHAL:
        after = replace(after, stabilized=False)
    if not after.boxes:
        after = replace(after, banked=0)
    return after


def _changed(track: HealthTrack, boxes: list[Box]) -> HealthTrack:
    """The track after damage or care changed its wounds: the count of healing time starts
    again from zero, so no time spent on one wound is ever spent on another (ruling 13)."""
    return _settled(replace(track, banked=0), boxes)


def _upgraded(box: Box, by: Box) -> Box:
    """``box`` one step more severe, by the point ``by`` that found no box of its own.

    A resistant point makes the wound it upgrades resistant; the wound is a treatable injury
    only if every resistant part of it is (an untreatable drain is not made treatable).
    """
    resistant = box.resistant or by.resistant
    treatable = resistant and all(b.treatable for b in (box, by) if b.resistant)
    return Box(Wound(box.wound + 1), resistant, treatable)


def _dead(boxes: list[Box], size: int) -> bool:
    return len(boxes) == size and all(b.wound is Wound.AGGRAVATED for b in boxes)


def _one_point(boxes: list[Box], size: int, point: Box) -> list[Box]:
    """The wounds after one point of damage (on a track that is not full of aggravated)."""
    if len(boxes) < size:
        return list(_sorted([*boxes, point]))
    least = boxes[-1]  # sorted: the rightmost box holds the least severe wound
    if point.wound > least.wound:
        # a more severe point takes the least severe wound's box; that wound is left over
        boxes, point = list(_sorted([*boxes[:-1], point])), least
    lowest = min(b.wound for b in boxes)  # the least severe kind: bashing, else lethal
    if lowest is Wound.AGGRAVATED:
        return boxes  # the displacement filled the track with aggravated: dead
    i = max(i for i, b in enumerate(boxes) if b.wound is lowest)
    boxes[i] = _upgraded(boxes[i], point)
    return list(_sorted(boxes))


def take_damage(
    track: HealthTrack,
    points: int,
    wound: Wound,
    resistant: bool = False,
    treatable: bool = False,
) -> HealthTrack:
    """The track after ``points`` of ``wound`` damage, one point at a time (ruling 13).

    A point with no empty box first takes the place of the least severe wound if it is more
    severe than that wound; then the point left over (the new one, or the one displaced)
    upgrades the least severe wound one step. On a track of aggravated wounds nothing more
    changes: the character is dead (the campaign refuses such damage, ruling 18; a bleeding
    character's last points are lost the same way). Any wound taken or upgraded starts the
    count of healing time again.

    Args:
        resistant: the points are resistant wounds (time heals them, at the base rate only).
        treatable: resistant wounds that are treatable injuries (care downgrades them).
    """
    _points(points, "damage")
    if track.state is State.DEAD:
        return track
    point = Box(wound, resistant, resistant and treatable)
    boxes = list(track.boxes)
    for _ in range(points):
        boxes = _one_point(boxes, track.size, point)
        if _dead(boxes, track.size):
            break
    return _changed(track, boxes)


def _cared_for(boxes: list[Box], wound: Wound | None) -> int | None:
    """The box one point of care acts on: the least severe wound that care can heal or
    downgrade (of ``wound``, when named), a wound it heals before one of the same kind it
    can only downgrade; None when care can reach none."""
    reachable = [
        i
        for i, b in enumerate(boxes)
        if (wound is None or b.wound is wound) and (b.care_heals or b.care_downgrades)
    ]
    if not reachable:
        return None
    return max(reachable, key=lambda i: (-boxes[i].wound, boxes[i].care_heals, i))


def heal(
    track: HealthTrack, points: int, wound: Wound | None = None, *, the_dead: bool = False
) -> HealthTrack:
    """The track after medical care or a power heals ``points``, least severe first.

    Each point heals one wound, or takes a resistant wound that is a treatable injury one step
    down (aggravated to lethal, lethal to bashing): care cannot heal resistant wounds, only time
    does (ruling 13). ``wound`` limits the care to wounds of that kind. Care that changes the
    track starts the count of healing time again. A track full of aggravated wounds is death,
    and the dead are not healed (as time does not heal them either), unless ``the_dead``: a
    table's own damage track (:mod:`dicepool.sheet.tracks`) is mended at the storyteller's
    word, whatever it holds.

    Raises:
        SheetError: the character is dead, or nothing of that kind that care can reach.
    """
    _points(points, "healing")
    if track.state is State.DEAD and not the_dead:
        raise SheetError("the character is dead: no care or power heals the dead")
    if not track.boxes:
        raise SheetError("the character has no wound to heal")
    boxes, cared, _ = _care(track, points, wound)
    if cared == 0:
        kind = f"{wound} " if wound else ""
        raise SheetError(
            f"no {kind}wound that care can heal (resistant wounds heal with time only; care "
            "downgrades only a treatable one, down to bashing)"
        )
    return _changed(track, boxes)


def downgraded_by_care(track: HealthTrack, points: int, wound: Wound | None = None) -> int:
    """How many of the ``points`` that :func:`heal` gives take a resistant, treatable wound a
    step down rather than off the track (what the log says of the care)."""
    return _care(track, points, wound)[2]


def _care(track: HealthTrack, points: int, wound: Wound | None) -> tuple[list[Box], int, int]:
    """The boxes after care of ``points`` (of ``wound``), the points it used, and how many of
    them downgraded a wound."""
    boxes = list(track.boxes)
    cared = downgraded = 0
    while cared < points and (i := _cared_for(boxes, wound)) is not None:
        box = boxes.pop(i)
        if not box.care_heals:
            boxes = list(_sorted([*boxes, replace(box, wound=Wound(box.wound - 1))]))
            downgraded += 1
        cared += 1
    return boxes, cared, downgraded


def pass_time(track: HealthTrack, minutes: int) -> HealthTrack:
    """The track after ``minutes`` of story time: bleeding, then natural healing.

    A bleeding character takes a lethal point each minute until dead or stabilized (no healing
    meanwhile); otherwise wounds heal one by one, least severe first, at the base rates, the
    time left over from one point carrying to the next (a time that no damage or care
    interrupted: they start the count again).
    """
    if minutes < 0:
        raise SheetError(f"time only goes forward, not {minutes} minutes")
    if track.state is State.DEAD:
        return track
    if track.bleeding:
        return take_damage(track, min(minutes, 3 * track.size), Wound.LETHAL) if minutes else track
    boxes = list(track.boxes)
    banked = track.banked + minutes
    while boxes and banked >= MINUTES_TO_HEAL[boxes[-1].wound]:
        banked -= MINUTES_TO_HEAL[boxes.pop().wound]
    return replace(_settled(track, boxes), banked=banked if boxes else 0)


def stamina_roll_failed(track: HealthTrack) -> HealthTrack:
    """A failed Stamina roll at the start of a turn, with bashing in the last box: unconscious."""
    if track.state is not State.UNCONSCIOUS_RISK:
        raise SheetError(
            f"a Stamina roll is made only with bashing in the last box ({track.state})"
        )
    return replace(track, unconscious=True)


def stabilize(track: HealthTrack) -> HealthTrack:
    """Stop the bleeding of a lethal wound in the last box."""
    if not track.bleeding:
        raise SheetError(f"nothing to stabilize: the character is {track.state}")
    return replace(track, stabilized=True)


def resize(track: HealthTrack, stamina: int) -> HealthTrack:
    """The track after Stamina changed: 5 + Stamina boxes, the wounds kept.

    Wounds that no longer fit are dealt again to the smaller track, so they upgrade others as
    damage would (ruling 19: a smaller track takes the rightmost wounds' boxes by upgrading, as
    in ruling 13; a character who loses Stamina while hurt is closer to death, not healed, and
    the upgrade starts the count of healing time again).
    """
    return resize_to(track, new_track(stamina).size)


def resize_to(track: HealthTrack, size: int) -> HealthTrack:
    """The track with ``size`` boxes, the wounds kept; those that no longer fit are dealt
    again, upgrading others as damage would (:func:`resize`'s rule for any size)."""
    if size < 1:
        raise SheetError(f"a track holds at least 1 box, not {size}")
    kept, over = track.boxes[:size], track.boxes[size:]
    after = (_changed if over else _settled)(replace(track, size=size), list(kept))
    for box in over:
        after = take_damage(after, 1, box.wound, box.resistant, box.treatable)
    return after


def _stored_box(box: Box) -> list[object]:
    """A box as a projection keeps it: ``[kind, resistant]``, and ``true`` after them for a
    treatable resistant wound (so a track stored before there were such wounds reads back
    the same)."""
    return [str(box.wound), box.resistant, *([True] if box.treatable else [])]


def stored_track(data: dict[str, Any]) -> HealthTrack:
    """A track from :meth:`HealthTrack.stored`'s JSON."""
    boxes = tuple(
        Box(Wound[w.upper()], bool(r), bool(r) and bool(t and t[0])) for w, r, *t in data["boxes"]
    )
    return HealthTrack(
        int(data["size"]),
        boxes,
        int(data.get("banked", 0)),
        bool(data.get("unconscious", False)),
        bool(data.get("stabilized", False)),
    )
