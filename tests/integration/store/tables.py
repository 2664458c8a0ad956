"""A web table's seats for the store's tests, made as the pages make them."""

from __future__ import annotations

from dicepool.campaign.seats import Seat, find_seat_by_token, join_table, open_table
from dicepool.store.database import Database


def seated(
    db: Database, name: str, system: str, storyteller: str, player: str
) -> tuple[Seat, Seat]:
    """Open table ``name`` with its storyteller's seat, and a player's taken with the
    invitation: the two seats."""
    table = open_table(db, name, system, storyteller)
    told = find_seat_by_token(db, table.storyteller)
    invite = find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    return told, join_table(db, invite, player)[0]
