"""Rolls of one table made together in one transaction (SQLite and PostgreSQL): each is the
roll it would be alone (the next sequence number, roll number and head, the state the roll
before it left), a refused one is undone alone, and a nonce sent twice in one group is rolled
once."""

from __future__ import annotations

import pytest

from dicepool.campaign import check, create_character
from dicepool.campaign.export import export_campaign
from dicepool.campaign.rolls import Resent
from dicepool.campaign.seals import Sealed
from dicepool.campaign.seats import Seat
from dicepool.campaign.table import roll_at_table
from dicepool.campaign.together import MOST_TOGETHER, OneRoll, roll_together
from dicepool.campaign.verify import verify
from dicepool.errors import SheetError
from dicepool.sheet.spends import NO_SPENDS, Spends
from dicepool.store.database import Database
from dicepool.store.log import campaign_events, find_campaign
from dicepool.store.sql import Sql

from .tables import seated

WILLPOWER = Spends(willpower=True)


def _table(db: Database) -> Seat:
    storyteller, _ = seated(db, "Night", "hubris", "st", "Bo")
    create_character(db, "Night", "Ana", "st", changes="Dexterity=3 Stealth=2 Willpower=1")
    return storyteller


def _one(db: Database, seat: Seat, nonce: str, spends: Spends = NO_SPENDS) -> OneRoll:
    def one(conn: Sql) -> object:
        source = Sealed(nonce)
        line = "Dexterity + Stealth"
        return roll_at_table(db, seat, line, source, "Ana", False, spends, nonce, conn)

    return one  # type: ignore[return-value]


def test_rolls_made_together_are_each_the_roll_alone_and_a_refused_one_is_undone_alone(
    db: Database,
) -> None:
    storyteller = _table(db)
    with db.read() as conn:
        before = find_campaign(conn, "Night")
        assert before is not None
    made = roll_together(
        db,
        [
            _one(db, storyteller, "a", WILLPOWER),  # spends Ana's one Willpower point
            _one(db, storyteller, "b", WILLPOWER),  # refused: none left
            _one(db, storyteller, "c"),
            _one(db, storyteller, "a"),  # "a" again: the first one's answer
        ],
    )
    first, refused, third, again = made
    assert isinstance(refused, SheetError) and "Willpower" in str(refused)
    assert isinstance(again, Resent) and again.answer["event"] == first.event.id  # type: ignore[union-attr]
    assert [first.event.seq, third.event.seq] == [before.last_seq + 1, before.last_seq + 2]  # type: ignore[union-attr]
    with db.read() as conn:
        events = campaign_events(conn, before.id)
    assert [e.id for e in events[-2:]] == [first.event.id, third.event.id]  # type: ignore[union-attr]
    seals = [e.data["seal"]["roll_no"] for e in events[-2:]]
    assert seals[1] == seals[0] + 1  # the refused roll's number went to the next
    assert check(db) == []
    export = export_campaign(db, "Night")
    assert verify(export["events"]).ok


def test_no_more_than_the_most_together(db: Database) -> None:
    storyteller = _table(db)
    with pytest.raises(ValueError, match=f"at most {MOST_TOGETHER}"):
        roll_together(db, [_one(db, storyteller, str(k)) for k in range(MOST_TOGETHER + 1)])
