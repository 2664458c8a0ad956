"""The Act of Hubris's events as typed records (harm and healing, ruling 13; Willpower and
conscience, ruling 14), each with one way to JSON (``data()``) and one back (``of(data)``);
see :mod:`dicepool.sheet.payloads`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from dicepool.sheet.health import Wound
from dicepool.sheet.payloads import NO_DICE, Drawn, RuleRoll, rolls_data, rolls_of

Data = Mapping[str, Any]


def _wound(text: object) -> Wound:
    return Wound[str(text).upper()]


@dataclass(frozen=True)
class Damaged:
    """``damaged``: points of a kind of damage dealt to a character's Health track.

    Attributes:
        character: who takes it.
        points: the damage dealt, after every other effect and cap.
        wound: its kind.
        resistant: resistant wounds (time heals them, at the base rate only).
        treatable: resistant wounds that are treatable injuries (care downgrades them).
        mitigated: the character spent a Willpower point to take one point off (ruling 21):
            ``points`` - 1 are dealt.
    """

    character: str
    points: int
    wound: Wound
    resistant: bool = False
    treatable: bool = False
    mitigated: bool = False

    @property
    def dealt(self) -> int:
        """The points that reach the track: one fewer when mitigated."""
        return self.points - self.mitigated

    def data(self) -> dict[str, object]:
        """The event's data (``treatable`` and ``mitigated`` only when set, so the events
        logged before them read and write back the same)."""
        return {
            "character": self.character,
            "points": self.points,
            "wound": str(self.wound),
            "resistant": self.resistant,
            **({"treatable": True} if self.treatable else {}),
            **({"mitigated": True} if self.mitigated else {}),
        }

    @classmethod
    def of(cls, data: Data) -> Damaged:
        """The record of an event's data."""
        return cls(
            str(data["character"]),
            int(data["points"]),
            _wound(data["wound"]),
            bool(data.get("resistant", False)),
            bool(data.get("treatable", False)),
            bool(data.get("mitigated", False)),
        )


@dataclass(frozen=True)
class Healed:
    """``healed``: medical care or a power heals points (of a kind, when named); a point that
    reaches a resistant, treatable wound takes it a step down instead (``downgraded``, noted
    when logged: the sheet's rule decides it again on replay)."""

    character: str
    points: int
    wound: Wound | None = None
    downgraded: int = 0  # of the points, those that took a resistant wound a step down

    def data(self) -> dict[str, object]:
        """The event's data (``downgraded`` only when some were: an older log has none)."""
        wound = str(self.wound) if self.wound is not None else None
        found: dict[str, object] = {"character": self.character, "points": self.points}
        found["wound"] = wound
        if self.downgraded:
            found["downgraded"] = self.downgraded
        return found

    @classmethod
    def of(cls, data: Data) -> Healed:
        """The record of an event's data."""
        wound = _wound(data["wound"]) if data.get("wound") else None
        downgraded = int(data.get("downgraded", 0))
        return cls(str(data["character"]), int(data["points"]), wound, downgraded)


@dataclass(frozen=True)
class Stabilized:
    """``stabilized``: the bleeding of a lethal wound in the last box stops."""

    character: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character}

    @classmethod
    def of(cls, data: Data) -> Stabilized:
        """The record of an event's data."""
        return cls(str(data["character"]))


@dataclass(frozen=True)
class Mitigated:
    """``mitigated``: a Willpower point spent to take one effective success off an uncontested
    attack or hazard (damage is mitigated on its ``damaged`` event, ruling 21)."""

    character: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character}

    @classmethod
    def of(cls, data: Data) -> Mitigated:
        """The record of an event's data."""
        return cls(str(data["character"]))


@dataclass(frozen=True)
class Vice:
    """``vice``: a Willpower point for pursuing the character's Vice, once a scene."""

    character: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character}

    @classmethod
    def of(cls, data: Data) -> Vice:
        """The record of an event's data."""
        return cls(str(data["character"]))


@dataclass(frozen=True)
class Virtue:
    """``virtue``: every Willpower point and a lost dot, once a session."""

    character: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character}

    @classmethod
    def of(cls, data: Data) -> Virtue:
        """The record of an event's data."""
        return cls(str(data["character"]))


@dataclass(frozen=True)
class Degenerated:
    """``degenerated``: after a failed crisis roll, Morality down one, Willpower regained."""

    character: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character}

    @classmethod
    def of(cls, data: Data) -> Degenerated:
        """The record of an event's data."""
        return cls(str(data["character"]))


@dataclass(frozen=True)
class SoulLost:
    """``soul-lost``: the character's soul is taken."""

    character: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character}

    @classmethod
    def of(cls, data: Data) -> SoulLost:
        """The record of an event's data."""
        return cls(str(data["character"]))


@dataclass(frozen=True)
class SoulRestored:
    """``soul-restored``: the soul is back."""

    character: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character}

    @classmethod
    def of(cls, data: Data) -> SoulRestored:
        """The record of an event's data."""
        return cls(str(data["character"]))


@dataclass(frozen=True)
class Rested:
    """``rested``: a night's sleep: a point, or in crisis the crisis roll (ruling 14); the story
    ``minutes`` that pass with it and the boundary of play they begin (ruling 17). A rest logged
    before ruling 17 has ``minutes`` None: no time passed with it, and it set no night's
    spacing."""

    character: str
    rolls: tuple[RuleRoll, ...] = ()
    drawn: Drawn = NO_DICE
    minutes: int | None = None
    begins: str | None = None

    def data(self) -> dict[str, object]:
        """The event's data."""
        found: dict[str, object] = {"character": self.character}
        if self.minutes is not None:  # absent in a rest of before ruling 17
            found["minutes"] = self.minutes
        if self.begins is not None:
            found["begins"] = self.begins
        return {**found, "rolls": rolls_data(self.rolls), **self.drawn.data()}

    def with_dice(self, rolls: tuple[RuleRoll, ...], drawn: Drawn) -> Rested:
        """The event with the rolls its rule made, and where their dice came from."""
        return replace(self, rolls=rolls, drawn=drawn)

    @classmethod
    def of(cls, data: Data) -> Rested:
        """The record of an event's data."""
        minutes, begins = data.get("minutes"), data.get("begins")
        return cls(
            str(data["character"]),
            rolls_of(data),
            Drawn.of(data),
            None if minutes is None else int(minutes),
            None if begins is None else str(begins),
        )


@dataclass(frozen=True)
class Atoned:
    """``atoned``: the end-of-scene crisis roll of a character who confronts the crime
    (``strides``: one who makes great strides)."""

    character: str
    strides: bool = False
    rolls: tuple[RuleRoll, ...] = ()
    drawn: Drawn = NO_DICE

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "character": self.character,
            "strides": self.strides,
            "rolls": rolls_data(self.rolls),
            **self.drawn.data(),
        }

    def with_dice(self, rolls: tuple[RuleRoll, ...], drawn: Drawn) -> Atoned:
        """The event with the rolls its rule made, and where their dice came from."""
        return replace(self, rolls=rolls, drawn=drawn)

    @classmethod
    def of(cls, data: Data) -> Atoned:
        """The record of an event's data."""
        strides = bool(data.get("strides", False))
        return cls(str(data["character"]), strides, rolls_of(data), Drawn.of(data))


@dataclass(frozen=True)
class IntimacyRolled:
    """``intimacy-rolled``: a point spent defending an Intimacy; Morality rolled."""

    character: str
    intimacy: str
    rolls: tuple[RuleRoll, ...] = ()
    drawn: Drawn = NO_DICE

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "character": self.character,
            "intimacy": self.intimacy,
            "rolls": rolls_data(self.rolls),
            **self.drawn.data(),
        }

    def with_dice(self, rolls: tuple[RuleRoll, ...], drawn: Drawn) -> IntimacyRolled:
        """The event with the rolls its rule made, and where their dice came from."""
        return replace(self, rolls=rolls, drawn=drawn)

    @classmethod
    def of(cls, data: Data) -> IntimacyRolled:
        """The record of an event's data."""
        return cls(str(data["character"]), str(data["intimacy"]), rolls_of(data), Drawn.of(data))


@dataclass(frozen=True)
class Sinned:
    """``sinned``: the character becomes aware of a sin (a crime at or below Morality)."""

    character: str
    rating: int
    what: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "rating": self.rating, "what": self.what}

    @classmethod
    def of(cls, data: Data) -> Sinned:
        """The record of an event's data."""
        return cls(str(data["character"]), int(data["rating"]), str(data["what"]))


@dataclass(frozen=True)
class IntimacyAdded:
    """``intimacy-added``: a new Intimacy, at most Resolve + 3."""

    character: str
    intimacy: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "intimacy": self.intimacy}

    @classmethod
    def of(cls, data: Data) -> IntimacyAdded:
        """The record of an event's data."""
        return cls(str(data["character"]), str(data["intimacy"]))


@dataclass(frozen=True)
class IntimacyRemoved:
    """``intimacy-removed``: an Intimacy let go."""

    character: str
    intimacy: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "intimacy": self.intimacy}

    @classmethod
    def of(cls, data: Data) -> IntimacyRemoved:
        """The record of an event's data."""
        return cls(str(data["character"]), str(data["intimacy"]))


@dataclass(frozen=True)
class WillpowerLost:
    """``willpower-lost``: stress takes Willpower dots."""

    character: str
    dots: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "dots": self.dots}

    @classmethod
    def of(cls, data: Data) -> WillpowerLost:
        """The record of an event's data."""
        return cls(str(data["character"]), int(data["dots"]))


@dataclass(frozen=True)
class NatureSet:
    """``nature-set``: a character is a supernatural creature (its power ``trait`` named) or
    mortal (None)."""

    character: str
    trait: str | None = None

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": self.character, "trait": self.trait}

    @classmethod
    def of(cls, data: Data) -> NatureSet:
        """The record of an event's data."""
        trait = data.get("trait")
        return cls(str(data["character"]), None if trait is None else str(trait))


# A roll's effect (in a ``rolled`` event's ``effects``)


@dataclass(frozen=True)
class WillpowerSpend:
    """A roll's ``willpower`` effect: the roller's Willpower point (three dice, rote)."""

    character: str

    def data(self) -> dict[str, object]:
        """The effect's data."""
        return {"character": self.character}

    @classmethod
    def of(cls, data: Data) -> WillpowerSpend:
        """The record of an effect's data."""
        return cls(str(data["character"]))


@dataclass(frozen=True)
class ConflictLost:
    """``conflict-lost``: a contest of ``arena`` (mental, physical, social) lost by a character
    in the current conflict (ruling 22); also a contest roll's ``conflict`` effect, naming
    its loser."""

    character: str
    arena: str

    def data(self) -> dict[str, object]:
        """The event's (or the effect's) data."""
        return {"character": self.character, "arena": self.arena}

    @classmethod
    def of(cls, data: Data) -> ConflictLost:
        """The record of an event's data."""
        return cls(str(data["character"]), str(data["arena"]))


@dataclass(frozen=True)
class ConflictEnded:
    """``conflict-ended``: the storyteller ends the current conflict: no loss counted."""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {}

    @classmethod
    def of(cls, _data: Data) -> ConflictEnded:
        """The record of an event's data."""
        return cls()
