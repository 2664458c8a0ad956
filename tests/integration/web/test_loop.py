"""Where the server runs a use case: on its event loop on SQLite while the file is free, on a
worker thread while another writer holds it, and always on a worker thread on PostgreSQL."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

from dicepool.campaign import create_campaign, roll
from dicepool.campaign.history import counts
from dicepool.core.dice import ForcedDice
from dicepool.store.database import Database
from dicepool.web.loop import on_loop


def _rolls_from_the_loop(db: Database, held: Path | None) -> tuple[int, list[int], list[int]]:
    """Two rolls through :func:`on_loop` (the second while ``held``'s SQLite file is written
    by another connection for a tenth of a second): the loop's thread, the threads each try
    ran on, and the rolls' sequence numbers."""
    tried: list[int] = []

    def rolled() -> int:
        tried.append(threading.get_ident())
        return roll(db, "Night", "chronicles 2", ForcedDice([8, 3]), "st").event.seq

    async def serving() -> tuple[int, list[int], list[int]]:
        db.never_wait_here()
        first = await on_loop(db, rolled)
        if held is not None:
            other = sqlite3.connect(held, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")
            asyncio.get_running_loop().call_later(0.1, other.rollback)
        second = await on_loop(db, rolled)
        return threading.get_ident(), tried, [first, second]

    return asyncio.run(serving())


def test_a_roll_runs_on_the_loop_and_waits_on_a_thread_while_the_file_is_held(
    tmp_path: Path,
) -> None:
    path = tmp_path / "loop.sqlite3"
    db = Database(f"sqlite:///{path}")
    try:
        create_campaign(db, "Night", "cofd", "st")
        loop, tried, seqs = _rolls_from_the_loop(db, path)
        assert tried[0] == loop  # the file free: on the loop, in one try
        assert tried[1:-1] and set(tried[1:-1]) == {loop}  # held: tried again on the loop...
        assert tried[-1] != loop  # ...then handed to a thread that waited for it
        assert seqs == [3, 4] and counts(db)["events"] == 4  # each logged once
    finally:
        db.close()


def test_on_postgresql_every_use_case_runs_on_a_worker_thread(postgres_url: str) -> None:
    db = Database(postgres_url)
    try:
        create_campaign(db, "Night", "cofd", "st")
        loop, tried, seqs = _rolls_from_the_loop(db, None)
        assert loop not in tried and len(tried) == 2 and seqs == [3, 4]
    finally:
        db.close()
