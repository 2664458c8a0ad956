"""A roll's transaction in few round trips (SQLite and PostgreSQL): the claim and the reads
after it as one batch, each read seeing what the statements before it did; the statements
nobody reads held back for the commit, and dropped with a rollback; the roll number taken
with the claim given back when no die is read."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

import pytest

from dicepool.campaign import check, create_campaign, create_character, roll
from dicepool.campaign.seals import Drawing, Sealed
from dicepool.campaign.seats import Role
from dicepool.errors import StoreError
from dicepool.sheet.events import Event, Kind
from dicepool.store.database import Database
from dicepool.store.log import append, campaign_events, claim_campaign, find_campaign
from dicepool.store.roll_claim import claim_for_roll
from dicepool.store.seals import open_seal
from dicepool.store.sql import Conflict, Sql


def _night(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "st", changes="Dexterity=3 Stealth=2")


def test_the_batch_reads_what_the_claim_took_and_the_seal_gives_the_next_number(
    db: Database,
) -> None:
    _night(db)
    rolled = roll(db, "Night", "Dexterity + Stealth", Sealed("a"), "st", "Ana").event
    with db.read() as conn:
        before = open_seal(conn, find_campaign(conn, "Night").id)  # type: ignore[union-attr]
    assert before is not None
    with pytest.raises(RuntimeError), db.write() as conn:
        claimed = claim_for_roll(conn, "Night", Role.PLAYER, draw=True, sent=(1, "never"))
        assert claimed is not None
        assert claimed.claim.row.last_seq == rolled.seq + 1
        assert claimed.claim.prev == rolled.chain.hash  # type: ignore[union-attr]
        assert [c.name for c in claimed.sheets] == ["Ana"] and claimed.seated == frozenset()
        assert claimed.seal is not None and claimed.seal.rolls == before.rolls + 1
        assert claimed.sent is None
        raise RuntimeError("nothing logged: the claim and the number are undone")
    assert claim_for_roll_is_undone(db, rolled.seq, before.rolls)


def claim_for_roll_is_undone(db: Database, seq: int, rolls: int) -> bool:
    with db.read() as conn:
        row = find_campaign(conn, "Night")
        assert row is not None
        return row.last_seq == seq and open_seal(conn, row.id).rolls == rolls  # type: ignore[union-attr]


def test_a_roll_number_taken_with_the_claim_and_not_read_is_given_back(db: Database) -> None:
    _night(db)
    with db.read() as conn:
        campaign = find_campaign(conn, "Night")
        assert campaign is not None
        rolls = open_seal(conn, campaign.id).rolls  # type: ignore[union-attr]
    with db.write() as conn:
        claimed = claim_for_roll(conn, "Night", Role.PLAYER, draw=True)
        assert claimed is not None and claimed.seal is not None
        assert claimed.seal.rolls == rolls + 1
        Drawing(conn, campaign.id, "", claimed.seal).give_back_unused()
        append(conn, campaign.id, Event(Kind.CLOCK_ADVANCED, _minute()), "st", (), claimed.claim)
    with db.read() as conn:
        assert open_seal(conn, campaign.id).rolls == rolls  # type: ignore[union-attr]
        assert campaign_events(conn, campaign.id)[-1].kind is Kind.CLOCK_ADVANCED


def _minute() -> dict[str, object]:
    return {"minutes": 1, "duration": "1m", "begins": ["turn"]}


def _refused_after_the_append(conn: Sql, campaign_id: int) -> None:
    raise RuntimeError("refused after the append")


def _a_held_statement_fails(conn: Sql, campaign_id: int) -> None:
    conn.later("UPDATE campaigns SET last_seq = NULL WHERE id = :c", {"c": campaign_id})


@pytest.mark.parametrize(
    ("failure", "error"),
    [(_refused_after_the_append, RuntimeError), (_a_held_statement_fails, Conflict)],
)
def test_an_event_held_back_for_the_commit_is_not_kept_when_the_transaction_fails(
    db: Database, failure: Callable[[Sql, int], None], error: type[Exception]
) -> None:
    """Whether the use case fails after its append (a rollback drops what was held back) or
    a statement held back fails (at the commit, on PostgreSQL), nothing is kept."""
    _night(db)
    with db.read() as conn:
        last = find_campaign(conn, "Night").last_seq  # type: ignore[union-attr]
    with pytest.raises(error), db.write() as conn:
        claim = claim_campaign(conn, "Night")
        assert claim is not None
        append(conn, claim.row.id, Event(Kind.CLOCK_ADVANCED, _minute()), "st", (), claim)
        failure(conn, claim.row.id)
    with db.read() as conn:
        row = find_campaign(conn, "Night")
        assert row is not None and row.last_seq == last
        assert campaign_events(conn, row.id)[-1].seq == last


def test_names_outside_ascii_are_stored_as_typed_whatever_the_clients_encoding(
    migrated_postgres_url: str,
) -> None:
    """The batches and held statements are written in by psycopg for the connection's
    encoding, and sent in it (a LATIN1 client once read "Zoë" back as "ZoÃ«", and the chain
    said its content was changed)."""
    db = Database(f"{migrated_postgres_url}?client_encoding=LATIN1")
    try:
        create_campaign(db, "Night", "chronicles", "Zoë")
        create_character(db, "Night", "José", "Zoë", changes="Dexterity=3 Stealth=2")
        rolled = roll(db, "Night", "Dexterity + Stealth", Sealed("n"), "Zoë", "José").event
        with db.read() as conn:
            row = find_campaign(conn, "Night")
            assert row is not None
            stored = campaign_events(conn, row.id)[-1]
        assert (stored.id, stored.actor, stored.data["characters"]) == (rolled.id, "Zoë", ["José"])
        assert check(db) == []
    finally:
        db.close()


def test_db_check_sees_one_moment_while_a_table_rolls(db: Database) -> None:
    """The log, the row's head and its last number are read at one moment: a roll logged
    between two of those reads made db check report a head that was not the last event's."""
    _night(db)
    rolling = threading.Event()
    done = threading.Event()

    def rolls() -> None:
        rolling.set()
        for _ in range(60):
            roll(db, "Night", "Dexterity + Stealth", Sealed(), "st", "Ana")
        done.set()

    worker = threading.Thread(target=rolls)
    worker.start()
    rolling.wait()
    checks = []
    while not done.is_set():
        checks.append(check(db))
    worker.join()
    assert checks and all(found == [] for found in checks)


def test_a_transaction_postgresql_rolled_back_is_not_taken_for_committed(
    migrated_postgres_url: str,
) -> None:
    """A statement that failed inside a write (its error caught) leaves PostgreSQL nothing to
    commit: its COMMIT answers ROLLBACK, and the store says so rather than return."""
    db = Database(migrated_postgres_url)
    try:
        _night(db)
        with pytest.raises(StoreError, match="rolled the change back"), db.write() as conn:
            conn.run("UPDATE campaigns SET house_rules = :h", {"h": "again 9"})
            with contextlib.suppress(Conflict):
                conn.run(
                    "INSERT INTO campaigns (name, name_key, system, house_rules, last_seq) "
                    "VALUES ('Night', 'night', 'chronicles', '', 0)"
                )
        with db.read() as conn:
            assert find_campaign(conn, "Night").house_rules == ""  # type: ignore[union-attr]
    finally:
        db.close()
