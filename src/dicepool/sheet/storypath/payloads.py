"""storypath's events as typed records (the table's players, Momentum spent, Legend
regained), each with one way to JSON (``data()``) and one back (``of(data)``); see
:mod:`dicepool.sheet.payloads`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Data = Mapping[str, Any]


@dataclass(frozen=True)
class PlayersSet:
    """``players-set``: how many players sit at the table (the pool holds twice as many)."""

    players: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"players": self.players}

    @classmethod
    def of(cls, data: Data) -> PlayersSet:
        """The record of an event's data."""
        return cls(int(data["players"]))


@dataclass(frozen=True)
class MomentumSpent:
    """``momentum-spent``: Momentum spent on something else than dice (a Knack...);
    ``purpose`` (the data's ``for``) says on what."""

    points: int
    purpose: str = ""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"points": self.points, "for": self.purpose}

    @classmethod
    def of(cls, data: Data) -> MomentumSpent:
        """The record of an event's data."""
        return cls(int(data["points"]), str(data.get("for") or ""))


@dataclass(frozen=True)
class LegendRegained:
    """``legend-regained``: Legend points back to a character, within its rating."""

    character: str
    points: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "points": self.points}

    @classmethod
    def of(cls, data: Data) -> LegendRegained:
        """The record of an event's data."""
        return cls(str(data["character"]), int(data["points"]))
