"""What protects the server from what a stranger can send: request sizes and rates per seat.

A request body is read at most :data:`MAX_BODY` bytes (413 beyond); rolls and odds questions are
metered per seat by a token bucket (429 when it is empty), so one client cannot starve a table.

What a request costs is metered too, not only how many there are: the bytes of the log it
reads (``reads``: a page of events, an export, a live client catching up) and the server's
time it takes (``work``: odds, the dice statistics, a check of the seals, in seconds of CPU).
The cost is known once the work is done: it is charged then, and a seat that owes (its
bucket below zero) waits until it is paid back: 429 with ``Retry-After`` for a request, a
pause for a live feed catching up. Another seat's bucket is its own: it is served meanwhile.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from dicepool.web.problems import RateLimited

INVITE_HOURS = 168.0
"""How long an invitation takes seats after it is issued, by default: a week, time for the
players to get it before the first session; the storyteller issues a new one from the seats
panel (`dicepool serve --invite-hours`; 0 keeps it until replaced)."""

MAX_BODY = 64 * 1024
"""The largest request body, in bytes (a roll's faces by hand fit many times over)."""

BODY_SECONDS = 10.0
"""How long a client has to send a request's whole body (64 KiB: 6.5 KB a second at least)."""

MAX_CONNECTIONS = 2000
"""The connections a server process holds at once, HTTP and WebSocket (uvicorn's
``limit_concurrency``: a request beyond it is answered 503; ``serve --max-connections``). Half
of them at most are live connections (:meth:`dicepool.web.live.Hub.admit`)."""

MAX_ADDRESS_LIVE = 64
"""The live connections one client address holds at once (a household's or an office's
players and their tabs). Behind a proxy every client has the proxy's address: name the proxy
with ``serve --forwarded-allow-ips`` so each is counted by its own."""

MAX_ADDRESS_CONNECTIONS = 256
"""The HTTP connections one client address holds at once, and its requests under way
(``serve --max-address-connections``; :mod:`dicepool.web.clients`): a browser opens six at
most to a server, so some forty devices behind one address; an eighth of
:data:`MAX_CONNECTIONS`, so no one address fills a process."""

MAX_ADDRESS_HEADS = 64
"""The connections of one client address whose request head is not whole yet (``serve
--max-address-heads``): a browser sends a head whole at once, so a client holds such a
connection for a moment; one that holds many is sending them slowly, or not at all."""

HEAD_SECONDS = 10.0
"""How long a connection has to send a request's whole head: from connecting, for its first
request, from the head's first byte for the next ones (``serve --head-seconds``)."""

READ_BYTES = 2 * 1024 * 1024
"""The bytes of the log a seat reads a second, sustained (2 MiB: a log of 10,000 rolls of a
table, some 10 MB, in seconds), with a burst of four times as many: eight pages at once."""

WORK_SECONDS = 0.25
"""The server's time a seat's odds, statistics and checks take a second, sustained (a quarter
of a core), with a burst of 4 s (a check of a long log takes about a second)."""

RATES = {
    "rolls": (50.0, 100.0),
    "odds": (10.0, 20.0),
    "changes": (5.0, 30.0),  # actions, characters, undos, reveals, seats taken by an invite
    "tables": (0.2, 10.0),  # tables opened, per client address
    "discord": (1.0, 20.0),  # interactions refused their signature, per client address
    "reads": (float(READ_BYTES), 4.0 * READ_BYTES),  # bytes of the log read
    "work": (WORK_SECONDS, 4.0),  # seconds of the server's time
}
"""Per seat (or client address): requests (or bytes, or seconds) refilled a second, and the
most in one burst."""

OWED_DELAY = 1.0
"""How long the refusal of a seat that owes (bytes read, time worked) is held back, at most:
a client asking again at once, in a loop, on many connections, then asks once a second on
each and costs the server nothing meanwhile (each refusal costs it about a millisecond)."""

MAX_KEYS = 10_000
"""Keys a bucket remembers before it forgets those that have refilled (a full bucket is the
same as a forgotten one), so many clients cannot grow it without end."""

MAX_ROLLS_PER_SECOND = 10_000
"""The highest rate of rolls per seat a server may be set to (``serve --rolls-per-second``)."""

__all__ = [
    "BODY_SECONDS",
    "HEAD_SECONDS",
    "INVITE_HOURS",
    "MAX_ADDRESS_CONNECTIONS",
    "MAX_ADDRESS_HEADS",
    "MAX_ADDRESS_LIVE",
    "MAX_BODY",
    "MAX_CONNECTIONS",
    "MAX_ROLLS_PER_SECOND",
    "OWED_DELAY",
    "RATES",
    "READ_BYTES",
    "WORK_SECONDS",
    "Bucket",
    "RateLimited",
    "charge",
    "limited",
    "limiter_of",
    "owing",
    "rates",
    "working",
]


@dataclass
class Bucket:
    """A token bucket per key: ``rate`` tokens a second, at most ``burst`` held.

    A request of known cost takes its tokens before it runs (:meth:`allow`); one whose cost
    is known after it ran is let in while its key owes nothing, then pays (:meth:`charge`),
    below zero if need be: the debt is waited out before the key's next.
    """

    rate: float
    burst: float
    _held: dict[int | str, tuple[float, float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def allow(self, key: int | str, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens for ``key`` if they are there (all it may hold, for a cost over
        the burst; 0: whether it owes nothing)."""
        with self._lock:
            tokens, now = self._tokens(key)
            if tokens < min(cost, self.burst):
                self._held[key] = (tokens, now)
                return False
            self._held[key] = (tokens - cost, now)
            return True

    def charge(self, key: int | str, cost: float) -> None:
        """Take ``cost`` tokens for ``key``, whatever it holds: below zero, a debt."""
        with self._lock:
            tokens, now = self._tokens(key)
            self._held[key] = (tokens - cost, now)

    def wait(self, key: int | str, cost: float = 1.0) -> float:
        """Seconds until ``key`` holds ``cost`` tokens (0 if it does now)."""
        with self._lock:
            tokens, _ = self._tokens(key)
        return max(0.0, (min(cost, self.burst) - tokens) / self.rate)

    def _tokens(self, key: int | str) -> tuple[float, float]:
        """What ``key`` holds now, refilled, and the time (call holding the lock)."""
        now = time.monotonic()
        if len(self._held) >= MAX_KEYS:
            self._forget_full(now)
        tokens, since = self._held.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - since) * self.rate), now

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


def limited(app: Any, what: str, key: int | str, message: str, cost: float = 1.0) -> None:
    """Take ``cost`` tokens of ``what`` for ``key`` (a seat, a client's address; 0: let it in
    while it owes nothing), or refuse with 429 saying how long to wait (one that owes, after
    :data:`OWED_DELAY` at most)."""
    bucket = limiter_of(app, what)
    if not bucket.allow(key, cost):
        wait = bucket.wait(key, cost)
        seconds = max(1, math.ceil(wait))
        delay = min(wait, OWED_DELAY) if cost == 0 else 0.0
        raise RateLimited(f"{message}; wait {seconds} s", retry_after=seconds, delay=delay)


def charge(app: Any, what: str, key: int | str, cost: float) -> None:
    """Charge ``key`` the ``cost`` of what it was just given (bytes read, seconds worked)."""
    limiter_of(app, what).charge(key, cost)


def owing(app: Any, what: str, key: int | str) -> float:
    """How long ``key`` waits before its bucket of ``what`` owes nothing (0: it may go on)."""
    return limiter_of(app, what).wait(key, 0.0)


@contextmanager
def working(app: Any, key: int | str, message: str) -> Iterator[None]:
    """Run the work inside for ``key``, if it owes no work (else 429), and charge it the CPU
    time the work took on this thread (a worker thread's: the odds, statistics, checks)."""
    limited(app, "work", key, message, cost=0.0)
    start = time.thread_time()
    try:
        yield
    finally:
        charge(app, "work", key, time.thread_time() - start)


def client_key(request: Any) -> str:
    """The key a request without a seat is metered by: its client's address."""
    return str(request.client.host) if request.client else "unknown"
