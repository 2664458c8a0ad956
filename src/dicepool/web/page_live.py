"""The table page's live feed: the log, the sheets and the story pushed as HTML fragments.

The page opens ``/c/{id}/live`` with HTMX's WebSocket extension; the browser sends the seat's
cookie with the handshake, and a handshake from another site's page is refused (its Origin is
not this server's), so no other site can listen at a player's seat. On connecting, the server
sends the log as the seat sees it (what a reconnecting page missed is in it), then each new
event as an entry at the top of the log (HTMX swaps it out of band). An event that changes
state re-sends the sheets and the story; an undo or a reveal re-sends the log, since they
change entries already shown. It shares :func:`dicepool.web.live.follow` with the JSON feed,
and so closes when the seat's token stops working.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from dicepool.campaign.seals import open_seal_of
from dicepool.campaign.seats import Seat, seated_by_token
from dicepool.campaign.table import SeenEvent, changes_sheets
from dicepool.campaign.view import table_view
from dicepool.sheet.events import SEAT_KINDS, Event, Kind
from dicepool.sheet.payloads import Drawn
from dicepool.store.database import Database
from dicepool.web.live import ENDED_CODE, ENDED_REASON, bounded, follow
from dicepool.web.pages import (
    SEAT_COOKIE,
    csrf_of,
    entries_of,
    log_entries,
    seats_context,
    templates,
)

router = APIRouter()

SEAL_KINDS = frozenset({Kind.SEAL_OPENED, Kind.SEAL_CLOSED, Kind.SEAL_CONTRIBUTED})
"""The events that open, close or add to a seal."""

RELOG = (Kind.UNDONE, Kind.REVEALED)
"""Kinds of event that change entries already shown: the log is sent again whole."""


def _render(name: str, **context: Any) -> str:
    return templates.get_template(name).render(**context)


def _same_origin(socket: WebSocket) -> bool:
    """Whether the handshake comes from a page of this server (a browser always says)."""
    origin = socket.headers.get("origin")
    host = socket.headers.get("host")
    return origin is None or (host is not None and origin.split("://", 1)[-1] == host)


def _log(db: Database, seat: Seat) -> tuple[str, int]:
    entries, last = log_entries(db, seat)
    return _render("_log.html", entries=entries, seat=seat, oob=True), last


def _sheets(db: Database, seat: Seat, csrf: str) -> str:
    """The sheets and the story, the log's list of characters; for the storyteller, the roll
    box's list of characters too."""
    view = table_view(db, seat)
    html = _render("_sheets.html", view=view, seat=seat, csrf=csrf, oob=True)
    html += _render("_story.html", view=view, seat=seat, csrf=csrf, oob=True)
    html += _render("_log_filter.html", view=view, oob=True)
    if seat.storyteller:
        html += _render("_rollers.html", view=view, oob=True)
    return html


def _seal(db: Database, seat: Seat) -> str:
    return _render("_seal.html", seal=open_seal_of(db, seat.campaign), seat=seat, oob=True)


def _seats(app: Any, seat: Seat) -> str:
    return _render("_seats.html", seat=seat, oob=True, **seats_context(app, seat))


def _sealed(event: Event) -> bool:
    """Whether an event changes the seal's card: a seal opened or closed, or dice drawn."""
    return event.kind in SEAL_KINDS or Drawn.of(event.data).seal is not None


def _news(db: Database, seat: Seat, csrf: str, seen: list[SeenEvent]) -> str:
    """What a batch of new events changes on the page, as out-of-band fragments."""
    kinds = {s.event.kind for s in seen}
    if kinds & set(RELOG):
        html, _ = _log(db, seat)
    else:
        html = _render("_entries.html", entries=entries_of(seen, set()), seat=seat)
    if any(_sealed(s.event) for s in seen):  # dice drawn from the seal, or a new seal
        html += _seal(db, seat)
    if changes_sheets([s.event for s in seen]):
        html += _sheets(db, seat, csrf)
    return html


@router.websocket("/c/{campaign_id}/live")
@bounded
async def page_live(socket: WebSocket, campaign_id: int) -> None:
    """Push the table's news to a page, as HTML, from the seat its cookie holds."""
    db: Database = socket.app.state.db
    token = socket.cookies.get(SEAT_COOKIE.format(campaign_id), "")
    seat = await run_in_threadpool(seated_by_token, db, token) if token else None
    if seat is None or seat.campaign_id != campaign_id or not _same_origin(socket):
        await socket.close(code=1008)
        return
    await socket.accept()
    first, after = await run_in_threadpool(_log, db, seat)
    # found again after reading the log: a token ended before this is refused, and the event
    # that ends it later comes after `after`, where the feed closes on reading it
    if await run_in_threadpool(seated_by_token, db, token) is None:
        await socket.close(code=ENDED_CODE, reason=ENDED_REASON)
        return
    csrf = csrf_of(token)
    try:
        await socket.send_text(first + await run_in_threadpool(_sheets, db, seat, csrf))
    except WebSocketDisconnect:
        return  # the page went before its first frame (else a traceback in the server's log)

    async def push(seen: list[SeenEvent], _last: int) -> None:
        html = await run_in_threadpool(_news, db, seat, csrf, seen)
        if any(s.event.kind in SEAT_KINDS for s in seen):  # who sits where, and who may join
            html += await run_in_threadpool(_seats, socket.app, seat)
        await socket.send_text(html)

    await follow(socket, seat, after, push, after)
