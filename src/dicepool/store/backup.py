"""A copy of a SQLite database taken while it serves: SQLite's online backup API.

The copy is read in one read transaction, so it is the database as of one moment, whole, while
other processes go on writing (in WAL mode a reader and the writers never wait for each other).
It is written to a file of its own beside the target and given the target's name only when it is
complete, and never over an existing file: a backup never half-writes nor replaces anything.

On PostgreSQL the copy is ``pg_dump``'s (its custom format, read by ``pg_restore``), run with the
URL dicepool uses made libpq's and the password handed over in ``PGPASSWORD``: never on a command
line (which ``ps`` shows every user) nor in anything printed.

Given a folder, the copy is a new file in it named by the moment (UTC, to the second), so a job
run every night, or twice a day, never meets a name it made before.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import make_url

from dicepool.errors import StoreError
from dicepool.store.database import connect_sqlite, shown, sqlite_path

PG_DUMP_MISSING = (
    "pg_dump is not installed: install PostgreSQL's client tools (Debian: apt-get install "
    "postgresql-client), of the server's major version or newer"
)
"""What a PostgreSQL backup says when there is no ``pg_dump`` on the PATH."""

PG_DUMP_SECONDS = 3600
"""The longest a ``pg_dump`` may run before it is given up (a bound on a hang)."""


def backup(url: str, target: Path) -> Path:
    """Copy the database at ``url`` to the new file ``target`` (or to a new file named by the
    moment in the folder ``target``), as it is at one moment, even while other processes write
    to it; the file written.

    Raises:
        StoreError: no database at ``url``, no ``pg_dump`` for PostgreSQL, a ``target`` that
            exists already, one that cannot be written, or a dump that fails; the message never
            holds the URL's password.
    """
    path = sqlite_path(url)
    if path is not None and not Path(path).is_file():
        raise StoreError(f"there is no database at {path} to back up")
    if target.is_dir():
        target = dated(target, ".sqlite3" if path is not None else ".dump")
    if target.exists():
        raise StoreError(f"{target} exists already: give a new file (a backup replaces nothing)")
    if not target.parent.is_dir():
        raise StoreError(f"cannot write {target}: the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        if path is not None:
            _copy_sqlite(path, partial)
        else:
            _pg_dump(url, partial)
        os.link(partial, target)  # fails, rather than replaces, if the target came meanwhile
    except OSError as exc:
        raise StoreError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return target


def dated(folder: Path, suffix: str, now: datetime | None = None) -> Path:
    """A new file of ``folder`` named by the moment, ``dicepool-2026-11-28T031700Z.sqlite3``,
    with ``-2``, ``-3``... added when a copy of the same second is there already."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H%M%SZ")
    target, n = folder / f"dicepool-{stamp}{suffix}", 1
    while target.exists():
        n += 1
        target = folder / f"dicepool-{stamp}-{n}{suffix}"
    return target


def _copy_sqlite(path: str, partial: Path) -> None:
    source = connect_sqlite(path)
    try:
        _copy(source, partial)
    finally:
        source.close()


def libpq(url: str) -> tuple[str, dict[str, str]]:
    """The libpq URL of a SQLAlchemy PostgreSQL ``url`` without its password, and the
    environment that hands the password over (``PGPASSWORD``), if the URL has one."""
    parsed = make_url(url)
    bare = parsed.set(drivername="postgresql", password=None)
    password = {"PGPASSWORD": str(parsed.password)} if parsed.password else {}
    return bare.render_as_string(hide_password=False), password


def _pg_dump(url: str, partial: Path) -> None:
    """``pg_dump --format=custom`` of ``url`` into ``partial``, one snapshot of the database
    (safe while the servers write); its error said in one line, without the password."""
    program = shutil.which("pg_dump")
    if program is None:
        raise StoreError(PG_DUMP_MISSING)
    connection, password = libpq(url)
    command = [program, "--format=custom", f"--file={partial}", f"--dbname={connection}"]
    try:
        done = subprocess.run(
            command,
            env={**os.environ, **password},
            capture_output=True,
            text=True,
            check=False,
            timeout=PG_DUMP_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise StoreError(
            f"pg_dump of {shown(url)} did not end within {PG_DUMP_SECONDS} s"
        ) from None
    if done.returncode != 0:
        said = masked(done.stderr.strip().splitlines(), password.get("PGPASSWORD"))
        raise StoreError(f"pg_dump of {shown(url)} failed: {said}")


def masked(lines: list[str], password: str | None) -> str:
    """pg_dump's error lines as one line, the password (should one appear) written ``***``."""
    text = " ".join(line.strip() for line in lines if line.strip()) or "no reason given"
    text = text.removeprefix("pg_dump: error: ")
    return text.replace(password, "***") if password else text


def _copy(source: sqlite3.Connection, partial: Path) -> None:
    """Every page of ``source`` into a new file ``partial``, in one step (one read
    transaction: a step-by-step copy starts over whenever another process writes)."""
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy, pages=-1)
        copy.execute("PRAGMA journal_mode = DELETE")  # one file, whatever the source's mode
    except sqlite3.Error as exc:
        raise StoreError(f"cannot back up the database: {exc}") from exc
    finally:
        copy.close()
