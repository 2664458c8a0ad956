"""A campaign's clock: story time in minutes, and the boundaries of play (turn, scene, ...).

Two kinds of time pass at a table. Story time (``clock advance 1w2d``) is what healing and the
monthly rules follow. The boundaries of play (``next scene``) are what limits per turn, scene,
session and chronicle reset at; a boundary begins every smaller one too (a new scene is a new
round and a new turn). Storypath names its own: Act (a session), Episode, Arc and Season, a
Series being the whole chronicle.

The two go together (ruling 17): story time of a minute or more begins a new round (and so a
new turn: a turn is "a few seconds to a minute"), and a day or more a new scene
(:func:`begins_after`). A session or a chronicle is the table's to begin, never the clock's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from dicepool.errors import SheetError

MINUTES = {"w": 7 * 24 * 60, "d": 24 * 60, "h": 60, "m": 1}
"""Minutes in each unit a duration is written in."""

MAX_MINUTES = 10 * 365 * 24 * 60
"""The longest time one advance may pass: ten years."""

UNITS = ("turn", "round", "scene", "session", "chronicle")
"""The boundaries of play, smallest first."""

STORYPATH_UNITS = ("turn", "round", "scene", "act", "episode", "arc", "season", "chronicle")
"""Storypath's boundaries, smallest first: an Act is a session; the Series is the chronicle."""

_DURATION = re.compile(r"(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?")

_DIGITS = 8
"""The most digits a duration's number is read with: more is surely longer than ten years."""


def parse_duration(text: str) -> int:
    """Minutes in a duration written ``15m``, ``2d``, ``1w``, ``3h`` or combined (``1w2d``).

    Raises:
        SheetError: not a duration, or longer than ten years.
    """
    written = text.strip().lower().replace(" ", "")
    found = _DURATION.fullmatch(written)
    if not written or found is None or not any(found.groups()):
        raise SheetError(
            f"`{text[:20]}` is not a duration: write minutes, hours, days or weeks, like 15m, "
            "3h, 2d, 1w or 1w2d"
        )
    numbers = [(g or "0").lstrip("0") or "0" for g in found.groups()]
    weeks, days, hours, minutes = (int(n[: _DIGITS + 1]) for n in numbers)
    total = weeks * MINUTES["w"] + days * MINUTES["d"] + hours * MINUTES["h"] + minutes
    if total > MAX_MINUTES or any(len(n) > _DIGITS for n in numbers):
        raise SheetError(f"{text[:20]} is longer than ten years: advance the clock in steps")
    return total


def units_of(system: str) -> tuple[str, ...]:
    """The boundaries of play a system names, smallest first."""
    return STORYPATH_UNITS if system == "storypath" else UNITS


@dataclass(frozen=True)
class Clock:
    """A campaign's clock.

    Attributes:
        system: the campaign's system (its names for the boundaries).
        minutes: story time passed since the campaign began.
        counts: which of each boundary this is within the larger one (the first turn of a
            round is 1; a new round starts its turns at 1 again).
        begun: how many of each boundary were begun by name since the campaign began.
    """

    system: str
    minutes: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    begun: dict[str, int] = field(default_factory=dict)

    def __hash__(self) -> int:  # frozen in use: its mappings are never changed in place
        return hash((self.system, self.minutes, tuple(sorted(self.counts.items()))))

    def mark(self, unit: str) -> int:
        """A number that names the current ``unit`` and changes whenever a new one begins.

        A limit per ``unit`` remembers the mark at which it was used: used again under the
        same mark, it is used up; under another, a new ``unit`` has begun and it is free.
        """
        units = units_of(self.system)
        return sum(self.begun.get(u, 0) for u in units[units.index(unit) :])

    def count(self, unit: str) -> int:
        """Which ``unit`` of play this is: 1 for the first."""
        return self.counts.get(unit, 1)

    def to_dict(self) -> dict[str, object]:
        """The clock as JSON: ``minutes`` and each boundary's count."""
        return {"minutes": self.minutes, **{u: self.count(u) for u in units_of(self.system)}}

    def stored(self) -> dict[str, object]:
        """The clock as the campaign's projection keeps it (read back by :func:`stored_clock`)."""
        return {"minutes": self.minutes, "counts": dict(self.counts), "begun": dict(self.begun)}


def stored_clock(system: str, data: dict[str, Any]) -> Clock:
    """A clock from :meth:`Clock.stored`'s JSON (an empty mapping: a new campaign's clock)."""
    return Clock(system, int(data.get("minutes", 0)), data.get("counts", {}), data.get("begun", {}))


ROUND_AFTER = 1
"""The story minutes that begin a new round and turn (ruling 17): a turn is "a few seconds to
a minute", so a minute passed is past it."""

SCENE_AFTER = MINUTES["d"]
"""The story minutes that begin a new scene (ruling 17): a day."""


def begins_after(minutes: int) -> str | None:
    """The boundary of play that ``minutes`` of story time begin (ruling 17): ``scene`` after a
    day or more, ``round`` (a new turn with it) after a minute or more, None for no time."""
    if minutes >= SCENE_AFTER:
        return "scene"
    return "round" if minutes >= ROUND_AFTER else None


def advance(clock: Clock, minutes: int) -> Clock:
    """The clock after ``minutes`` of story time, the boundaries of play left as they are (the
    transitions begin the one :func:`begins_after` names, with the rolls a turn begins with)."""
    if not 0 <= minutes <= MAX_MINUTES:
        raise SheetError(f"time passes 0..{MAX_MINUTES} minutes at a time, not {minutes}")
    return replace(clock, minutes=clock.minutes + minutes)


def begin(clock: Clock, unit: str) -> Clock:
    """The clock at the start of the next ``unit``: that one and every smaller one begin anew.

    Raises:
        SheetError: a boundary the system does not name (the message lists them).
    """
    units = units_of(clock.system)
    word = "act" if clock.system == "storypath" and unit == "session" else unit  # the same
    if word not in units:
        raise SheetError(f"{clock.system} has no `{unit}`; use one of {', '.join(units)}")
    upto = units.index(word)
    counts = dict(clock.counts)
    counts[word] = clock.count(word) + 1
    for smaller in units[:upto]:
        counts.pop(smaller, None)  # back to the first
    begun = {**clock.begun, word: clock.begun.get(word, 0) + 1}
    return replace(clock, counts=counts, begun=begun)


def crossed(before: Clock, after: Clock, unit: str) -> bool:
    """Whether a ``unit`` boundary lies between two clocks (a limit per ``unit`` resets)."""
    return after.mark(unit) != before.mark(unit)
