"""The web table's application: the JSON API, its error handlers and its limits.

:func:`create_app` builds a FastAPI application on one :class:`Database`; `dicepool serve` runs
it on uvicorn. One handler maps every error of dicepool's tree to a JSON answer with its status
(:func:`dicepool.web.problems.status_of`); request validation answers 422 the same way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dicepool import __version__
from dicepool.campaign.catalogue import printable
from dicepool.errors import DicepoolError, SchemaMoved
from dicepool.store.database import Database, sqlite_path
from dicepool.store.wal import checkpoint
from dicepool.web import (
    actions_api,
    api,
    discord_api,
    fair_page,
    live,
    page_live,
    pages,
    sheets_api,
    stats_page,
    verify_page,
)
from dicepool.web.clients import AddressRequests
from dicepool.web.discord_mirror import Mirror
from dicepool.web.discord_sign import Discord
from dicepool.web.kept import ANSWERS_BYTES, Kept
from dicepool.web.lease import LeaseKeeper
from dicepool.web.limits import BODY_SECONDS, INVITE_HOURS, MAX_BODY, MAX_CONNECTIONS, rates
from dicepool.web.live import POLL_SECONDS, Hub
from dicepool.web.notify import Listener, Watcher
from dicepool.web.problems import RateLimited, status_of
from dicepool.web.together import RollQueues
from dicepool.web.wording import page_words

log = logging.getLogger("dicepool.web")


class BodyLimit:
    """ASGI middleware: read a request's whole body before the application runs, refusing one
    over ``limit`` bytes with 413 (whether its Content-Length says so or it streams past the
    limit in chunks) and one that takes over :data:`~dicepool.web.limits.BODY_SECONDS` with 408.

    The body is read here, not as the application reads it: an error raised while FastAPI
    reads a body is answered 400 by FastAPI, whatever it was. Bodies are small (64 KiB)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _refuse(send, 413, f"the request body is over {self.limit} bytes")
            return
        try:
            first = await asyncio.wait_for(_whole_body(receive, self.limit), BODY_SECONDS)
        except _BodyTooLarge:
            await _refuse(send, 413, f"the request body is over {self.limit} bytes")
            return
        except TimeoutError:
            await _refuse(send, 408, f"the request body took over {BODY_SECONDS:g} s")
            return
        given = False

        async def replayed() -> Message:
            nonlocal given
            if given:
                return await receive()  # a disconnect, while the answer is made
            given = True
            return first

        await self.app(scope, replayed, send)


async def _whole_body(receive: Receive, limit: int) -> Message:
    """A request's body read whole, as one message (or the client's disconnect)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return message
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise _BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            return {"type": "http.request", "body": b"".join(chunks), "more_body": False}


SWAGGER_UI = "swagger-ui-5.35.0"
"""The folder of ``static/`` holding Swagger UI (npm's swagger-ui-dist, pinned) for ``/docs``."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'; img-src 'self' data:; "
    # HTMX and Swagger UI set style attributes as they draw; scripts stay the package's own
    "style-src 'self' 'unsafe-inline'; connect-src 'self'"
)
"""What a page may load and run: scripts only from the package's own static files (no inline
script, no eval), nothing framed, forms sent only here, the live feed to this server alone."""

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),  # no other site frames the table's buttons
    (b"referrer-policy", b"no-referrer"),  # a link's token never leaves in a Referer
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
]

UNAVAILABLE = "the table's database cannot serve this now; try again later"
"""What a 503 says to the client: the database's address and its driver's words are for the
server's log (where they are written), never for whoever asked."""


class SecurityHeaders:
    """ASGI middleware: the headers that keep a browser from misusing the table's pages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


class _BodyTooLarge(Exception):
    pass


async def _refuse(send: Send, status: int, message: str) -> None:
    response = JSONResponse({"error": message}, status_code=status, headers={"connection": "close"})
    await send({"type": "http.response.start", "status": status, "headers": response.raw_headers})
    await send({"type": "http.response.body", "body": response.body})


def _answer(request: Request, message: str, status: int, field: str | None = None) -> Response:
    """An error as the asker reads it: JSON for the API, a line in the page for HTMX (and
    beside the form's ``field`` at fault, where one is), a page for a browser."""
    if request.url.path.startswith(("/api", "/discord")):
        return JSONResponse({"error": message}, status_code=status)
    message = page_words(message)
    if request.headers.get("hx-request"):  # HTMX asks with Accept: */*, and swaps this in
        form = request.headers.get("hx-trigger")  # the form's id, where it has one
        context = {"message": message, "form": form, "field": field}
        return pages.templates.TemplateResponse(request, "_error.html", context, status_code=status)
    if "html" not in request.headers.get("accept", "html"):
        return JSONResponse({"error": message}, status_code=status)
    title = "That link opens nothing" if status in (401, 404) else "That did not work"
    parts = request.url.path.split("/")
    back = f"/c/{parts[2]}" if len(parts) > 3 and parts[1] == "c" and parts[2].isdigit() else None
    context = {"title": title, "message": message, "back": back}
    return pages.templates.TemplateResponse(request, "error.html", context, status_code=status)


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """While serving, hear of the events other processes log: PostgreSQL's notifications, or
    a watch on the SQLite file; and mirror the tables to their Discord webhooks, when asked."""
    db: Database = app.state.db
    hub: Hub = app.state.hub
    db.never_wait_here()  # the event loop's thread: see dicepool.web.api.on_loop
    path = sqlite_path(db.url)
    news: Listener | Watcher
    if path is None:
        news = Listener("postgresql://" + db.url.split("://", 1)[1], hub.announce, hub.announce_all)
    else:
        news = Watcher(path, hub.announce_all)
    news.start()
    mirror = Mirror(db, app.state.poll_seconds) if app.state.mirror else None
    mirroring = asyncio.create_task(mirror.run()) if mirror is not None else None
    keeper = LeaseKeeper(db) if app.state.lease else None  # see dicepool.store.leases
    if keeper is not None:
        await keeper.start()
    try:
        yield
    finally:
        await app.state.queues.finish()
        if keeper is not None:  # after the last write: an upgrade may go on at once
            await keeper.stop()
        await news.stop()
        if mirror is not None and mirroring is not None:
            mirroring.cancel()
            mirror.stop()
        if path is not None:  # after the last write: the main file alone holds every event
            await asyncio.to_thread(checkpoint, path)


def serve_from(
    app: FastAPI,
    db: Database,
    poll_seconds: float = POLL_SECONDS,
    rolls_per_second: float | None = None,
    public_url: str | None = None,
    invite_hours: float | None = INVITE_HOURS,
    max_connections: int = MAX_CONNECTIONS,
    discord: Discord | None = None,
) -> None:
    """Give ``app`` (made by :func:`create_app`, not serving now) a fresh state on ``db``: its
    database, empty rate buckets, a live hub of its own, and the options of :func:`create_app`.

    The tests point one application at each test's database in turn: FastAPI builds a new
    application's routes (their models) at its first requests, which costs more than most web
    tests' own work (benchmarks/README.md, the test command's time).
    """
    app.state.db = db
    app.state.answers = Kept(ANSWERS_BYTES)  # statistics and checks, by the log's state
    app.state.buckets = {}
    app.state.rates = rates(rolls_per_second)
    app.state.hub = Hub(db, poll_seconds, max_connections // 2)
    app.state.queues = RollQueues(db)
    app.state.poll_seconds = poll_seconds
    app.state.public_url = public_url
    app.state.invite_lasts = timedelta(hours=invite_hours) if invite_hours else None
    app.state.discord = discord


def create_app(
    db: Database,
    poll_seconds: float = POLL_SECONDS,
    rolls_per_second: float | None = None,
    public_url: str | None = None,
    invite_hours: float | None = INVITE_HOURS,
    max_connections: int = MAX_CONNECTIONS,
    discord: Discord | None = None,
    mirror: bool = False,
    lease: bool = False,
) -> FastAPI:
    """The web table's application, serving the campaigns of ``db``.

    Args:
        poll_seconds: how often a campaign's log is read for its live clients when nothing
            woke its reader.
        rolls_per_second: the rolls a seat may make a second (a burst of twice as many), else
            :data:`dicepool.web.limits.RATES`'s.
        public_url: the address every link starts with (checked by
            :func:`dicepool.web.addresses.public_url`), else each request's own.
        invite_hours: how long an invitation takes seats after it is issued (None: until the
            storyteller replaces it or turns invitations off).
        max_connections: the connections the process holds (uvicorn's bound): half of them
            at most live ones.
        discord: the Discord application whose interactions ``/discord/interactions`` takes
            (None: it answers 404).
        mirror: post each table's rolls and changes to its Discord webhook, if it has one
            (:mod:`dicepool.web.discord_mirror`).
        lease: keep a lease on the database while serving (:mod:`dicepool.web.lease`), as
            `dicepool serve` does; the tests' applications, pointed at one database after
            another, do not.
    """
    app = FastAPI(
        lifespan=_lifespan,
        title="dicepool",
        version=__version__,
        description="A table for storyteller dice-pool games: rolls, odds, sheets, the log.",
        docs_url=None,  # served below from the package's own files: /docs works offline
        redoc_url=None,
    )
    serve_from(
        app, db, poll_seconds, rolls_per_second, public_url, invite_hours, max_connections, discord
    )
    app.state.mirror = mirror
    app.state.lease = lease
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(AddressRequests)  # outermost: a crowded address is refused first
    app.include_router(api.router)
    app.include_router(sheets_api.router)
    app.include_router(actions_api.router)
    app.include_router(discord_api.router)
    app.include_router(pages.router)
    app.include_router(page_live.router)
    app.include_router(verify_page.router)
    app.include_router(fair_page.router)
    app.include_router(stats_page.router)
    app.mount("/static", StaticFiles(directory=pages.HERE / "static"), name="static")
    app.include_router(live.router)

    @app.get("/docs", include_in_schema=False)
    def docs(request: Request) -> Response:
        return pages.templates.TemplateResponse(request, "docs.html", {"swagger": SWAGGER_UI})

    @app.exception_handler(DicepoolError)
    async def dicepool_error(request: Request, exc: DicepoolError) -> Response:
        field = getattr(exc, "parameter", None) or getattr(exc, "field", None)
        status = status_of(exc)
        if status == 503 and isinstance(exc, SchemaMoved):  # the operator's line: restart it
            log.error("%s", exc)
            return _answer(request, str(exc), status)
        if status == 503:
            log.warning("database unavailable: %s", exc)
            return _answer(request, UNAVAILABLE, status)
        answer = _answer(request, str(exc), status, field)
        if isinstance(exc, RateLimited):
            await asyncio.sleep(exc.delay)  # a client asking in a loop asks less often
            if exc.retry_after is not None:
                answer.headers["Retry-After"] = str(exc.retry_after)
        return answer

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        first: dict[str, Any] = exc.errors()[0] if exc.errors() else {}
        if first.get("type") == "json_invalid":  # not JSON at all: the request is malformed
            return _answer(request, "the body is not JSON", 400)
        where = printable(".".join(str(p) for p in first.get("loc", ()) if p != "body"), 80)
        message = f"{where}: {first.get('msg', 'invalid')}" if where else "invalid request"
        return _answer(request, message[:300], 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        answer = _answer(request, str(exc.detail)[:300], exc.status_code)
        answer.headers.update(exc.headers or {})  # a 405 names the methods it allows
        return answer

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error", exc_info=exc)
        return _answer(request, "the server met an unexpected error", 500)

    return app
