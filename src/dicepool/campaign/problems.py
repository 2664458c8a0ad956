"""A problem a check of the log found, and the event it is in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    """Something wrong in the log, and the event it is in (if it is in one).

    Attributes:
        message: what is wrong.
        event: the event's id (None when it has none, or the problem is in no one event).
        seq: the event's sequence number in its log.
        entry: the event's place in the list checked (1, 2...), when it has neither id nor seq.
    """

    message: str
    event: int | None = None
    seq: int | None = None
    entry: int | None = None

    @property
    def where(self) -> str:
        """``event 12 (seq 40)``: the event as a reader finds it ("" for none)."""
        return named(self.event, self.seq, self.entry)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``verify --json``."""
        return {"event": self.event, "seq": self.seq, "message": self.message, "text": str(self)}


def named(event: int | None, seq: int | None, entry: int | None) -> str:
    if event is not None:
        return f"event {event}" + (f" (seq {seq})" if seq is not None else "")
    if seq is not None:
        return f"the event of seq {seq}"
    return f"entry {entry} of the events" if entry is not None else ""
