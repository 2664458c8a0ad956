"""How uvicorn serves the table on the open internet: bounds on connections and request heads.

uvicorn's HTTP protocol on httptools (the fastest it has: a roll costs a quarter less CPU than
on h11) takes a request head of any size, waits for ever for a connection's first request
(its keep-alive timeout runs only after an answer), and takes any number of connections from
one address. :class:`BoundedHttp` is that protocol with all three bounded: a head over
:data:`MAX_HEAD` bytes is answered 431, one not complete within
:attr:`~dicepool.web.clients.Bounds.head_seconds` (a client that connects and says nothing, or
trickles its head) 408, and the connection is closed; a connection from an address that holds
its bounds already (:mod:`dicepool.web.clients`) is answered 429 and closed at once.
:func:`uvicorn_settings` gives the rest as uvicorn's own settings: the connections a process
holds, the keep-alive time, the size of a WebSocket message. Bodies are bounded by
:class:`dicepool.web.app.BodyLimit`, live connections by :mod:`dicepool.web.live`.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from dicepool.web.clients import BOUNDS, HELD, address_key, crowded
from dicepool.web.limits import HEAD_SECONDS, MAX_CONNECTIONS

MAX_HEAD = 32 * 1024
"""The largest request head, in bytes (32 KiB: a browser's sends one or two with its cookies;
nginx takes 32 KiB of headers by default)."""

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

    Each connection counts toward its address's bounds (:data:`~dicepool.web.clients.HELD`),
    a named proxy's excepted, from connecting until it closes or becomes a live connection.
    """

    _head = 0  # bytes received in pieces after which the head was still incomplete
    _parsed = 0  # bytes of the head's parts parsed: its URL, names and values
    _heading = False  # reading a request's head (or waiting for the first)
    _deadline: asyncio.TimerHandle | None = None
    _address: str | None = None  # the address counted (None: a named proxy's, or none)
    _crowded = False  # a request refused: its address has all the heads it may

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self._counted_address()
        if address is not None and not HELD.connect(address):
            self._refuse(429, crowded())
            return
        self._address = address
        self._start_head(first=True)

    def connection_lost(self, exc: Exception | None) -> None:
        self._leave()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        """Upgrade to a live connection, counted by the live hub from now on, not here."""
        self._leave()
        super().handle_websocket_upgrade()

    def data_received(self, data: bytes) -> None:
        if self._heading and self._head > MAX_HEAD:
            self._refuse(431, TOO_LARGE)
            return
        super().data_received(data)
        if self._heading:
            self._head += len(data)

    def send_400_response(self, msg: str) -> None:
        """Answer a request the parser stopped at: 431 for a head over the bound (stopped by
        :meth:`on_header`), 429 for one over its address's bound of heads (stopped by
        :meth:`on_message_begin`), else uvicorn's 400."""
        if self._parsed > MAX_HEAD:
            self._refuse(431, TOO_LARGE)
        elif self._crowded:
            self._refuse(429, crowded())
        else:
            super().send_400_response(msg)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if not self._heading and not self._start_head(first=False):
            self._crowded = True
            raise _Stopped  # a request after another on a kept-alive connection, refused

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
            raise _Stopped

    def _counted_address(self) -> str | None:
        """The address this connection counts toward: its peer's, but for a proxy named with
        ``--forwarded-allow-ips`` (None: :class:`~dicepool.web.clients.AddressRequests`
        counts its clients' requests by the address it forwards)."""
        host = self.client[0] if self.client else "unknown"
        if isinstance(self.app, ProxyHeadersMiddleware) and host in self.app.trusted_hosts:
            return None
        return address_key(host)

    def _start_head(self, first: bool) -> bool:
        """Begin a request's head: its time runs; False (not begun) when its address has all
        the heads it may, but for the ``first`` of a connection (admitted as it connected)."""
        self._stop_head()
        if self._address is not None and not HELD.head_begins(self._address, first):
            return False
        self._heading, self._head, self._parsed = True, 0, 0
        self._deadline = self.loop.call_later(BOUNDS.head_seconds, self._too_slow)
        return True

    def _stop_head(self) -> None:
        if self._heading and self._address is not None:
            HELD.head_ends(self._address)
        self._heading = False
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _leave(self) -> None:
        """Count this connection no more toward its address's bounds."""
        self._stop_head()
        if self._address is not None:
            HELD.disconnect(self._address)
            self._address = None

    def _too_slow(self) -> None:
        if self._heading:
            self._refuse(408, f"no whole request head within {BOUNDS.head_seconds:g} s")

    def _refuse(self, status: int, message: str) -> None:
        """Answer ``status`` with ``message`` as JSON, and close the connection."""
        self._stop_head()
        if self.transport.is_closing():
            return
        body = f'{{"error": "{message}"}}'.encode()
        retry = "retry-after: 1\r\n" if status == 429 else ""
        head = (
            f"HTTP/1.1 {status} {_REASONS[status]}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\n{retry}connection: close\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        self.transport.close()


_REASONS = {
    408: "Request Timeout",
    429: "Too Many Requests",
    431: "Request Header Fields Too Large",
}

TOO_LARGE = f"the request's head is over {MAX_HEAD} bytes"


class _Stopped(Exception):
    """Raised in the parser's callback to stop it (httptools reports it as a parser error):
    a head over the bound, or a request over its address's heads."""


def uvicorn_settings(max_connections: int = MAX_CONNECTIONS) -> dict[str, Any]:
    """uvicorn's settings that bound what a client may hold of a server process."""
    return {
        "http": PROTOCOL,
        "limit_concurrency": max_connections,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "ws_max_size": MAX_WS_MESSAGE,
    }
