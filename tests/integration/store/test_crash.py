"""A writer killed mid-burst loses nothing it acknowledged and leaves a sound database."""

from __future__ import annotations

import queue
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import IO

from dicepool.campaign import check, create_campaign, create_character
from dicepool.store.database import Database, sqlite_path
from dicepool.store.log import campaign_events, find_campaign

from . import workers

ROUNDS = 3
ACKNOWLEDGED = 100
"""Kill the writer once it has acknowledged this many rolls, or after BURST_SECONDS."""
BURST_SECONDS = 1.0


def pump(stream: IO[str], lines: queue.Queue[str]) -> None:
    """Hand over every whole line the writer prints (a line cut by the kill is not one)."""
    for line in stream:
        if line.endswith("\n"):
            lines.put(line.strip())
    lines.put("")  # end of output


def kill_mid_burst(url: str) -> list[int]:
    """Run the writer, SIGKILL it mid-burst; the event ids it acknowledged."""
    writer = workers.rolling_writer(url)
    assert writer.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=pump, args=(writer.stdout, lines), daemon=True)
    reader.start()
    acknowledged: list[int] = []
    try:
        assert lines.get(timeout=30) == "ready"
        deadline = time.monotonic() + BURST_SECONDS
        while len(acknowledged) < ACKNOWLEDGED and time.monotonic() < deadline:
            try:
                line = lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                break
            assert line, "the writer stopped by itself"
            acknowledged.append(int(line))
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait(30)
        reader.join(30)
        writer.stdout.close()
    assert writer.returncode == -signal.SIGKILL
    while (line := lines.get(timeout=5)) != "":
        acknowledged.append(int(line))  # printed before the kill, read after it
    return acknowledged


def test_a_killed_writer_loses_no_acknowledged_roll(database_url: str) -> None:
    db = Database(database_url)
    create_campaign(db, workers.CAMPAIGN, "chronicles", "st")
    create_character(db, workers.CAMPAIGN, workers.CHARACTER, "st", changes="Dexterity=3 Stealth=2")
    with db.read() as conn:
        row = find_campaign(conn, workers.CAMPAIGN)
        assert row is not None
        before = len(campaign_events(conn, row.id))  # the campaign, its seal, the character
    db.close()
    acknowledged: list[int] = []
    for done in range(1, ROUNDS + 1):
        got = kill_mid_burst(database_url)
        assert got, "the writer acknowledged no roll before it was killed"
        acknowledged.extend(got)
        db = Database(database_url)
        try:
            with db.read() as conn:
                row = find_campaign(conn, workers.CAMPAIGN)
                assert row is not None
                events = campaign_events(conn, row.id)
            stored = {e.id for e in events}
            assert set(acknowledged) <= stored
            assert [e.seq for e in events] == list(range(1, len(events) + 1))
            # each round, at most the roll in flight when the kill came is stored unacknowledged
            assert 0 <= len(events) - before - len(acknowledged) <= done
            assert check(db) == []
            path = sqlite_path(db.url)
            if path is not None:
                assert Path(path).stat().st_size > 0
                with sqlite3.connect(path) as raw:
                    assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
                raw.close()
        finally:
            db.close()
