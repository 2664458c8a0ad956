"""The live table: every event a seat may see, pushed to its WebSocket as it is logged.

A client connects to ``/api/campaigns/{id}/live`` and sends ``{"token": ..., "after": SEQ}``
first (``after``: the last sequence number it has, 0 for all). From then on the server reads
the log after that number, as that seat may see it (:func:`dicepool.campaign.table.events_for`),
and pushes each event as the JSON the ``events`` route gives. It reads again whenever this
process logs an event of the campaign (:meth:`Hub.announce`), and at least once a second, so
events logged by another process (the command line, another server) arrive too. Reading from
the log, not from a message, is what makes a dropped connection lose nothing: a client that
reconnects gives its last number and gets the rest.
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from dicepool.campaign.seats import Seat, find_seat_by_token
from dicepool.campaign.table import MAX_EVENTS, SeenEvent, events_for
from dicepool.web.api import event_json

router = APIRouter(prefix="/api")

POLL_SECONDS = 1.0
"""How long a client waits for news before it reads the log anyway: another process's events
on SQLite (PostgreSQL's NOTIFY wakes it at once: see :mod:`dicepool.web.notify`)."""

HELLO_SECONDS = 10.0
"""How long a client has to send its token once connected."""

MAX_HELLO = 1024
"""The longest first message, in characters."""

MAX_SEAT_LIVE = 10
"""The most live connections one seat holds at once (phones, laptops, tabs, a bot): each reads
the log, so one client opening thousands slowed every table of the server."""


class Hub:
    """The open live connections of this process, by campaign, and how to wake them."""

    def __init__(self) -> None:
        self._waiting: dict[int, set[asyncio.Event]] = defaultdict(set)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._seats: dict[int, int] = {}  # live connections by seat

    def enter(self, seat_id: int) -> bool:
        """Count a new connection of seat ``seat_id``; False if it holds
        :data:`MAX_SEAT_LIVE` already."""
        held = self._seats.get(seat_id, 0)
        if held >= MAX_SEAT_LIVE:
            return False
        self._seats[seat_id] = held + 1
        return True

    def exit(self, seat_id: int) -> None:
        """Forget a closed connection of seat ``seat_id``."""
        held = self._seats.pop(seat_id, 1) - 1
        if held:
            self._seats[seat_id] = held

    def join(self, campaign_id: int) -> asyncio.Event:
        """A wake-up signal for a new connection to ``campaign_id``."""
        self._loop = asyncio.get_running_loop()
        wake = asyncio.Event()
        self._waiting[campaign_id].add(wake)
        return wake

    def leave(self, campaign_id: int, wake: asyncio.Event) -> None:
        """Forget a closed connection."""
        self._waiting[campaign_id].discard(wake)
        if not self._waiting[campaign_id]:
            del self._waiting[campaign_id]

    def announce_all(self) -> None:
        """Wake every connection of every campaign (after news may have been missed)."""
        for campaign_id in list(self._waiting):
            self.announce(campaign_id)

    def announce(self, campaign_id: int) -> None:
        """Wake every connection to ``campaign_id`` (safe to call from a worker thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        for wake in list(self._waiting.get(campaign_id, ())):
            loop.call_soon_threadsafe(wake.set)


async def _hello(socket: WebSocket) -> tuple[Seat, int] | None:
    """The seat and starting point the client's first message gives, or None (then closed)."""
    try:
        text = await asyncio.wait_for(socket.receive_text(), HELLO_SECONDS)
        hello = json.loads(text) if len(text) <= MAX_HELLO else None
    except (TimeoutError, ValueError, KeyError):
        hello = None
    if not isinstance(hello, dict) or not isinstance(hello.get("token"), str):
        await socket.send_json({"error": 'send {"token": TOKEN, "after": SEQ} first'})
        return None
    after = hello.get("after", 0)
    if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= 2**31:
        await socket.send_json({"error": "after is the last sequence number you have, 0 or more"})
        return None
    seat = await run_in_threadpool(find_seat_by_token, socket.app.state.db, hello["token"])
    if seat is None:
        await socket.send_json({"error": "that token opens no seat here"})
        return None
    return seat, after


@router.websocket("/campaigns/{campaign_id}/live")
async def live(socket: WebSocket, campaign_id: int) -> None:
    """Push every event this seat may see, from ``after`` on, as it is logged."""
    await socket.accept()
    try:
        greeted = await _hello(socket)
        if greeted is None or greeted[0].campaign_id != campaign_id:
            if greeted is not None:
                await socket.send_json({"error": f"no table {campaign_id} for this token"})
            await socket.close(code=1008)
            return
    except WebSocketDisconnect:
        return  # gone before its hello was answered (else a traceback in the server's log)
    seat, after = greeted

    async def push(seen: list[SeenEvent]) -> None:
        for item in seen:
            await socket.send_json(event_json(item))

    await follow(socket, seat, after, push)


Push = Callable[[list[SeenEvent]], Awaitable[None]]
"""How a connection sends the events it may see: JSON for the API, HTML for the pages."""


async def follow(socket: WebSocket, seat: Seat, after: int, push: Push) -> None:
    """Push every event ``seat`` may see after ``after`` with ``push``, as it is logged, until
    the client goes (closed at once when the seat holds :data:`MAX_SEAT_LIVE` already)."""
    hub: Hub = socket.app.state.hub
    if not hub.enter(seat.id):
        with suppress(WebSocketDisconnect):
            reason = f"too many live connections for this seat (at most {MAX_SEAT_LIVE})"
            await socket.close(code=1008, reason=reason)
        return
    wake = hub.join(seat.campaign_id)
    try:
        await _feed(socket, seat, after, wake, push)
    except WebSocketDisconnect:
        pass
    finally:
        hub.leave(seat.campaign_id, wake)
        hub.exit(seat.id)


async def _feed(socket: WebSocket, seat: Seat, after: int, wake: asyncio.Event, push: Push) -> None:
    db = socket.app.state.db
    closed = asyncio.ensure_future(_closed(socket))
    try:
        while not closed.done():
            wake.clear()
            page = await run_in_threadpool(events_for, db, seat, after, MAX_EVENTS)
            if page.events:
                await push(page.events)
            if page.last - after == MAX_EVENTS:
                after = page.last
                continue  # more are waiting
            after = page.last
            waiting = asyncio.ensure_future(wake.wait())
            poll = socket.app.state.poll_seconds
            await asyncio.wait({waiting, closed}, timeout=poll, return_when="FIRST_COMPLETED")
            waiting.cancel()
    finally:
        closed.cancel()


async def _closed(socket: WebSocket) -> Any:
    """Wait until the client goes (anything it sends after its hello is ignored)."""
    while True:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return message
