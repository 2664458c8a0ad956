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


# Stunts and Drawbacks carried forward (ruling 20)


@dataclass(frozen=True)
class StuntBought:
    """``stunt-bought``: a Stunt bought on logged roll ``event`` of ``character`` (its buyer),
    whose ``successes`` (the roll's stunt successes, copied from it) pay its ``level``; for the
    named ``adversary``'s next roll (a Complication or Difficulty Stunt) or the buyer's own
    (an Enhancement Stunt)."""

    event: int
    character: str
    effect: str
    level: int
    successes: int
    adversary: str | None = None
    what: str = ""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "event": self.event,
            "character": self.character,
            "effect": self.effect,
            "level": self.level,
            "successes": self.successes,
            "adversary": self.adversary,
            "what": self.what,
        }

    @classmethod
    def of(cls, data: Data) -> StuntBought:
        """The record of an event's data."""
        adversary = data.get("adversary")
        return cls(
            int(data["event"]),
            str(data["character"]),
            str(data["effect"]),
            int(data["level"]),
            int(data["successes"]),
            None if adversary is None else str(adversary),
            str(data.get("what") or ""),
        )


@dataclass(frozen=True)
class DrawbackCarried:
    """``drawback-carried``: the Drawback named on logged roll ``event`` of ``character``
    carried to a later roll: ``difficulty`` on the roller's own, ``enhancement`` on the named
    ``antagonist``'s."""

    event: int
    character: str
    effect: str
    level: int = 1
    antagonist: str | None = None
    what: str = ""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "event": self.event,
            "character": self.character,
            "effect": self.effect,
            "level": self.level,
            "antagonist": self.antagonist,
            "what": self.what,
        }

    @classmethod
    def of(cls, data: Data) -> DrawbackCarried:
        """The record of an event's data."""
        antagonist = data.get("antagonist")
        return cls(
            int(data["event"]),
            str(data["character"]),
            str(data["effect"]),
            int(data.get("level", 1)),
            None if antagonist is None else str(antagonist),
            str(data.get("what") or ""),
        )


@dataclass(frozen=True)
class CarriedUsed:
    """A roll's ``carried`` effect: the Stunts and Drawbacks it used up, each by its key
    (source, effect, level, holder, roll), in the order they were applied."""

    used: tuple[tuple[str | int, ...], ...]

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"used": [list(k) for k in self.used]}

    @classmethod
    def of(cls, data: Data) -> CarriedUsed:
        """The record of an effect's data."""
        return cls(tuple(tuple(k) for k in data["used"]))
