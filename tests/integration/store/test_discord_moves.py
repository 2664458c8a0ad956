"""A linked channel moves to another table only by its table's storyteller, on SQLite and
PostgreSQL: the move is logged in both tables, either storyteller's undo brings it back, and
the ties kept agree with both logs throughout."""

from __future__ import annotations

import pytest

from dicepool.campaign.discord import join_from_discord, link_channel, seat_for
from dicepool.campaign.history import check, undo
from dicepool.campaign.seats import Seat, find_seat_by_token, open_table, seated_by_token
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.events import Event
from dicepool.store.database import Database
from dicepool.store.discord import channel_table
from dicepool.store.log import campaign_events

CHANNEL = "700"
TOLD, PLAYER, OTHER = "111", "222", "444"
"""Discord users: A's storyteller (who opens C too), a player of A (who opens B), another."""


def _storyteller(db: Database, name: str) -> tuple[Seat, Seat]:
    """A new table's storyteller's seat, and its invitation."""
    table = open_table(db, name, "chronicles")
    seat, invite = seated_by_token(db, table.storyteller), find_seat_by_token(db, table.invite)
    assert seat is not None and invite is not None
    return seat, invite


def _table(db: Database) -> int | None:
    with db.read() as conn:
        return channel_table(conn, CHANNEL)


def _kinds(db: Database, campaign_id: int) -> list[str]:
    with db.read() as conn:
        return [e.kind.value for e in campaign_events(conn, campaign_id)]


def test_only_the_storyteller_moves_the_channel_and_an_undo_brings_it_back(
    db: Database,
) -> None:
    a, invite = _storyteller(db, "Nights")
    link_channel(db, a, CHANNEL, TOLD)
    # a player of A opens B and links A's channel with B's link: refused, nothing logged
    join_from_discord(db, invite, "Bo", PLAYER)
    b, _ = _storyteller(db, "Theirs")
    with pytest.raises(AccessError, match="only the storyteller of Nights may move it"):
        link_channel(db, b, CHANNEL, PLAYER)
    assert _table(db) == a.campaign_id and "discord-linked" not in _kinds(db, b.campaign_id)
    # A's storyteller moves it to C: both logs say so
    c, _ = _storyteller(db, "Days")
    link_channel(db, c, CHANNEL, TOLD)
    assert _table(db) == c.campaign_id and seat_for(db, CHANNEL, TOLD) == c
    assert _kinds(db, a.campaign_id)[-1] == "discord-moved"
    assert _kinds(db, c.campaign_id)[-1] == "discord-linked"
    moved = _last(db, a.campaign_id)
    assert "Days" not in str(moved.data) and moved.actor == "storyteller"
    assert check(db) == []
    # A's undo brings it back, a restore moves it away again
    back, _ = undo(db, "Nights", "storyteller", moved.seq)
    assert _table(db) == a.campaign_id and check(db) == []
    away, _ = undo(db, "Nights", "storyteller", back.seq)
    assert _table(db) == c.campaign_id and check(db) == []
    again, _ = undo(db, "Nights", "storyteller", away.seq)  # the first undo stands again
    assert _table(db) == a.campaign_id and check(db) == []
    undo(db, "Nights", "storyteller", again.seq)
    assert _table(db) == c.campaign_id and check(db) == []
    # C's undo of its link brings it back to A as well, and its restore to C
    linked = _last(db, c.campaign_id)
    struck, _ = undo(db, "Days", "storyteller", linked.seq)
    assert _table(db) == a.campaign_id and check(db) == []
    undo(db, "Days", "storyteller", struck.seq)
    assert _table(db) == c.campaign_id
    # linked at C since by someone else (C's link in other hands): A's undo is refused
    link_channel(db, c, CHANNEL, OTHER)
    with pytest.raises(CampaignError, match="by someone else"):
        undo(db, "Nights", "storyteller", moved.seq)
    assert _table(db) == c.campaign_id and check(db) == []


def _last(db: Database, campaign_id: int) -> Event:
    with db.read() as conn:
        return campaign_events(conn, campaign_id)[-1]
