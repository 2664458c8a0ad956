"""One Database shared by a server's worker threads: writers take turns, nothing is lost."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from dicepool.campaign import check, create_campaign, create_character, roll
from dicepool.campaign.history import counts
from dicepool.core.dice import ForcedDice
from dicepool.errors import StoreError
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
        assert sorted(taken) == logged[2:] and logged == list(range(1, THREADS * ROLLS + 3))
        assert counts(db)["events"] == THREADS * ROLLS + 2 and check(db) == []
    finally:
        db.close()


def test_a_write_inside_a_write_of_the_same_thread_is_refused_not_stuck(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'nested.sqlite3'}")
    try:
        with db.write(), pytest.raises(StoreError, match="within a transaction"), db.write():
            pass
    finally:
        db.close()
