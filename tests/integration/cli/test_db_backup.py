"""`dicepool db backup FILE`: a SQLite file copied while another process writes to it, whole
as of one moment, which `db check` then confirms; never over a file, never half-written; on
PostgreSQL, a pointer to pg_dump."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from dicepool.campaign import create_campaign, create_character
from dicepool.store.database import Database

from ..store import workers
from .conftest import run_dicepool


def _events(path: Path) -> list[int]:
    """The event ids a SQLite file holds, in order."""
    with sqlite3.connect(path) as conn:
        ids = [row[0] for row in conn.execute("SELECT id FROM events ORDER BY id")]
    conn.close()
    return ids


def test_a_backup_taken_while_a_writer_rolls_is_whole_and_checks_out(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    url = f"sqlite:///{live}"
    db = Database(url)
    create_campaign(db, workers.CAMPAIGN, "chronicles", "st")
    create_character(db, workers.CAMPAIGN, workers.CHARACTER, "st", changes="Dexterity=3 Stealth=2")
    db.close()
    writer = workers.rolling_writer(url)
    assert writer.stdout is not None
    try:
        assert writer.stdout.readline().strip() == "ready"
        acked = [int(writer.stdout.readline()) for _ in range(20)]  # rolls before the backup
        copy = tmp_path / "copy.sqlite3"
        done = run_dicepool(("db", "backup", str(copy), "--db", url))
        assert int(writer.stdout.readline()) > acked[-1]  # the writer goes on
    finally:
        writer.kill()
        writer.wait(30)
        writer.stdout.close()
    assert done.returncode == 0, done.stderr
    assert f"to {copy}" in done.stdout and "dicepool db check" in done.stdout
    assert [p.name for p in tmp_path.iterdir() if "partial" in p.name] == []
    held = _events(copy)
    assert set(acked) <= set(held)  # everything acknowledged before it is in it
    assert held == _events(live)[: len(held)]  # a moment of the log: a prefix, nothing torn
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    checked = run_dicepool(("db", "check", "--db", f"sqlite:///{copy}"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("ok: 1 campaigns") and f"{len(held)} events" in checked.stdout


def test_a_backup_never_writes_over_a_file(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    db = Database(f"sqlite:///{live}")
    create_campaign(db, "Night", "chronicles", "st")
    db.close()
    kept = tmp_path / "kept.sqlite3"
    kept.write_bytes(b"a file of the user's")
    refused = run_dicepool(("db", "backup", str(kept), "--db", f"sqlite:///{live}"))
    assert refused.returncode == 2 and kept.read_bytes() == b"a file of the user's"
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "kept.sqlite3 exists already: give a new file" in refused.stderr
    nowhere = run_dicepool(("db", "backup", str(tmp_path / "no" / "x.db"), "--db", str(live)))
    assert nowhere.returncode == 2 and "does not exist" in nowhere.stderr
    missing = run_dicepool(("db", "backup", str(tmp_path / "b.db"), "--db", str(tmp_path / "m")))
    assert missing.returncode == 2 and "there is no database at" in missing.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.sqlite3", "live.sqlite3"]


def test_on_postgresql_a_backup_points_to_pg_dump(tmp_path: Path) -> None:
    url = "postgresql+psycopg://postgres@127.0.0.1:1/none"  # named, never reached
    told = run_dicepool(("db", "backup", str(tmp_path / "b.dump"), "--db", url))
    assert told.returncode == 2 and len(told.stderr.strip().splitlines()) == 1
    assert "pg_dump --format=custom --file FILE DATABASE_URL" in told.stderr
    assert not (tmp_path / "b.dump").exists()
