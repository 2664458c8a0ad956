"""What the server keeps to answer again without working again, bounded by bytes.

:class:`Kept` is a least-recently-used map whose values are weighed when kept: past its bytes
it forgets the least recently used. The dice statistics and the check of the seals are kept
by the log's state (:func:`answer_of`): the same view of the same log gets the same answer,
and a new event is a new state, so nothing is ever invalidated by hand.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, Protocol, TypeVar

import orjson

from dicepool.campaign.seats import Seat
from dicepool.campaign.table import log_end, view_of

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

ANSWERS_BYTES = 4 * 1024 * 1024
"""The bytes of statistics and checks a server keeps (their JSON, 4 MiB: a table's weigh some
kilobytes to tens of kilobytes, so hundreds of tables' answers)."""

__all__ = ["ANSWERS_BYTES", "Answer", "Kept", "answer_of"]


class Kept(Generic[K, V]):
    """Values by key, the least recently used forgotten past ``most_bytes`` (a value weighing
    more alone is not kept). Safe to share between threads.

    Attributes:
        size: the bytes held now.
        hits: how many :meth:`get` found their key.
        misses: how many did not.
    """

    def __init__(self, most_bytes: int) -> None:
        self.most_bytes = most_bytes
        self.size = 0
        self.hits = 0
        self.misses = 0
        self._held: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._held)

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, now the most recently used; or None."""
        with self._lock:
            found = self._held.get(key)
            if found is None:
                self.misses += 1
                return None
            self.hits += 1
            self._held.move_to_end(key)
            return found[0]

    def put(self, key: K, value: V, size: int) -> None:
        """Keep ``value`` for ``key``, weighing ``size`` bytes."""
        with self._lock:
            old = self._held.pop(key, None)
            if old is not None:
                self.size -= old[1]
            if size > self.most_bytes:
                return
            self._held[key] = (value, size)
            self.size += size
            while self.size > self.most_bytes:
                _, (_, dropped) = self._held.popitem(last=False)
                self.size -= dropped


class Answer(Protocol):
    """An answer kept: anything that is JSON by ``to_dict``."""

    def to_dict(self) -> dict[str, Any]:
        """The answer as JSON data."""


A = TypeVar("A", bound=Answer)


def answer_of(app: Any, seat: Seat, what: Hashable, make: Callable[[], A]) -> A:
    """``make()``'s answer for ``seat``'s view of its table's log, made once for each state of
    the log: kept (in ``app.state.answers``) under the log's last sequence number, with
    ``what`` was asked and the seat's view (a player's differs from the storyteller's)."""
    answers: Kept[Hashable, A] = app.state.answers
    key = (what, seat.campaign_id, log_end(app.state.db, seat.campaign_id), view_of(seat))
    found = answers.get(key)
    if found is None:
        found = make()  # read after the log's end: it may hold more, never less
        answers.put(key, found, len(orjson.dumps(found.to_dict())))
    return found
