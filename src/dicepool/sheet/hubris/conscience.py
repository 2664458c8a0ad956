"""Hubris crises of conscience, Intimacies and the soul (ruling 14), as pure transitions.

Morality (0..5) is a sheet trait; this state holds the rest. A sin at or below the character's
Morality is a crime whose rating (1, the most severe, to 5) is at most the Morality, and it
brings a crisis of conscience: at each rest, even at full Willpower, the crisis roll (a pool of
the crime's rating) gives a point and a step toward resolution on a success, and takes a point
instead of giving one on a failure. After a failure the player may degenerate: Morality falls
by one, Willpower comes back as normal, and the crisis ends. The crisis is resolved after as
many successful rolls as the character's Morality. A new sin replaces the crisis when it is at
least as severe, resetting the successes but not the failures, which accumulate for good.

A soulless character gains no Morality, never resolves a crisis (only degeneration ends it),
regains no lost Willpower dot, and each day (each week at one dot) rolls the Willpower dots and
loses one on a success. Once the soul is restored, each regain of Willpower points brings a lost
dot back.

The rules that touch Willpower too take and give both states; the caller keeps Morality and
Resolve on the sheet and passes them in. Dice are rolled by the caller: a transition after a
roll takes its successes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.hubris import willpower as wp
from dicepool.sheet.hubris.willpower import Willpower

MAX_WHAT = 200
"""The longest description of a crime."""

MAX_INTIMACY = 80
"""The longest Intimacy."""

INTIMACIES_OVER_RESOLVE = 3
"""A character holds up to Resolve + 3 Intimacies."""

DAY = 24 * 60
WEEK = 7 * DAY


@dataclass(frozen=True)
class Crisis:
    """A crisis of conscience.

    Attributes:
        crime: the rating of the crime grappled with, 1 (most severe) to 5: the crisis pool.
        what: what the character did.
        successes: crisis rolls that succeeded (or counted) since this crime.
    """

    crime: int
    what: str
    successes: int = 0


@dataclass(frozen=True)
class Conscience:
    """What a character's conscience holds beyond the Morality trait.

    Attributes:
        crisis: the crisis of conscience, or None.
        failures: failed crisis rolls, accumulated over every crisis (a new sin keeps them).
        may_degenerate: the Willpower points the last crisis roll took (0 or 1) while the player
            may still degenerate instead of accepting it; None when that choice is closed.
        atone_mark: the scene mark of the last end-of-scene crisis roll for atonement.
        intimacies: the Intimacies held, in the order taken.
        soul: the character has their soul.
        restoring: the soul came back: each regain of Willpower points brings a lost dot back.
        soul_minutes: story minutes since the last soul roll (or the soul's loss).
    """

    crisis: Crisis | None = None
    failures: int = 0
    may_degenerate: int | None = None
    atone_mark: int | None = None
    intimacies: tuple[str, ...] = ()
    soul: bool = True
    restoring: bool = False
    soul_minutes: int = 0

    def to_dict(self) -> dict[str, object]:
        """The conscience as JSON: ``crisis`` (or null), ``intimacies``, ``soul`` and more."""
        crisis = self.crisis
        return {
            "crisis": None
            if crisis is None
            else {
                "crime": crisis.crime,
                "what": crisis.what,
                "successes": crisis.successes,
                "failures": self.failures,
            },
            "failures": self.failures,
            "may_degenerate": self.may_degenerate is not None,
            "intimacies": list(self.intimacies),
            "soul": self.soul,
        }

    def stored(self) -> dict[str, object]:
        """The conscience as a projection keeps it (read back by :func:`stored_conscience`)."""
        crisis = self.crisis
        return {
            "crisis": None
            if crisis is None
            else {"crime": crisis.crime, "what": crisis.what, "successes": crisis.successes},
            "failures": self.failures,
            "may_degenerate": self.may_degenerate,
            "atone_mark": self.atone_mark,
            "intimacies": list(self.intimacies),
            "soul": self.soul,
            "restoring": self.restoring,
            "soul_minutes": self.soul_minutes,
        }


def _optional(value: Any) -> int | None:
    return None if value is None else int(value)


def stored_conscience(data: dict[str, Any]) -> Conscience:
    """A conscience from :meth:`Conscience.stored`'s JSON (an empty mapping: a clear one)."""
    found = data.get("crisis")
    crisis = None
    if found is not None:
        crisis = Crisis(int(found["crime"]), str(found["what"]), int(found.get("successes", 0)))
    c = Conscience(
        crisis,
        int(data.get("failures", 0)),
        _optional(data.get("may_degenerate")),
        _optional(data.get("atone_mark")),
        tuple(str(i) for i in data.get("intimacies", ())),
        bool(data.get("soul", True)),
        bool(data.get("restoring", False)),
        int(data.get("soul_minutes", 0)),
    )
    if not _valid(c):
        raise SheetError(f"stored conscience is out of range ({c.stored()}); fix it by hand")
    return c


def _valid(c: Conscience) -> bool:
    crisis_ok = c.crisis is None or (1 <= c.crisis.crime <= 5 and c.crisis.successes >= 0)
    texts_ok = len({i.casefold() for i in c.intimacies}) == len(c.intimacies)
    counts_ok = c.failures >= 0 and c.soul_minutes >= 0 and c.may_degenerate in (None, 0, 1)
    return crisis_ok and texts_ok and counts_ok


# -- sins and crises ------------------------------------------------------------------------


def _crisis(c: Conscience) -> Crisis:
    if c.crisis is None:
        raise SheetError("the character is in no crisis of conscience")
    return c.crisis


def sin(c: Conscience, morality: int, rating: int, what: str) -> Conscience:
    """The conscience after the character becomes aware of a sin rated ``rating``.

    A crime is a sin rated at most the Morality (1 is the most severe). It brings a crisis, or
    replaces the crisis in course when it is at least as severe (rated equal or lower): the
    successes start again, the failures stay.

    Raises:
        SheetError: a rating off 1..5, an empty or long description, Morality 0 (no crisis
            ever), a sin rated above the Morality (no crime at that Morality), or a sin less
            severe than the crime in course (the crisis stays as it is).
    """
    if not 1 <= rating <= 5:
        raise SheetError(f"a sin is rated 1 (truly heinous) to 5, not {rating}")
    text = " ".join(what.split())
    if not 1 <= len(text) <= MAX_WHAT:
        raise SheetError(f"say what the sin was, in 1..{MAX_WHAT} characters")
    if morality == 0:
        raise SheetError("at Morality 0 nothing drives a character into a crisis of conscience")
    if rating > morality:
        raise SheetError(
            f"a sin rated {rating} is no crime at Morality {morality}: only sins rated "
            f"{morality} or lower (more severe) bring a crisis"
        )
    if c.crisis is not None and rating > c.crisis.crime:
        raise SheetError(
            f"the crisis over `{c.crisis.what[:40]}` (crime {c.crisis.crime}) stays as it is: "
            f"a sin rated {rating} is less severe; only one rated {c.crisis.crime} or lower "
            "replaces it"
        )
    return replace(c, crisis=Crisis(rating, text), may_degenerate=None)


def crisis_pool(c: Conscience) -> int:
    """The dice of the crisis roll: the rating of the crime grappled with.

    Raises:
        SheetError: no crisis.
    """
    return _crisis(c).crime


def _step(c: Conscience, morality: int) -> Conscience:
    """One success toward resolution; resolved at Morality successes, never while soulless."""
    crisis = _crisis(c)
    crisis = replace(crisis, successes=crisis.successes + 1)
    resolved = c.soul and crisis.successes >= morality
    return replace(c, crisis=None if resolved else crisis)


def _failed(w: Willpower, c: Conscience) -> tuple[Willpower, Conscience]:
    """A failed crisis roll: a point lost, the failure kept, degeneration open."""
    taken = min(1, w.points)
    w = replace(w, points=w.points - taken)
    return w, replace(c, failures=c.failures + 1, may_degenerate=taken)


def _regained(before: Willpower, after: Willpower, c: Conscience) -> tuple[Willpower, Conscience]:
    """The soul's rule on a regain of points: a restored soul brings a lost dot back."""
    if not (c.soul and c.restoring and after.points > before.points):
        return after, c
    if after.lost:
        after = wp.regain_dot(after)
    return after, replace(c, restoring=after.lost > 0)


def soul_regain(before: Willpower, after: Willpower, c: Conscience) -> tuple[Willpower, Conscience]:
    """The soul's rules on a Willpower regain outside this module (Vice, Virtue, an Intimacy,
    a monthly dot): pass the Willpower before and after it.

    A soulless character regains no lost dot; once the soul is restored, each regain of any
    number of points brings one lost dot back, until none is lost.

    For Virtue, pass ``dot=c.soul`` to :func:`willpower.virtue` so that a soulless
    character's Virtue at full points is refused rather than spent for nothing.

    Raises:
        SheetError: a soulless character regaining a dot and no point (nothing is gained).
    """
    if not c.soul and after.lost < before.lost:
        after = replace(after, lost=before.lost, points=min(after.points, before.dots))
        if after.points <= before.points:
            raise SheetError(
                "a soulless character regains no lost Willpower dot, and no point came with it"
            )
    return _regained(before, after, c)


def rest(
    w: Willpower, c: Conscience, morality: int, successes: int | None = None
) -> tuple[Willpower, Conscience]:
    """Both states after a full night's (or day's) sleep.

    Out of crisis, a point comes back (``successes`` is None: no roll). In crisis the crisis
    roll is made even at full Willpower: a success gives the point and a step toward
    resolution; a failure takes a point instead, and the player may then :func:`degenerate`.
    At Morality 0 no crisis holds: one left over ends and the rest is a plain one.

    Raises:
        SheetError: a crisis roll's successes missing in crisis, given out of crisis, or below 0.
    """
    c = replace(c, may_degenerate=None)
    if c.crisis is not None and morality == 0:
        c = replace(c, crisis=None)
    if c.crisis is None:
        if successes is not None:
            raise SheetError("no crisis of conscience: rest needs no crisis roll")
        return _regained(w, wp.rest_regain(w), c)
    if successes is None:
        raise SheetError(
            f"in crisis, rest takes a crisis roll of {c.crisis.crime} dice: give its successes"
        )
    if successes < 0:
        raise SheetError(f"successes are 0 or more, not {successes}")
    if successes == 0:
        return _failed(w, c)
    return _regained(w, wp.rest_regain(w), _step(c, morality))


def atone(
    w: Willpower,
    c: Conscience,
    morality: int,
    scene_mark: int,
    successes: int,
    strides: bool = False,
) -> tuple[Willpower, Conscience]:
    """Both states after the end-of-scene crisis roll of a character who confronts the crime.

    Once a scene. A success gives a point and a step toward resolution; a failure takes a point
    (the player may then :func:`degenerate`). With ``strides`` (serious strides in undoing the
    crime's consequences) the roll counts toward resolution whatever the dice say.

    Raises:
        SheetError: no crisis, a roll already made this scene, or successes below 0.
    """
    _crisis(c)
    if c.atone_mark == scene_mark:
        raise SheetError("the crisis roll for atonement was already made this scene")
    if successes < 0:
        raise SheetError(f"successes are 0 or more, not {successes}")
    c = replace(c, atone_mark=scene_mark, may_degenerate=None)
    if successes == 0:
        w, c = _failed(w, c)
        if strides:  # counts toward resolution all the same; nothing is left to degenerate from
            c = _step(c, morality)
            c = c if c.crisis else replace(c, may_degenerate=None)
        return w, c
    return _regained(w, replace(w, points=min(w.dots, w.points + 1)), _step(c, morality))


def degenerate(w: Willpower, c: Conscience, morality: int) -> tuple[Willpower, Conscience, int]:
    """Both states and the new Morality when the player degenerates after a failed crisis roll.

    The character regains Willpower as normal instead of losing it (the point the failure took
    comes back, and a point more), the crisis ends, and Morality falls by one. The failure
    stays counted: the roll failed; only its result was refused.

    Raises:
        SheetError: no failed crisis roll just before, or Morality already 0.
    """
    if c.may_degenerate is None:
        raise SheetError("degenerate only right after a failed crisis roll")
    if morality == 0:
        raise SheetError("Morality is already 0: nothing to degenerate")
    after = replace(w, points=min(w.dots, w.points + c.may_degenerate + 1))
    w, c = _regained(w, after, replace(c, crisis=None, may_degenerate=None))
    return w, c, morality - 1


def check_morality_gain(c: Conscience, before: int, after: int) -> None:
    """Refuse a raise of Morality while the character is soulless.

    Raises:
        SheetError: a soulless character's Morality raised.
    """
    if not c.soul and after > before:
        raise SheetError(
            f"a soulless character gains no Morality ({before} to {after}); restore the soul first"
        )


# -- Intimacies ---------------------------------------------------------------------------


def _held(c: Conscience, text: str) -> int:
    """Where the Intimacy ``text`` is held (whatever its case and spacing), or -1."""
    key = " ".join(text.split()).casefold()
    for i, held in enumerate(c.intimacies):
        if held.casefold() == key:
            return i
    return -1


def _index(c: Conscience, text: str) -> int:
    i = _held(c, text)
    if i < 0:
        held = "; ".join(c.intimacies) or "none"
        raise SheetError(f"no Intimacy `{text[:MAX_INTIMACY]}`; held: {held}")
    return i


def add_intimacy(c: Conscience, resolve: int, text: str) -> Conscience:
    """The conscience with a new Intimacy (at most Resolve + 3).

    Raises:
        SheetError: an empty or long text, one already held (in any case), or no room left.
    """
    text = " ".join(text.split())
    if not 1 <= len(text) <= MAX_INTIMACY:
        raise SheetError(f"an Intimacy is 1..{MAX_INTIMACY} characters")
    if _held(c, text) >= 0:
        raise SheetError(f"the Intimacy `{text}` is already held")
    room = max(0, resolve) + INTIMACIES_OVER_RESOLVE
    if len(c.intimacies) >= room:
        raise SheetError(
            f"Resolve {resolve} allows {room} Intimacies and all are held: remove one first"
        )
    return replace(c, intimacies=(*c.intimacies, text))


def check_intimacies(c: Conscience, resolve: int, who: str = "NAME") -> None:
    """Refuse a Resolve lower than the Intimacies held need (ruling 19: "A character can have
    a number of Intimacies equal to their Resolve plus three"; the text says nothing is lost,
    so the Intimacies go first, by the table's choice of which).

    Raises:
        SheetError: more Intimacies held than Resolve + 3 allows; the message names them.
    """
    room = max(0, resolve) + INTIMACIES_OVER_RESOLVE
    if len(c.intimacies) > room:
        held = "; ".join(c.intimacies)
        over = len(c.intimacies) - room
        raise SheetError(
            f"Resolve {resolve} allows {room} Intimacies and {len(c.intimacies)} are held "
            f"({held}): let {over} go first (`dicepool intimacy {who} remove TEXT`) (ruling 19)"
        )


def remove_intimacy(c: Conscience, text: str) -> Conscience:
    """The conscience without the Intimacy ``text`` (in any case).

    Raises:
        SheetError: no such Intimacy (the message names those held).
    """
    i = _index(c, text)
    return replace(c, intimacies=c.intimacies[:i] + c.intimacies[i + 1 :])


def intimacy_pool(c: Conscience, morality: int, intimacy: str) -> int:
    """The dice of the Intimacy roll for a point spent defending ``intimacy``: the Morality.

    On a success the caller gives the point back (:func:`willpower.intimacy_regain`, then
    :func:`soul_regain`).

    Raises:
        SheetError: Morality 0 (no strength from Intimacies), or no such Intimacy.
    """
    if morality == 0:
        raise SheetError("at Morality 0 a character draws no strength from Intimacies")
    _index(c, intimacy)
    return morality


# -- the soul ---------------------------------------------------------------------------


def lose_soul(c: Conscience) -> Conscience:
    """The conscience of a character who lost their soul (the soul rolls start counting).

    Raises:
        SheetError: already soulless.
    """
    if not c.soul:
        raise SheetError("the character has already lost their soul")
    return replace(c, soul=False, restoring=False, soul_minutes=0)


def restore_soul(c: Conscience) -> Conscience:
    """The conscience of a character whose soul came back: regains of points bring dots back.

    Lost Morality is not returned; it is regained through normal means.

    Raises:
        SheetError: the soul is there.
    """
    if c.soul:
        raise SheetError("the character has their soul: nothing to restore")
    return replace(c, soul=True, restoring=True, soul_minutes=0)


def soul_roll_due(c: Conscience, dots: int, minutes: int) -> tuple[Conscience, int | None]:
    """Story time for a soulless character, up to the next soul roll.

    The roll of the Willpower dots falls due each day, each week at one dot. Returns the
    conscience and the minutes left of ``minutes`` after a roll fell due (the caller rolls
    ``dots`` dice, applies :func:`soul_roll`, then calls again with the minutes left and the
    new dots), or None when none fell due (the time is carried). With the soul, or at no dot,
    nothing is due and no time is carried.

    Raises:
        SheetError: negative time.
    """
    if minutes < 0:
        raise SheetError(f"time only goes forward, not {minutes} minutes")
    if c.soul or dots <= 0:
        return c, None
    every = WEEK if dots == 1 else DAY
    total = c.soul_minutes + minutes
    if total < every:
        return replace(c, soul_minutes=total), None
    return replace(c, soul_minutes=0), total - every


def soul_roll(w: Willpower, c: Conscience, successes: int) -> Willpower:
    """Willpower after a soul roll: a success takes a dot.

    Raises:
        SheetError: the character has their soul, or successes below 0.
    """
    if c.soul:
        raise SheetError("only a soulless character makes the soul roll")
    if successes < 0:
        raise SheetError(f"successes are 0 or more, not {successes}")
    return wp.lose_dots(w, 1) if successes else w


def months_due(w: Willpower, c: Conscience, minutes: int) -> tuple[Willpower, int]:
    """:func:`willpower.month_passes` for a character with a conscience.

    While soulless no lost dot comes back, so the time does not count toward one.

    Raises:
        SheetError: negative time.
    """
    if not c.soul:
        if minutes < 0:
            raise SheetError(f"time only goes forward, not {minutes} minutes")
        return w, 0
    return wp.month_passes(w, minutes)
