"""Every event of the database made by dicepool 0001 reads as its kind's typed record, and
the record writes its data back byte for byte (no migration: the log's JSON is unchanged)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from dicepool.sheet.events import Event, Kind, payload

FIXTURE = Path(__file__).parents[2] / "fixtures" / "db" / "dicepool-0001.sqlite3"


def test_every_stored_event_reads_and_writes_back_the_same_json() -> None:
    with sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT kind, data FROM events ORDER BY id").fetchall()
    conn.close()
    assert rows
    for kind, text in rows:
        record = payload(Event(Kind(kind), json.loads(text)))
        assert json.dumps(record.data()) == json.dumps(json.loads(text)), kind
