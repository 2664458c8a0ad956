"""Actions that take several rolls, as transitions of a campaign: storypath Complex Actions
and chronicles extended actions, kept by name in the story's trackers.

The pure rules are :mod:`~dicepool.sheet.trackers`'. A tracker is started for characters of the
campaign (one side, or two for an opposed or contested one); a roll counts toward it when its
spends name it (``--complex NAME``, ``--extended NAME``): the roll's total is counted in the
roll's own transaction. An Interval of a Complex Action is rolled at the action's Difficulty: a
line that names none is given it, one that names another is refused. Momentum buys Intervals
(ruling 16) and Milestones may be awarded without a roll.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dicepool.core.request import ContestRequest, Request
from dicepool.core.result import ContestResult, RollResult
from dicepool.core.storypath import StorypathRequest
from dicepool.errors import SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.payloads import (
    IntervalsBought,
    MilestonesAwarded,
    RollCounted,
    TrackerStarted,
)
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath.play import pool_of, with_pool
from dicepool.sheet.trackers import (
    Kind,
    Tracker,
    Trackers,
    add_tracker,
    award,
    buy_intervals,
    count_roll,
    put_tracker,
    start_complex,
    start_contested,
    start_extended,
    start_opposed,
)

if TYPE_CHECKING:
    from dicepool.sheet.spends import Spends

Data = Mapping[str, Any]

SYSTEMS = {
    Kind.COMPLEX: "storypath",
    Kind.OPPOSED: "storypath",
    Kind.EXTENDED: "chronicles",
    Kind.CONTESTED: "chronicles",
}
"""The system whose text each kind of tracker comes from."""


def kind_of(storypath: bool, sides: int) -> Kind:
    """The kind of tracker a command starts: complex or extended, one side or two."""
    if storypath:
        return Kind.COMPLEX if sides == 1 else Kind.OPPOSED
    return Kind.EXTENDED if sides == 1 else Kind.CONTESTED


def _with_trackers(state: CampaignState, trackers: Trackers) -> CampaignState:
    return replace(state, story=replace(state.now, trackers=trackers))


def new_tracker(state: CampaignState, data: Data) -> Tracker:
    """The tracker a ``tracker-started`` event starts, its sides named as their sheets are.

    Raises:
        SheetError: a kind of another system, a character not in the campaign, a count out
            of its bounds.
    """
    event = TrackerStarted.of(data)
    kind = Kind(event.kind)
    if SYSTEMS[kind] != state.system:
        command = "complex" if kind.storypath else "extended"
        raise SheetError(
            f"`dicepool {command}` follows a {SYSTEMS[kind]} rule; {state.name} plays "
            f"{state.system}"
        )
    sides = [state.character(name).name for name in event.sides]
    name, target, limit = event.name, event.target, event.limit
    if kind is Kind.COMPLEX:
        return start_complex(name, sides[0], target, limit, _difficulty(event))
    if kind is Kind.OPPOSED:
        return start_opposed(name, sides[0], sides[1], target, limit, _difficulty(event))
    if kind is Kind.EXTENDED:
        return start_extended(name, sides[0], target, limit)
    return start_contested(name, sides[0], sides[1], target, limit)


def _difficulty(event: TrackerStarted) -> int:
    assert event.difficulty is not None, "a Complex Action's event names its Difficulty"
    return event.difficulty


def tracker_started(state: CampaignState, data: Data) -> CampaignState:
    """``tracker-started``: a Complex Action or an extended action begins."""
    return _with_trackers(state, add_tracker(state.now.trackers, new_tracker(state, data)))


def intervals_bought(state: CampaignState, data: Data) -> CampaignState:
    """``intervals-bought``: Momentum buys more Intervals, one a point (ruling 16)."""
    event = IntervalsBought.of(data)
    tracker = state.now.trackers.find(event.tracker)
    after, pool = buy_intervals(tracker, pool_of(state), event.intervals)
    return with_pool(_with_trackers(state, put_tracker(state.now.trackers, after)), pool)


def milestones_awarded(state: CampaignState, data: Data) -> CampaignState:
    """``milestones-awarded``: Milestones given without a roll."""
    event = MilestonesAwarded.of(data)
    tracker = state.now.trackers.find(event.tracker)
    after, _status = award(tracker, event.character, event.milestones)
    return _with_trackers(state, put_tracker(state.now.trackers, after))


def roll_counted(state: CampaignState, data: Data, _event: int = 0) -> CampaignState:
    """A roll's total counted toward a tracker (a Milestone, or successes)."""
    counted = RollCounted.of(data)
    tracker = state.now.trackers.find(counted.name)
    after, _status = count_roll(tracker, counted.character, counted.successes)
    return _with_trackers(state, put_tracker(state.now.trackers, after))


ROLL_EFFECTS: dict[str, Callable[[CampaignState, Data, int], CampaignState]] = {
    "tracker": roll_counted
}
"""A roll's effect on a tracker, applied after its spends and Consolation."""


def _named(spends: Spends) -> tuple[str, bool] | None:
    """The tracker a roll's spends name, and whether it is a Complex Action."""
    if spends.complex is not None and spends.extended is not None:
        raise SheetError("a roll counts toward one action: give --complex or --extended")
    if spends.complex is not None:
        return spends.complex, True
    return (spends.extended, False) if spends.extended is not None else None


def tracker_for(state: CampaignState, spender: Character | None, spends: Spends) -> Tracker | None:
    """The open tracker the roll counts toward, checked as a roll of ``spender`` would be.

    Raises:
        SheetError: no such tracker, one of the other kind, finished, ``spender`` not on it,
            or (two sides) its turn to wait for the other side.
    """
    named = _named(spends)
    if named is None:
        return None
    name, complex_ = named
    option = "--complex" if complex_ else "--extended"
    if spender is None:
        raise SheetError(f"{option} counts a character's roll: roll with --char NAME")
    tracker = state.now.trackers.find(name)
    if tracker.kind.storypath != complex_:
        other = "--complex" if tracker.kind.storypath else "--extended"
        a = "an" if str(tracker.kind)[0] in "aeiou" else "a"
        raise SheetError(f"`{tracker.name}` is {a} {tracker.kind} action: count it with {other}")
    count_roll(tracker, spender.name, 0)  # refused here as it would be once rolled
    return tracker


def prepare(
    state: CampaignState, spender: Character | None, request: Request, spends: Spends
) -> Request:
    """The request a roll toward a tracker makes, refused before any die is rolled when it
    cannot count: an Interval is rolled at its Complex Action's Difficulty (a line that names
    none, or its default 1, is given it; one that names another is refused).
    """
    tracker = tracker_for(state, spender, spends)
    if tracker is None:
        return request
    if isinstance(request, ContestRequest):
        raise SheetError(f"a roll toward `{tracker.name}` is one side's roll, not a contest")
    if not tracker.kind.storypath:
        return request
    difficulty = tracker.difficulty or 1
    if not isinstance(request, StorypathRequest) or request.difficulty not in (1, difficulty):
        raise SheetError(
            f"an Interval of `{tracker.name}` has Difficulty {difficulty}: write "
            f"`diff {difficulty}` in the line, or none"
        )
    return replace(request, difficulty=difficulty)


def roll_effects(
    state: CampaignState,
    spender: Character | None,
    result: RollResult | ContestResult,
    spends: Spends,
) -> dict[str, Any]:
    """The roll's effect on the tracker its spends name: its total, counted (and where the
    roller's count then stands, for the table's words)."""
    tracker = tracker_for(state, spender, spends)
    if tracker is None or spender is None or not isinstance(result, RollResult):
        return {}
    after, _status = count_roll(tracker, spender.name, result.total)
    progress = after.progress[after.count_of(spender.name)]
    counted = RollCounted(tracker.name, spender.name, result.total, progress, tracker.target)
    return {"tracker": counted.data()}
