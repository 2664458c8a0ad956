"""What protects the server from what a stranger can send: request sizes and rates per seat.

A request body is read at most :data:`MAX_BODY` bytes (413 beyond); rolls and odds questions are
metered per seat by a token bucket (429 when it is empty), so one client cannot starve a table.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from dicepool.web.problems import RateLimited

INVITE_HOURS = 168.0
"""How long an invitation takes seats after it is issued, by default: a week, time for the
players to get it before the first session; the storyteller issues a new one from the seats
panel (`dicepool serve --invite-hours`; 0 keeps it until replaced)."""

MAX_BODY = 64 * 1024
"""The largest request body, in bytes (a roll's faces by hand fit many times over)."""

RATES = {
    "rolls": (50.0, 100.0),
    "odds": (10.0, 20.0),
    "changes": (5.0, 30.0),  # actions, characters, undos, reveals, seats taken by an invite
    "tables": (0.2, 10.0),  # tables opened, per client address
}
"""Per seat (or client address): requests refilled a second, and the most in one burst."""

MAX_KEYS = 10_000
"""Keys a bucket remembers before it forgets those that have refilled (a full bucket is the
same as a forgotten one), so many clients cannot grow it without end."""

MAX_ROLLS_PER_SECOND = 10_000
"""The highest rate of rolls per seat a server may be set to (``serve --rolls-per-second``)."""

__all__ = [
    "INVITE_HOURS",
    "MAX_BODY",
    "MAX_ROLLS_PER_SECOND",
    "RATES",
    "Bucket",
    "RateLimited",
    "limited",
    "limiter_of",
    "rates",
]


@dataclass
class Bucket:
    """A token bucket per key: ``rate`` tokens a second, at most ``burst`` held."""

    rate: float
    burst: float
    _held: dict[int | str, tuple[float, float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def allow(self, key: int | str) -> bool:
        """Take a token for ``key`` if one is there."""
        now = time.monotonic()
        with self._lock:
            if len(self._held) >= MAX_KEYS:
                self._forget_full(now)
            tokens, since = self._held.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - since) * self.rate)
            if tokens < 1:
                self._held[key] = (tokens, now)
                return False
            self._held[key] = (tokens - 1, now)
            return True

    def _forget_full(self, now: float) -> None:
        full = [
            k
            for k, (held, since) in self._held.items()
            if held + (now - since) * self.rate >= self.burst
        ]
        for key in full:
            del self._held[key]


def rates(rolls_per_second: float | None = None) -> dict[str, tuple[float, float]]:
    """:data:`RATES`, with rolls refilled ``rolls_per_second`` a second (a burst of twice as
    many) when given.

    Raises:
        ValueError: a rate below 1 or over :data:`MAX_ROLLS_PER_SECOND`.
    """
    if rolls_per_second is None:
        return dict(RATES)
    if not 1 <= rolls_per_second <= MAX_ROLLS_PER_SECOND:
        raise ValueError(f"rolls per second are 1..{MAX_ROLLS_PER_SECOND}, not {rolls_per_second}")
    return {**RATES, "rolls": (rolls_per_second, 2 * rolls_per_second)}


def limiter_of(app: Any, what: str) -> Bucket:
    """The app's bucket for ``what`` (made on first use, from the app's rates, else
    :data:`RATES`)."""
    buckets: dict[str, Bucket] = app.state.buckets
    if what not in buckets:
        held: dict[str, tuple[float, float]] = getattr(app.state, "rates", RATES)
        buckets[what] = Bucket(*held[what])
    return buckets[what]


def limited(app: Any, what: str, key: int | str, message: str) -> None:
    """Take a token of ``what`` for ``key`` (a seat, a client's address), or refuse with 429."""
    if not limiter_of(app, what).allow(key):
        raise RateLimited(f"{message}; wait a moment")


def client_key(request: Any) -> str:
    """The key a request without a seat is metered by: its client's address."""
    return str(request.client.host) if request.client else "unknown"
