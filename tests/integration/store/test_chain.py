"""The hash chain in a real database (SQLite and PostgreSQL): every event hashes the one before
it, and an event of a closed seal deleted, changed or swapped with another in the database is
found by `verify`, which names the first bad event; a log rewritten whole is found by a head
someone remembers."""

from __future__ import annotations

import json
from typing import Any

from dicepool.campaign import check, create_campaign, create_character, roll
from dicepool.campaign.export import CONCEALED, export_campaign, export_for
from dicepool.campaign.seals import Sealed, close
from dicepool.campaign.table import reveal, roll_at_table, undo_at_table
from dicepool.campaign.verify import Status, verify
from dicepool.core.dice import SystemDice
from dicepool.store.chain import GENESIS, digest_of, link
from dicepool.store.database import Database
from dicepool.store.sql import loads

from .tables import seated


def _night(db: Database) -> list[int]:
    """A campaign with three rolls in a closed seal; the rolls' seq."""
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "st", changes="Dexterity=3 Stealth=2")
    seqs = [
        roll(db, "Night", line, Sealed(f"n{i}"), "kim", "Ana").event.seq
        for i, line in enumerate(["Dexterity + Stealth", "chronicles 4", "chronicles 6"])
    ]
    close(db, "Night", "st")
    return seqs


def _events(db: Database) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = export_campaign(db, "Night")["events"]
    return events


def _first(db: Database, heads: tuple[str, ...] = ()) -> tuple[int | None, str]:
    chain = verify(_events(db), heads).chain
    assert chain is not None and chain.problems
    return chain.problems[0].seq, chain.problems[0].message


def _sql(db: Database, sql: str, **params: Any) -> None:
    with db.write() as conn:
        conn.run(sql, params)


def test_every_event_hashes_the_one_before_it_and_the_export_checks(db: Database) -> None:
    _night(db)
    events = _events(db)
    prev = GENESIS
    for event in events:
        chain = event["chain"]
        assert chain["prev"] == prev
        digest = digest_of(
            event["seq"], event["at"], event["actor"], event["kind"], event["data"], chain["salt"]
        )
        assert chain["digest"] == digest and chain["hash"] == link(prev, event["seq"], digest)
        prev = chain["hash"]
    checked = verify(events, [events[3]["chain"]["hash"], prev])
    assert checked.ok and checked.chain is not None
    assert (checked.chain.events, checked.chain.whole, checked.chain.head) == (
        len(events),
        len(events),
        prev,
    )
    assert export_campaign(db, "Night")["head"] == {"seq": len(events), "hash": prev}
    assert check(db) == []  # db check walks the same chain, and finds the head its row keeps


def test_db_check_names_a_changed_event_and_a_head_that_is_not_the_last(db: Database) -> None:
    _, second, third = _night(db)
    events = _events(db)
    assert "id" not in events[second - 1]  # the database's number stays in the database
    _sql(db, "UPDATE campaigns SET head = :h", h=events[third - 1]["chain"]["hash"])
    _sql(db, "UPDATE events SET actor = :a WHERE seq = :s", a="someone else", s=second)
    assert check(db) == [
        f"Night: event {second}: its content is not what its digest says: "
        "changed after it was logged",
        "Night: the head its row keeps is not its last event's hash",
    ]


def test_a_changed_face_is_named_by_the_seal_and_by_the_chain(db: Database) -> None:
    _, second, _ = _night(db)
    with db.read() as conn:
        data = loads(conn.rows("SELECT data FROM events WHERE seq = :s", {"s": second})[0]["data"])
    dice = data["result"]["dice"]
    dice[0]["face"] = dice[0]["face"] % 10 + 1
    stored = data if db.dialect == "postgresql" else json.dumps(data)
    _sql(db, "UPDATE events SET data = :d WHERE seq = :s", d=stored, s=second)
    assert _first(db) == (
        second,
        "its content is not what its digest says: changed after it was logged",
    )
    checked = verify(_events(db))
    assert checked.seals[0].status is Status.MISMATCH
    assert checked.seals[0].problems[0].seq == second


def test_a_deleted_event_is_named_at_the_event_after_it(db: Database) -> None:
    _, second, _ = _night(db)
    _sql(
        db,
        "DELETE FROM event_characters WHERE event_id IN (SELECT id FROM events WHERE seq = :s)",
        s=second,
    )
    _sql(db, "DELETE FROM events WHERE seq = :s", s=second)
    seq, said = _first(db)
    assert seq == second + 1 and said == f"event {second} is missing before it: the log was cut"
    # the seal's check sees it too: a roll number missing
    assert verify(_events(db)).seals[0].status is not Status.VERIFIED


def test_two_events_swapped_are_named_at_the_first(db: Database) -> None:
    first, second, _ = _night(db)
    _sql(db, "UPDATE events SET seq = -1 WHERE seq = :s", s=first)
    _sql(db, "UPDATE events SET seq = :a WHERE seq = :b", a=first, b=second)
    _sql(db, "UPDATE events SET seq = :b WHERE seq = -1", b=second)
    seq, said = _first(db)
    assert seq == first and said.startswith(
        f"its prev is not the hash of the event before it (seq {first - 1})"
    )


def test_a_log_rewritten_and_chained_again_is_caught_by_a_head_someone_kept(
    db: Database,
) -> None:
    first, _, third = _night(db)
    seen = _events(db)[third - 1]["chain"]["hash"]  # a player saw the head at the third roll
    with db.read() as conn:
        rows = conn.rows("SELECT id, seq, at, actor, kind, data, salt FROM events ORDER BY seq")
    prev = GENESIS
    for row in rows:  # the owner drops the first roll and chains the rest again
        event = dict(row, data=loads(row["data"]))
        at = _events(db)[row["seq"] - 1]["at"]
        if row["seq"] == first:
            event["data"] = {**event["data"], "comment": "never happened"}
        digest = digest_of(row["seq"], at, row["actor"], row["kind"], event["data"], row["salt"])
        hashed = link(prev, row["seq"], digest)
        stored = event["data"] if db.dialect == "postgresql" else json.dumps(event["data"])
        _sql(
            db,
            "UPDATE events SET data = :d, digest = :g, prev = :p, hash = :h WHERE id = :i",
            d=stored,
            g=digest,
            p=prev,
            h=hashed,
            i=row["id"],
        )
        prev = hashed
    assert verify(_events(db)).ok  # chained again: alone, the log cannot tell
    seq, said = _first(db, (seen,))
    assert seq is None and said.startswith(f"the head {seen[:16]}... is not on this log's chain")


def test_a_players_export_chains_through_what_the_player_may_not_see(db: Database) -> None:
    storyteller, player = seated(db, "Night", "chronicles", "st", "Bo")
    secret = roll_at_table(db, storyteller, "chronicles 5", SystemDice(), hidden=True).event
    undo_at_table(db, storyteller, secret.seq)  # kept from the players with the roll
    roll_at_table(db, storyteller, "chronicles 2", SystemDice())
    shown = roll_at_table(db, storyteller, "chronicles 4", SystemDice(), hidden=True).event
    reveal(db, storyteller, shown.seq)  # whole to the players now, its salt with it
    export = export_for(db, player)
    events = export["events"]
    behind = next(e for e in events if e["seq"] == secret.seq)
    concealed = [e for e in events if e["kind"] == CONCEALED]
    assert "salt" not in behind["chain"] and "nonce" not in str(behind["data"])
    assert len(concealed) == 1 and set(concealed[0]["chain"]) == {"prev", "digest", "hash"}
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    checked = verify(events, [export["head"]["hash"]])
    assert checked.ok and checked.chain is not None
    assert checked.chain.whole == len(events) - 2  # all but the hidden roll and its undo
    revealed = next(e for e in events if e["seq"] == shown.seq)
    assert "salt" in revealed["chain"] and "result" in revealed["data"]


def test_db_check_names_an_event_written_without_its_chain(db: Database) -> None:
    seqs = _night(db)
    # what an older server, left running through the upgrade, writes: a row without its chain
    _sql(
        db,
        "UPDATE events SET salt = NULL, prev = NULL, digest = NULL, hash = NULL WHERE seq = :seq",
        seq=seqs[1],
    )
    found = check(db)
    assert (
        f"Night: event {seqs[1]}: it has no chain: written by a server of an older version "
        "after the upgrade (stop every server before `dicepool db upgrade`)"
    ) in found
    assert not any("prev, digest and hash in hex" in line for line in found)
