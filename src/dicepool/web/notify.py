"""Several servers, one table: news another process logged wakes this one's live clients.

On PostgreSQL, LISTEN/NOTIFY (:class:`Listener`): each event appended sends
``CAMPAIGN_ID:SEQ:EVENT_ID`` on :data:`~dicepool.store.log.CHANNEL` as it commits. Each server
process keeps one dedicated connection that listens on its event loop and wakes the reader of that
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

import asyncio
import contextlib
import logging
import sqlite3
import threading
from collections.abc import Callable

import psycopg

from dicepool.store.database import connect_sqlite
from dicepool.store.log import CHANNEL

log = logging.getLogger("dicepool.web")

RETRY_SECONDS = 1.0
"""How long the listener waits before reconnecting after losing its connection."""


class Listener:
    """A task of the server's event loop listening on :data:`CHANNEL`, calling
    ``wake(campaign_id, seq)`` for each event, and ``wake_all()`` after each (re)connection.

    It listens on the loop itself (psycopg's asynchronous connection), not in a thread: a
    notification comes with every event any server logs, and a thread woken for each, then
    waking the loop in turn, cost the server more than the notification's own work.

    Args:
        url: a ``postgresql://`` URL psycopg reads (no SQLAlchemy driver suffix).
    """

    def __init__(
        self, url: str, wake: Callable[[int, int | None], None], wake_all: Callable[[], None]
    ) -> None:
        self.url = url
        self.wake = wake
        self.wake_all = wake_all
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start listening, on the running event loop."""
        self._task = asyncio.get_running_loop().create_task(self._run(), name="dicepool-listen")

    async def stop(self) -> None:
        """Stop at once, closing the connection."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            try:
                await self._listen()
            except psycopg.Error as exc:
                log.warning("lost the PostgreSQL listener (%s); reconnecting", exc)
                await asyncio.sleep(RETRY_SECONDS)

    async def _listen(self) -> None:
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
            await conn.execute(f"LISTEN {CHANNEL}")
            self.wake_all()  # what was logged while nobody listened
            async for note in conn.notifies():
                campaign, _, rest = note.payload.partition(":")
                seq, _, _event = rest.partition(":")
                if campaign.isdigit():
                    self.wake(int(campaign), int(seq) if seq.isdigit() else None)


WATCH_SECONDS = 0.01
"""How often a :class:`Watcher` asks its SQLite file for news: a roll logged by another process
waits at most this long (each asking costs microseconds)."""


class Watcher:
    """A daemon thread asking a SQLite file every :data:`WATCH_SECONDS` whether another
    connection (another process, or this one's writers) has committed, calling ``wake_all()``
    when one has."""

    def __init__(self, path: str, wake_all: Callable[[], None]) -> None:
        self.path = path
        self.wake_all = wake_all
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dicepool-watch", daemon=True)

    def start(self) -> None:
        """Start, in the background."""
        self._thread.start()

    async def stop(self) -> None:
        """Stop, and wait for the thread to end (within its period)."""
        self._stop.set()
        self._thread.join(5)

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
