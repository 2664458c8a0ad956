"""Hubris Willpower (the text's Willpower paragraphs, ruling 14), as pure transitions.

A character stores up to as many Willpower points as they have Willpower dots, and spends at most
one point a turn. The sheet's trait ``Willpower`` is the permanent rating; stress or soul loss
takes dots away (``lost``) until they come back, so the dots a character has now are the rating
less the dots lost. Points come back with rest (one), Vice (one, once a scene), Virtue (all of
them and a lost dot, once a session) and an Intimacy roll (the point just spent). Humans regain a
lost dot a month; a supernatural creature rolls its power trait for it each month instead.

Limits per turn, scene and session remember the clock's mark (:meth:`Clock.mark`) at which they
were used, as every per-unit limit does. The rules of conscience and the soul that touch
Willpower too (the crisis roll at rest, degeneration, soul loss) live in
:mod:`dicepool.sheet.hubris.conscience`, which calls these.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.traits import RATING

MINUTES_PER_MONTH = 30 * 24 * 60
"""A month of story time for the monthly regain of a lost dot: 30 days."""

NIGHT_HOURS = 8
"""A full night's sleep, in hours of story time (ruling 17): what a rest passes unless the
storyteller gives another length, and what must lie between two rests."""

NIGHT_MINUTES = NIGHT_HOURS * 60
"""A full night's sleep in story minutes."""


@dataclass(frozen=True)
class Willpower:
    """A character's Willpower.

    Attributes:
        rating: the permanent dots the sheet's ``Willpower`` trait says.
        lost: dots lost to stress or soul loss and not yet regained (0..rating).
        points: the points stored, 0..dots.
        spent_mark: the turn mark of the last spend (None: never spent).
        refunded: the point spent under ``spent_mark`` came back by an Intimacy roll.
        vice_mark: the scene mark at which Vice last gave a point.
        virtue_mark: the session mark at which Virtue last refilled Willpower.
        month_minutes: story minutes carried toward the next monthly regain of a lost dot
            (counted only while a dot is lost).
        woke: the story minute the last rest ended at (None: no rest since ruling 17).
    """

    rating: int
    lost: int = 0
    points: int = 0
    spent_mark: int | None = None
    refunded: bool = False
    vice_mark: int | None = None
    virtue_mark: int | None = None
    month_minutes: int = 0
    woke: int | None = None

    @property
    def dots(self) -> int:
        """The dots the character has now: the rating less the dots lost."""
        return self.rating - self.lost

    def spent_in(self, turn_mark: int) -> bool:
        """Whether a point was already spent in the turn of ``turn_mark``."""
        return self.spent_mark == turn_mark

    def to_dict(self) -> dict[str, object]:
        """Willpower as JSON: ``points`` of ``dots``, the sheet's ``rating``, the dots ``lost``."""
        return {"points": self.points, "dots": self.dots, "rating": self.rating, "lost": self.lost}

    def stored(self) -> dict[str, object]:
        """Willpower as a projection keeps it (read back by :func:`stored_willpower`)."""
        return {
            "rating": self.rating,
            "lost": self.lost,
            "points": self.points,
            "spent_mark": self.spent_mark,
            "refunded": self.refunded,
            "vice_mark": self.vice_mark,
            "virtue_mark": self.virtue_mark,
            "month_minutes": self.month_minutes,
            "woke": self.woke,
        }


def _rating(rating: int) -> None:
    if not 0 <= rating <= RATING:
        raise SheetError(f"Willpower is rated 0..{RATING}, not {rating}")


def _mark(value: Any) -> int | None:
    return None if value is None else int(value)


def stored_willpower(data: dict[str, Any], rating: int) -> Willpower:
    """Willpower from :meth:`Willpower.stored`'s JSON, for a sheet whose trait is ``rating``.

    An empty mapping is a new character's Willpower (every point there). The sheet is the
    truth about the rating: a stored rating that differs is rerated (:func:`rerate`).

    Raises:
        SheetError: stored values out of their ranges.
    """
    if not data:
        return new_willpower(rating)
    w = Willpower(
        int(data.get("rating", rating)),
        int(data.get("lost", 0)),
        int(data.get("points", 0)),
        _mark(data.get("spent_mark")),
        bool(data.get("refunded", False)),
        _mark(data.get("vice_mark")),
        _mark(data.get("virtue_mark")),
        int(data.get("month_minutes", 0)),
        _mark(data.get("woke")),
    )
    _rating(w.rating)
    if not (0 <= w.lost <= w.rating and 0 <= w.points <= w.dots and w.month_minutes >= 0):
        raise SheetError(f"stored Willpower is out of range ({w.stored()}); fix it by hand")
    return w if w.rating == rating else rerate(w, rating)


def new_willpower(rating: int) -> Willpower:
    """Willpower of ``rating`` dots with every point there."""
    _rating(rating)
    return Willpower(rating, points=rating)


def rerate(w: Willpower, rating: int) -> Willpower:
    """Willpower after the sheet's rating changed.

    Points above the new dots are lost at once ("characters immediately lose any points of
    excess Willpower"); a raise adds empty dots (no points come with them). Dots lost stay lost,
    but never more than the rating.
    """
    _rating(rating)
    lost = min(w.lost, rating)
    points = min(w.points, rating - lost)
    return replace(w, rating=rating, lost=lost, points=points, month_minutes=_carried(w, lost))


def _carried(w: Willpower, lost: int) -> int:
    """The minutes toward a monthly regain: none once no dot is lost (a new loss starts anew)."""
    return w.month_minutes if lost else 0


def spend(w: Willpower, turn_mark: int) -> Willpower:
    """Willpower after a point is spent in the turn of ``turn_mark``.

    Raises:
        SheetError: no point left, or a point was already spent this turn.
    """
    if w.points == 0:
        raise SheetError(f"no Willpower point left to spend (0 of {w.dots}); rest to regain one")
    if w.spent_in(turn_mark):
        raise SheetError(
            "a Willpower point was already spent this turn: one spend a turn, until the "
            "storyteller begins the next"
        )
    return replace(w, points=w.points - 1, spent_mark=turn_mark, refunded=False)


def lose_dots(w: Willpower, n: int) -> Willpower:
    """Willpower after stress takes ``n`` dots (as many as there are); excess points go at once.

    Raises:
        SheetError: ``n`` below 1, or no dot left to lose.
    """
    if n < 1:
        raise SheetError(f"a loss of Willpower dots is at least 1, not {n}")
    if w.dots == 0:
        raise SheetError("no Willpower dot left to lose")
    lost = min(w.rating, w.lost + n)
    return replace(w, lost=lost, points=min(w.points, w.rating - lost))


def regain_dot(w: Willpower) -> Willpower:
    """Willpower with one lost dot back (it comes back empty: no point with it).

    Raises:
        SheetError: no dot lost.
    """
    if w.lost == 0:
        raise SheetError(f"no Willpower dot lost: all {w.rating} are there")
    lost = w.lost - 1
    return replace(w, lost=lost, month_minutes=_carried(w, lost))


def slept(w: Willpower, woke: int) -> Willpower:
    """Willpower after a rest that ended at story minute ``woke`` (ruling 17): "Two rests need
    that time between them", a full night, whatever length either rest was given.

    Raises:
        SheetError: the last rest ended less than a night of story time before ``woke``.
    """
    if w.woke is not None and woke - w.woke < NIGHT_MINUTES:
        wait = duration_words(NIGHT_MINUTES - (woke - w.woke))
        raise SheetError(
            f"the last rest ended {duration_words(woke - w.woke)} of story time ago: two rests "
            f"need a full night ({NIGHT_HOURS}h) between them; let {wait} pass first "
            f"(`dicepool clock advance {wait}`), or rest for longer"
        )
    return replace(w, woke=woke)


def duration_words(minutes: int) -> str:
    """``2h30m``: a duration as ``clock advance`` takes it (``0m`` for none)."""
    hours, left = divmod(minutes, 60)
    return (f"{hours}h" if hours else "") + (f"{left}m" if left or not hours else "")


def rest_regain(w: Willpower) -> Willpower:
    """Willpower after a full night's (or day's) sleep: one point, never above the dots."""
    return replace(w, points=min(w.dots, w.points + 1))


def vice(w: Willpower, scene_mark: int) -> Willpower:
    """Willpower after pursuing the character's Vice: a point, once a scene.

    Raises:
        SheetError: Vice already gave a point this scene, or Willpower is full.
    """
    if w.vice_mark == scene_mark:
        raise SheetError("Vice already gave a Willpower point this scene: once a scene")
    if w.points == w.dots:
        raise SheetError(f"Willpower is full ({w.points} of {w.dots}): Vice would gain nothing")
    return replace(w, points=w.points + 1, vice_mark=scene_mark)


def virtue(w: Willpower, session_mark: int, dot: bool = True) -> Willpower:
    """Willpower after risk in pursuit of the character's Virtue, once a session.

    A lost dot comes back (unless ``dot`` is false: a soulless character regains no dot), then
    every point.

    Raises:
        SheetError: Virtue was already used this session, or it would gain nothing.
    """
    if w.virtue_mark == session_mark:
        raise SheetError("Virtue already refilled Willpower this session: once a session")
    if dot and w.lost:
        w = regain_dot(w)
    elif w.points == w.dots:
        raise SheetError(f"Willpower is full ({w.points} of {w.dots}): Virtue would gain nothing")
    return replace(w, points=w.dots, virtue_mark=session_mark)


def intimacy_regain(w: Willpower, turn_mark: int) -> Willpower:
    """Willpower after a successful Intimacy roll: the point spent this turn comes back.

    Raises:
        SheetError: no point spent this turn, or it already came back.
    """
    if not w.spent_in(turn_mark):
        raise SheetError("no Willpower point was spent this turn for an Intimacy to give back")
    if w.refunded:
        raise SheetError("the point spent this turn already came back")
    return replace(w, points=min(w.dots, w.points + 1), refunded=True)


def month_passes(w: Willpower, minutes: int) -> tuple[Willpower, int]:
    """Willpower after ``minutes`` of story time, and how many monthly regains fell due.

    Time counts toward a regain only while a dot is lost; what is left over carries to the
    next month. The caller applies :func:`regain_dot` for each regain due while a dot is lost:
    always for a mortal, on a successful roll of its power trait for a supernatural creature
    (no Willpower dice on that roll; a failure waits for the next month).

    Raises:
        SheetError: negative time.
    """
    if minutes < 0:
        raise SheetError(f"time only goes forward, not {minutes} minutes")
    if w.lost == 0:
        return w, 0
    due, left = divmod(w.month_minutes + minutes, MINUTES_PER_MONTH)
    return replace(w, month_minutes=left), due
