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

MAX_BODY = 64 * 1024
"""The largest request body, in bytes (a roll's faces by hand fit many times over)."""

RATES = {"rolls": (50.0, 100.0), "odds": (10.0, 20.0)}
"""Per seat: requests refilled a second, and the most in one burst."""

__all__ = ["MAX_BODY", "RATES", "Bucket", "RateLimited", "limiter_of"]


@dataclass
class Bucket:
    """A token bucket per key: ``rate`` tokens a second, at most ``burst`` held."""

    rate: float
    burst: float
    _held: dict[int, tuple[float, float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def allow(self, key: int) -> bool:
        """Take a token for ``key`` if one is there."""
        now = time.monotonic()
        with self._lock:
            tokens, since = self._held.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - since) * self.rate)
            if tokens < 1:
                self._held[key] = (tokens, now)
                return False
            self._held[key] = (tokens - 1, now)
            return True


def limiter_of(app: Any, what: str) -> Bucket:
    """The app's bucket for ``what`` (made on first use, from :data:`RATES`)."""
    buckets: dict[str, Bucket] = app.state.buckets
    if what not in buckets:
        buckets[what] = Bucket(*RATES[what])
    return buckets[what]
