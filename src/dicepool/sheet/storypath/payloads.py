"""storypath's events as typed records (the table's players, Momentum spent, Legend
regained), each with one way to JSON (``data()``) and one back (``of(data)``); see
:mod:`dicepool.sheet.payloads`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dicepool.sheet.refs import EventRef, data_by_seq

Data = Mapping[str, Any]


@dataclass(frozen=True)
class PlayersSet:
    """``players-set``: how many players sit at the table (the pool holds twice as many);
    None: as many as the seated players, again."""

    players: int | None

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"players": self.players}

    @classmethod
    def of(cls, data: Data) -> PlayersSet:
        """The record of an event's data."""
        players = data["players"]
        return cls(None if players is None else int(players))


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
    earned_by: EventRef

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"character": self.character, "from": self.earned_by.data()}

    @classmethod
    def of(cls, data: Data) -> AdvantageUsed:
        """The record of an effect's data."""
        return cls(str(data["character"]), EventRef.of(data["from"]))

    @classmethod
    def by_seq(cls, data: Data, seqs: Mapping[int, int]) -> dict[str, Any]:
        """An effect's data with the roll it names by seq (:meth:`EventRef.by_seq`)."""
        return data_by_seq(data, "from", seqs)


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

    event: EventRef
    character: str
    effect: str
    level: int
    successes: int
    adversary: str | None = None
    what: str = ""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "event": self.event.data(),
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
            EventRef.of(data["event"]),
            str(data["character"]),
            str(data["effect"]),
            int(data["level"]),
            int(data["successes"]),
            None if adversary is None else str(adversary),
            str(data.get("what") or ""),
        )

    def refs(self) -> tuple[EventRef, ...]:
        """The earlier events it names: the roll."""
        return (self.event,)

    @classmethod
    def by_seq(cls, data: Data, seqs: Mapping[int, int]) -> dict[str, Any]:
        """An event's data with the roll it names by seq (:meth:`EventRef.by_seq`)."""
        return data_by_seq(data, "event", seqs)


@dataclass(frozen=True)
class DrawbackCarried:
    """``drawback-carried``: the Drawback named on logged roll ``event`` of ``character``
    carried to a later roll: ``difficulty`` on the roller's own, ``enhancement`` on the named
    ``antagonist``'s."""

    event: EventRef
    character: str
    effect: str
    level: int = 1
    antagonist: str | None = None
    what: str = ""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "event": self.event.data(),
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
            EventRef.of(data["event"]),
            str(data["character"]),
            str(data["effect"]),
            int(data.get("level", 1)),
            None if antagonist is None else str(antagonist),
            str(data.get("what") or ""),
        )

    def refs(self) -> tuple[EventRef, ...]:
        """The earlier events it names: the roll."""
        return (self.event,)

    @classmethod
    def by_seq(cls, data: Data, seqs: Mapping[int, int]) -> dict[str, Any]:
        """An event's data with the roll it names by seq (:meth:`EventRef.by_seq`)."""
        return data_by_seq(data, "event", seqs)


CarriedKey = tuple[str, str, int, str, EventRef]
"""A Stunt or a Drawback a roll used, as its ``carried`` effect names it: its source, effect,
level and holder, and the logged roll it came from."""


@dataclass(frozen=True)
class CarriedUsed:
    """A roll's ``carried`` effect: the Stunts and Drawbacks it used up, each by its key
    (:data:`CarriedKey`), in the order they were applied."""

    used: tuple[CarriedKey, ...]

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"used": [[*key[:4], key[4].data()] for key in self.used]}

    @classmethod
    def of(cls, data: Data) -> CarriedUsed:
        """The record of an effect's data."""
        return cls(tuple(_carried_key(k) for k in data["used"]))

    @classmethod
    def by_seqs(cls, keys: Iterable[tuple[str, str, int, str, int]]) -> CarriedUsed:
        """The effect of the Stunts and Drawbacks of these keys, each naming its roll by seq
        (:meth:`~dicepool.sheet.storypath.stunts.Carried.key`)."""
        return cls(tuple((s, e, n, h, EventRef(seq=roll)) for s, e, n, h, roll in keys))

    @classmethod
    def by_seq(cls, data: Data, seqs: Mapping[int, int]) -> dict[str, Any]:
        """An effect's data with the rolls it names by seq (:meth:`EventRef.by_seq`)."""
        used = [[*key[:4], EventRef.of(key[4]).by_seq(seqs).data()] for key in data["used"]]
        return {**data, "used": used}


def _carried_key(key: Sequence[Any]) -> CarriedKey:
    source, effect, level, holder, roll = key
    return str(source), str(effect), int(level), str(holder), EventRef.of(roll)


def effect_refs(effects: Mapping[str, Data]) -> tuple[EventRef, ...]:
    """The earlier rolls a roll's effects name: the one that gave the Advantage it uses, those
    that gave the Stunts and Drawbacks it takes."""
    found: list[EventRef] = []
    if "advantage" in effects:
        found.append(AdvantageUsed.of(effects["advantage"]).earned_by)
    if "carried" in effects:
        found.extend(key[4] for key in CarriedUsed.of(effects["carried"]).used)
    return tuple(found)


def effects_by_seq(effects: Mapping[str, Data], seqs: Mapping[int, int]) -> dict[str, Data]:
    """A roll's effects with the earlier rolls they name by seq (:meth:`EventRef.by_seq`)."""
    found = dict(effects)
    if "advantage" in found:
        found["advantage"] = AdvantageUsed.by_seq(found["advantage"], seqs)
    if "carried" in found:
        found["carried"] = CarriedUsed.by_seq(found["carried"], seqs)
    return found
