"""The table mirrored to Discord: every event players may see, posted to the table's channel
webhook in order.

One queue per webhook (:meth:`Mirror.drain`): it reads the log after what was posted, shows
it as a player sees it (:func:`~dicepool.campaign.table.visible`: a hidden roll comes only
when it is revealed), and posts it, as many events to a message as fit when it is behind. A
429 is waited out as its ``Retry-After`` says and the same message sent again; a 404 (the
webhook was deleted) turns the mirror off and says so in the log, for the storyteller. What
was posted is written down after each message, so a restarted server goes on where it stopped.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import replace
from datetime import timedelta

from starlette.concurrency import run_in_threadpool

from dicepool.campaign.discord import held, onlooker, posted, webhook_gone, webhooks
from dicepool.campaign.seats import Role, Seat
from dicepool.campaign.table import MAX_EVENTS, read_log, visible
from dicepool.store.database import Database
from dicepool.store.discord import WebhookRow
from dicepool.web.discord_http import send
from dicepool.web.discord_words import ROOM, event_lines, fitting, message

log = logging.getLogger("dicepool.web")

GONE = (404,)
"""Discord's answers to a webhook that no longer is."""

HOLD = timedelta(seconds=60)
"""How long a process holds a webhook after each try (renewed at the next): another process
takes it over when it has tried nothing that long (stopped, or stuck)."""

MOST_BACKOFF = 60.0
"""The longest pause before trying a message again after Discord failed (5xx, no answer)."""


class Mirror:
    """The webhooks of every table of ``db``, each drained by a task of its own.

    Args:
        poll_seconds: how often the webhooks are read for news.
    """

    def __init__(self, db: Database, poll_seconds: float) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self._queues: dict[int, asyncio.Task[None]] = {}
        self.me = secrets.token_hex(8)  # this process, as the holder of the webhooks it posts to

    async def run(self) -> None:
        """Drain every table's webhook, for as long as the server serves."""
        while True:
            try:
                rows = await run_in_threadpool(webhooks, self.db)
            except Exception:  # the database, a moment away: the next round tries again
                log.warning("reading the Discord webhooks failed", exc_info=True)
                rows = []
            for row in rows:
                queue = self._queues.get(row.campaign_id)
                if queue is None or queue.done():
                    self._queues[row.campaign_id] = asyncio.create_task(self.drain(row))
            await asyncio.sleep(self.poll_seconds)

    def stop(self) -> None:
        """Stop every queue."""
        for queue in self._queues.values():
            queue.cancel()

    async def drain(self, row: WebhookRow) -> None:
        """Post what the table logged after ``row.posted``, in order, until nothing is left
        (or the webhook changed, or is gone); a failure here is logged, and the next round
        starts again from what was written down."""
        try:
            await self._drain(row)
        except Exception:
            log.warning("mirroring table %s to Discord failed", row.campaign_id, exc_info=True)

    async def _drain(self, row: WebhookRow) -> None:
        view = onlooker(Seat(0, row.campaign_id, "", Role.PLAYER, "", None))
        while True:
            read = await run_in_threadpool(
                read_log, self.db, row.campaign_id, row.posted, MAX_EVENTS, screened=True
            )
            if read.last == row.posted:
                return
            batches: list[tuple[list[str], int]] = []
            for seen in visible(view, read, row.posted):
                for lines in fitting(event_lines(seen)):
                    batches.append((lines, seen.event.seq))
            if not batches:  # nothing players see (a hidden roll): nothing to post
                if not await run_in_threadpool(posted, self.db, row, read.last):
                    return
                row = replace(row, posted=read.last)
                continue
            for text, seq in _messages(batches, read.last):
                if not await self._post(row, text):
                    return
                if not await run_in_threadpool(posted, self.db, row, seq):
                    return  # another process posted it, or the storyteller set another
                row = replace(row, posted=seq)

    async def _post(self, row: WebhookRow, text: str) -> bool:
        """Post one message, waiting out 429s and failures; False: the webhook is gone, or
        another process posts to it."""
        pause = 1.0
        while True:
            if not await run_in_threadpool(held, self.db, row, self.me, HOLD):
                return False
            try:
                answer = await run_in_threadpool(send, "POST", row.url, message(text))
            except OSError as exc:
                log.warning("Discord's webhook did not answer: %s", exc)
                answer = None
            if answer is not None and answer.status < 300:
                return True
            if answer is not None and answer.status in GONE:
                reason = f"Discord answered {answer.status}: the webhook was deleted; set another"
                await run_in_threadpool(webhook_gone, self.db, row, reason)
                return False
            if answer is not None and answer.status == 429:
                await asyncio.sleep(answer.retry_after)
                continue
            await asyncio.sleep(pause)
            pause = min(2 * pause, MOST_BACKOFF)


def _messages(batches: list[tuple[list[str], int]], last: int) -> list[tuple[str, int]]:
    """The messages to post: events' lines joined while they fit one message, each with the
    sequence number it posts up to (the last: the read's end, past what players do not see)."""
    out: list[tuple[str, int]] = []
    lines: list[str] = []
    size = seq = 0
    for group, at in batches:
        for line in group:
            if lines and size + len(line) + 1 > ROOM:
                out.append(("\n".join(lines), seq))
                lines, size = [], 0
            lines.append(line)
            size += len(line) + 1
            seq = at
    if lines:
        out.append(("\n".join(lines), seq))
    return [*out[:-1], (out[-1][0], last)] if out else []
