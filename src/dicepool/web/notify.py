"""Several servers, one table: news another process logged wakes this one's live clients.

On PostgreSQL, LISTEN/NOTIFY (:class:`Listener`): each event appended sends
``CAMPAIGN_ID:SEQ:EVENT_ID`` on :data:`~dicepool.store.log.CHANNEL` as it commits. Each server
process keeps one dedicated connection that listens, in a thread, and wakes the reader of that
campaign (:meth:`dicepool.web.live.Hub.announce`) unless it has read that far already (its own
process's events, mostly). The events are read from the log, so a notification that is lost
(the listener reconnecting) costs nothing but time: on reconnecting, the listener wakes every
connection to catch up, and each campaign's reader also reads the log once a second.

On SQLite, a :class:`Watcher` asks the file, a few times a second, whether another connection
has committed since it last asked (``PRAGMA data_version``, answered from memory); when one has,
every campaign's reader here reads its log. That is what lets several `dicepool serve` workers
(or a roll from the command line) share a SQLite table live.
"""

from __future__ import annotations

import contextlib
import logging
import select
import socket
import sqlite3
import threading
from collections.abc import Callable

import psycopg

from dicepool.store.database import connect_sqlite
from dicepool.store.log import CHANNEL

log = logging.getLogger("dicepool.web")

RETRY_SECONDS = 1.0
"""How long the listener waits before reconnecting after losing its connection."""


class _Background:
    """A daemon thread hearing of other processes' news until stopped."""

    def __init__(self, name: str) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        """Start, in the background."""
        self._thread.start()

    def stop(self) -> None:
        """Stop, and wait for the thread to end (a :class:`Watcher` within its period)."""
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        raise NotImplementedError


class Listener(_Background):
    """A thread listening on :data:`CHANNEL`, calling ``wake(campaign_id, seq)`` for each event,
    and ``wake_all()`` after each (re)connection.

    It waits on its connection's socket and on a socket of its own, which :meth:`stop` writes
    to: a server shutting down stops it at once, not at the next poll.

    Args:
        url: a ``postgresql://`` URL psycopg reads (no SQLAlchemy driver suffix).
    """

    def __init__(
        self, url: str, wake: Callable[[int, int | None], None], wake_all: Callable[[], None]
    ) -> None:
        super().__init__("dicepool-listen")
        self.url = url
        self.wake = wake
        self.wake_all = wake_all
        self.listening = threading.Event()
        self._bell, self._hear = socket.socketpair()

    def stop(self) -> None:
        """Stop at once: the thread's wait ends as the bell rings."""
        self._stop.set()
        with contextlib.suppress(OSError):
            self._bell.send(b"\0")
        super().stop()
        if not self._thread.is_alive():
            self._bell.close()
            self._hear.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._listen()
            except psycopg.Error as exc:
                self.listening.clear()
                log.warning("lost the PostgreSQL listener (%s); reconnecting", exc)
                self._stop.wait(RETRY_SECONDS)

    def _listen(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            self.listening.set()
            self.wake_all()  # what was logged while nobody listened
            while not self._stop.is_set():
                # what came with the last reply or is on the socket now, without waiting
                for note in conn.notifies(timeout=0):
                    campaign, _, rest = note.payload.partition(":")
                    seq, _, _event = rest.partition(":")
                    if campaign.isdigit():
                        self.wake(int(campaign), int(seq) if seq.isdigit() else None)
                # until the server says something (or the connection drops), or stop() rings
                select.select([conn.fileno(), self._hear.fileno()], [], [])


WATCH_SECONDS = 0.01
"""How often a :class:`Watcher` asks its SQLite file for news: a roll logged by another process
waits at most this long (each asking costs microseconds)."""


class Watcher(_Background):
    """A thread asking a SQLite file every :data:`WATCH_SECONDS` whether another connection
    (another process, or this one's writers) has committed, calling ``wake_all()`` when one
    has."""

    def __init__(self, path: str, wake_all: Callable[[], None]) -> None:
        super().__init__("dicepool-watch")
        self.path = path
        self.wake_all = wake_all

    def _run(self) -> None:
        conn = connect_sqlite(self.path)
        try:
            seen = None
            while not self._stop.wait(WATCH_SECONDS):
                try:
                    version = conn.execute("PRAGMA data_version").fetchone()[0]
                except sqlite3.Error as exc:  # the file busy or away a moment: ask again
                    log.warning("cannot watch %s (%s)", self.path, exc)
                    continue
                if seen is not None and version != seen:
                    self.wake_all()
                seen = version
        finally:
            conn.close()
