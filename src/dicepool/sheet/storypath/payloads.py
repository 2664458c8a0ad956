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


# A roll's effects (in a ``rolled`` event's ``effects``)


@dataclass(frozen=True)
class MomentumDice:
    """A roll's ``momentum`` effect: Momentum spent from the pool, a die each."""

    points: int

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"points": self.points}

    @classmethod
    def of(cls, data: Data) -> MomentumDice:
        """The record of an effect's data."""
        return cls(int(data["points"]))


@dataclass(frozen=True)
class FeatInvoked:
    """A roll's ``feat`` effect: a Feat of Scale, ``within`` the Legendary Title (``title``)
    or outside it (``calling``)."""

    character: str
    within: str

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"character": self.character, "within": self.within}

    @classmethod
    def of(cls, data: Data) -> FeatInvoked:
        """The record of an effect's data."""
        return cls(str(data["character"]), str(data["within"]))


@dataclass(frozen=True)
class AdvantageUsed:
    """A roll's ``advantage`` effect: the roller's Unlooked-for Advantage earned by event
    ``earned_by`` (the data's ``from``), used up."""

    character: str
    earned_by: int

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"character": self.character, "from": self.earned_by}

    @classmethod
    def of(cls, data: Data) -> AdvantageUsed:
        """The record of an effect's data."""
        return cls(str(data["character"]), int(data["from"]))


@dataclass(frozen=True)
class Consoled:
    """A roll's ``consolation`` effect: a failure's Consolation (``choice``) and its Momentum
    figure; ``refused``: the choice a botch refused; ``character`` and ``what`` (an
    Advantage's words) when the choice is not Momentum; ``lost``: the Momentum of it the pool
    could not hold (full, or its size unknown), recorded when some was (older rolls: 0)."""

    choice: str
    points: int
    refused: str | None = None
    character: str | None = None
    what: str | None = None
    lost: int = 0

    def data(self) -> dict[str, object]:
        """The effect's data."""
        found: dict[str, object] = {"choice": self.choice, "points": self.points}
        if self.refused is not None:
            found["refused"] = self.refused
        if self.character is not None:
            found["character"] = self.character
        if self.what is not None:
            found["what"] = self.what
        if self.lost:
            found["lost"] = self.lost
        return found

    @classmethod
    def of(cls, data: Data) -> Consoled:
        """The record of an effect's data."""
        refused, character, what = data.get("refused"), data.get("character"), data.get("what")
        return cls(
            str(data["choice"]),
            int(data["points"]),
            None if refused is None else str(refused),
            None if character is None else str(character),
            None if what is None else str(what),
            int(data.get("lost", 0)),
        )


@dataclass(frozen=True)
class DrawbackNamed:
    """A roll's ``drawback`` effect: the Drawback an Enhancement above 3 comes with (a record
    only)."""

    character: str | None
    text: str | None

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"character": self.character, "text": self.text}

    @classmethod
    def of(cls, data: Data) -> DrawbackNamed:
        """The record of an effect's data."""
        character, text = data.get("character"), data["text"]
        return cls(
            None if character is None else str(character), None if text is None else str(text)
        )
