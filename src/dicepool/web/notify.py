"""Several servers, one table: PostgreSQL's LISTEN/NOTIFY wakes every process's live clients.

Each event appended on PostgreSQL sends ``CAMPAIGN_ID:EVENT_ID`` on
:data:`~dicepool.store.log.CHANNEL` as it commits. Each server process keeps one dedicated
connection that listens, in a thread, and wakes the live connections of that campaign
(:meth:`dicepool.web.live.Hub.announce`); they read the log themselves, so a notification that
is lost (the listener reconnecting) costs nothing but time: on reconnecting, the listener wakes
every connection to catch up, and each client also reads the log once a second.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import psycopg

from dicepool.store.log import CHANNEL

log = logging.getLogger("dicepool.web")

RETRY_SECONDS = 1.0
"""How long the listener waits before reconnecting after losing its connection."""


class Listener:
    """A thread listening on :data:`CHANNEL`, calling ``wake(campaign_id)`` for each event, and
    ``wake_all()`` after each (re)connection.

    Args:
        url: a ``postgresql://`` URL psycopg reads (no SQLAlchemy driver suffix).
    """

    def __init__(self, url: str, wake: Callable[[int], None], wake_all: Callable[[], None]) -> None:
        self.url = url
        self.wake = wake
        self.wake_all = wake_all
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dicepool-listen", daemon=True)
        self.listening = threading.Event()

    def start(self) -> None:
        """Start listening, in the background."""
        self._thread.start()

    def stop(self) -> None:
        """Stop listening (within a second)."""
        self._stop.set()
        self._thread.join(5)

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
                for note in conn.notifies(timeout=1.0):
                    campaign, _, _event = note.payload.partition(":")
                    if campaign.isdigit():
                        self.wake(int(campaign))
