"""A roll's Willpower point, in every system whose rolls Willpower buys something on.

hubris spends it by its text (ruling 14: three dice and the rote property, one a turn);
chronicles and classic from the sheet's Willpower track, where the table keeps one (ruling 23:
chronicles three dice, classic one automatic success). ``wp`` typed on a line and the roll's
chosen Willpower (``--spend willpower``, the page's *Spend and choose*, Discord's
``willpower:true``) are one spend: :func:`prepare` writes the choice into the request as the
line's ``wp``, :func:`spenders` reads who spends from the request alone, and
:func:`spent_on_roll` is the transition of the roll's ``willpower`` effect (undone with the
roll, since the campaign is its log replayed).

A side with ``wp`` and no character (a plain line), or a character whose table keeps no
Willpower track (the default tracks turned off, or the track taken off that character), spends
nothing: ``wp`` is then the rule without a track, as on the command line's plain roll.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest
from dicepool.core.hubris import HubrisRequest
from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.errors import SheetError
from dicepool.notation.house import read_house_rules
from dicepool.sheet.character import Character
from dicepool.sheet.hubris import play as hubris_play
from dicepool.sheet.hubris.payloads import WillpowerSpend
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import tracks_of, with_tracks
from dicepool.sheet.tracks import Operation, Track, TrackKind, change_track
from dicepool.sheet.tracks_play import carried, defaults_of
from dicepool.sheet.traits import name_key

Spending = HubrisRequest | ChroniclesRequest | ClassicRequest
"""The rolls a Willpower point buys something on (their ``willpower``, the line's ``wp``)."""

SYSTEMS = tuple(r.system for r in (HubrisRequest, ChroniclesRequest, ClassicRequest))
"""Their systems."""

TRACK = "Willpower"
"""The track a chronicles or classic character's Willpower is kept on."""


@dataclass(frozen=True)
class WillpowerOnRoll:
    """A roll's ``willpower`` effect: who spent a point on it.

    Attributes:
        character: the first side's roller who spent one (the acting side's, unless only the
            defending side spent).
        versus: the defending side's roller, when both sides of a contest spent one.
    """

    character: str
    versus: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """Everyone who spent a point, acting side first."""
        return (self.character,) if self.versus is None else (self.character, self.versus)

    def data(self) -> dict[str, object]:
        """The effect's data (one spender: hubris's :class:`WillpowerSpend` as it always was)."""
        found: dict[str, object] = WillpowerSpend(self.character).data()
        if self.versus is not None:
            found["versus"] = self.versus
        return found

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> WillpowerOnRoll:
        """The record of an effect's data."""
        versus = data.get("versus")
        return cls(WillpowerSpend.of(data).character, None if versus is None else str(versus))


def _sides(request: Request) -> list[RollRequest]:
    if isinstance(request, ContestRequest):
        return [request.attacker, request.defender]
    return [request]


def _spends(side: RollRequest) -> bool:
    return isinstance(side, Spending) and side.willpower


def willpower_track(sheet: Character, default_on: bool = True) -> Track | None:
    """The Willpower track of points a chronicles or classic character carries (a default
    track, when the table keeps them ``default_on``, or the table's own of that name), or
    None: the table keeps no Willpower for it."""
    key = name_key(TRACK)
    found = (t for t in carried(sheet, default_on) if t.key == key)
    return next((t for t in found if t.kind is TrackKind.POINTS), None)


def keeps_willpower(state: CampaignState | None, sheet: Character) -> bool:
    """Whether a roll's ``wp`` spends ``sheet``'s point: a hubris character always (its text's
    Willpower, ruling 14); a chronicles or classic one where its table keeps a Willpower
    track (without ``state``, the default tracks count as on)."""
    if sheet.system == "hubris":
        return True
    if sheet.system not in SYSTEMS:
        return False
    return willpower_track(sheet, state is None or state.now.default_tracks) is not None


def spend_point(state: CampaignState, name: str) -> CampaignState:
    """``name``'s Willpower point spent from its Willpower track (chronicles, classic): the
    sheet layer's one "spend a Willpower point" of a track, for a roll or any other use.

    Raises:
        SheetError: no such character, no Willpower track, or no point left on it.
    """
    sheet = state.character(name)
    track = willpower_track(sheet, state.now.default_tracks)
    if track is None:
        raise SheetError(
            f"{sheet.name} keeps no {TRACK} track at this table: there is no point to spend "
            "(the storyteller can turn the default tracks on)"
        )
    if track.points == 0:
        raise SheetError(
            f"{sheet.name} has no {TRACK} point left (0 of {track.max}): roll without "
            "Willpower (`wp`), or regain a point first"
        )
    defaults = defaults_of(state, sheet)
    tracks = change_track(tracks_of(sheet.status), track.name, Operation.SPEND, 1, None, defaults)
    return state.with_character(replace(sheet, status=with_tracks(sheet.status, tracks)))


def spent_on_roll(state: CampaignState, data: Mapping[str, Any], event: int = 0) -> CampaignState:
    """The roll's ``willpower`` effect: each spender's point, by its system's rule (hubris:
    ruling 14, one a turn; chronicles and classic: a point of the Willpower track, ruling 23).

    Raises:
        SheetError: a point that cannot be spent (the message names the character).
    """
    for name in WillpowerOnRoll.of(data).names:
        if state.character(name).system == "hubris":
            state = hubris_play.spend_on_roll(state, WillpowerSpend(name).data(), event)
        else:
            state = spend_point(state, name)
    return state


def spenders(
    request: Request, rollers: Sequence[Character | None], state: CampaignState | None
) -> tuple[str, ...]:
    """Who spends a Willpower point on ``request``: each side's roller whose side has ``wp``
    (typed or chosen alike) and who keeps Willpower, acting side first."""
    found = []
    for side, sheet in zip(_sides(request), rollers, strict=False):
        if sheet is not None and _spends(side) and keeps_willpower(state, sheet):
            found.append(sheet.name)
    return tuple(found)


def effect(
    request: Request, rollers: Sequence[Character | None], state: CampaignState | None
) -> dict[str, object] | None:
    """The roll's ``willpower`` effect (None: no one spends a point)."""
    names = spenders(request, rollers, state)
    if not names:
        return None
    return WillpowerOnRoll(names[0], names[1] if len(names) > 1 else None).data()


def prepare(
    request: Request,
    rollers: Sequence[Character | None],
    chosen: bool,
    state: CampaignState | None,
    hidden: bool = False,
) -> Request:
    """The request with the chosen Willpower point written in as the first side's ``wp``, and
    every point it spends (typed or chosen) checked against ``state`` before a die is rolled.

    Raises:
        SheetError: a point chosen with no character or at a roll of a system Willpower buys
            nothing on, a hidden roll that would spend one, or a point the rules refuse now
            (none left; hubris: one a turn).
        NotationError: Willpower at a table whose house rules turn it off (ruling 23).
    """
    if chosen:
        request = _chosen(request, rollers[0] if rollers else None)
    if state is None:
        return request
    read_house_rules(state.system, state.house_rules, stored=True).refuse_willpower(request)
    found = effect(request, rollers, state)
    if found is None:
        return request
    if hidden:  # a point spent would tell the table of the roll
        raise SheetError("a hidden roll spends nothing: the table would see it; roll openly")
    spent_on_roll(state, found)  # (raises) the roll's own transition, on the state before
    return request


def _chosen(request: Request, spender: Character | None) -> Request:
    """``request`` with the first side's ``wp``: the chosen point is the typed one."""
    if spender is None:
        raise SheetError("a Willpower point is a character's to spend: roll with --char NAME")
    side = _sides(request)[0]
    if not isinstance(side, Spending):
        raise SheetError(
            f"a {side.system} roll spends no Willpower: Willpower buys dice or a success on "
            "hubris, chronicles and classic rolls"
        )
    first = replace(side, willpower=True)
    if isinstance(request, ContestRequest):
        return replace(request, attacker=first)
    return first
