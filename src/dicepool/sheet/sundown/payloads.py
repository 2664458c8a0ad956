"""After Sundown's events as typed records (Edge, second chances, Initiative Passes, the Power
Reserve), each with one way to JSON (``data()``) and one back (``of(data)``); see
:mod:`dicepool.sheet.payloads`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dicepool.sheet.payloads import NO_DICE, Drawn
from dicepool.sheet.refs import EventRef, data_by_seq
from dicepool.sheet.sundown.edge import EdgeUse

Data = Mapping[str, Any]


@dataclass(frozen=True)
class EdgeSpent:
    """``edge-spent``: one Edge spent on an escape or another use (``purpose``, the data's
    ``for``: what it was for)."""

    character: str
    use: EdgeUse
    purpose: str = ""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "use": self.use.value, "for": self.purpose}

    @classmethod
    def of(cls, data: Data) -> EdgeSpent:
        """The record of an event's data."""
        return cls(str(data["character"]), EdgeUse(data["use"]), str(data.get("for", "")))


@dataclass(frozen=True)
class Rerolled:
    """``rerolled``: a second chance (ruling 1) on logged roll ``event``: one Edge spent,
    ``misses`` dice rolled again; ``result`` is the whole roll again (its record)."""

    event: EventRef
    character: str
    line: str
    numbers: str
    misses: int
    result: Mapping[str, Any]
    drawn: Drawn = NO_DICE

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "event": self.event.data(),
            "character": self.character,
            "line": self.line,
            "numbers": self.numbers,
            "misses": self.misses,
            "result": dict(self.result),
            **self.drawn.data(),
        }

    @classmethod
    def of(cls, data: Data) -> Rerolled:
        """The record of an event's data."""
        return cls(
            EventRef.of(data["event"]),
            str(data["character"]),
            str(data.get("line", "")),  # no reader needs them: an old event may lack them
            str(data.get("numbers", "")),
            int(data["misses"]),
            data["result"],
            Drawn.of(data),
        )

    def refs(self) -> tuple[EventRef, ...]:
        """The earlier events it names: the roll."""
        return (self.event,)

    @classmethod
    def by_seq(cls, data: Data, seqs: Mapping[int, int]) -> dict[str, Any]:
        """An event's data with the roll it names by seq (:meth:`EventRef.by_seq`)."""
        return data_by_seq(data, "event", seqs)


@dataclass(frozen=True)
class PassTaken:
    """``pass-taken``: an Initiative Pass, a normal one or (``edge``) an extra one for Edge;
    ``bonus``: the normal passes a power adds to the first."""

    character: str
    edge: bool = False
    bonus: int = 0

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "edge": self.edge, "bonus": self.bonus}

    @classmethod
    def of(cls, data: Data) -> PassTaken:
        """The record of an event's data."""
        return cls(str(data["character"]), bool(data.get("edge")), int(data.get("bonus", 0)))


@dataclass(frozen=True)
class PowerSpent:
    """``power-spent``: Power Points spent from the reserve."""

    character: str
    points: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "points": self.points}

    @classmethod
    def of(cls, data: Data) -> PowerSpent:
        """The record of an event's data."""
        return cls(str(data["character"]), int(data["points"]))


@dataclass(frozen=True)
class PowerRegained:
    """``power-regained``: Power Points regained, up to the reserve's maximum."""

    character: str
    points: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "points": self.points}

    @classmethod
    def of(cls, data: Data) -> PowerRegained:
        """The record of an event's data."""
        return cls(str(data["character"]), int(data["points"]))


# A roll's effects (in a ``rolled`` event's ``effects``)


@dataclass(frozen=True)
class EdgeOnRoll:
    """One Edge spend of a roll: its dice, or its second chance, each its roller's."""

    character: str
    use: EdgeUse

    def data(self) -> dict[str, object]:
        """The spend's data."""
        return {"character": self.character, "use": self.use.value}

    @classmethod
    def of(cls, data: Data) -> EdgeOnRoll:
        """The record of a spend's data."""
        return cls(str(data["character"]), EdgeUse(data["use"]))


@dataclass(frozen=True)
class EdgeSpends:
    """A roll's ``edge`` effect: the Edge it spent."""

    spends: tuple[EdgeOnRoll, ...]

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"spends": [s.data() for s in self.spends]}

    @classmethod
    def of(cls, data: Data) -> EdgeSpends:
        """The record of an effect's data."""
        return cls(tuple(EdgeOnRoll.of(s) for s in data["spends"]))


@dataclass(frozen=True)
class Resisted:
    """A roll's ``resist`` effect: a Resistance Test's free Edge (and a Soak roll's Armor);
    a record only, it changes no state."""

    character: str
    edge: int
    soak: bool = False
    armor: int = 0

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {
            "character": self.character,
            "edge": self.edge,
            "soak": self.soak,
            "armor": self.armor,
        }

    @classmethod
    def of(cls, data: Data) -> Resisted:
        """The record of an effect's data."""
        return cls(
            str(data["character"]),
            int(data["edge"]),
            bool(data.get("soak")),
            int(data.get("armor", 0)),
        )


@dataclass(frozen=True)
class Boosted:
    """``boosted``: a power raises a character's ``trait`` by ``dots`` above its maximum, from
    ``source``, for the scene (``scene``) or until ended; ``power``: Power Points it spent."""

    character: str
    trait: str
    dots: int
    source: str
    scene: bool = False
    power: int = 0

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "character": self.character,
            "trait": self.trait,
            "dots": self.dots,
            "source": self.source,
            "scene": self.scene,
            "power": self.power,
        }

    @classmethod
    def of(cls, data: Data) -> Boosted:
        """The record of an event's data."""
        return cls(
            str(data["character"]),
            str(data["trait"]),
            int(data["dots"]),
            str(data["source"]),
            bool(data.get("scene", False)),
            int(data.get("power", 0)),
        )


@dataclass(frozen=True)
class BoostEnded:
    """``boost-ended``: the boosts of ``source`` (on ``trait`` alone, when named) end."""

    character: str
    source: str
    trait: str | None = None

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "source": self.source, "trait": self.trait}

    @classmethod
    def of(cls, data: Data) -> BoostEnded:
        """The record of an event's data."""
        trait = data.get("trait")
        return cls(
            str(data["character"]), str(data["source"]), None if trait is None else str(trait)
        )
