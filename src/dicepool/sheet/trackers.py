"""Progress trackers a campaign keeps by name: actions that take several rolls to resolve.

Four kinds, in the words of their texts:

- storypath *Complex Action* (``complex``): characters roll one *Interval* after another;
  meeting the Interval's Difficulty gains one *Milestone* ("Gain one when you meet the
  Difficulty of an Interval": threshold successes give no more, they buy off complications and
  stunts as on any roll). It is complete once the Milestones needed are met, and failed when
  the Intervals allowed run out first; with no Interval limit ("under no time pressure") it
  never fails. Milestones "can be awarded without rolls" (:func:`award`), and Momentum buys
  more Intervals, one a point (:func:`buy_intervals`; buying reopens an action that failed for
  want of Intervals). Its Milestones are the table's (ruling 20: "Can have different characters
  perform different Intervals"): any character of the campaign may roll an Interval, each roll
  counted as it is made, toward the one count of the action; the character who started it is
  only its name on the count.
- storypath *opposed Complex Action* (``opposed``): two characters, each gaining Milestones
  on their own rolls. "Whoever gets to the target number of Milestones first wins, or whoever
  has the most Milestones by the Interval limit wins".
- chronicles *extended action* (``extended``): successes accumulate over rolls until a goal
  is reached; with a roll limit, failed when the rolls run out first.
- chronicles *contested extended action* (``contested``): "both parties roll, and accumulate
  successes"; it "is settled when one party has reached a pre-arranged number of successes".

Two sides roll in rounds (a storypath Interval): neither rolls again before the other has
rolled, and the contest is judged when a round is complete, so rolling first in a round is no
advantage. If both reach the target in the same round, or the limit ends it, the larger total
wins; equal totals go to the defender in storypath (the second side: "ties go to defender")
and are a tie in chronicles (ruling 3).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from dicepool.core.pool import MAX_DICE_PER_ROLL
from dicepool.errors import SheetError
from dicepool.sheet.storypath.momentum import Momentum, spend
from dicepool.sheet.traits import check_name, name_key

MAX_MILESTONES = 20
"""The most Milestones a Complex Action needs (the text's table: 2 to 5+)."""

MAX_INTERVALS = 50
"""The most Intervals a Complex Action allows, those bought with Momentum included."""

MAX_DIFFICULTY = 10
"""The highest Difficulty of an Interval (the text's table stops at 5, Extreme)."""

MAX_GOAL = 100
"""The most successes an extended action needs."""

MAX_ROLLS = 100
"""The most rolls an extended action allows."""

MAX_TRACKERS = 100
"""The most trackers a campaign keeps, finished ones included."""


class Kind(StrEnum):
    """The kind of action a tracker follows."""

    COMPLEX = "complex"
    OPPOSED = "opposed"
    EXTENDED = "extended"
    CONTESTED = "contested"

    @property
    def storypath(self) -> bool:
        """Counted in Milestones, one an Interval that meets the Difficulty."""
        return self in (Kind.COMPLEX, Kind.OPPOSED)

    @property
    def sides(self) -> int:
        """How many characters take part."""
        return 2 if self in (Kind.OPPOSED, Kind.CONTESTED) else 1


class Status(StrEnum):
    """Where a tracker stands."""

    IN_PROGRESS = "in_progress"
    COMPLETE = "complete"
    FAILED = "failed"
    WON = "won"
    TIE = "tie"


def _bounded(value: int | None, high: int, what: str) -> None:
    if value is not None and not 1 <= value <= high:
        raise SheetError(f"{what} is 1..{high}, not {value}")


@dataclass(frozen=True)
class Tracker:
    """A tracker: who takes part, what they need, and how far each has come.

    Attributes:
        name: the tracker's name in its campaign.
        kind: the kind of action.
        sides: the characters; in an opposed storypath action the acting side first, then
            the defender (who takes ties).
        target: Milestones (storypath) or successes (chronicles) needed.
        limit: Intervals or rolls allowed to each side; None for no limit.
        difficulty: storypath: successes an Interval needs for a Milestone (None otherwise).
        progress: each side's Milestones or successes so far.
        rolls: each side's Intervals or rolls used.
        status: where it stands.
        winner: the side that won, when ``status`` is ``won``.
    """

    name: str
    kind: Kind
    sides: tuple[str, ...]
    target: int
    limit: int | None = None
    difficulty: int | None = None
    progress: tuple[int, ...] = ()
    rolls: tuple[int, ...] = ()
    status: Status = Status.IN_PROGRESS
    winner: str | None = None

    def __post_init__(self) -> None:
        story = self.kind.storypath
        _bounded(self.target, MAX_MILESTONES if story else MAX_GOAL, self._target_words)
        _bounded(self.limit, MAX_INTERVALS if story else MAX_ROLLS, self._limit_words)
        if story:
            _bounded(self.difficulty or 0, MAX_DIFFICULTY, "an Interval's Difficulty")
        elif self.difficulty is not None:
            raise SheetError("a chronicles extended action has no Difficulty: only a goal")
        if len(self.sides) != self.kind.sides:
            raise SheetError(f"a {self.kind} action takes {self.kind.sides} character(s)")
        if len({name_key(s) for s in self.sides}) != len(self.sides):
            raise SheetError("the two sides of a contest are two different characters")
        for counts in (self.progress, self.rolls):
            if len(counts) != len(self.sides) or any(n < 0 for n in counts):
                raise SheetError(f"tracker `{self.name}`: one count of 0 or more for each side")
        if self.limit is not None and max(self.rolls) > self.limit:
            raise SheetError(f"tracker `{self.name}` used more than its {self.limit} allowed")
        if (self.status is Status.WON) != (self.winner in self.sides):
            raise SheetError(f"tracker `{self.name}`: a winner goes with the status `won`")

    @property
    def _target_words(self) -> str:
        return "the Milestones needed" if self.kind.storypath else "the successes needed"

    @property
    def _limit_words(self) -> str:
        return "the Intervals allowed" if self.kind.storypath else "the rolls allowed"

    @property
    def finished(self) -> bool:
        """Complete, failed, won or tied: it counts no more rolls."""
        return self.status is not Status.IN_PROGRESS

    @property
    def outcome(self) -> str:
        """Where it stands, in words: in progress, complete, failed, won by X, tie."""
        if self.status is Status.WON:
            return f"won by {self.winner}"
        return self.status.value.replace("_", " ")

    def count_of(self, character: str) -> int:
        """The index of the count ``character``'s roll or Milestones go to: a Complex Action
        has one, the table's, that any character adds to (ruling 20); a side of a contest
        counts its own (:meth:`side`)."""
        return 0 if self.kind is Kind.COMPLEX else self.side(character)

    def side(self, character: str) -> int:
        """The index of ``character``'s side; a SheetError names those taking part."""
        key = name_key(character)
        for i, name in enumerate(self.sides):
            if name_key(name) == key:
                return i
        raise SheetError(
            f"{character} is not on tracker `{self.name}`; it follows {', '.join(self.sides)}"
        )

    def to_dict(self) -> dict[str, object]:
        """The tracker as JSON: progress and rolls used per character, limit, status."""
        return {
            "name": self.name,
            "kind": self.kind.value,
            "target": self.target,
            "limit": self.limit,
            **({"difficulty": self.difficulty} if self.kind.storypath else {}),
            "progress": dict(zip(self.sides, self.progress, strict=True)),
            "rolls": dict(zip(self.sides, self.rolls, strict=True)),
            "status": self.status.value,
            "winner": self.winner,
            "outcome": self.outcome,
        }

    def stored(self) -> dict[str, object]:
        """The tracker as the campaign keeps it (read back by :func:`stored_tracker`)."""
        return {
            "name": self.name,
            "kind": self.kind.value,
            "sides": list(self.sides),
            "target": self.target,
            "limit": self.limit,
            "difficulty": self.difficulty,
            "progress": list(self.progress),
            "rolls": list(self.rolls),
            "status": self.status.value,
            "winner": self.winner,
        }


def stored_tracker(data: dict[str, Any]) -> Tracker:
    """A tracker from :meth:`Tracker.stored`'s JSON, checked as a new one is."""
    try:
        return Tracker(
            check_name(str(data["name"]), "tracker"),
            Kind(data["kind"]),
            tuple(check_name(str(s), "character") for s in data["sides"]),
            int(data["target"]),
            None if data.get("limit") is None else int(data["limit"]),
            None if data.get("difficulty") is None else int(data["difficulty"]),
            tuple(int(n) for n in data["progress"]),
            tuple(int(n) for n in data["rolls"]),
            Status(data.get("status", Status.IN_PROGRESS)),
            data.get("winner"),
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise SheetError(
            f"a stored tracker is damaged ({exc!r}); remove it and start anew"
        ) from exc


def _new(
    name: str,
    kind: Kind,
    sides: tuple[str, ...],
    target: int,
    limit: int | None,
    difficulty: int | None,
) -> Tracker:
    zeros = (0,) * len(sides)
    named = tuple(check_name(s, "character") for s in sides)
    return Tracker(
        check_name(name, "tracker"), kind, named, target, limit, difficulty, zeros, zeros
    )


def start_complex(
    name: str, character: str, milestones: int, intervals: int | None = None, difficulty: int = 1
) -> Tracker:
    """A storypath Complex Action: ``milestones`` needed within ``intervals`` (None: no limit)."""
    return _new(name, Kind.COMPLEX, (character,), milestones, intervals, difficulty)


def start_opposed(
    name: str,
    acting: str,
    defending: str,
    milestones: int,
    intervals: int | None = None,
    difficulty: int = 1,
) -> Tracker:
    """A storypath opposed Complex Action; both sides roll Intervals of the same Difficulty."""
    return _new(name, Kind.OPPOSED, (acting, defending), milestones, intervals, difficulty)


def start_extended(name: str, character: str, goal: int, rolls: int | None = None) -> Tracker:
    """A chronicles extended action: ``goal`` successes over at most ``rolls`` rolls."""
    return _new(name, Kind.EXTENDED, (character,), goal, rolls, None)


def start_contested(
    name: str, first: str, second: str, goal: int, rolls: int | None = None
) -> Tracker:
    """A chronicles contested extended action: the first to ``goal`` successes wins."""
    return _new(name, Kind.CONTESTED, (first, second), goal, rolls, None)


def _open(tracker: Tracker) -> None:
    if tracker.finished:
        raise SheetError(
            f"tracker `{tracker.name}` is finished ({tracker.outcome}); start a new one"
        )


def _turn(tracker: Tracker, i: int) -> None:
    """Two sides roll in rounds: a side that has rolled this round waits for the other."""
    if tracker.rolls[i] > min(tracker.rolls):
        other = tracker.sides[1 - i]
        step = "Interval" if tracker.kind.storypath else "round"
        raise SheetError(
            f"{tracker.sides[i]} has rolled this {step} of `{tracker.name}`; {other} rolls next"
        )


def count_roll(tracker: Tracker, character: str, successes: int) -> tuple[Tracker, Status]:
    """The tracker after ``character``'s roll of ``successes`` (the roll's total, with its
    Enhancement), and where it stands.

    Storypath: the roll gains a Milestone when it meets the Interval's Difficulty; any
    character's roll is an Interval of a Complex Action (ruling 20).
    Chronicles: its successes add up.

    Raises:
        SheetError: the tracker is finished, ``character`` is not on it (a contest), or (two
            sides) has rolled this round already.
    """
    _open(tracker)
    i = tracker.count_of(character)
    if not 0 <= successes <= MAX_DICE_PER_ROLL:
        raise SheetError(f"a roll scores 0..{MAX_DICE_PER_ROLL} successes, not {successes}")
    if tracker.kind.sides == 2:
        _turn(tracker, i)
    # storypath: a Milestone for meeting the Difficulty, whatever the threshold successes
    gained = int(successes >= (tracker.difficulty or 1)) if tracker.kind.storypath else successes
    after = replace(
        tracker, progress=_plus(tracker.progress, i, gained), rolls=_plus(tracker.rolls, i, 1)
    )
    after = judge(after)
    return after, after.status


def award(tracker: Tracker, character: str, milestones: int = 1) -> tuple[Tracker, Status]:
    """The tracker after ``milestones`` awarded without a roll (storypath only): no Interval
    is used."""
    _open(tracker)
    if not tracker.kind.storypath:
        raise SheetError("only a storypath Complex Action awards Milestones without a roll")
    _bounded(milestones, MAX_MILESTONES, "Milestones awarded at once")
    i = tracker.count_of(character)
    after = judge(replace(tracker, progress=_plus(tracker.progress, i, milestones)))
    return after, after.status


def buy_intervals(tracker: Tracker, pool: Momentum, n: int = 1) -> tuple[Tracker, Momentum]:
    """Buy ``n`` more Intervals with Momentum, one point each (ruling 16); both or nothing.

    A Complex Action that failed for want of Intervals is open again; an opposed one must
    still be open (the limit has already named its winner).

    Raises:
        SheetError: not a storypath action with an Interval limit; finished; over the
            limit of Intervals; or the pool holds fewer than ``n``.
    """
    if not tracker.kind.storypath or tracker.limit is None:
        raise SheetError(f"tracker `{tracker.name}` has no Interval limit to raise")
    if tracker.status is not Status.FAILED or tracker.kind is not Kind.COMPLEX:
        _open(tracker)
    _bounded(n, MAX_INTERVALS, "Intervals bought at once")
    if tracker.limit + n > MAX_INTERVALS:
        raise SheetError(
            f"a Complex Action allows at most {MAX_INTERVALS} Intervals; it has {tracker.limit}"
        )
    after = spend(pool, n)
    return replace(tracker, limit=tracker.limit + n, status=Status.IN_PROGRESS), after


def _plus(counts: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    return tuple(c + n if k == i else c for k, c in enumerate(counts))


def judge(tracker: Tracker) -> Tracker:
    """The tracker with its status settled from its counts (see the module's rules)."""
    progress, target = tracker.progress, tracker.target
    out_of_rolls = tracker.limit is not None and min(tracker.rolls) >= tracker.limit
    if tracker.kind.sides == 1:
        if progress[0] >= target:
            return replace(tracker, status=Status.COMPLETE)
        return replace(tracker, status=Status.FAILED) if out_of_rolls else tracker
    if tracker.rolls[0] != tracker.rolls[1]:
        return tracker  # a round is judged when both sides have rolled
    if max(progress) >= target or out_of_rolls:
        return _decided(tracker)
    return tracker


def _decided(tracker: Tracker) -> Tracker:
    """The contest settled: the larger total wins; equal ones by the system's tie rule."""
    first, second = tracker.progress
    if first == second and not tracker.kind.storypath:
        return replace(tracker, status=Status.TIE)
    winner = tracker.sides[0] if first > second else tracker.sides[1]  # ties to the defender
    return replace(tracker, status=Status.WON, winner=winner)


@dataclass(frozen=True)
class Trackers(Mapping[str, Tracker]):
    """A campaign's trackers, found by name whatever its case or spacing."""

    trackers: tuple[Tracker, ...] = ()

    def __getitem__(self, name: str) -> Tracker:
        key = name_key(name)
        for tracker in self.trackers:
            if name_key(tracker.name) == key:
                return tracker
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (t.name for t in self.trackers)

    def __len__(self) -> int:
        return len(self.trackers)

    @property
    def open(self) -> tuple[Tracker, ...]:
        """The trackers still in progress."""
        return tuple(t for t in self.trackers if not t.finished)

    def find(self, name: str) -> Tracker:
        """The tracker called ``name``; a SheetError lists the open ones."""
        try:
            return self[name]
        except KeyError:
            names = ", ".join(t.name for t in self.open) or "none"
            raise SheetError(f"no tracker `{name}`; open trackers: {names}") from None

    def to_dict(self) -> list[dict[str, object]]:
        """Every tracker as JSON, in the order they were started."""
        return [t.to_dict() for t in self.trackers]

    def stored(self) -> dict[str, object]:
        """As the campaign keeps them (read back by :func:`stored_trackers`)."""
        return {"trackers": [t.stored() for t in self.trackers]}


def stored_trackers(data: dict[str, Any]) -> Trackers:
    """Trackers from :meth:`Trackers.stored`'s JSON (an empty mapping: none)."""
    return Trackers(tuple(stored_tracker(t) for t in data.get("trackers", [])))


def add_tracker(trackers: Trackers, tracker: Tracker) -> Trackers:
    """The trackers with ``tracker`` added.

    A finished tracker's name may be used again: the new one replaces it (the log keeps the
    old one's story). With :data:`MAX_TRACKERS` kept, the oldest finished one makes room the
    same way.

    Raises:
        SheetError: an open tracker has that name, or the campaign holds too many open ones.
    """
    old = trackers.get(tracker.name)
    if old is not None and not old.finished:
        raise SheetError(
            f"tracker `{old.name}` is still open ({old.outcome}); finish it first (or undo its "
            "start), or pick another name"
        )
    kept = tuple(t for t in trackers.trackers if t is not old)
    if len(kept) >= MAX_TRACKERS:
        done = next((t for t in kept if t.finished), None)
        if done is None:
            raise SheetError(
                f"a campaign keeps at most {MAX_TRACKERS} open trackers; finish some first"
            )
        kept = tuple(t for t in kept if t is not done)
    return Trackers((*kept, tracker))


def put_tracker(trackers: Trackers, tracker: Tracker) -> Trackers:
    """The trackers with the one of ``tracker``'s name replaced by it (after a roll)."""
    old = trackers.find(tracker.name)
    return Trackers(tuple(tracker if t is old else t for t in trackers.trackers))


def remove_tracker(trackers: Trackers, name: str) -> Trackers:
    """The trackers without ``name``; a SheetError lists the open ones if there is none."""
    old = trackers.find(name)
    return Trackers(tuple(t for t in trackers.trackers if t is not old))
