"""The live table: every event a seat may see, pushed to its WebSocket as it is logged.

A client connects to ``/api/campaigns/{id}/live`` and sends ``{"token": ..., "after": SEQ}``
first (``after``: the last sequence number it has, 0 for all; without it, only what is logged
from then on). From then on it gets every event after that number that its seat may see, in
messages shaped as the ``events`` route's answer: ``{"events": [...], "last": N}``, the events
read together (one or more) and the number to ask ``after`` next (which counts events the seat
gets elsewhere: a hidden roll revealed comes just before its reveal). Under load one message
carries several events: a message costs the server far more than an event in it. Reading from
the log, not from a message, is what makes a dropped connection lose nothing: a client that
reconnects gives its last number and gets the rest. A client whose number is past the log's
end (the log was restored from an older copy) is told first, in a message with
``"log_shorter": true``, the log's last number ``log_ends`` and a ``notice``, ``last`` 0 and no
events; the log then comes again from its start.

One reader per campaign and process (:class:`Tail`) reads the log's new events once for all
of the campaign's connections here: whenever this process logs an event of the campaign
(:meth:`Hub.announce`), when PostgreSQL's NOTIFY says another process did, and at least once a
poll (events logged by another process on SQLite; on PostgreSQL a backstop of
:data:`NOTIFIED_POLL_SECONDS`). Each connection shows that one read to its seat
(:func:`dicepool.campaign.table.visible`, the storyteller's private work as its placeholders,
as the ``events`` route shows it), without a query of its own; one further behind than the
reader keeps (a client that reconnects, or a slow one) catches up by reading the log itself
(:func:`dicepool.campaign.table.events_for`), page by page, each page charged to its seat's
reads (:mod:`dicepool.web.limits`).

What the feed holds is bounded by bytes, not by events: a reader keeps
:data:`TABLE_KEPT_BYTES` of the log at most and all of them :data:`KEPT_BYTES`, the events'
texts :data:`TEXTS_BYTES`; a campaign nobody watches here keeps nothing. Its connections are
bounded too: :data:`MAX_SEAT_LIVE` a seat, :data:`~dicepool.web.limits.MAX_ADDRESS_LIVE` a
client address and half the process's connections in all (:func:`bounded`), and one that
sends no hello within :data:`HELLO_SECONDS` is closed.

A seat whose token stops working (revoked, given a new link, or an invitation replaced or
turned off) is ended by an event of the log naming it (:func:`dicepool.sheet.events.ended_seats`):
each of its connections, in every server process, closes when it reads that event (after
pushing it), with code :data:`ENDED_CODE`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from dicepool.campaign.seats import Seat, seated_by_token
from dicepool.campaign.table import (
    MAX_EVENTS,
    LogRead,
    Page,
    SeenEvent,
    cut,
    events_for,
    log_end,
    read_log,
    view_of,
    visible,
)
from dicepool.sheet.events import ended_seats
from dicepool.store.database import Database
from dicepool.web.api import event_json, json_bytes, log_shorter, page_json
from dicepool.web.clients import address_key
from dicepool.web.kept import Kept
from dicepool.web.limits import MAX_ADDRESS_LIVE, MAX_CONNECTIONS, charge, owing
from dicepool.web.loop import on_loop

log = logging.getLogger("dicepool.web")

router = APIRouter(prefix="/api")

POLL_SECONDS = 1.0
"""How long a campaign's reader waits for news before it reads the log anyway: another
process's events on SQLite (PostgreSQL's NOTIFY wakes it at once: see
:mod:`dicepool.web.notify`)."""

NOTIFIED_POLL_SECONDS = 30.0
"""The least a campaign's reader waits on PostgreSQL before it reads the log anyway: NOTIFY
wakes it for every event, and the listener wakes every reader when it reconnects, so the read
is only a backstop; once a second, every watched table of every server cost the database a read
(with 500 tables watched, two idle servers used 39 % of a core: benchmarks/README.md)."""

HELLO_SECONDS = 5.0
"""How long a client has to send its token once connected (then it is closed: a connection
that never says who it is holds a place of the process's)."""

MAX_HELLO = 1024
"""The longest first message, in characters."""

MAX_SEAT_LIVE = 10
"""The most live connections one seat holds at once (phones, laptops, tabs, a bot): each costs
the server a push per batch of news, so one client opening thousands slowed every table."""

KEPT_EVENTS = 2 * MAX_EVENTS
"""How many of its latest events a campaign's reader keeps for its connections (one further
behind reads the log itself)."""

TABLE_KEPT_BYTES = 1024 * 1024
"""The most a campaign's reader keeps of its latest reads, in bytes of the log (1 MiB: a page;
its newest read at least): a connection further behind reads the log itself, metered. Held
parsed, the events weigh a few times their text: five or so for a roll's listed dice, about
one for a large roll's packed ones."""

KEPT_BYTES = 16 * 1024 * 1024
"""The most all the campaigns' readers of a server keep between them, in bytes of the log
(16 MiB): past 16 watched tables, each keeps its share (100 tables: 164 KiB each), and reads
no more at once (but one event, whatever its size: 1 MiB at most)."""

GATHER_SECONDS = 0.01
"""The least time between two reads of a campaign's log by its reader. Under load the events
of that time go out together: a push costs a connection far more than each event in it, for
at most that much more latency; news after a quiet moment is read at once. (50 clients, ten
rolling, each roll answered once it is read: 460 rolls/s with 20 ms, 500 with 10 or 5 ms.)"""

DELIVERY_SECONDS = 1.0
"""The longest a roll's answer waits for its table's reader here to read it (see
:meth:`Hub.delivered`)."""

TEXTS_BYTES = 8 * 1024 * 1024
"""The bytes of events' JSON texts a server keeps (8 MiB), each made once for all the
connections sending it; the least recently sent go first."""

ENDED_CODE = 4001
"""The close code of a live connection whose seat's token stopped working (a policy close
would read as a bad request: this one says "ask the storyteller for a new link")."""

ENDED_REASON = "this seat's link no longer works; ask the storyteller for a new one"

FULL_CODE = 1013
"""The close code refusing a live connection over the process's or the address's bound: try
again later (before the handshake is accepted, a client sees it refused: HTTP 403)."""


class Tail:
    """The end of one campaign's log as this process follows it: one reader for every live
    connection of the campaign here, keeping its latest reads for them.

    It starts at the log's end. The reads kept hold the events after :attr:`start` up to
    :attr:`last`, oldest first (both None until the reader has found the log's end): at most
    :data:`KEPT_EVENTS` events and ``share()`` bytes (:data:`TABLE_KEPT_BYTES`, less when the
    server follows many campaigns), the newest read at least.
    """

    def __init__(
        self,
        db: Database,
        campaign_id: int,
        poll_seconds: float,
        share: Callable[[], int] = lambda: TABLE_KEPT_BYTES,
    ) -> None:
        self.db = db
        self.campaign_id = campaign_id
        self.poll_seconds = poll_seconds
        self.share = share
        self.start: int | None = None
        self.last: int | None = None
        self.reads: deque[tuple[LogRead, dict[bool, list[SeenEvent]]]] = deque()  # and views
        self.kept = 0  # events in self.reads
        self.size = 0  # their bytes
        self.stale = asyncio.Event()  # the log may have news: read it
        self.waiting: set[asyncio.Event] = set()  # the connections' wake-up signals
        self.task: asyncio.Task[None] | None = None
        self.promised: list[tuple[int, asyncio.Future[None]]] = []  # (seq, read up to it)

    async def reached(self, seq: int) -> None:
        """Return once the reader has read event ``seq`` (and woken the connections that
        push it), or after :data:`DELIVERY_SECONDS`."""
        if self.last is not None and self.last >= seq:
            return
        read = asyncio.get_running_loop().create_future()
        self.promised.append((seq, read))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(read, DELIVERY_SECONDS)

    def keep_promises(self, upto: int | None) -> None:
        """Resolve the waits of :meth:`reached` for events up to ``upto`` (None: all)."""
        waiting = []
        for seq, read in self.promised:
            if upto is None or seq <= upto:
                if not read.done():
                    read.set_result(None)
            else:
                waiting.append((seq, read))
        self.promised = waiting

    def covers(self, after: int) -> bool:
        """Whether the reads kept hold every event after ``after`` (up to :attr:`last`)."""
        return self.start is not None and after >= self.start

    def since(self, seat: Seat, after: int) -> tuple[list[SeenEvent], int]:
        """What ``seat`` may see after ``after`` in the reads kept, and the number this reaches
        (call only when :meth:`covers` ``after``)."""
        assert self.last is not None and self.covers(after)
        newer = []
        for read, views in reversed(self.reads):
            if read.last <= after:
                break
            newer.append((read, views))
        seen: list[SeenEvent] = []
        for read, views in reversed(newer):
            if read.after < after:  # partly seen already (after catching up on its own)
                seen += visible(seat, read, after, concealed=True)
                continue
            view = view_of(seat)  # made once for all the seats that see the same
            if view not in views:
                views[view] = visible(seat, read, concealed=True)
            seen += views[view]
        return seen, max(after, self.last)

    async def run(self) -> None:
        """Read the log's new events whenever it may have some, until cancelled (when the
        campaign's last connection here goes). A read that fails is tried again a poll later."""
        while True:
            self.stale.clear()  # before reading: news announced meanwhile is read next time
            try:
                more = await self._read()
            except Exception:  # the database away for a moment, say: the connections wait
                log.exception("cannot read campaign %s's log; trying again", self.campaign_id)
                more = False
            if not more:
                loop = asyncio.get_running_loop()
                read_at = loop.time()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.stale.wait(), self.poll_seconds)
                # news right after a read waits a moment for more: fewer, fuller pushes
                await asyncio.sleep(read_at + GATHER_SECONDS - loop.time())

    async def _read(self) -> bool:
        """Read what is new (at first, where the log ends); whether more is waiting."""
        if self.last is None:
            self.start = self.last = await run_in_threadpool(log_end, self.db, self.campaign_id)
            self._wake_all()
            return True
        # no more than it may keep (one event at least)
        share = self.share()
        read = await on_loop(
            self.db, read_log, self.db, self.campaign_id, self.last, MAX_EVENTS, share
        )
        if read.events:
            self.keep(read)
            self._wake_all()
        return read.more

    def keep(self, read: LogRead) -> None:
        """Keep a read, the next after :attr:`last`, forgetting the oldest beyond
        :data:`KEPT_EVENTS` events or the reader's share of bytes."""
        self.reads.append((read, {}))
        self.last = read.last
        self.kept += len(read.events)
        self.size += read.size
        self.trim(self.share())

    def trim(self, most_bytes: int) -> None:
        """Forget the oldest reads beyond :data:`KEPT_EVENTS` events or ``most_bytes`` (the
        newest read stays)."""
        while len(self.reads) > 1 and (
            self.kept - len(self.reads[0][0].events) >= KEPT_EVENTS or self.size > most_bytes
        ):
            gone, _ = self.reads.popleft()
            self.kept -= len(gone.events)
            self.size -= gone.size
            self.start = self.reads[0][0].after

    def news(self, seq: int | None) -> None:
        """The log has news (up to event ``seq``, when known): read it, unless read already."""
        if seq is None or self.last is None or seq > self.last:
            self.stale.set()

    def _wake_all(self) -> None:
        for wake in self.waiting:
            wake.set()
        self.keep_promises(self.last)  # after the wakes: the pushes go out before the answers


class Hub:
    """The open live connections of this process, by campaign: each campaign followed by one
    :class:`Tail` while it has connections here.

    Args:
        db: the database of the campaigns.
        poll_seconds: how often a campaign's log is read when nothing woke its reader (on
            PostgreSQL, :data:`NOTIFIED_POLL_SECONDS` at least).
    """

    def __init__(
        self,
        db: Database,
        poll_seconds: float = POLL_SECONDS,
        max_live: int = MAX_CONNECTIONS // 2,
    ) -> None:
        self.db = db
        notified = db.dialect == "postgresql"
        self.poll_seconds = max(poll_seconds, NOTIFIED_POLL_SECONDS) if notified else poll_seconds
        self.max_live = max_live
        self._addresses: Counter[str] = Counter()  # live connections by client address
        self._tails: dict[int, Tail] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._texts: Kept[int, tuple[SeenEvent, str]] = Kept(TEXTS_BYTES)
        self._seats: dict[int, dict[int, int]] = {}  # live connections by campaign and seat

    def admit(self, address: str) -> bool:
        """Count a new live connection from ``address``; False (not counted) if the process
        holds :attr:`max_live` already, or the address :data:`MAX_ADDRESS_LIVE`."""
        held = sum(self._addresses.values())
        if held >= self.max_live or self._addresses[address] >= MAX_ADDRESS_LIVE:
            return False
        self._addresses[address] += 1
        return True

    def release(self, address: str) -> None:
        """Forget a closed live connection from ``address``."""
        self._addresses[address] -= 1
        if self._addresses[address] <= 0:
            del self._addresses[address]

    def enter(self, seat: Seat) -> bool:
        """Count a new connection of ``seat``; False if it holds :data:`MAX_SEAT_LIVE`
        already."""
        seats = self._seats.setdefault(seat.campaign_id, {})
        held = seats.get(seat.id, 0)
        if held >= MAX_SEAT_LIVE:
            return False
        seats[seat.id] = held + 1
        return True

    def exit(self, seat: Seat) -> None:
        """Forget a closed connection of ``seat``."""
        seats = self._seats.get(seat.campaign_id, {})
        held = seats.pop(seat.id, 1) - 1
        if held:
            seats[seat.id] = held
        elif not seats:
            self._seats.pop(seat.campaign_id, None)

    def online(self, campaign_id: int) -> set[int]:
        """The seats (by id) of a campaign with a live connection to this process now (another
        server process knows its own)."""
        return set(self._seats.get(campaign_id, ()))

    def join(self, campaign_id: int) -> tuple[Tail, asyncio.Event]:
        """The campaign's tail (started for its first connection) and a wake-up signal for a
        new connection, set whenever the tail has read news."""
        self._loop = asyncio.get_running_loop()
        tail = self._tails.get(campaign_id)
        if tail is None:
            tail = Tail(self.db, campaign_id, self.poll_seconds, self.share)
            self._tails[campaign_id] = tail
            for each in self._tails.values():  # one more reader: each keeps less
                each.trim(self.share())
            tail.task = asyncio.create_task(tail.run(), name=f"dicepool-tail-{campaign_id}")
        wake = asyncio.Event()
        tail.waiting.add(wake)
        return tail, wake

    def share(self) -> int:
        """The bytes each campaign's reader keeps: :data:`TABLE_KEPT_BYTES`, or an even share
        of :data:`KEPT_BYTES` when more campaigns are followed."""
        return min(TABLE_KEPT_BYTES, KEPT_BYTES // max(1, len(self._tails)))

    def kept(self) -> int:
        """The bytes of the log all the campaigns' readers keep now."""
        return sum(tail.size for tail in self._tails.values())

    def followed(self) -> dict[int, Tail]:
        """The campaigns this process follows now (those with a live connection here), with
        their readers."""
        return dict(self._tails)

    def leave(self, campaign_id: int, wake: asyncio.Event) -> None:
        """Forget a closed connection (and stop the campaign's tail after its last)."""
        tail = self._tails.get(campaign_id)
        if tail is None:
            return
        tail.waiting.discard(wake)
        if not tail.waiting:
            tail.keep_promises(None)  # nobody here to push to
            del self._tails[campaign_id]
            if tail.task is not None:
                tail.task.cancel()

    async def delivered(self, campaign_id: int, seq: int) -> None:
        """Return once event ``seq`` of ``campaign_id``, just logged here, has been read for
        this process's live connections of the campaign (at once if there are none).

        A roll is answered after this: a table rolling flat out then waits for its own feed,
        instead of logging faster than its clients are sent the news (which only grows their
        wait). It costs a roll the reader's gathering time, at most, under load."""
        tail = self._tails.get(campaign_id)
        if tail is not None:
            await tail.reached(seq)

    def announce_all(self) -> None:
        """Wake every campaign's reader (after news may have been missed)."""
        for campaign_id in list(self._tails):
            self.announce(campaign_id)

    def announce(self, campaign_id: int, seq: int | None = None) -> None:
        """Wake the reader of ``campaign_id``: its log has news, up to event ``seq`` when that
        is known (then a reader that has read it already is left alone). Safe to call from a
        worker thread."""
        loop = self._loop
        tail = self._tails.get(campaign_id)
        if loop is None or tail is None or loop.is_closed():
            return
        if _running_loop() is loop:  # the listener, on the loop: no need to wake it
            tail.news(seq)
        else:
            loop.call_soon_threadsafe(tail.news, seq)

    def text(self, seen: SeenEvent) -> str:
        """An event as the live feed sends it: the JSON ``send_json`` would send, made once for
        every connection that sends this very ``seen`` (one of a reader's views, shared by the
        seats that see alike: a player's view of an event may differ from the storyteller's, so
        the same event in another view is another text)."""
        found = self._texts.get(id(seen))
        if found is None or found[0] is not seen:
            found = (seen, json_bytes(event_json(seen)).decode())
            self._texts.put(id(seen), found, len(found[1]))  # held, so its id is not reused
        return found[1]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread, if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


async def _hello(socket: WebSocket, campaign_id: int) -> tuple[Seat, int, int] | None:
    """The seat and starting point the client's first message gives, and where the log ended
    before the seat was found; or None (then closed)."""
    try:
        text = await asyncio.wait_for(socket.receive_text(), HELLO_SECONDS)
        hello = json.loads(text) if len(text) <= MAX_HELLO else None
    except (TimeoutError, ValueError, KeyError):
        hello = None
    if not isinstance(hello, dict) or not isinstance(hello.get("token"), str):
        await socket.send_json({"error": 'send {"token": TOKEN, "after": SEQ} first'})
        return None
    after = hello.get("after")
    if after is not None and (
        not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= 2**31
    ):
        await socket.send_json({"error": "after is the last sequence number you have, 0 or more"})
        return None
    db = socket.app.state.db
    # where the log ends, read before the seat: a token ended in between is refused here, or
    # the event that ended it comes after that end, and the feed closes when it reads it
    end = await run_in_threadpool(log_end, db, campaign_id)
    seat = await run_in_threadpool(seated_by_token, db, hello["token"])
    if seat is None:
        await socket.send_json({"error": "that token opens no seat here"})
        return None
    return seat, end if after is None else after, end


LiveRoute = Callable[[WebSocket, int], Awaitable[None]]


def bounded(route: LiveRoute) -> LiveRoute:
    """A live route whose connections count toward the process's and their address's bounds
    (:meth:`Hub.admit`): one over them is refused before its handshake is accepted."""

    @functools.wraps(route)
    async def admitted(socket: WebSocket, campaign_id: int) -> None:
        hub: Hub = socket.app.state.hub
        address = address_key(socket.client.host) if socket.client else "unknown"
        if not hub.admit(address):
            await socket.close(code=FULL_CODE)
            return
        try:
            await route(socket, campaign_id)
        finally:
            hub.release(address)

    return admitted


@router.websocket("/campaigns/{campaign_id}/live")
@bounded
async def live(socket: WebSocket, campaign_id: int) -> None:
    """Push every event this seat may see, from ``after`` on, as it is logged."""
    await socket.accept()
    try:
        greeted = await _hello(socket, campaign_id)
        if greeted is None or greeted[0].campaign_id != campaign_id:
            if greeted is not None:
                await socket.send_json({"error": f"no table {campaign_id} for this token"})
            await socket.close(code=1008)
            return
    except WebSocketDisconnect:
        return  # gone before its hello was answered (else a traceback in the server's log)
    seat, after, end = greeted
    hub: Hub = socket.app.state.hub
    shorter = log_shorter(end, after)
    if shorter is not None:  # restored from an older copy: said, then the log from its start
        told = {"events": [], "last": 0, "log_shorter": True, "log_ends": end}
        try:
            await socket.send_json({**told, "notice": shorter.error})
        except WebSocketDisconnect:
            return
        after = 0

    async def push(seen: list[SeenEvent], last: int) -> None:
        await socket.send_text(page_json([hub.text(item) for item in seen], last))  # made once

    await follow(socket, seat, after, push, end)


Push = Callable[[list[SeenEvent], int], Awaitable[None]]
"""How a connection sends the events it may see, and the number they reach: JSON for the API,
HTML for the pages."""


async def follow(socket: WebSocket, seat: Seat, after: int, push: Push, valid_at: int) -> None:
    """Push every event ``seat`` may see after ``after`` with ``push``, as it is logged, until
    the client goes (closed at once when the seat holds :data:`MAX_SEAT_LIVE` already), or
    the seat's token stops working: an event after ``valid_at`` (the log's end when the token
    was last found good) ends it, and the connection closes with :data:`ENDED_CODE` once that
    event is pushed (events before it may have ended the seat's earlier tokens)."""
    hub: Hub = socket.app.state.hub
    if not hub.enter(seat):
        with contextlib.suppress(WebSocketDisconnect):
            reason = f"too many live connections for this seat (at most {MAX_SEAT_LIVE})"
            await socket.close(code=1008, reason=reason)
        return
    tail, wake = hub.join(seat.campaign_id)
    try:
        await _feed(socket, seat, (after, valid_at), tail, wake, push)
    except WebSocketDisconnect:
        pass
    except SeatEnded:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):  # gone meanwhile
            await socket.close(code=ENDED_CODE, reason=ENDED_REASON)
    finally:
        hub.leave(seat.campaign_id, wake)
        hub.exit(seat)


class SeatEnded(Exception):
    """The seat of a live connection no longer opens with its token."""


def _ending(seat: Seat, seen: list[SeenEvent], valid_at: int) -> int | None:
    """Where among ``seen`` the event that ends ``seat``'s token is (one after ``valid_at``),
    or None."""
    return next(
        (
            at
            for at, s in enumerate(seen)
            if s.event.seq > valid_at and seat.id in ended_seats(s.event)
        ),
        None,
    )


async def _feed(
    socket: WebSocket,
    seat: Seat,
    start: tuple[int, int],
    tail: Tail,
    wake: asyncio.Event,
    push: Push,
) -> None:
    """Follow the log from ``start``: where to push from, and the log's end when the seat's
    token was last found good."""
    after, valid_at = start
    closed = asyncio.ensure_future(_closed(socket, wake))
    try:
        while not closed.done():
            wake.clear()
            page = await _next_page(socket, seat, tail, after, closed)
            if page is None:
                continue
            seen, after = page.events, page.last
            behind = page.more or (tail.start is not None and not tail.covers(after))
            ending = _ending(seat, seen, valid_at)
            if ending is not None:  # pushed, and nothing after it: not the seat's to see
                await push(seen[: ending + 1], seen[ending].event.seq)
                raise SeatEnded(seat.id)
            if seen:
                await push(seen, after)
            if not behind:
                await wake.wait()  # news read by the tail, or the client gone
    finally:
        closed.cancel()


async def _next_page(
    socket: WebSocket, seat: Seat, tail: Tail, after: int, closed: asyncio.Future[Any]
) -> Page | None:
    """The next page for ``seat`` after ``after``, a message's worth at most: from what the
    campaign's reader keeps, or read from the log by the seat, and charged to it (None, once
    a seat that read much has waited a while, or gone)."""
    if tail.covers(after):  # the campaign's reader has read it: shown to this seat
        page, _ = _message(socket, seat, Page(*tail.since(seat, after)))
        return page
    wait = owing(socket.app, "reads", seat.id)
    if wait:
        await asyncio.wait([closed], timeout=wait)
        return None
    db = socket.app.state.db
    read = await run_in_threadpool(events_for, db, seat, after, MAX_EVENTS)
    page, size = _message(socket, seat, read)
    charge(socket.app, "reads", seat.id, size)  # the reader's reads are the table's: free
    return page


def _message(socket: WebSocket, seat: Seat, page: Page) -> tuple[Page, int]:
    """What of ``page`` one message sends (a client far behind gets several), and its size."""
    hub: Hub = socket.app.state.hub
    sizes = [len(hub.text(s)) + 1 for s in page.events]
    sent = cut(seat, page, sizes)
    return sent, sum(sizes[: len(sent.events)])


async def _closed(socket: WebSocket, wake: asyncio.Event) -> Any:
    """Wait until the client goes, then wake its connection (anything it sends after its hello
    is ignored)."""
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return message
    finally:
        wake.set()
