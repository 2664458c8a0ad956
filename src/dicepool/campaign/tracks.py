"""The named tracks' use cases, each one transaction (:func:`~dicepool.campaign.play.act`).

A track is defined on a character, changed (points spent or gained, damage dealt or healed, a
new maximum), or removed; the storyteller turns the default tracks of chronicles and classic
on or off for the whole campaign. The event names the character and the track as their sheet
writes them, whatever case the caller typed. The rules are :mod:`dicepool.sheet.tracks`'.
"""

from __future__ import annotations

from dicepool.campaign.play import Acted, act
from dicepool.errors import SheetError
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.state import CampaignState
from dicepool.sheet.tracks import MAX_CHANGE, MAX_NAME, Operation, TrackKind, new_track
from dicepool.sheet.tracks_play import (
    DefaultTracksSet,
    TrackChanged,
    TrackDefined,
    TrackRemoved,
    operation_of,
    track_for,
    track_named,
    wound_of,
)
from dicepool.store.database import Database

WHAT = {
    Operation.SPEND: "a spend",
    Operation.GAIN: "a gain",
    Operation.DAMAGE: "damage",
    Operation.HEAL: "healing",
    Operation.SET_MAX: "a maximum",
}
"""Each change in words, for its messages."""


def define_track(
    db: Database,
    campaign: str,
    character: str,
    track: str,
    kind: str,
    size: int,
    actor: str,
) -> Acted:
    """Give ``character`` a new track: ``kind`` ``points`` (all there) or ``damage`` (empty
    boxes), ``size`` its maximum (1..100 points, 1..30 boxes).

    Raises:
        SheetError: a bad name, kind or size, a track of that name already carried, a name the
            system's own rules keep, or too many tracks.
        CampaignError: no such campaign or character.
    """
    made = new_track(track, kind, size)  # refused before the campaign is locked

    def decide(state: CampaignState) -> Event:
        sheet = state.character(character)
        return event_of(
            Kind.TRACK_DEFINED, TrackDefined(sheet.name, made.name, made.kind, made.max)
        )

    return act(db, campaign, actor, decide)


def remove_track(db: Database, campaign: str, character: str, track: str, actor: str) -> Acted:
    """Take track ``track`` off ``character``, with what it holds (a default track only off
    this character; undo brings it back).

    Raises:
        SheetError: no such track carried.
        CampaignError: no such campaign or character.
    """
    _name(track)

    def decide(state: CampaignState) -> Event:
        sheet, found = track_named(state, character, track)
        return event_of(Kind.TRACK_REMOVED, TrackRemoved(sheet.name, found.name))

    return act(db, campaign, actor, decide)


def change_track(
    db: Database,
    campaign: str,
    character: str,
    track: str | None,
    operation: str,
    points: int,
    wound: str | None,
    actor: str,
) -> Acted:
    """Change one of ``character``'s tracks: ``spend`` or ``gain`` points, ``damage`` (with a
    ``wound``: bashing, lethal or aggravated) or ``heal`` (of ``wound``, when given) boxes, or
    ``set-max``: ``points`` becomes the maximum (a default then stops following the traits).
    With no ``track`` named, the track the change takes by default
    (:func:`~dicepool.sheet.tracks_play.track_for`: Health, Willpower, or the only one).

    Raises:
        SheetError: a change the track refuses (more spent than there is, a full track gaining,
            a kind of track the operation is not for...), values out of range, or no track
            named where none is taken by default.
        CampaignError: no such campaign or character.
    """
    done = operation_of(operation)
    kind = wound_of(wound)
    if track is not None:
        _name(track)
    elif done is Operation.SET_MAX:
        raise SheetError("a new maximum names its track: set-max of which track?")
    if not 1 <= points <= MAX_CHANGE:
        raise SheetError(f"{WHAT[done]} is 1..{MAX_CHANGE} points, not {points}")
    holds = TrackKind.POINTS if done in (Operation.SPEND, Operation.GAIN) else TrackKind.DAMAGE

    def decide(state: CampaignState) -> Event:
        sheet, found = track_for(state, character, track, holds)
        return event_of(
            Kind.TRACK_CHANGED, TrackChanged(sheet.name, found.name, done, points, kind)
        )

    return act(db, campaign, actor, decide)


def set_default_tracks(db: Database, campaign: str, on: bool, actor: str) -> Acted:
    """Turn the default tracks (chronicles and classic: Health and Willpower) on or off for
    the whole campaign; what they hold is kept while they are off.

    Raises:
        SheetError: a system without default tracks, or the house rule already so.
        CampaignError: no such campaign.
    """
    event = event_of(Kind.DEFAULT_TRACKS_SET, DefaultTracksSet(on))
    return act(db, campaign, actor, lambda _state: event)


def _name(track: str) -> None:
    """Refuse a name no track could have before reading anything (it is only looked up)."""
    if len(track) > 4 * MAX_NAME:
        raise SheetError(f"a track name is at most {MAX_NAME} characters; shorten it")
