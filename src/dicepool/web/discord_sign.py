"""Discord's signature on each interaction: Ed25519, by the application's key, over the
request's timestamp and its exact body.

An interaction is taken only when ``X-Signature-Ed25519`` is the application's signature of
``X-Signature-Timestamp`` followed by the raw body, the timestamp within
:data:`REPLAY_SECONDS` of the server's clock, and the signature not seen before in that
window: a request copied off the wire cannot be sent again.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from threading import Lock

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from dicepool.web.discord_http import API
from dicepool.web.problems import Unauthorized

REPLAY_SECONDS = 300
"""How old (or how far ahead of the server's clock) a signed timestamp may be: five minutes,
room for clocks a little apart, and no more for a replay."""

KEPT_SIGNATURES = 50_000
"""The signatures remembered within the window, at most (the oldest forgotten first)."""

DEFER_SECONDS = 2.0
"""How long a command may take before its answer is deferred (Discord waits 3 s for one),
then sent as a follow-up."""

ENV_PUBLIC_KEY = "DICEPOOL_DISCORD_PUBLIC_KEY"
"""The environment variable holding the application's public key."""


def public_key(text: str) -> Ed25519PublicKey:
    """The application's public key from its 64 hex digits (the developer portal's).

    Raises:
        ValueError: anything else.
    """
    try:
        raw = bytes.fromhex(text.strip())
    except ValueError:
        raw = b""
    if len(raw) != 32:
        raise ValueError(
            "the Discord public key is 64 hex digits (the application's General Information)"
        )
    return Ed25519PublicKey.from_public_bytes(raw)


@dataclass
class Discord:
    """The table's Discord application: its public key, Discord's API, and the signatures
    seen lately.

    Attributes:
        key: the application's public key.
        api: Discord's API (follow-ups to deferred answers go there).
        defer_seconds: how long a command may take before its answer is deferred.
    """

    key: Ed25519PublicKey
    api: str = API
    defer_seconds: float = DEFER_SECONDS
    _seen: OrderedDict[bytes, float] = field(default_factory=OrderedDict)
    _lock: Lock = field(default_factory=Lock)

    def check(self, signature: str | None, timestamp: str | None, body: bytes) -> None:
        """Refuse an interaction Discord did not sign now.

        Raises:
            Unauthorized: a header missing, a signature that is not the application's, a
                timestamp out of the window, or a signature seen before.
        """
        if not signature or not timestamp:
            raise Unauthorized("an interaction is signed: X-Signature-Ed25519 and -Timestamp")
        try:
            signed, at = bytes.fromhex(signature), int(timestamp)
        except ValueError:
            raise Unauthorized("the signature's headers are malformed") from None
        now = time.time()
        if abs(now - at) > REPLAY_SECONDS:
            raise Unauthorized(f"the signed timestamp is over {REPLAY_SECONDS} s from now")
        try:
            self.key.verify(signed, timestamp.encode() + body)
        except InvalidSignature:
            raise Unauthorized("the signature is not the application's") from None
        self._first(signed, now)

    def _first(self, signed: bytes, now: float) -> None:
        with self._lock:
            while self._seen and (
                len(self._seen) >= KEPT_SIGNATURES
                or next(iter(self._seen.values())) < now - 2 * REPLAY_SECONDS
            ):
                self._seen.popitem(last=False)
            if signed in self._seen:
                raise Unauthorized("that interaction was sent before")
            self._seen[signed] = now
