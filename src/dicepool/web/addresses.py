"""The address every link of a table is built from: what players' devices can open.

``dicepool serve --public-url URL`` (or ``$DICEPOOL_PUBLIC_URL``) names it; without one, it is
the address the server prints, the host it listens on (a LAN address when it listens on all of
them, so an invitation opens on a player's phone, never loopback unless it only listens
there). An app made without one (the tests, an embedding) builds links from each request's own
address.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

from dicepool.errors import DicepoolError

ENV_PUBLIC_URL = "DICEPOOL_PUBLIC_URL"
"""The environment variable that gives the public address (``serve --public-url``)."""

MAX_URL = 200
"""The longest public address, in characters."""

ANY = ("0.0.0.0", "::", "")
"""The hosts that mean every address of the machine."""


class AddressError(DicepoolError):
    """A public address that is no http(s) address of a host."""


def public_url(text: str, option: str = "--public-url") -> str:
    """``text`` checked as the table's public address (``https://dice.example.org``), without
    its last ``/``; ``option`` is what the error names (where the address was given).

    Raises:
        AddressError: not http or https, no host, a query or fragment, or too long.
    """
    url = text.strip()
    parts = urlsplit(url)
    if len(url) > MAX_URL or parts.scheme not in ("http", "https") or not parts.hostname:
        raise AddressError(
            f"{option} is an http:// or https:// address of a host (at most {MAX_URL} "
            "characters), such as https://dice.example.org"
        )
    if parts.query or parts.fragment:
        raise AddressError(f"{option} takes no ?query or #fragment: give the site's address")
    try:
        parts.port  # noqa: B018 (a port out of range raises here)
    except ValueError:
        raise AddressError(f"{option} has a port that is no port: 1..65535") from None
    return url.rstrip("/")


def lan_address() -> str | None:
    """This machine's address on its network (the one its default route leaves by), or None
    when it has none but loopback. Nothing is sent: a datagram socket only picks a route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: any routable address will do
            found = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if ipaddress.ip_address(found).is_loopback else found


def serve_url(host: str, port: int) -> str:
    """The address a server listening on ``host:port`` is opened at: the host itself (as
    written: a browser keeps a seat's cookie for the very host it opened), or for every
    address a LAN address (``127.0.0.1`` when the machine has no other)."""
    shown = (lan_address() or "127.0.0.1") if host in ANY else host
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def base_of(request: Any) -> str:
    """Where this app's links start: its public address, else the request's own."""
    public: str | None = getattr(request.app.state, "public_url", None)
    return public or str(request.base_url).rstrip("/")


def link_of(request: Any, token: str) -> str:
    """The page a seat's token opens: ``BASE/t/TOKEN``."""
    return f"{base_of(request)}/t/{token}"
