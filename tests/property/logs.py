"""A campaign's log built in a property test the way the use cases build it.

Events are appended in order with their ids and sequence numbers; one the rules refuse is left
out (nothing logged), and so is an undo that a later event depends on. ``live`` is the state
applied event by event, as the projections are kept; ``replayed()`` rebuilds it from the log,
as ``db check`` and undo do. The two must agree after any sequence.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from dicepool.errors import CampaignError, SheetError
from dicepool.sheet.events import Event, apply, replay, undo_event
from dicepool.sheet.state import CampaignState


def stored_as(event: Event, seq: int) -> Event:
    """``event`` stored at ``seq`` of its log, its id counted as a database shared with other
    logs counts it (never its seq): a rule that took one for the other is caught."""
    return replace(event, id=1000 + 7 * seq, seq=seq)


class Log:
    """A log under test and the live state beside it.

    Attributes:
        events: the log, numbered from 1 (its ids another count: :func:`stored_as`).
        live: the state after each event was applied in turn.
        fixed: how many events at the start no undo reaches (the campaign and its characters).
    """

    def __init__(self, start: Iterable[Event]) -> None:
        self.events = [stored_as(e, i) for i, e in enumerate(start, start=1)]
        self.live: CampaignState = replay(self.events)
        self.fixed = len(self.events)

    def append(self, event: Event) -> bool:
        """Apply and log ``event``; False (nothing logged) when the rules refuse it."""
        stored = stored_as(event, len(self.events) + 1)
        try:
            self.live = apply(self.live, stored)
        except SheetError:
            return False
        self.events.append(stored)
        return True

    def undo(self, back: int) -> bool:
        """Undo the event ``back`` places from the end (not one of the first); False when the
        log refuses the undo (a later event depends on it) or there is nothing to undo."""
        if len(self.events) <= self.fixed:
            return False
        target = self.events[-min(back, len(self.events) - self.fixed)]
        candidate = [*self.events, stored_as(undo_event(target), len(self.events) + 1)]
        try:
            self.live = replay(candidate)
        except CampaignError:
            return False
        self.events = candidate
        return True

    def replayed(self) -> CampaignState:
        """The state the whole log makes, replayed from its start."""
        return replay(self.events)
