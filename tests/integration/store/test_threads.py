"""One Database shared by a server's worker threads: writers take turns, nothing is lost."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from dicepool.campaign import check, create_campaign, create_character, roll
from dicepool.campaign.history import counts
from dicepool.core.dice import ForcedDice
from dicepool.errors import StoreError, WouldWait
from dicepool.store.database import Database
from dicepool.store.log import campaign_events, find_campaign

THREADS = 8
ROLLS = 10


def test_rolls_from_many_threads_at_once_are_all_logged_in_one_sequence(
    database_url: str,
) -> None:
    db = Database(database_url)
    try:
        create_campaign(db, "Night", "cofd", "st")
        create_character(db, "Night", "Ana", "st", changes="Dexterity=2")

        def rolls(_: int) -> list[int]:
            return [
                roll(db, "Night", "Dexterity", ForcedDice([8, 3]), "st", "Ana").event.seq
                for _ in range(ROLLS)
            ]

        with ThreadPoolExecutor(THREADS) as pool:
            taken = [seq for done in pool.map(rolls, range(THREADS)) for seq in done]
        with db.read() as conn:
            row = find_campaign(conn, "Night")
            assert row is not None
            logged = [e.seq for e in campaign_events(conn, row.id)]
        # the campaign, its first seal and the character, then the rolls
        assert sorted(taken) == logged[3:] and logged == list(range(1, THREADS * ROLLS + 4))
        assert counts(db)["events"] == THREADS * ROLLS + 3 and check(db) == []
    finally:
        db.close()


def test_a_write_inside_a_write_of_the_same_thread_is_refused_not_stuck(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'nested.sqlite3'}")
    try:
        with db.write(), pytest.raises(StoreError, match="within a transaction"), db.write():
            pass
    finally:
        db.close()


def _refusals_of_a_thread_that_never_waits(db: Database) -> dict[str, object]:
    """What a thread that never waits meets: its roll, then a read (run in a thread of its
    own, as the server's event loop is)."""
    met: dict[str, object] = {}

    def never_waiting() -> None:
        db.never_wait_here()
        try:
            roll(db, "Night", "chronicles 2", ForcedDice([8, 3]), "st")
            met["roll"] = "logged"
        except WouldWait as refused:
            met["roll"] = refused
        with db.read() as conn:
            met["read"] = find_campaign(conn, "Night") is not None

    worker = threading.Thread(target=never_waiting)
    worker.start()
    worker.join(30)
    return met


def test_a_thread_that_never_waits_is_refused_while_another_connection_writes(
    tmp_path: Path,
) -> None:
    """Another process's transaction holds the file (to SQLite, another connection is one):
    the roll is refused with WouldWait, not kept waiting, and logs nothing; reads go on."""
    path = tmp_path / "busy.sqlite3"
    db = Database(f"sqlite:///{path}")
    try:
        create_campaign(db, "Night", "cofd", "st")
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            met = _refusals_of_a_thread_that_never_waits(db)
        finally:
            other.rollback()
            other.close()
        assert isinstance(met["roll"], WouldWait) and met["read"] is True
        assert counts(db)["events"] == 2  # the campaign's creation and its seal alone
        roll(db, "Night", "chronicles 2", ForcedDice([8, 3]), "st")  # a thread that waits
        assert counts(db)["events"] == 3
    finally:
        db.close()


def test_a_thread_that_never_waits_is_refused_while_a_thread_of_its_process_writes(
    tmp_path: Path,
) -> None:
    db = Database(f"sqlite:///{tmp_path / 'turns.sqlite3'}")
    try:
        create_campaign(db, "Night", "cofd", "st")
        writing, done = threading.Event(), threading.Event()

        def long_write() -> None:
            with db.write():
                writing.set()
                done.wait(30)

        holder = threading.Thread(target=long_write)
        holder.start()
        writing.wait(30)
        try:
            met = _refusals_of_a_thread_that_never_waits(db)
        finally:
            done.set()
            holder.join(30)
        assert isinstance(met["roll"], WouldWait) and met["read"] is True
        assert counts(db)["events"] == 2
    finally:
        db.close()
