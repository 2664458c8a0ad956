"""SQLite's write-ahead log folded into the main file when a server stops.

In WAL mode a commit lands in the ``-wal`` file beside the database; SQLite copies it into the
main file now and then (a checkpoint) and when the last connection closes cleanly. A server
stopped by SIGTERM or Ctrl-C may leave its last commits in the ``-wal`` file alone, so a copy
of the main file alone would lose acknowledged events. :func:`checkpoint` copies every commit
into the main file and empties the ``-wal`` file: a stopped server's main file is whole.
"""

from __future__ import annotations

import logging
import sqlite3

log = logging.getLogger("dicepool.store")

CHECKPOINT_SECONDS = 5
"""How long the checkpoint waits for another process's reader or writer to finish (another
server still serving the same file: its own stop checkpoints again)."""


def checkpoint(path: str) -> bool:
    """Copy every commit of the ``-wal`` file of the SQLite database at ``path`` into its main
    file and truncate the ``-wal`` file (``PRAGMA wal_checkpoint(TRUNCATE)``), on a connection
    of its own. Whether it was whole (False: another process held the database; logged)."""
    try:
        connection = sqlite3.connect(path, timeout=CHECKPOINT_SECONDS, isolation_level=None)
    except sqlite3.Error as exc:
        log.warning("the write-ahead log of %s was not checkpointed: %s", path, exc)
        return False
    try:
        busy, _, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    except sqlite3.Error as exc:
        log.warning("the write-ahead log of %s was not checkpointed: %s", path, exc)
        return False
    finally:
        connection.close()
    if busy:
        log.warning(
            "the write-ahead log of %s was not wholly checkpointed: the database is busy", path
        )
    return not busy
