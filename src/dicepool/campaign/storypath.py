"""storypath's Momentum and Legend, and the trackers of actions that take several rolls: the
use cases, each one transaction (:func:`~dicepool.campaign.play.act`).

A roll's own spends (Momentum dice, a Feat of Scale, a Consolation, a roll counted toward a
tracker) are made by :func:`dicepool.campaign.rolls.roll`; these are the rest: the table's
number of players (which sizes the pool: the seated players unless the storyteller sets one),
Momentum spent on something else than dice (a Knack), Legend regained, trackers started,
Intervals bought and Milestones awarded.
"""

from __future__ import annotations

from dicepool.campaign.play import Acted, act
from dicepool.errors import ParameterError, SheetError
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import IntervalsBought, MilestonesAwarded, TrackerStarted
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath.momentum import MAX_POINTS, MAX_WHAT
from dicepool.sheet.storypath.payloads import LegendRegained, MomentumSpent, PlayersSet
from dicepool.sheet.storypath.play import legendary
from dicepool.sheet.tracker_play import kind_of
from dicepool.sheet.trackers import MAX_INTERVALS, MAX_MILESTONES
from dicepool.store.database import Database


def _points(points: int, what: str, most: int = MAX_POINTS) -> int:
    if not 1 <= points <= most:
        raise SheetError(f"{what} is 1..{most}, not {points}")
    return points


def set_players(db: Database, campaign: str, players: int | None, actor: str) -> Acted:
    """Say how many players sit at the table, or (None) that they are the seated players
    again: the Momentum pool holds twice as many points."""
    event = event_of(Kind.PLAYERS_SET, PlayersSet(players))
    return act(db, campaign, actor, lambda _state: event)


def asked_players(players: int | None, seats: bool) -> int | None:
    """The number of players an edge asked for: ``players``, or None to follow the seated
    players (``seats``).

    Raises:
        ParameterError: both, or neither (the message shows each).
    """
    if (players is not None) != seats:  # exactly one of them
        return players
    both = players is not None
    raise ParameterError(
        "seats" if both else "players",
        f"{'give a number of players or --seats, not both' if both else 'say how many players'}"
        f": {PLAYERS_ADVICE}",
    )


PLAYERS_ADVICE = (
    "`dicepool campaign players 4` sets a number, `dicepool campaign players --seats` follows "
    "the seated players"
)
"""How a storyteller sizes the Momentum pool, as the command line says it (the page has its
own words for it)."""


def spend_momentum(db: Database, campaign: str, points: int, what: str, actor: str) -> Acted:
    """Spend Momentum on something else than dice (a Knack...): ``what`` says on what."""
    what = " ".join(what.split())
    if len(what) > MAX_WHAT:
        raise SheetError(f"--for is at most {MAX_WHAT} characters; say it shorter")
    event = event_of(Kind.MOMENTUM_SPENT, MomentumSpent(_points(points, "a Momentum spend"), what))
    return act(db, campaign, actor, lambda _state: event)


def regain_legend(db: Database, campaign: str, name: str, points: int, actor: str) -> Acted:
    """Give ``points`` Legend back to a character (the text leaves when to the table)."""
    points = _points(points, "a Legend regain")

    def decide(state: CampaignState) -> Event:
        sheet, _legend = legendary(state, name)
        return event_of(Kind.LEGEND_REGAINED, LegendRegained(sheet.name, points))

    return act(db, campaign, actor, decide)


def start_tracker(
    db: Database,
    campaign: str,
    name: str,
    sides: list[str],
    target: int,
    limit: int | None,
    difficulty: int | None,
    actor: str,
) -> Acted:
    """Start a Complex Action (``difficulty`` given) or an extended action (None), for one
    character or two (opposed, contested)."""
    kind = kind_of(difficulty is not None, len(sides))

    def decide(state: CampaignState) -> Event:
        named = tuple(state.character(s).name for s in sides)
        started = TrackerStarted(name, kind.value, target, named, limit, difficulty)
        return event_of(Kind.TRACKER_STARTED, started)

    return act(db, campaign, actor, decide)


def buy_intervals(db: Database, campaign: str, tracker: str, intervals: int, actor: str) -> Acted:
    """Buy Intervals of a Complex Action with Momentum, one a point."""
    n = _points(intervals, "Intervals bought at once", MAX_INTERVALS)

    def decide(state: CampaignState) -> Event:
        found = state.now.trackers.find(tracker).name
        return event_of(Kind.INTERVALS_BOUGHT, IntervalsBought(found, n))

    return act(db, campaign, actor, decide)


def award_milestones(
    db: Database, campaign: str, tracker: str, character: str | None, milestones: int, actor: str
) -> Acted:
    """Award Milestones of a Complex Action without a roll (to ``character``'s side; the only
    side when None)."""
    n = _points(milestones, "Milestones awarded at once", MAX_MILESTONES)

    def decide(state: CampaignState) -> Event:
        found = state.now.trackers.find(tracker)
        if character is None and len(found.sides) > 1:
            raise SheetError(
                f"`{found.name}` has two sides: say whose with --char ({' or '.join(found.sides)})"
            )
        side = found.sides[found.count_of(character)] if character else found.sides[0]
        return event_of(Kind.MILESTONES_AWARDED, MilestonesAwarded(found.name, side, n))

    return act(db, campaign, actor, decide)
