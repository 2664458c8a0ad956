"""Where the web table runs a use case: on the event loop, or on a worker thread.

A use case is one transaction. On SQLite most of them cost a millisecond or less, less than a
trip to a worker thread and back, where every SQLite call passed the interpreter's lock
between the two threads (a roll cost the server 2.5 ms so, 1.9 ms on the loop). The loop's
thread never waits for another writer (:meth:`dicepool.store.database.Database.never_wait_here`):
a transaction that would wait is tried again a moment later, then handed to a worker thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from dicepool.errors import WouldWait
from dicepool.store.database import Database

T = TypeVar("T")

LOOP_RETRIES = (0.0005, 0.001, 0.002, 0.004, 0.008)
"""The pauses between tries of a transaction on the event loop while another writer holds
SQLite (another server process, mostly, for a millisecond): about 15 ms in all, then a worker
thread waits for it (a command-line import holding the file for seconds, say)."""


async def on_loop(db: Database, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, a use case of one transaction: on the event loop on SQLite, tried again
    a moment later while another writer holds the file (:data:`LOOP_RETRIES`), then on a
    worker thread; always on a worker thread on PostgreSQL, whose every query waits on the
    network."""
    if db.dialect == "sqlite":
        for pause in (*LOOP_RETRIES, None):
            try:
                return work(*args)
            except WouldWait:  # nothing was done: try again, or where waiting harms no one
                if pause is not None:
                    await asyncio.sleep(pause)
    return await run_in_threadpool(work, *args)
