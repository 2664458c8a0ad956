"""How an event's data names an earlier event of its log: by its place in the log, its seq.

An undo, a reveal, a second chance, a Stunt bought on a roll, a Drawback carried from one, a
roll that uses an Advantage, a Stunt or a Drawback an earlier roll gave: each names the event
it acts on as ``{"seq": N}``, the number every reader of the table knows it by. An event
logged before the log named events by seq wrote a bare number there instead: the database's
id, counted across every campaign. The hash chain forbids rewriting those, so
:meth:`EventRef.of` reads both forms; an old one is resolved within its campaign (by the
store, or :meth:`EventRef.by_seq` with the log's own ids), never shown as it is.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar


class Numbered(Protocol):
    """An event of a log, as a reference finds it: its database id and its seq."""

    @property
    def id(self) -> int:
        """Its key in the database (old data named events by it)."""
        ...

    @property
    def seq(self) -> int:
        """Its place in its campaign's log."""
        ...


N = TypeVar("N", bound=Numbered)


@dataclass(frozen=True)
class EventRef:
    """An earlier event of the same log, as an event's data names it: by ``seq`` (an event
    logged from now on), or, in an event logged before, by the database's ``id`` (0 the other).

    The two forms are two keys: a reference of each form names the same event only through
    the log (:func:`indexed`, :meth:`by_seq`).
    """

    seq: int = 0
    id: int = 0

    @classmethod
    def to(cls, event: Numbered) -> EventRef:
        """The reference a new event writes to ``event``: its seq."""
        return cls(seq=event.seq)

    @classmethod
    def of(cls, value: object) -> EventRef:
        """The reference an event's data holds: ``{"seq": N}``, or an old event's bare id.

        Raises:
            ValueError, TypeError, KeyError: a value that is neither.
        """
        if isinstance(value, Mapping):
            return cls(seq=_whole(value["seq"]))
        return cls(id=_whole(value))

    def data(self) -> object:
        """The reference as an event's data holds it (an old one as it was written)."""
        return {"seq": self.seq} if self.seq else self.id

    @property
    def old(self) -> bool:
        """Whether it names its event by the database's id (an event logged before)."""
        return not self.seq

    def names(self, event: Numbered) -> bool:
        """Whether it names ``event``."""
        return event.seq == self.seq if self.seq else event.id == self.id

    def by_seq(self, seqs: Mapping[int, int]) -> EventRef:
        """The reference by seq: an old one's id looked up in ``seqs`` (each id of the log
        with its seq); one ``seqs`` does not know stays as it is."""
        if self.seq or self.id not in seqs:
            return self
        return EventRef(seq=seqs[self.id])

    def words(self, what: str = "event") -> str:
        """``event 12``; an old reference not put by seq, ``an earlier event``: a database
        id is never shown."""
        return f"{what} {self.seq}" if self.seq else f"an earlier {what}"


def data_by_seq(data: Mapping[str, Any], key: str, seqs: Mapping[int, int]) -> dict[str, Any]:
    """An event's ``data`` with the reference under ``key`` put by seq (:meth:`EventRef.by_seq`):
    what a reader of an old event takes it as; the log keeps it as it was written."""
    return {**data, key: EventRef.of(data[key]).by_seq(seqs).data()}


def seq_of(ref: EventRef) -> int:
    """The seq a reference names, for a rule that keeps it (an old reference is put by seq
    first: :func:`dicepool.sheet.events.by_seq`)."""
    assert ref.seq, f"an old reference ({ref.id}) is put by seq before a rule reads it"
    return ref.seq


def keys_of(event: Numbered) -> tuple[EventRef, EventRef]:
    """Both references that name ``event``: by its seq, and by its id (old data's)."""
    return EventRef(seq=event.seq), EventRef(id=event.id)


def indexed(events: Iterable[N]) -> dict[EventRef, N]:
    """``events`` under every reference that names them (each twice: :func:`keys_of`), so
    that a reference of either form finds its event."""
    return {key: event for event in events for key in keys_of(event)}


def named_in(refs: Collection[EventRef], event: Numbered) -> bool:
    """Whether any of ``refs`` names ``event``."""
    return any(key in refs for key in keys_of(event))


def _whole(value: object) -> int:
    """A whole number from the log (``True`` is none)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"an event is named by a whole number, not {value!r}")
    return value
