"""`dicepool db backup FILE`: a SQLite file copied while another process writes to it, whole
as of one moment, which `db check` then confirms; never over a file, never half-written; on
PostgreSQL, pg_dump's copy taken under load and restored, and no password in anything printed."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import psycopg
from sqlalchemy.engine import make_url

from dicepool.campaign import create_campaign, create_character
from dicepool.store.backup import dated, libpq
from dicepool.store.database import Database

from ...databases import Server
from ..store import workers
from .conftest import run_dicepool
from .test_backup_recipe import SECRET, checked_events, restore_dump, with_password


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


def test_a_postgresql_backup_taken_while_a_writer_rolls_restores_whole(
    tmp_path: Path, postgres_server: Server, postgres_url: str
) -> None:
    db = Database(postgres_url)
    create_campaign(db, workers.CAMPAIGN, "chronicles", "st")
    create_character(db, workers.CAMPAIGN, workers.CHARACTER, "st", changes="Dexterity=3 Stealth=2")
    db.close()
    writer = workers.rolling_writer(postgres_url)
    assert writer.stdout is not None
    try:
        assert writer.stdout.readline().strip() == "ready"
        acked = [int(writer.stdout.readline()) for _ in range(20)]  # rolls before the backup
        done = run_dicepool(("db", "backup", str(tmp_path), "--db", with_password(postgres_url)))
        assert int(writer.stdout.readline()) > acked[-1]  # the writer goes on
    finally:
        writer.kill()
        writer.wait(30)
        writer.stdout.close()
    assert done.returncode == 0, done.stderr
    assert SECRET not in done.stdout + done.stderr
    assert ":***@127.0.0.1" in done.stdout and "pg_restore" in done.stdout
    (dump,) = tmp_path.glob("dicepool-*.dump")
    assert [p.name for p in tmp_path.iterdir() if "partial" in p.name] == []
    restored = restore_dump(postgres_server, dump)
    try:
        with psycopg.connect(libpq(restored)[0]) as conn:
            held = [row[0] for row in conn.execute("SELECT id FROM events ORDER BY id")]
        assert set(acked) <= set(held)  # everything acknowledged before it is in it
        assert checked_events(restored) == len(held)
    finally:
        postgres_server.drop_database(make_url(restored).database or "")


def test_a_postgresql_backup_that_fails_says_why_without_the_password(
    tmp_path: Path, postgres_url: str
) -> None:
    nowhere = "postgresql+psycopg://dicepool:" + SECRET + "@127.0.0.1:1/none"  # never reached
    no_database = with_password(postgres_url).rsplit("/", 1)[0] + "/no_such_database"
    for url in (nowhere, no_database):
        failed = run_dicepool(("db", "backup", str(tmp_path), "--db", url))
        printed = failed.stdout + failed.stderr
        assert failed.returncode == 2 and len(failed.stderr.strip().splitlines()) == 1, printed
        assert "pg_dump of postgresql+psycopg://" in failed.stderr and ":***@" in failed.stderr
        assert SECRET not in printed
    assert list(tmp_path.iterdir()) == []


def test_without_pg_dump_a_postgresql_backup_names_the_package(
    tmp_path: Path, postgres_url: str
) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    env = {"PATH": str(empty)}
    told = run_dicepool(("db", "backup", str(tmp_path), "--db", with_password(postgres_url)), env)
    assert told.returncode == 2 and len(told.stderr.strip().splitlines()) == 1, told.stderr
    assert "pg_dump is not installed" in told.stderr and "postgresql-client" in told.stderr
    assert SECRET not in told.stdout + told.stderr
    assert list(tmp_path.iterdir()) == [empty]


def test_a_copy_into_a_folder_is_named_by_the_moment_and_never_by_a_name_taken(
    tmp_path: Path,
) -> None:
    at = datetime(2026, 11, 28, 3, 17, 0, tzinfo=UTC)
    first = dated(tmp_path, ".sqlite3", at)
    assert first.name == "dicepool-2026-11-28T031700Z.sqlite3"
    first.write_bytes(b"the 03:17 copy")
    second = dated(tmp_path, ".sqlite3", at)
    assert second.name == "dicepool-2026-11-28T031700Z-2.sqlite3"
    second.write_bytes(b"another copy of the same second")
    assert dated(tmp_path, ".dump", at).name == "dicepool-2026-11-28T031700Z.dump"
    assert dated(tmp_path, ".sqlite3", at).name == "dicepool-2026-11-28T031700Z-3.sqlite3"
