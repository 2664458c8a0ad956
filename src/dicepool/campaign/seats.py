"""Seats at a web table: who may do what, by the capability token they hold.

Opening a table creates a campaign with two tokens: the storyteller's, and an invitation that
players use to take a seat of their own. A token is 256 random bits (``secrets``), shown once
and stored only as a hash. The storyteller may do everything; a player acts only for the
character of their seat, and never sees a hidden roll until it is revealed.

Who sits with which character is logged: a ``character-taken`` event when a player takes one
(the storyteller's management of the seats is :mod:`dicepool.campaign.seat_admin`). Each such
event holds its ``moves`` (the seat, its character before and after), which is how an undo puts
the characters back (:func:`shift`), and how the campaign's story counts the seated players
(:func:`log_seats`). No event holds a token or its hash.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from dicepool.campaign.campaigns import add_campaign
from dicepool.errors import AccessError, CampaignError, WouldWait
from dicepool.sheet.events import Event, Kind, apply, event_of
from dicepool.sheet.lookalikes import RESERVED_SEATS, looks_like
from dicepool.sheet.payloads import CharacterTaken, SeatMove
from dicepool.sheet.traits import check_name, name_key
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, append, campaign_by_id, find_sheet, save_story
from dicepool.store.seats import (
    SeatRow,
    campaign_seats,
    character_names,
    find_seat_at,
    insert_seat,
    mark_seen,
    set_seat_character,
)
from dicepool.store.sql import Sql

TOKEN_BYTES = 32
"""A token's randomness, in bytes: 256 bits (the issue asks for at least 128)."""

MAX_TOKEN = 200
"""The longest text read as a token (longer is no token of ours, refused before hashing)."""

SEEN_EVERY = timedelta(minutes=1)
"""How often a seat's last use is written down, at most: a request finding its seat writes
only when the last record is older (a roll at a busy table costs no write)."""


MAX_SEATS = 40
"""The most seats a table holds, the storyteller's and the players' (revoked ones not
counted): an invitation posted where strangers read it cannot seat a crowd."""

INVITATION_EXPIRED = "that invitation has expired; ask the storyteller for a new one"


class Role(StrEnum):
    """What a seat may do."""

    STORYTELLER = "storyteller"
    PLAYER = "player"
    INVITE = "invite"  # takes player seats, nothing else


@dataclass(frozen=True)
class Seat:
    """A seat, found by its token.

    Attributes:
        id: the seat's number.
        campaign_id: the table's campaign.
        campaign: the campaign's name.
        role: what the seat may do.
        name: who sits there, as they named themselves.
        character: the seat's character (its name), or None.
        system: the campaign's system.
        issued_at: when its token was issued (None: before that was kept).
    """

    id: int
    campaign_id: int
    campaign: str
    role: Role
    name: str
    character: str | None
    system: str = "custom"
    issued_at: datetime | None = None

    @property
    def storyteller(self) -> bool:
        """Whether the seat is the storyteller's."""
        return self.role is Role.STORYTELLER


@dataclass(frozen=True)
class Table:
    """A table just opened: its campaign and the two tokens (shown this once)."""

    campaign_id: int
    campaign: str
    storyteller: str
    invite: str


@dataclass(frozen=True)
class SeatChange:
    """A change to a table's seats, logged.

    Attributes:
        event: the event as stored (with its id and sequence number).
        token: a seat's new token, to show this once (it is kept only as a hash), or None.
    """

    event: Event
    token: str | None = None


def new_token() -> str:
    """A fresh capability token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def open_table(db: Database, name: str, system: str, storyteller: str = "storyteller") -> Table:
    """Create a campaign with its storyteller's seat and its invitation, in one transaction.

    Raises:
        CampaignError, SheetError, NotationError: as :func:`create_campaign`.
    """
    seat_name = check_name(storyteller, "seat")
    told, invite = new_token(), new_token()
    with db.write() as conn:
        campaign_id, state = add_campaign(conn, name, system, seat_name)
        insert_seat(conn, campaign_id, Role.STORYTELLER, seat_name, told, None)
        insert_seat(conn, campaign_id, Role.INVITE, "invitation", invite, None)
    return Table(campaign_id, state.name, told, invite)


def find_seat_by_token(db: Database, token: str) -> Seat | None:
    """The seat ``token`` opens, or None (an unknown or malformed token)."""
    if not token or len(token) > MAX_TOKEN or not token.isascii():
        return None
    with db.read() as conn:
        found = find_seat_at(conn, token)
    if found is None:
        return None
    _seen(db, found.row)
    return seat_from(found.row, found.campaign, found.system, found.character)


def seat_from(row: SeatRow, campaign: str, system: str, character: str | None) -> Seat:
    """The seat a stored row is, at its campaign (by name and system), with its character's
    name (or None)."""
    return Seat(
        row.id,
        row.campaign_id,
        campaign,
        Role(row.role),
        row.name,
        character,
        system,
        row.issued_at,
    )


def seated_by_token(db: Database, token: str) -> Seat | None:
    """The seat ``token`` sits at: None for an unknown token, and for an invitation, which
    only takes seats (:func:`join_table`): it reads and does nothing else at the table."""
    seat = find_seat_by_token(db, token)
    return seat if seat is not None and seat.role is not Role.INVITE else None


def expired(invite: Seat, lasts: timedelta | None) -> bool:
    """Whether an invitation issued longer ago than ``lasts`` has stopped working (None: an
    invitation lasts until the storyteller replaces it or turns invitations off)."""
    issued = invite.issued_at
    return lasts is not None and issued is not None and datetime.now(UTC) - issued > lasts


def _seen(db: Database, row: SeatRow) -> None:
    """Write down that a seat's token was used now, unless that was done less than
    :data:`SEEN_EVERY` ago (a conditional update: one write a while, whoever asks)."""
    now = datetime.now(UTC)
    if row.last_seen is not None and now - row.last_seen < SEEN_EVERY:
        return
    try:
        with db.write() as conn:
            mark_seen(conn, row.id, now, now - SEEN_EVERY)
    except WouldWait:
        pass  # the server's event loop never waits for a writer: a later request writes it


def join_table(
    db: Database, invite: Seat, name: str, lasts: timedelta | None = None
) -> tuple[Seat, str]:
    """A player takes a seat with the invitation (one issued at most ``lasts`` ago); the seat
    and its token (shown this once). A table holds at most :data:`MAX_SEATS` seats.

    Raises:
        AccessError: ``invite`` is not an invitation, or one that stopped working meanwhile
            (replaced, turned off, or expired).
        SheetError: a bad seat name.
        CampaignError: a name a seat of the table has already (any case): the log names
            who did what by it, so a player could pass for the storyteller or another player;
            or a table whose seats are all taken.
    """
    if invite.role is not Role.INVITE:
        raise AccessError("only the table's invitation takes a player's seat")
    if expired(invite, lasts):
        raise AccessError(INVITATION_EXPIRED)
    seat_name = check_name(name, "seat")
    token = new_token()
    with db.write() as conn:
        campaign_by_id(conn, invite.campaign_id, lock=True)  # one seat taken at a time
        seated = campaign_seats(conn, invite.campaign_id)
        if not any(s.id == invite.id and not s.revoked for s in seated):  # replaced, or off
            raise AccessError("that invitation no longer works; ask the storyteller for a new one")
        _refuse_lookalike(seat_name, [s.name for s in seated if s.role != Role.INVITE])
        if sum(s.role != Role.INVITE and not s.revoked for s in seated) >= MAX_SEATS:
            raise CampaignError(
                f"this table has {MAX_SEATS} seats, the most it holds; "
                "the storyteller can revoke one that is no longer used"
            )
        row = insert_seat(conn, invite.campaign_id, Role.PLAYER, seat_name, token, None)
    player = replace(invite, id=row.id, role=Role.PLAYER, name=seat_name, character=None)
    return replace(player, issued_at=row.issued_at), token


def _refuse_lookalike(name: str, seated: list[str]) -> None:
    """Refuse a player's seat name that is, or looks like, one at the table or one the table
    keeps for itself (:data:`~dicepool.sheet.lookalikes.RESERVED_SEATS`).

    Raises:
        CampaignError: it names the seat it could pass for.
    """
    found = looks_like(name, seated)
    if found is not None and name_key(found) == name_key(name):
        raise CampaignError(f"a seat called {name} is at this table already; pick another")
    if found is not None:
        raise CampaignError(f"{name} looks like {found}, a seat at this table; pick another name")
    if (kept := looks_like(name, RESERVED_SEATS)) is not None:
        raise CampaignError(
            f"a player's seat cannot be called {kept}, or look like it; pick another"
        )


def take_character(db: Database, seat: Seat, character: str) -> Seat:
    """Give a player's seat its character (one of the campaign's, not another seat's), logged
    as a ``character-taken`` event (nothing is logged when it sits with it already).

    Raises:
        AccessError: a seat whose token was revoked or replaced meanwhile.
        CampaignError: no such character, or one another player sits with.
    """
    with db.write() as conn:
        campaign = campaign_by_id(conn, seat.campaign_id, lock=True)
        assert campaign is not None
        sheet = find_sheet(conn, campaign, character)
        if sheet is None:
            raise CampaignError(f"no character `{character}` at this table; create it first")
        key = name_key(sheet.name)
        seated = campaign_seats(conn, seat.campaign_id)
        mine = next((s for s in seated if s.id == seat.id and not s.revoked), None)
        if mine is None:
            raise AccessError("this seat's link no longer works; ask the storyteller for a new one")
        if any(
            s.id != seat.id and s.role == Role.PLAYER and s.character_key == key for s in seated
        ):
            raise CampaignError(f"another player sits with {sheet.name}; pick another character")
        if mine.character_key != key:
            before = character_names(conn, seat.campaign_id).get(mine.character_key or "")
            moves = [move(mine, before, sheet.name)]
            shift(conn, seat.campaign_id, moves)
            taken = CharacterTaken(seat.name, sheet.name, tuple(SeatMove.of(m) for m in moves))
            event = event_of(Kind.CHARACTER_TAKEN, taken)
            log_seats(conn, campaign, event, seat.name, [sheet.name])
    return replace(seat, character=sheet.name)


def log_seats(
    conn: Sql, campaign: CampaignRow, event: Event, actor: str, about: list[str]
) -> Event:
    """Append an event of the seats (inside the caller's transaction, the campaign's row
    held) and follow it in the campaign's story: which player seats sit with a character,
    which sizes storypath's Momentum pool. The event as stored."""
    stored = append(conn, campaign.id, event, actor, about)
    before = campaign.state()  # the seats' events read and change the story alone
    after = apply(before, stored)
    if after.now != before.now:
        save_story(conn, campaign.id, after.now)
    return stored


def move(seat: SeatRow, before: str | None, after: str | None) -> dict[str, Any]:
    """A seat's move from character ``before`` to ``after`` (names, or None), as an event of
    the seats holds it in its ``moves``."""
    return {"seat_id": seat.id, "seat": seat.name, "before": before, "after": after}


def shift(
    conn: Sql, campaign_id: int, moves: Sequence[Mapping[str, Any]], back: bool = False
) -> None:
    """Make the seats' characters what ``moves`` say (``back``: what they were before them),
    refusing when a seat no longer holds what the moves start from, when a revoked seat would
    get a character, or when two players would sit with one.

    Raises:
        CampaignError: the seats changed since the moves (nothing is changed).
    """
    seats = {s.id: s for s in campaign_seats(conn, campaign_id)}
    held = {i: s.character_key for i, s in seats.items()}
    for item in moves:
        was, now = (item["after"], item["before"]) if back else (item["before"], item["after"])
        seat = seats.get(int(item["seat_id"]))
        if seat is None or held[seat.id] != (name_key(was) if was else None):
            raise CampaignError(
                f"{item['seat']} no longer sits with {was or 'no character'}: the seats "
                "changed since"
            )
        if now is not None and seat.revoked:
            raise CampaignError(f"{item['seat']}'s seat is revoked: issue it a new link first")
        held[seat.id] = name_key(now) if now else None
    players = [k for i, k in held.items() if k and seats[i].role == Role.PLAYER]
    if len(players) != len(set(players)):
        raise CampaignError("two players would sit with one character: the seats changed since")
    for item in moves:
        seat_id = int(item["seat_id"])
        if held[seat_id] != seats[seat_id].character_key:
            set_seat_character(conn, seat_id, held[seat_id])


def may_act_for(seat: Seat, character: str | None) -> None:
    """Refuse a seat acting for a character that is not its own (the storyteller may all).

    Raises:
        AccessError: a player acting for another's character, or for none.
    """
    if seat.storyteller:
        return
    if seat.role is Role.INVITE:
        raise AccessError("an invitation only takes a seat: join the table first")
    if seat.character is None:
        raise AccessError("pick your character first")
    if character is None or name_key(character) != name_key(seat.character):
        raise AccessError(f"your seat plays {seat.character}, not {character or 'nobody'}")
