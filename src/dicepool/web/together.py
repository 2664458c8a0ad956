"""The rolls of each table that reach this server together, made together on PostgreSQL.

Each table has a queue here while it has rolls waiting: the first roll starts a drain, which
makes what is waiting in one transaction (:func:`~dicepool.campaign.together.roll_together`,
in a worker thread), hands each roll its answer, and makes what came meanwhile the same way
until none is waiting. A table rolling flat out so takes one turn on its campaign's row for
several rolls (each turn waits on the database's round trips); a roll that comes alone is made
alone, at once. On SQLite a roll costs its turn a fraction of a round trip, and is made alone
(:func:`~dicepool.web.loop.on_loop`).
"""

from __future__ import annotations

import asyncio
from collections import deque

from starlette.concurrency import run_in_threadpool

from dicepool.campaign.rolls import LoggedRoll
from dicepool.campaign.together import MOST_TOGETHER, OneRoll, roll_together
from dicepool.store.database import Database
from dicepool.store.sent import Sent

Waiting = deque[tuple[OneRoll, Sent | None, "asyncio.Future[LoggedRoll]"]]


class RollQueues:
    """The tables' queues of rolls waiting in this process."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._waiting: dict[int, Waiting] = {}
        self._drains: set[asyncio.Task[None]] = set()

    async def roll(self, campaign_id: int, one: OneRoll, sent: Sent | None) -> LoggedRoll:
        """Make ``one`` (a roll of table ``campaign_id``, sent with the seat and nonce
        ``sent``), with whatever else of the table is waiting; its roll, or its refusal
        raised."""
        answer: asyncio.Future[LoggedRoll] = asyncio.get_running_loop().create_future()
        waiting = self._waiting.get(campaign_id)
        if waiting is None:  # the first: it starts the table's drain
            waiting = self._waiting[campaign_id] = deque()
            drain = asyncio.create_task(self._drain(campaign_id, waiting))
            self._drains.add(drain)
            drain.add_done_callback(self._drains.discard)
        waiting.append((one, sent, answer))
        return await answer

    async def finish(self) -> None:
        """Wait for the rolls being made (a server stopping answers what it began)."""
        await asyncio.gather(*self._drains, return_exceptions=True)

    async def _drain(self, campaign_id: int, waiting: Waiting) -> None:
        """Make the table's waiting rolls, a transaction at a time, until none is waiting."""
        group: list[tuple[OneRoll, Sent | None, asyncio.Future[LoggedRoll]]] = []
        try:
            while waiting:
                group = [waiting.popleft() for _ in range(min(MOST_TOGETHER, len(waiting)))]
                try:
                    rolls = [(one, sent) for one, sent, _ in group]
                    made = await run_in_threadpool(roll_together, self.db, rolls)
                except Exception as failed:  # the database's: none of them was stored
                    for _, _, answer in group:
                        if not answer.done():
                            answer.set_exception(failed)
                    continue
                for (_, _, answer), result in zip(group, made, strict=True):
                    if answer.done():
                        continue
                    if isinstance(result, Exception):
                        answer.set_exception(result)
                    else:
                        answer.set_result(result)
        except BaseException:  # cancelled: no roll waits for ever
            for _, _, answer in [*group, *waiting]:
                answer.cancel()
            raise
        finally:
            del self._waiting[campaign_id]
