"""Storypath's shared Momentum pool, Consolations, Legend and the Feat of Scale, as pure values.

*Momentum* is one pool shared by all the players of a campaign; it holds at most twice the
number of players, and gains beyond that are lost (ruling 16). The number of players is the
seated players' (the player seats that sit with a character), unless the storyteller says
another: the pool grows as players sit down and shrinks as a seat is given up, losing what it
no longer holds, as it does when the storyteller sets a smaller number. A failed roll gives a
*Consolation*: Momentum (1, +1 with a Specialty, +2 on a botch: 3 on a plain botch, ruling 6),
or a Fateful Encounter, a Chance Meeting or an Unlooked-for Advantage; a botch gives Momentum
only. An Unlooked-for Advantage is a level-1 Enhancement to a later, different challenge: the
campaign keeps it pending until it is used. Momentum buys a die for a roll, or an Interval of a
Complex Action (:func:`dicepool.sheet.trackers.buy_intervals`).

*Legend* is a Scion's trait; its points are spent within the rating. The text says only what
spends them (a Feat of Scale), not what refreshes them, so points come back when the table says
so (:func:`regain_legend`). A *Feat of Scale* raises Scale by one for an action: one Legend
within the Legendary Title, or one Legend and two Momentum for an action a Calling keyword
covers outside the title.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from dicepool.core.result import Outcome
from dicepool.core.storypath import momentum as failure_momentum
from dicepool.errors import SheetError
from dicepool.sheet.traits import RATING, check_name, name_key

MAX_PLAYERS = 100
"""The most players a campaign's Momentum pool is sized for (a campaign's own limit)."""

MAX_POINTS = 100
"""The most Momentum or Legend one gain or spend moves (a pool holds at most 200)."""

MAX_PENDING = 50
"""The most Unlooked-for Advantages a campaign keeps pending at once."""

MAX_WHAT = 100
"""The longest description of what an Advantage is for, in characters."""

ADVANTAGE_LEVEL = 1
"""An Unlooked-for Advantage is a level-1 Enhancement."""

MAX_ENHANCEMENT = 10
"""The highest Enhancement a sheet takes (the text's table stops at 5, Extreme)."""

FREE_ENHANCEMENT = 3
"""Enhancements above this "should absolutely come with Drawbacks"."""

DRAWBACKS = (
    "add a Complication",
    "increase the Difficulty of another action",
    "antagonists get a free Enhancement bonus against you",
)
"""The Drawbacks table's kinds (a table may name its own)."""


def _amount(n: int, what: str) -> None:
    if not 1 <= n <= MAX_POINTS:
        raise SheetError(f"{what} is 1..{MAX_POINTS} points at a time, not {n}")


class SizedBy(StrEnum):
    """Where the number of players that sizes the pool comes from."""

    SEATS = "seats"
    """The seated players: the player seats that sit with a character (the default)."""
    STORYTELLER = "storyteller"
    """A number the storyteller set (a table with no web seats, or another count)."""


@dataclass(frozen=True)
class Momentum:
    """A campaign's Momentum pool.

    Attributes:
        points: Momentum in the pool.
        players: the number of players the storyteller set; None: the pool follows the
            seated players.
        seated: the seated players, the player seats that sit with a character (the
            storyteller's seat is none of them).
    """

    points: int = 0
    players: int | None = None
    seated: int = 0

    def __post_init__(self) -> None:
        if self.players is not None and not 1 <= self.players <= MAX_PLAYERS:
            raise SheetError(f"a table has 1..{MAX_PLAYERS} players, not {self.players}")
        if not 0 <= self.seated <= MAX_PLAYERS:
            raise SheetError(f"a table seats 0..{MAX_PLAYERS} players, not {self.seated}")
        if not 0 <= self.points <= self.capacity:
            raise SheetError(
                f"the Momentum pool holds 0..{self.capacity} points, not {self.points}"
            )

    @property
    def sized_by(self) -> SizedBy:
        """Whether the pool follows the seated players or a number the storyteller set."""
        return SizedBy.SEATS if self.players is None else SizedBy.STORYTELLER

    @property
    def sized_for(self) -> int:
        """The number of players the pool is sized for: the storyteller's, or the seated."""
        return self.seated if self.players is None else self.players

    @property
    def capacity(self) -> int:
        """The most the pool holds: twice the number of players (none while nobody sits)."""
        return 2 * self.sized_for

    def players_words(self) -> str:
        """The number of players the pool is sized for and where it comes from, in words:
        ``3 (the seated players)``, ``5 (set by the storyteller)``."""
        if self.players is not None:
            return f"{self.players} (set by the storyteller)"
        if self.seated == 0:
            return "0 (the seated players: nobody sits with a character yet)"
        return f"{self.seated} (the seated players)"

    def to_dict(self) -> dict[str, object]:
        """The pool as JSON: ``points``, ``capacity``, ``players`` (the number it is sized
        for), ``sized_by`` (``seats`` or ``storyteller``) and ``seated``."""
        return {
            "points": self.points,
            "capacity": self.capacity,
            "players": self.sized_for,
            "sized_by": self.sized_by.value,
            "seated": self.seated,
        }

    def stored(self) -> dict[str, object]:
        """The pool as the campaign keeps it (read back by :func:`stored_momentum`)."""
        return {"points": self.points, "players": self.players, "seated": self.seated}


def stored_momentum(data: dict[str, Any]) -> Momentum:
    """A pool from :meth:`Momentum.stored`'s JSON (an empty mapping: an empty pool that
    follows the seats, with nobody seated)."""
    players = data.get("players")
    return Momentum(
        int(data.get("points", 0)),
        None if players is None else int(players),
        int(data.get("seated", 0)),
    )


def _resized(pool: Momentum, players: int | None, seated: int) -> tuple[Momentum, int]:
    """The pool sized anew, and the points lost when it no longer holds them all."""
    sized = Momentum(0, players, seated)
    kept = min(pool.points, sized.capacity)
    return replace(sized, points=kept), pool.points - kept


def set_players(pool: Momentum, players: int | None) -> tuple[Momentum, int]:
    """The pool sized for ``players`` (None: for the seated players again), and the points
    lost when it shrinks below what it holds."""
    if players is not None and not 1 <= players <= MAX_PLAYERS:
        raise SheetError(f"a table has 1..{MAX_PLAYERS} players, not {players}")
    return _resized(pool, players, pool.seated)


def seat(pool: Momentum, seated: int) -> tuple[Momentum, int]:
    """The pool once ``seated`` players sit with a character, and the points lost: a pool
    that follows the seats grows with them and loses, when a seat is given up, what it no
    longer holds; one the storyteller sized keeps its size."""
    if not 0 <= seated <= MAX_PLAYERS:
        raise SheetError(f"a table seats 0..{MAX_PLAYERS} players, not {seated}")
    return _resized(pool, pool.players, seated)


def gain(pool: Momentum, n: int) -> tuple[Momentum, int]:
    """The pool after gaining ``n`` Momentum, and how many were lost over its capacity (all
    of them while it holds none: nobody seated, and no number set)."""
    _amount(n, "a Momentum gain")
    kept = min(pool.points + n, pool.capacity)
    return replace(pool, points=kept), pool.points + n - kept


def spend(pool: Momentum, n: int) -> Momentum:
    """The pool after spending ``n`` Momentum (a die each, an Interval each, a Knack).

    Raises:
        SheetError: the pool holds fewer than ``n``; the message says how many are left.
    """
    _amount(n, "a Momentum spend")
    if n > pool.points:
        raise SheetError(
            f"the Momentum pool holds {pool.points}, not {n}: spend at most {pool.points}"
        )
    return replace(pool, points=pool.points - n)


class Consolation(StrEnum):
    """What a player takes for a failed roll (a botch gives Momentum only)."""

    MOMENTUM = "momentum"
    ENCOUNTER = "encounter"
    MEETING = "meeting"
    ADVANTAGE = "advantage"

    @property
    def label(self) -> str:
        """The text's name for it."""
        return _LABELS[self]


_LABELS = {
    Consolation.MOMENTUM: "Momentum",
    Consolation.ENCOUNTER: "Fateful Encounter",
    Consolation.MEETING: "Chance Meeting",
    Consolation.ADVANTAGE: "Unlooked-for Advantage",
}


def consolation(outcome: Outcome, specialty: bool = False) -> int:
    """The Momentum a failed roll gives: 1, +1 with a Specialty, +2 on a botch (ruling 6).

    The figure is core's (:func:`dicepool.core.storypath.momentum`, the roll's ``momentum``
    count), so the log and the pool never disagree.

    Raises:
        SheetError: the roll succeeded: only a failure gives a Consolation.
    """
    if outcome is Outcome.SUCCESS:
        raise SheetError("a successful roll gives no Consolation: only a failure does")
    return failure_momentum(outcome, specialty)


def choose_consolation(outcome: Outcome, choice: Consolation | str) -> Consolation:
    """The Consolation a player picks for a failed roll, checked against the roll.

    Raises:
        SheetError: the roll succeeded; the choice is none of the four; or the roll botched
            and the choice is not Momentum.
    """
    if outcome is Outcome.SUCCESS:
        raise SheetError("a successful roll gives no Consolation: only a failure does")
    try:
        picked = Consolation(str(choice).strip().lower())
    except ValueError:
        names = ", ".join(c.value for c in Consolation)
        raise SheetError(f"`{choice}` is no Consolation; pick one of {names}") from None
    if outcome is Outcome.BOTCH and picked is not Consolation.MOMENTUM:
        raise SheetError(f"a botch gives only Momentum as its Consolation, not {picked.label}")
    return picked


@dataclass(frozen=True)
class Advantage:
    """An Unlooked-for Advantage: a level-1 Enhancement for a later, different challenge.

    Attributes:
        character: who earned it (and may use it).
        event: the logged failure that earned it, by its seq.
        what: what it is for, in the table's words.
    """

    character: str
    event: int
    what: str

    def to_dict(self) -> dict[str, object]:
        """The advantage as JSON, with its Enhancement ``level``."""
        return {
            "character": self.character,
            "event": self.event,
            "what": self.what,
            "level": ADVANTAGE_LEVEL,
        }


def advantage(character: str, event: int, what: str) -> Advantage:
    """An Unlooked-for Advantage earned by ``character`` from the failure logged as ``event``."""
    if event < 1:
        raise SheetError(f"an Advantage comes from a logged event (1 or more), not {event}")
    what = " ".join(what.split())
    if not 1 <= len(what) <= MAX_WHAT:
        raise SheetError(f"say what the Advantage is for in 1..{MAX_WHAT} characters")
    return Advantage(check_name(character, "character"), event, what)


@dataclass(frozen=True)
class Advantages:
    """A campaign's pending Unlooked-for Advantages, oldest first."""

    pending: tuple[Advantage, ...] = ()

    def of(self, character: str) -> tuple[Advantage, ...]:
        """The advantages ``character`` has pending, oldest first."""
        key = name_key(character)
        return tuple(a for a in self.pending if name_key(a.character) == key)

    def to_dict(self) -> list[dict[str, object]]:
        """The pending advantages as JSON, oldest first."""
        return [a.to_dict() for a in self.pending]

    def stored(self) -> dict[str, object]:
        """As the campaign keeps them (read back by :func:`stored_advantages`)."""
        return {"pending": [[a.character, a.event, a.what] for a in self.pending]}


def stored_advantages(data: dict[str, Any]) -> Advantages:
    """Advantages from :meth:`Advantages.stored`'s JSON (an empty mapping: none pending)."""
    return Advantages(tuple(advantage(c, int(e), w) for c, e, w in data.get("pending", [])))


def add_advantage(advantages: Advantages, earned: Advantage) -> Advantages:
    """The pending advantages with ``earned`` added.

    Raises:
        SheetError: that failure already gave an Advantage (one Consolation a failure), or
            too many are pending.
    """
    if any(a.event == earned.event for a in advantages.pending):
        raise SheetError(f"event {earned.event} already gave an Advantage: one Consolation each")
    if len(advantages.pending) >= MAX_PENDING:
        raise SheetError(f"{MAX_PENDING} Advantages are pending: use some before earning more")
    return Advantages((*advantages.pending, earned))


def use_advantage(
    advantages: Advantages, character: str, event: int | None = None
) -> tuple[Advantages, Advantage]:
    """Use ``character``'s oldest pending advantage (or the one ``event`` gave) on a later roll.

    Returns:
        The advantages left pending, and the one used (a level-1 Enhancement for the roll).

    Raises:
        SheetError: no such advantage pending for ``character``; the message lists theirs.
    """
    theirs = advantages.of(character)
    chosen = [a for a in theirs if event is None or a.event == event]
    if not chosen:
        held = ", ".join(f"event {a.event} ({a.what})" for a in theirs) or "none"
        which = f" from event {event}" if event is not None else ""
        raise SheetError(f"{character} has no Advantage{which} pending; theirs: {held}")
    used = chosen[0]
    return Advantages(tuple(a for a in advantages.pending if a != used)), used


@dataclass(frozen=True)
class Legend:
    """A Scion's Legend points, spent and regained within the sheet's ``Legend`` rating.

    Attributes:
        rating: the sheet's trait ``Legend``.
        spent: points spent and not yet regained (never more than the rating).
    """

    rating: int
    spent: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.rating <= RATING:
            raise SheetError(f"Legend is rated 0..{RATING}, not {self.rating}")
        if not 0 <= self.spent <= self.rating:
            raise SheetError(f"Legend spent is 0..{self.rating}, not {self.spent}")

    @property
    def points(self) -> int:
        """Legend points left to spend."""
        return self.rating - self.spent

    def to_dict(self) -> dict[str, object]:
        """As JSON: the ``rating`` and the ``points`` left."""
        return {"rating": self.rating, "points": self.points}

    def stored(self) -> dict[str, object]:
        """What the sheet keeps besides the rating (read back by :func:`stored_legend`)."""
        return {"spent": self.spent}


def stored_legend(rating: int, data: dict[str, Any]) -> Legend:
    """Legend from the sheet's rating and :meth:`Legend.stored`'s JSON (empty: none spent).

    A rating lowered since the points were spent leaves no more spent than it rates.
    """
    return Legend(rating, min(int(data.get("spent", 0)), rating))


def spend_legend(legend: Legend, n: int = 1) -> Legend:
    """Legend after spending ``n`` points; refused when fewer are left (says how many)."""
    _amount(n, "a Legend spend")
    if n > legend.points:
        raise SheetError(f"{legend.points} Legend left, not {n}: spend at most {legend.points}")
    return replace(legend, spent=legend.spent + n)


def regain_legend(legend: Legend, n: int = 1) -> tuple[Legend, int]:
    """Legend after regaining ``n`` points, and how many were lost above the rating."""
    _amount(n, "a Legend gain")
    back = min(n, legend.spent)
    return replace(legend, spent=legend.spent - back), n - back


@dataclass(frozen=True)
class FeatCost:
    """What a Feat of Scale costs, and what it gives.

    Attributes:
        legend: Legend points spent.
        momentum: Momentum spent from the shared pool.
        scale: Scale added to the action.
    """

    legend: int
    momentum: int
    scale: int = 1


def feat_of_scale(within_title: bool) -> FeatCost:
    """The cost of a Feat of Scale: one Legend within the Legendary Title; outside it, for an
    action a Calling keyword covers, one Legend and two Momentum. Either adds one Scale."""
    return FeatCost(1, 0) if within_title else FeatCost(1, 2)


def invoke_feat(
    legend: Legend, pool: Momentum, within_title: bool
) -> tuple[Legend, Momentum, FeatCost]:
    """Spend a Feat of Scale's cost: both Legend and Momentum, or nothing.

    Returns:
        Legend and the pool after the spend, and the cost (its ``scale`` goes on the roll).

    Raises:
        SheetError: too little Legend or Momentum; nothing is spent.
    """
    cost = feat_of_scale(within_title)
    short = []
    if legend.points < cost.legend:
        short.append(f"{cost.legend} Legend (left: {legend.points})")
    if pool.points < cost.momentum:
        short.append(f"{cost.momentum} Momentum (the pool holds {pool.points})")
    if short:
        raise SheetError(f"a Feat of Scale needs {' and '.join(short)}")
    after = spend(pool, cost.momentum) if cost.momentum else pool
    return spend_legend(legend, cost.legend), after, cost


def check_enhancement(level: int, drawback: str | None = None) -> str | None:
    """Check an Enhancement: above 3 it needs a named Drawback (the text: "should absolutely").

    Returns:
        The Drawback, tidied (None when there is none).

    Raises:
        SheetError: the level is out of 0..10, or above 3 with no Drawback; the message
            suggests the Drawbacks table's kinds.
    """
    if not 0 <= level <= MAX_ENHANCEMENT:
        raise SheetError(f"an Enhancement is 0..{MAX_ENHANCEMENT}, not {level}")
    named = " ".join((drawback or "").split()) or None
    if level > FREE_ENHANCEMENT and named is None:
        raise SheetError(
            f"an Enhancement above {FREE_ENHANCEMENT} comes with a Drawback: name one, "
            f"e.g. {'; '.join(DRAWBACKS)}"
        )
    if named is not None and len(named) > MAX_WHAT:
        raise SheetError(f"name the Drawback in at most {MAX_WHAT} characters")
    return named
