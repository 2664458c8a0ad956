"""How uvicorn serves the table on the open internet: bounds on connections and request heads.

uvicorn's HTTP protocol on httptools (the fastest it has: a roll costs a quarter less CPU than
on h11) takes a request head of any size, and waits for ever for a connection's first request
(its keep-alive timeout runs only after an answer). :class:`BoundedHttp` is that protocol with
both bounded: a head over :data:`MAX_HEAD` bytes is answered 431, one not complete within
:data:`HEAD_SECONDS` (a client that connects and says nothing, or trickles its head) 408, and
the connection is closed. :func:`uvicorn_settings` gives the rest as uvicorn's own settings:
the connections a process holds, the keep-alive time, the size of a WebSocket message. Bodies
are bounded by :class:`dicepool.web.app.BodyLimit`, live connections by
:mod:`dicepool.web.live`.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from dicepool.web.limits import MAX_CONNECTIONS

MAX_HEAD = 32 * 1024
"""The largest request head, in bytes (32 KiB: a browser's sends one or two with its cookies;
nginx takes 32 KiB of headers by default)."""

HEAD_SECONDS = 10.0
"""How long a connection has to send a request's whole head, from its first byte (or from
connecting)."""

KEEP_ALIVE_SECONDS = 5
"""How long an idle connection stays open after an answer (uvicorn's default, said here)."""

MAX_WS_MESSAGE = 16 * 1024
"""The largest WebSocket message a client may send, in bytes (a live client sends only its
hello, of 1 KiB at most: uvicorn's default is 16 MiB)."""

PROTOCOL = f"{__name__}:BoundedHttp"
""":class:`BoundedHttp` as uvicorn names a protocol (each worker process imports it)."""

__all__ = [
    "HEAD_SECONDS",
    "KEEP_ALIVE_SECONDS",
    "MAX_CONNECTIONS",
    "MAX_HEAD",
    "MAX_WS_MESSAGE",
    "BoundedHttp",
    "uvicorn_settings",
]


class BoundedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol, its request heads bounded in size and in time.

    A head's size is counted twice: exactly, from its parts as they are parsed (an
    application never sees a head over the bound); and as the bytes received while it is
    incomplete, so a head sent in pieces is refused before the parser holds it all (a piece
    may carry a body too: it is counted only once the head goes on after it).
    """

    _head = 0  # bytes received in pieces after which the head was still incomplete
    _parsed = 0  # bytes of the head's parts parsed: its URL, names and values
    _heading = True  # reading a request's head (or waiting for the first)
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._heading and self._head > MAX_HEAD:
            self._refuse(431, TOO_LARGE)
            return
        super().data_received(data)
        if self._heading:
            self._head += len(data)

    def send_400_response(self, msg: str) -> None:
        """Answer a request the parser stopped at: 431 for a head over the bound (stopped by
        :meth:`on_header`), else uvicorn's 400."""
        if self._parsed > MAX_HEAD:
            self._refuse(431, TOO_LARGE)
        else:
            super().send_400_response(msg)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._start_head()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)  # ": " and the line's end
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._stop_head()
        super().on_headers_complete()

    def _count(self, size: int) -> None:
        """Count a part of the head; past the bound, stop the parser (no application runs)."""
        self._parsed += size
        if self._parsed > MAX_HEAD:
            raise _HeadTooLarge

    def _start_head(self) -> None:
        self._stop_head()
        self._heading, self._head, self._parsed = True, 0, 0
        self._deadline = self.loop.call_later(HEAD_SECONDS, self._too_slow)

    def _stop_head(self) -> None:
        self._heading = False
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        if self._heading:
            self._refuse(408, f"no whole request head within {HEAD_SECONDS:g} s")

    def _refuse(self, status: int, message: str) -> None:
        """Answer ``status`` with ``message`` as JSON, and close the connection."""
        self._stop_head()
        if self.transport.is_closing():
            return
        body = f'{{"error": "{message}"}}'.encode()
        head = (
            f"HTTP/1.1 {status} {_REASONS[status]}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        self.transport.close()


_REASONS = {408: "Request Timeout", 431: "Request Header Fields Too Large"}

TOO_LARGE = f"the request's head is over {MAX_HEAD} bytes"


class _HeadTooLarge(Exception):
    """Raised in the parser's callback to stop it (httptools reports it as a parser error)."""


def uvicorn_settings(max_connections: int = MAX_CONNECTIONS) -> dict[str, Any]:
    """uvicorn's settings that bound what a client may hold of a server process."""
    return {
        "http": PROTOCOL,
        "limit_concurrency": max_connections,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "ws_max_size": MAX_WS_MESSAGE,
    }
