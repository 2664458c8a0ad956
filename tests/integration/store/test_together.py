"""Rolls of one table made together in one transaction (SQLite and PostgreSQL): each is the
roll it would be alone (the next sequence number, roll number and head, the state the roll
before it left), a refused one is undone alone, and a nonce sent twice in one group is rolled
once."""

from __future__ import annotations

import threading

import pytest

from dicepool.campaign import check, create_character
from dicepool.campaign.export import export_campaign
from dicepool.campaign.rolls import LoggedRoll, Resent
from dicepool.campaign.seals import Sealed
from dicepool.campaign.seats import Seat
from dicepool.campaign.table import roll_at_table
from dicepool.campaign.together import MOST_TOGETHER, OneRoll, roll_together
from dicepool.campaign.verify import verify
from dicepool.errors import DicepoolError, SheetError, StoreError
from dicepool.sheet.spends import NO_SPENDS, Spends
from dicepool.store.database import Database
from dicepool.store.log import campaign_events, find_campaign
from dicepool.store.roll_claim import Claims

from .tables import seated

WILLPOWER = Spends(willpower=True)


def _table(db: Database) -> Seat:
    storyteller, _ = seated(db, "Night", "hubris", "st", "Bo")
    create_character(db, "Night", "Ana", "st", changes="Dexterity=3 Stealth=2 Willpower=1")
    return storyteller


def _one(
    db: Database,
    seat: Seat,
    nonce: str,
    spends: Spends = NO_SPENDS,
    line: str = "Dexterity + Stealth",
) -> tuple[OneRoll, tuple[int, str]]:
    def one(claims: Claims) -> LoggedRoll:
        source = Sealed(nonce)
        return roll_at_table(db, seat, line, source, "Ana", False, spends, nonce, claims)

    return one, (seat.id, nonce)


def test_rolls_made_together_are_each_the_roll_alone_and_a_refused_one_is_undone_alone(
    db: Database,
) -> None:
    storyteller = _table(db)
    old = roll_together(db, [_one(db, storyteller, "old")])[0]  # a nonce sent before
    assert isinstance(old, LoggedRoll)
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
            _one(db, storyteller, "old"),  # sent before this transaction: its answer
            _one(db, storyteller, "d", line="Dexterity + Nothing"),  # refused: no such trait
            _one(db, storyteller, "e"),
        ],
    )
    first, refused, third, again, older, unknown, last = made
    assert isinstance(refused, SheetError) and "Willpower" in str(refused)
    assert isinstance(unknown, DicepoolError) and not isinstance(unknown, Resent)
    assert isinstance(first, LoggedRoll) and isinstance(third, LoggedRoll)
    assert isinstance(last, LoggedRoll)
    assert isinstance(again, Resent) and again.answer == first.answer
    assert isinstance(older, Resent) and older.answer["event"] == old.event.id
    assert [r.event.seq for r in (first, third, last)] == [before.last_seq + k for k in (1, 2, 3)]
    with db.read() as conn:
        events = campaign_events(conn, before.id)
        row = find_campaign(conn, "Night")
    assert [e.id for e in events[-3:]] == [r.event.id for r in (first, third, last)]
    assert row is not None and row.last_seq == last.event.seq
    numbers = [e.data["seal"]["roll_no"] for e in events[-3:]]
    assert numbers == [numbers[0], numbers[0] + 1, numbers[0] + 2]  # the refused gave theirs on
    assert check(db) == []  # the sheets, the head and the chain are the log's
    export = export_campaign(db, "Night")
    assert verify(export["events"]).ok  # every face recomputed from the seal and the nonces
    # the roll after the group is claimed from the database and follows on
    after = roll_together(db, [_one(db, storyteller, "f")])[0]
    assert isinstance(after, LoggedRoll) and after.event.seq == last.event.seq + 1
    assert check(db) == []


def test_no_more_than_the_most_together(db: Database) -> None:
    storyteller = _table(db)
    with pytest.raises(ValueError, match=f"at most {MOST_TOGETHER}"):
        roll_together(db, [_one(db, storyteller, str(k)) for k in range(MOST_TOGETHER + 1)])


def test_a_nonce_rolled_elsewhere_while_a_refused_first_roll_freed_the_row_is_resent(
    migrated_postgres_url: str,
) -> None:
    """On PostgreSQL a refused first roll is undone with its claim, which frees the campaign's
    row (SQLite's writer keeps the whole file): a roll another process makes then is read by
    the next claim, not taken from before."""
    db = Database(migrated_postgres_url)
    storyteller = _table(db)
    other = Database(db.url)

    def meanwhile(claims: Claims) -> LoggedRoll:
        claims.conn.rows("SELECT 1")  # the first roll's undoing sent: the row is free
        line, source = "Dexterity + Stealth", Sealed("y")
        alone = (other, storyteller, line, source, "Ana", False, NO_SPENDS, "y")
        rolled = threading.Thread(target=lambda: roll_at_table(*alone))
        rolled.start()
        rolled.join(10)
        assert not rolled.is_alive(), "the other roll waited: the row was still held"
        return _one(db, storyteller, "z")[0](claims)

    try:
        made = roll_together(
            db,
            [
                _one(db, storyteller, "x", line="Dexterity + Nothing"),  # refused after its claim
                (meanwhile, (storyteller.id, "z")),
                _one(db, storyteller, "y"),  # rolled by the other process meanwhile
            ],
        )
        refused, rolled, again = made
        assert isinstance(refused, DicepoolError) and isinstance(rolled, LoggedRoll)
        assert isinstance(again, Resent)
        assert check(db) == []
    finally:
        other.close()
        db.close()


def test_a_fault_of_one_roll_undoes_it_alone_and_the_databases_fails_them_all(
    db: Database,
) -> None:
    storyteller = _table(db)

    def faulty(claims: Claims) -> LoggedRoll:
        _one(db, storyteller, "f")[0](claims)
        raise KeyError("a fault met by this roll alone")

    def broken(claims: Claims) -> LoggedRoll:
        claims.conn.rows("SELECT nothing FROM no_such_table")
        raise AssertionError("the database refused that")

    first, fault, last = roll_together(
        db, [_one(db, storyteller, "a"), (faulty, None), _one(db, storyteller, "b")]
    )
    assert isinstance(fault, KeyError)
    assert isinstance(first, LoggedRoll) and isinstance(last, LoggedRoll)
    assert last.event.seq == first.event.seq + 1  # the faulty roll's claim was undone
    assert check(db) == []
    with db.read() as conn:
        before = find_campaign(conn, "Night")
    with pytest.raises(StoreError):
        roll_together(db, [_one(db, storyteller, "c"), (broken, None), _one(db, storyteller, "d")])
    with db.read() as conn:
        assert find_campaign(conn, "Night") == before  # none of the three is stored
    assert check(db) == []
