"""The storyteller's management of a table's seats: each a use case of one transaction that
changes the seats and logs it.

The storyteller sees every seat and when it was last used (:func:`seats_at`), renews or turns
off the invitation, revokes a player's seat, gives a seat a new link (which re-seats a revoked
player), and hands characters to players. A command-line campaign gets a storyteller's link
(:func:`storyteller_link`). Each change appends an event; tokens stop working at once, and the
live feed closes a seat's connections when it reads the event that ended its token (the
event's ``ends``: the seats' ids). No event holds a token or its hash.

Undo: a character taken or handed goes back where it was (and comes again when the undo is
undone), while the seats are as the event left them. A revoke, a link or an invitation cannot
be undone: an old token is never made to work again (a new link re-seats a revoked player).
"""

from __future__ import annotations

from dataclasses import dataclass

from dicepool.campaign.campaigns import need_campaign
from dicepool.campaign.seats import Role, SeatChange, log_seats, move, new_token, shift
from dicepool.errors import CampaignError, SheetError
from dicepool.sheet.events import MOVING_KINDS, SEAT_KINDS, Event, Kind, event_of, payload
from dicepool.sheet.payloads import (
    CharacterHanded,
    CharacterTaken,
    InvitationIssued,
    InvitationsOff,
    LinkIssued,
    SeatMove,
    SeatRevoked,
)
from dicepool.sheet.traits import MAX_NAME, check_name, name_key
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, campaign_by_id, find_sheet
from dicepool.store.seats import (
    SeatRow,
    campaign_seats,
    character_names,
    insert_seat,
    revoke_seats,
    set_seat_token,
)
from dicepool.store.sql import Sql

INVITATION = "invitation"
"""The name of an invitation's seat."""


@dataclass(frozen=True)
class SeatInfo:
    """A seat of the table as the storyteller's list shows it.

    Attributes:
        id: the seat's number (what :meth:`dicepool.web.live.Hub.online` gives).
        name: who sits there.
        role: the storyteller's or a player's.
        character: the name of the character the seat sits with, or None.
        last_seen: when its token was last used, ISO 8601 in UTC (to the minute), or None.
        revoked: whether its token was revoked (a new link seats it again).
    """

    id: int
    name: str
    role: Role
    character: str | None
    last_seen: str | None
    revoked: bool


def seats_at(db: Database, campaign_id: int) -> list[SeatInfo]:
    """Every seat of a table but its invitation, in the order taken."""
    with db.read() as conn:
        seats = campaign_seats(conn, campaign_id)
        names = character_names(conn, campaign_id)
    return [
        SeatInfo(
            s.id,
            s.name,
            Role(s.role),
            names.get(s.character_key) if s.character_key else None,
            s.last_seen.isoformat() if s.last_seen is not None else None,
            s.revoked,
        )
        for s in seats
        if s.role != Role.INVITE
    ]


def invitations_on(db: Database, campaign_id: int) -> bool:
    """Whether a table's invitation works (players may join)."""
    with db.read() as conn:
        return bool(_invitations(campaign_seats(conn, campaign_id)))


def _invitations(seats: list[SeatRow]) -> list[int]:
    return [s.id for s in seats if s.role == Role.INVITE and not s.revoked]


def _table(conn: Sql, campaign_id: int) -> CampaignRow:
    row = campaign_by_id(conn, campaign_id, lock=True)  # one change of the seats at a time
    if row is None:
        raise CampaignError(f"no table {campaign_id}")
    return row


def _named(seats: list[SeatRow], name: str) -> SeatRow:
    """The seat called ``name`` (any case), not an invitation's."""
    key = name_key(name)
    found = next((s for s in seats if s.role != Role.INVITE and name_key(s.name) == key), None)
    if found is None:
        here = ", ".join(s.name for s in seats if s.role != Role.INVITE) or "none"
        raise CampaignError(f"no seat called {name[:MAX_NAME]} at this table (seats: {here})")
    return found


def _log(conn: Sql, row: CampaignRow, event: Event, actor: str, about: list[str]) -> Event:
    return log_seats(conn, row, event, actor, about)


def new_invitation(db: Database, campaign_id: int, actor: str) -> SeatChange:
    """A new invitation for players to join with (its token in the answer); the old one, if
    any, stops working at once. It turns invitations on when they were off.

    Raises:
        CampaignError: no such table.
    """
    token = new_token()
    with db.write() as conn:
        row = _table(conn, campaign_id)
        ended = _invitations(campaign_seats(conn, campaign_id))
        revoke_seats(conn, ended)
        insert_seat(conn, campaign_id, Role.INVITE, INVITATION, token, None)
        event = event_of(Kind.INVITATION_ISSUED, InvitationIssued(tuple(ended)))
        stored = _log(conn, row, event, actor, [])
    return SeatChange(stored, token)


def invitations_off(db: Database, campaign_id: int, actor: str) -> SeatChange:
    """The invitation stops working: nobody new joins until :func:`new_invitation`.

    Raises:
        CampaignError: no such table, or invitations off already.
    """
    with db.write() as conn:
        row = _table(conn, campaign_id)
        ended = _invitations(campaign_seats(conn, campaign_id))
        if not ended:
            raise CampaignError("invitations are off already; a new invitation turns them on")
        revoke_seats(conn, ended)
        event = event_of(Kind.INVITATIONS_OFF, InvitationsOff(tuple(ended)))
        stored = _log(conn, row, event, actor, [])
    return SeatChange(stored)


def revoke_seat(db: Database, campaign_id: int, seat_name: str, actor: str) -> SeatChange:
    """A player's seat is revoked: its token is refused at once, its live connections close,
    and its character is free for another seat. A new link (:func:`new_link`) re-seats them.

    Raises:
        CampaignError: no such table or seat, the storyteller's seat, or one revoked already.
    """
    with db.write() as conn:
        row = _table(conn, campaign_id)
        seats = campaign_seats(conn, campaign_id)
        seat = _named(seats, seat_name)
        if seat.role == Role.STORYTELLER:
            raise CampaignError(
                "the storyteller's seat cannot be revoked; give it a new link to end the old one"
            )
        if seat.revoked:
            raise CampaignError(f"{seat.name}'s seat is revoked already")
        character = character_names(conn, campaign_id).get(seat.character_key or "")
        revoke_seats(conn, [seat.id])
        event = event_of(Kind.SEAT_REVOKED, SeatRevoked(seat.name, character, (seat.id,)))
        about = [character] if character else []
        stored = _log(conn, row, event, actor, about)
    return SeatChange(stored)


def new_link(db: Database, campaign_id: int, seat_name: str, actor: str) -> SeatChange:
    """A seat gets a new token (in the answer): the old one stops working at once, and the
    seat keeps its name and character. A revoked seat is seated again (with no character: its
    own was freed when it was revoked). A storyteller's seat may be given one too, to end a
    link that went astray.

    Raises:
        CampaignError: no such table or seat.
    """
    token = new_token()
    with db.write() as conn:
        row = _table(conn, campaign_id)
        seat = _named(campaign_seats(conn, campaign_id), seat_name)
        set_seat_token(conn, seat.id, token)
        link = LinkIssued(seat.name, Role(seat.role).value, seat.revoked, (seat.id,))
        stored = _log(conn, row, event_of(Kind.LINK_ISSUED, link), actor, [])
    return SeatChange(stored, token)


def hand_character(
    db: Database, campaign_id: int, character: str, seat_name: str | None, actor: str
) -> SeatChange:
    """The storyteller gives ``character`` to a player's seat (``seat_name``), or takes it
    back (None): a player who sat with it is left with none, and the seat's own character
    before, if any, is free.

    Raises:
        CampaignError: no such table, character or seat; a seat that is not a player's, or
            is revoked; a character that seat sits with already, or one nobody holds to take
            back.
    """
    with db.write() as conn:
        row = _table(conn, campaign_id)
        sheet = find_sheet(conn, row, character)
        if sheet is None:
            raise CampaignError(f"no character `{character[:MAX_NAME]}` at this table")
        key = name_key(sheet.name)
        seats = campaign_seats(conn, campaign_id)
        holder = next((s for s in seats if s.role == Role.PLAYER and s.character_key == key), None)
        names = character_names(conn, campaign_id)
        moves = []
        seat = None
        if seat_name is not None:
            seat = _named(seats, seat_name)
            if seat.role != Role.PLAYER:
                raise CampaignError("only a player's seat sits with a character")
            if seat.revoked:
                raise CampaignError(f"{seat.name}'s seat is revoked: issue it a new link first")
            if seat.character_key == key:
                raise CampaignError(f"{seat.name} sits with {sheet.name} already")
            moves.append(move(seat, names.get(seat.character_key or ""), sheet.name))
        if holder is not None:
            moves.append(move(holder, sheet.name, None))
        if not moves:
            raise CampaignError(f"no player sits with {sheet.name}: there is nothing to take back")
        shift(conn, campaign_id, moves)
        handed = CharacterHanded(
            sheet.name,
            seat.name if seat is not None else None,
            holder.name if holder is not None else None,
            tuple(SeatMove.of(m) for m in moves),
        )
        event = event_of(Kind.CHARACTER_HANDED, handed)
        stored = _log(conn, row, event, actor, [sheet.name])
    return SeatChange(stored)


def _free_name(seats: list[SeatRow], wanted: str) -> str:
    """``wanted``, or ``wanted 2``, ``wanted 3``...: a name no seat of the table has."""
    taken = {name_key(s.name) for s in seats}
    name, number = wanted, 1
    while name_key(name) in taken:
        number += 1
        suffix = f" {number}"
        name = wanted[: MAX_NAME - len(suffix)].rstrip() + suffix
    return name


def storyteller_link(db: Database, campaign_name: str, actor: str) -> str:
    """A new storyteller's seat at a campaign (one made on the command line has no seats): its
    token. A link given before keeps working. The seat is named after ``actor`` (``actor 2``
    when a seat has that name; ``storyteller`` when it is no name a seat may have). A table
    with no working invitation gets one, so invitations are on (its token is not shown: a new
    invitation gives one to share).

    Raises:
        CampaignError: no such campaign.
    """
    token = new_token()
    try:
        wanted = check_name(actor, "seat")
    except SheetError:
        wanted = "storyteller"
    with db.write() as conn:
        row = need_campaign(conn, campaign_name, lock=True)
        seats = campaign_seats(conn, row.id)
        name = _free_name(seats, wanted)
        insert_seat(conn, row.id, Role.STORYTELLER, name, token, None)
        link = LinkIssued(name, Role.STORYTELLER.value, False, ())
        _log(conn, row, event_of(Kind.LINK_ISSUED, link), actor, [])
        if not _invitations(seats):
            insert_seat(conn, row.id, Role.INVITE, INVITATION, new_token(), None)
            _log(conn, row, event_of(Kind.INVITATION_ISSUED, InvitationIssued(())), actor, [])
    return token


NOT_UNDONE = {
    Kind.SEAT_REVOKED: "a revoke cannot be undone: the old link never works again; issue a "
    "new link to seat them again",
    Kind.LINK_ISSUED: "a new link cannot be undone: the old link never works again; issue "
    "another to replace it",
    Kind.INVITATION_ISSUED: "an invitation cannot be undone: turn invitations off instead",
    Kind.INVITATIONS_OFF: "turning invitations off cannot be undone: the old invitation never "
    "works again; issue a new invitation instead",
}
"""Why each seat event that no undo reverses cannot be undone."""


def undo_seats(conn: Sql, campaign_id: int, root: Event, restore: bool) -> None:
    """What an undo of seat event ``root`` does to the seats (inside the undo's transaction):
    the characters it moved go back (``restore``: an undo of its undo moves them again).

    Raises:
        CampaignError: an event of the seats no undo reverses, or seats that changed since
            (undo the later change first).
    """
    if root.kind not in SEAT_KINDS:
        return
    if root.kind not in MOVING_KINDS:
        raise CampaignError(NOT_UNDONE[root.kind])
    moved = payload(root)
    assert isinstance(moved, CharacterTaken | CharacterHanded), "a moving kind's record"
    try:
        shift(conn, campaign_id, [m.data() for m in moved.moves], back=not restore)
    except CampaignError as exc:
        raise CampaignError(
            f"cannot {'bring back' if restore else 'undo'} event {root.seq}: {exc}; undo the "
            "later change of the seats first"
        ) from exc
