"""Seats at a web table: who may do what, by the capability token they hold.

Opening a table creates a campaign with two tokens: the storyteller's, and an invitation that
players use to take a seat of their own. A token is 256 random bits (``secrets``), shown once
and stored only as a hash. The storyteller may do everything; a player acts only for the
character of their seat, and never sees a hidden roll until it is revealed.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from enum import StrEnum

from dicepool.campaign.campaigns import add_campaign
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.traits import check_name, name_key
from dicepool.store.database import Database
from dicepool.store.log import campaign_by_id, find_sheet
from dicepool.store.seats import (
    campaign_seats,
    find_seat_at,
    insert_seat,
    set_seat_character,
)

TOKEN_BYTES = 32
"""A token's randomness, in bytes: 256 bits (the issue asks for at least 128)."""

MAX_TOKEN = 200
"""The longest text read as a token (longer is no token of ours, refused before hashing)."""


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
    """

    id: int
    campaign_id: int
    campaign: str
    role: Role
    name: str
    character: str | None
    system: str = "custom"

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
    row = found.row
    return Seat(
        row.id,
        row.campaign_id,
        found.campaign,
        Role(row.role),
        row.name,
        found.character,
        found.system,
    )


def join_table(db: Database, invite: Seat, name: str) -> tuple[Seat, str]:
    """A player takes a seat with the invitation; the seat and its token (shown this once).

    Raises:
        AccessError: ``invite`` is not an invitation.
        SheetError: a bad seat name.
        CampaignError: a name a seat of the table has already (any case): the log names
            who did what by it, so a player could pass for the storyteller or another player.
    """
    if invite.role is not Role.INVITE:
        raise AccessError("only the table's invitation takes a player's seat")
    seat_name = check_name(name, "seat")
    token = new_token()
    with db.write() as conn:
        campaign_by_id(conn, invite.campaign_id, lock=True)  # one seat taken at a time
        seated = campaign_seats(conn, invite.campaign_id)
        if any(s.role != Role.INVITE and name_key(s.name) == name_key(seat_name) for s in seated):
            raise CampaignError(f"a seat called {seat_name} is at this table already; pick another")
        row = insert_seat(conn, invite.campaign_id, Role.PLAYER, seat_name, token, None)
    return replace(invite, id=row.id, role=Role.PLAYER, name=seat_name, character=None), token


def take_character(db: Database, seat: Seat, character: str) -> Seat:
    """Give a player's seat its character (one of the campaign's, not another seat's).

    Raises:
        CampaignError: no such character, or one another player sits with.
    """
    with db.write() as conn:
        campaign = campaign_by_id(conn, seat.campaign_id)
        assert campaign is not None
        sheet = find_sheet(conn, campaign, character)
        if sheet is None:
            raise CampaignError(f"no character `{character}` at this table; create it first")
        key = name_key(sheet.name)
        taken = [s for s in campaign_seats(conn, seat.campaign_id) if s.character_key == key]
        if any(s.id != seat.id and s.role == Role.PLAYER for s in taken):
            raise CampaignError(f"another player sits with {sheet.name}; pick another character")
        set_seat_character(conn, seat.id, name_key(sheet.name))
    return replace(seat, character=sheet.name)


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
