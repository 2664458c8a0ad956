"""A copy of a SQLite database taken while it serves: SQLite's online backup API.

The copy is read in one read transaction, so it is the database as of one moment, whole, while
other processes go on writing (in WAL mode a reader and the writers never wait for each other).
It is written to a file of its own beside the target and given the target's name only when it is
complete, and never over an existing file: a backup never half-writes nor replaces anything.

PostgreSQL has its own tools for this (``pg_dump``), which :func:`backup` names instead.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from dicepool.errors import StoreError
from dicepool.store.database import connect_sqlite, sqlite_path

PG_DUMP = (
    "dicepool db backup copies SQLite files; on PostgreSQL use its own tools, safe while "
    "serving: pg_dump --format=custom --file FILE DATABASE_URL (and pg_restore --dbname "
    "DATABASE_URL FILE into an empty database)"
)
"""What a backup of a PostgreSQL database is told to do instead."""


def backup(url: str, target: Path) -> int:
    """Copy the SQLite database at ``url`` to the new file ``target``, as it is at one moment,
    even while other processes write to it; the bytes written.

    Raises:
        StoreError: a PostgreSQL URL (use ``pg_dump``), no database at ``url``, a ``target``
            that exists already, or one that cannot be written.
    """
    path = sqlite_path(url)
    if path is None:
        raise StoreError(PG_DUMP)
    if not Path(path).is_file():
        raise StoreError(f"there is no database at {path} to back up")
    if target.exists():
        raise StoreError(f"{target} exists already: give a new file (a backup replaces nothing)")
    if not target.parent.is_dir():
        raise StoreError(f"cannot write {target}: the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    source = connect_sqlite(path)
    try:
        _copy(source, partial)
        os.link(partial, target)  # fails, rather than replaces, if the target came meanwhile
    except OSError as exc:
        raise StoreError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        source.close()
        partial.unlink(missing_ok=True)
    return target.stat().st_size


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
