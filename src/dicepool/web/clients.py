"""What one client address may hold of a server process: connections, heads, requests.

A client is its address: the socket's peer, or behind a proxy named with ``serve
--forwarded-allow-ips``, the address that proxy forwards (uvicorn's proxy headers middleware
decides which). An IPv6 client is counted by its /64 network, which one host is given whole.
Past a bound, that address alone is answered 429 at once and its connection closed; the others
are served. (uvicorn's ``limit_concurrency`` counts every connection of the process, half-sent
ones too, and answers 503 to everyone past it: one address holding 2,000 half-sent requests
closed the server to all.)

- Its HTTP connections, :attr:`Bounds.connections` (``serve --max-address-connections``),
  and of them those whose request head is not whole yet, :attr:`Bounds.heads` (``serve
  --max-address-heads``): counted by the server's protocol (:class:`dicepool.web.server.
  BoundedHttp`) by each connection's peer, but a named proxy's (its connections carry every
  client's requests; the proxy bounds its clients' connections: ``deploy/nginx.conf``). A live
  connection is counted by the live hub once upgraded (:data:`~dicepool.web.limits.
  MAX_ADDRESS_LIVE`).
- Its HTTP requests under way, :attr:`Bounds.connections` too: counted by
  :class:`AddressRequests` by the address the request is from, the forwarded one behind a
  named proxy (a proxy that passes bodies on as they come holds a connection of the server
  for each).

The counts are a process's own, like the rates of :mod:`dicepool.web.limits`: with ``serve
--workers N`` an address may hold N times as much of the machine.
"""

from __future__ import annotations

import ipaddress
import json
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dicepool.web.limits import HEAD_SECONDS, MAX_ADDRESS_CONNECTIONS, MAX_ADDRESS_HEADS

if TYPE_CHECKING:  # `dicepool serve` imports this module before it needs the web stack
    from starlette.types import ASGIApp, Receive, Scope, Send

CONNECTIONS_RANGE = (16, 100_000)
"""The values :attr:`Bounds.connections` may take (``serve --max-address-connections``)."""

HEADS_RANGE = (4, 100_000)
"""The values :attr:`Bounds.heads` may take (``serve --max-address-heads``)."""

HEAD_SECONDS_RANGE = (1.0, 60.0)
"""The values :attr:`Bounds.head_seconds` may take (``serve --head-seconds``)."""

__all__ = [
    "BOUNDS",
    "CONNECTIONS_RANGE",
    "HEADS_RANGE",
    "HEAD_SECONDS_RANGE",
    "HELD",
    "AddressRequests",
    "Bounds",
    "Held",
    "address_key",
    "crowded",
]


@dataclass
class Bounds:
    """What one client may hold of this process (set by `dicepool serve` before it serves)."""

    connections: int = MAX_ADDRESS_CONNECTIONS
    """The HTTP connections one address holds at once, and its requests under way."""
    heads: int = MAX_ADDRESS_HEADS
    """Its connections whose request head is not whole yet (one that connected and said
    nothing too)."""
    head_seconds: float = HEAD_SECONDS
    """How long a connection has to send a request's whole head (from connecting, for its
    first request; from the head's first byte, for the next ones)."""

    def set(self, connections: int, heads: int, head_seconds: float) -> None:
        """Set the bounds, each within its range (:data:`CONNECTIONS_RANGE`...).

        Raises:
            ValueError: a bound out of its range.
        """
        given = [
            ("connections", connections, CONNECTIONS_RANGE),
            ("heads", heads, HEADS_RANGE),
            ("head_seconds", head_seconds, HEAD_SECONDS_RANGE),
        ]
        for name, value, (low, high) in given:
            if not low <= value <= high:
                raise ValueError(f"{name} is {low:g}..{high:g}, not {value}")
        self.connections, self.heads, self.head_seconds = connections, heads, head_seconds


BOUNDS = Bounds()
"""This process's bounds."""


def address_key(host: str) -> str:
    """The address a client is counted by: an IPv4 address as it is (an IPv4-mapped IPv6 one
    too), an IPv6 address's /64 network, anything else (no address: a test's client) as
    given."""
    if ":" not in host:
        return host  # IPv4, or no address
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return host


def crowded() -> str:
    """What a client refused past its address's bounds is told."""
    return (
        f"too many connections from your address: {BOUNDS.connections} at most, "
        f"{BOUNDS.heads} of them still sending a request; close some and try again"
    )


class Held:
    """The HTTP connections each address holds in this process, and of them those whose
    request head is not whole (the server's protocol counts them as they come and go)."""

    def __init__(self) -> None:
        self.connections: Counter[str] = Counter()
        self.heads: Counter[str] = Counter()

    def connect(self, key: str) -> bool:
        """Count a new connection from ``key``; False (not counted) when the address holds
        :attr:`Bounds.connections` already, or :attr:`Bounds.heads` heads not whole."""
        if self.connections[key] >= BOUNDS.connections or self.heads[key] >= BOUNDS.heads:
            return False
        self.connections[key] += 1
        return True

    def disconnect(self, key: str) -> None:
        """Forget a connection of ``key`` (closed, or upgraded to a live one)."""
        _drop(self.connections, key)

    def head_begins(self, key: str, first: bool) -> bool:
        """Count a request head under way from ``key``; False (not counted) when the address
        has :attr:`Bounds.heads` already, but for a connection's ``first`` (counted by
        :meth:`connect`)."""
        if not first and self.heads[key] >= BOUNDS.heads:
            return False
        self.heads[key] += 1
        return True

    def head_ends(self, key: str) -> None:
        """Forget a head of ``key`` (whole, refused, or its connection gone)."""
        _drop(self.heads, key)


def _drop(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]  # an address that holds nothing is forgotten


HELD = Held()
"""The connections of this process (its server's protocol counts them)."""


class AddressRequests:
    """ASGI middleware: the HTTP requests under way from one client address (the forwarded
    one behind a named proxy) are :attr:`Bounds.connections` at most; one more is answered 429
    at once. Behind a proxy, the server's protocol cannot tell its clients apart: this can."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.under_way: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        key = address_key(str(client[0])) if client else "unknown"
        if self.under_way[key] >= BOUNDS.connections:
            await _refuse(send)
            return
        self.under_way[key] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            _drop(self.under_way, key)


async def _refuse(send: Send) -> None:
    """Answer 429: the address has all the requests under way it may."""
    body = json.dumps({"error": crowded()}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", b"1"),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})
