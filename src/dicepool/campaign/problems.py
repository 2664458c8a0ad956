"""A problem a check of the log found, and the event it is in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    """Something wrong in the log, and the event it is in (if it is in one).

    Attributes:
        message: what is wrong.
        seq: the event's sequence number in its log: the number its table names it by
            (None when it has none, or the problem is in no one event).
        entry: the event's place in the list checked (1, 2...), when it has no seq.
    """

    message: str
    seq: int | None = None
    entry: int | None = None

    @property
    def where(self) -> str:
        """``event 12``: the event as a reader finds it ("" for none)."""
        return named(self.seq, self.entry)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``verify --json``."""
        return {"seq": self.seq, "message": self.message, "text": str(self)}


def named(seq: int | None, entry: int | None) -> str:
    """An event as a problem names it: by its sequence number (``event 12``), else by its
    place in the list checked; an export's ``id`` (written until exports named events by seq
    alone) is never read."""
    if seq is not None:
        return f"event {seq}"
    return f"entry {entry} of the events" if entry is not None else ""
