"""The table and its seats: the storyteller's invitations, links and seats, and who plays
which character. A link or an invitation made here is shown once (its token), never kept."""

from __future__ import annotations

from dicepool.campaign.campaigns import campaign_id_of
from dicepool.campaign.catalogue import (
    ALL,
    Action,
    Doing,
    Done,
    Param,
    Type,
    Who,
    character,
)
from dicepool.campaign.seat_admin import (
    hand_character,
    invitations_off,
    new_invitation,
    new_link,
    revoke_seat,
)
from dicepool.campaign.seats import SeatChange
from dicepool.sheet.traits import MAX_NAME


def table_of(doing: Doing) -> int:
    """The campaign's id: the seat's table, or the campaign named at the command line."""
    return (
        doing.seat.campaign_id
        if doing.seat is not None
        else campaign_id_of(doing.db, doing.campaign)
    )


def _changed(change: SeatChange) -> Done:
    return Done((change.event,), token=change.token)


def _seat(summary: str) -> Param:
    return Param("seat", Type.TEXT, summary, length=MAX_NAME, metavar="SEAT", label="Seat")


ACTIONS = (
    Action(
        "invite",
        "Issue a new invitation for players to take seats (the old one stops working).",
        ALL,
        (),
        lambda doing, _args: _changed(new_invitation(doing.db, table_of(doing), doing.actor)),
        who=Who.STORYTELLER,
        group="seats",
        command=("seat", "invite"),
        label="New invitation",
        example="dicepool seat invite",
        explanation="A new link for players to take seats (send it to them: it is theirs, not "
        "yours); the old invitation stops working.",
    ),
    Action(
        "invitations-off",
        "Turn invitations off: no new player joins until a new invitation.",
        ALL,
        (),
        lambda doing, _args: _changed(invitations_off(doing.db, table_of(doing), doing.actor)),
        who=Who.STORYTELLER,
        group="seats",
        command=("seat", "close"),
        label="Invitations off",
        example="dicepool seat close",
        explanation="No new player joins until a new invitation; the seated keep playing.",
    ),
    Action(
        "revoke",
        "Revoke a player's seat: its link is refused at once and its live pages close.",
        ALL,
        (_seat("The seat to revoke."),),
        lambda doing, args: _changed(
            revoke_seat(doing.db, table_of(doing), args["seat"], doing.actor)
        ),
        who=Who.STORYTELLER,
        group="seats",
        command=("seat", "revoke"),
        label="Revoke",
        example="dicepool seat revoke Bo",
        explanation="The seat's link stops working at once and its pages close; its character is "
        "free for another seat.",
    ),
    Action(
        "new-link",
        "Give a player's seat a new link (the old one stops working; a revoked seat sits again).",
        ALL,
        (_seat("The seat that gets a new link."),),
        lambda doing, args: _changed(
            new_link(doing.db, table_of(doing), args["seat"], doing.actor)
        ),
        who=Who.STORYTELLER,
        group="seats",
        command=("seat", "link"),
        label="New link",
        example="dicepool seat link Bo",
        explanation="A fresh link for a player who lost theirs; the old one stops working, and a "
        "revoked seat sits again.",
    ),
    Action(
        "hand",
        "Hand a character to a player's seat, or take it back (no seat).",
        ALL,
        (
            character("The character handed."),
            Param(
                "seat",
                Type.TEXT,
                "The player's seat that plays it (none: the storyteller takes it back).",
                required=False,
                length=MAX_NAME,
                metavar="[SEAT]",
                label="To the seat (empty: take it back)",
            ),
        ),
        lambda doing, args: _changed(
            hand_character(doing.db, table_of(doing), args["character"], args["seat"], doing.actor)
        ),
        who=Who.STORYTELLER,
        group="seats",
        command=("seat", "hand"),
        label="Hand to",
        example="dicepool seat hand Ana Bo",
        explanation="The seat plays the character from now on; leave the seat empty to take it "
        "back.",
    ),
)
"""The table's seats' actions."""
