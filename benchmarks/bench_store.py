"""The store's speed: logged rolls per second, and the campaign commands on a long log.

(a) Rolls logged in-process through ``dicepool.campaign.roll`` on a SQLite file, side by side
    with the raw ``sqlite3`` limit at the same durability (WAL, ``synchronous=FULL``, one
    ``INSERT`` and one commit per row of the same size); target: at least half the raw rate.
(b) On a campaign of 10,000 events, the whole process
    ``dicepool roll --db FILE --campaign Bench --char Ana "Dexterity + Stealth"`` (target under
    250 ms), beside a plain ``dicepool roll "chronicles 5"``.
(c) On a campaign of 100,000 events, ``dicepool log --last 50`` (target under 250 ms).

(b) and (c) need the campaign options of the CLI (``--db``, ``--campaign``, ``--char``, the
``log`` command); where the installed ``dicepool`` lacks them, that part says so.

    .venv/bin/python benchmarks/bench_store.py [--rows 600] [--runs 15] [--src PATH]

``--src`` puts another checkout's ``src`` first on the path of the timed processes.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from processes import ENV

from dicepool.campaign import check, create_campaign, create_character, roll
from dicepool.core.dice import SeededDice
from dicepool.core.roll import resolve_any
from dicepool.notation.parser import parse
from dicepool.notation.record import record
from dicepool.notation.renderer import render
from dicepool.sheet.events import Kind
from dicepool.store.database import Database, database_url
from dicepool.store.log import find_campaign

CAMPAIGN = "Bench"
LINE = "Dexterity + Stealth"


def new_campaign(path: Path) -> Database:
    db = Database(database_url(str(path)))
    create_campaign(db, CAMPAIGN, "chronicles", "bench")
    create_character(db, CAMPAIGN, "Ana", "bench", changes="Dexterity=3 Stealth=2")
    return db


def library_rolls(db: Database, count: int, source: SeededDice) -> float:
    """Seconds for ``count`` rolls logged through the library."""
    start = time.perf_counter()
    for _ in range(count):
        roll(db, CAMPAIGN, LINE, source, "bench", "Ana")
    return time.perf_counter() - start


def raw_connection(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute(
        "CREATE TABLE events (id INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL, "
        "seq INTEGER NOT NULL, at TEXT NOT NULL, actor TEXT NOT NULL, kind TEXT NOT NULL, "
        "data TEXT NOT NULL, UNIQUE (campaign_id, seq))"
    )
    return conn


def raw_rows(conn: sqlite3.Connection, count: int, data: str, first: int) -> float:
    """Seconds for ``count`` rows inserted and committed one by one."""
    start = time.perf_counter()
    for seq in range(first, first + count):
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(
            "INSERT INTO events (campaign_id, seq, at, actor, kind, data) "
            "VALUES (1, ?, ?, ?, ?, ?)",
            (seq, "2026-11-22T21:00:00.000000+00:00", "bench", "rolled", data),
        )
        conn.execute("COMMIT")
    return time.perf_counter() - start


def logged_rolls(rows: int, folder: Path) -> None:
    """(a): the library's logged rolls per second beside raw sqlite3's, in alternating blocks."""
    db = new_campaign(folder / "library.sqlite3")
    source = SeededDice(1)
    sample = roll(db, CAMPAIGN, LINE, source, "bench", "Ana").event
    data = json.dumps(dict(sample.data), separators=(",", ":"))  # as the store writes it
    raw = raw_connection(folder / "raw.sqlite3")
    blocks = 6
    per_block = max(rows // blocks, 1)
    library_time = raw_time = 0.0
    for block in range(blocks):
        raw_time += raw_rows(raw, per_block, data, block * per_block + 1)
        library_time += library_rolls(db, per_block, source)
    raw.close()
    problems = check(db)
    db.close()
    done = blocks * per_block
    library_rate, raw_rate = done / library_time, done / raw_time
    print(f"(a) logged rolls on SQLite, WAL + synchronous=FULL, {done} each, row ~{len(data)} B")
    print(f"    dicepool.campaign.roll   {library_rate:8.0f} rolls/s")
    print(f"    raw sqlite3 INSERT+commit{raw_rate:8.0f} rows/s")
    verdict = "ok" if library_rate / raw_rate >= 0.5 else "BELOW TARGET"
    print(f"    ratio {library_rate / raw_rate:.2f} (target >= 0.5): {verdict}")
    print(f"    check(): {problems or 'clean'}")


def roll_data(count: int) -> list[dict[str, Any]]:
    """The data of ``count`` different logged rolls of the line, made by the real pipeline."""
    request = parse("chronicles 3+2")
    source = SeededDice(2)
    made = []
    for _ in range(count):
        result = resolve_any(request, source)
        made.append(
            {
                "line": LINE,
                "numbers": render(request),
                "characters": ["Ana"],
                "rollers": ["Ana"],
                "comment": None,
                "house_rules": "",
                "result": record(result),
            }
        )
    return made


def _head(conn: Any, campaign_id: int) -> str | None:
    """The campaign's head (its last event's hash), or None for a dicepool before the chain."""
    try:
        found = conn.rows(
            "SELECT hash FROM events WHERE campaign_id = :c ORDER BY seq DESC LIMIT 1",
            {"c": campaign_id},
        )
    except Exception:  # no hash column: a dicepool before the chain (--src)
        return None
    return str(found[0]["hash"])


def _chained(row: dict[str, Any], prev: str) -> tuple[str, str, str, str]:
    """A bulk row's salt, prev, digest and hash, as the store's append chains an event."""
    from dicepool.store.chain import digest_of, link, new_salt

    salt = new_salt()
    digest = digest_of(
        row["seq"], row["at"].isoformat(), row["actor"], row["kind"], row["data"], salt
    )
    return salt, prev, digest, link(prev, row["seq"], digest)


def long_campaign(path: Path, events: int) -> float:
    """A campaign of ``events`` events: its rolls inserted in bulk, in one transaction.

    The rows are what :func:`dicepool.store.log.append` writes (an event, its character, the
    campaign's last sequence number), inserted many at a time; ``check`` must pass after.
    """
    start = time.perf_counter()
    db = new_campaign(path)
    kinds = roll_data(200)
    at = datetime.now(UTC)
    with db.write() as conn:
        row = find_campaign(conn, CAMPAIGN, lock=True)
        assert row is not None
        first_id = conn.rows("SELECT max(id) AS top FROM events")[0]["top"] + 1
        count = max(0, events - row.last_seq)  # a new campaign logs a few events already
        prev = _head(conn, row.id)
        for chunk in range(0, count, 10_000):
            numbers = range(chunk, min(chunk + 10_000, count))
            rows = []
            for i in numbers:
                made = {
                    "id": first_id + i,
                    "campaign": row.id,
                    "seq": row.last_seq + 1 + i,
                    "at": at,
                    "actor": "bench",
                    "kind": Kind.ROLLED.value,
                    "data": kinds[i % len(kinds)],
                    "undoes": None,
                }
                if prev is not None:  # a dicepool with the hash chain: the rows are chained
                    made["salt"], made["prev"], made["digest"], made["hash"] = _chained(made, prev)
                    prev = made["hash"]
                rows.append(made)
            names = ", salt, prev, digest, hash" if prev is not None else ""
            values = ", :salt, :prev, :digest, :hash" if prev is not None else ""
            conn.run(
                f"INSERT INTO events (id, campaign_id, seq, at, actor, kind, data, undoes"
                f"{names}) VALUES (:id, :campaign, :seq, :at, :actor, :kind, :data, :undoes"
                f"{values})",
                rows,
            )
            concerning = [{"event": first_id + i, "campaign": row.id} for i in numbers]
            conn.run(
                "INSERT INTO event_characters (event_id, campaign_id, character_key) "
                "VALUES (:event, :campaign, 'ana')",
                concerning,
            )
        conn.run(
            "UPDATE campaigns SET last_seq = :events WHERE id = :campaign",
            {"events": row.last_seq + count, "campaign": row.id},
        )
    problems = check(db)
    db.close()
    if problems:
        sys.exit(f"the long campaign does not check: {problems}")
    return time.perf_counter() - start


def median_ms(command: list[str], runs: int, env: dict[str, str]) -> float:
    subprocess.run(command, capture_output=True, check=True, env=env)  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cli_has(dicepool: str, env: dict[str, str], command: str, *options: str) -> bool:
    shown = subprocess.run([dicepool, command, "--help"], capture_output=True, text=True, env=env)
    return shown.returncode == 0 and all(o in shown.stdout for o in options)


def timed(name: str, run: Callable[[], float], target: float | None) -> None:
    try:
        ms = run()
    except subprocess.CalledProcessError as exc:
        print(f"    {name:<58} failed: {exc.stderr.decode(errors='replace').strip()[:200]}")
        return
    verdict = "" if target is None else f"(target < {target:.0f} ms: "
    verdict += "" if target is None else ("ok)" if ms < target else "OVER)")
    print(f"    {name:<58} {ms:7.1f} ms {verdict}")


def commands(folder: Path, runs: int, env: dict[str, str], events: int, big: int) -> None:
    """(b) and (c): the campaign commands as whole processes on long logs."""
    dicepool = str(Path(sys.executable).parent / "dicepool")
    plain = [dicepool, "roll", "chronicles 5"]
    if not cli_has(dicepool, env, "roll", "--db", "--campaign", "--char"):
        print("(b) unavailable: this dicepool's `roll` has no --db/--campaign/--char yet")
        timed(" ".join(plain[1:]), lambda: median_ms(plain, runs, env), None)
    else:
        tiny = folder / "tiny.sqlite3"
        long_campaign(tiny, 2)
        path = folder / "long.sqlite3"
        took = long_campaign(path, events)
        print(f"(b) a campaign of {events} events (built in {took:.1f} s), median of {runs}")
        for name, db in ((f"{events} events", path), ("2 events", tiny)):
            char = [dicepool, "roll", "--db", str(db), "--campaign", CAMPAIGN, "--char", "Ana"]
            timed(
                f"roll --char Ana {LINE!r} ({name})",
                lambda c=char: median_ms([*c, LINE], runs, env),
                250,
            )
        timed(" ".join(plain[1:]), lambda: median_ms(plain, runs, env), None)
        imports = [sys.executable, "-c", "import sqlalchemy"]
        timed("python -c 'import sqlalchemy'", lambda: median_ms(imports, runs, env), None)
    if not cli_has(dicepool, env, "log", "--db", "--campaign", "--last"):
        print("(c) unavailable: this dicepool has no `log` command with --db/--campaign/--last")
        return
    path = folder / "big.sqlite3"
    took = long_campaign(path, big)
    print(f"(c) a campaign of {big} events (built in {took:.1f} s), median of {runs}")
    for name, db in ((f"{big} events", path), ("2 events", folder / "tiny.sqlite3")):
        if db.exists():
            last = [dicepool, "log", "--db", str(db), "--campaign", CAMPAIGN, "--last", "50"]
            timed(f"log --last 50 ({name})", lambda c=last: median_ms(c, runs, env), 250)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=600, help="rows per side in (a)")
    parser.add_argument("--runs", type=int, default=15, help="processes timed per command")
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--src", type=Path, help="a checkout's src to run the commands from")
    args = parser.parse_args()
    env = dict(ENV)
    if args.src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(args.src.resolve()), env.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory() as folder:
        logged_rolls(args.rows, Path(folder))
        commands(Path(folder), args.runs, env, args.events, args.big)


if __name__ == "__main__":
    main()
