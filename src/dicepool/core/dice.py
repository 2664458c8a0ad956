"""Where faces come from, and the record of one die.

The systems never call a random function: they ask a :class:`DiceSource` for faces, in the
order ruling 9 of the rules README fixes (the whole first pool left to right, then each batch of
extra dice, then any reroll as a new pool with its own batches). The same resolution code then
serves a random roll, a seeded roll, and faces a player rolled by hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from dicepool.errors import DiceError, NotEnoughDice


class DiceSource(Protocol):
    """Anything that hands out faces of dice on request."""

    def roll(self, sides: int, count: int) -> list[int]:
        """Return ``count`` faces of a ``sides``-sided die, each in 1..sides."""
        ...


class SystemDice:
    """Faces from the operating system's secure generator (the default at the table)."""

    def __init__(self) -> None:
        # random.SystemRandom reads os.urandom, as secrets does, without importing hmac.
        self._rng = random.SystemRandom()

    def roll(self, sides: int, count: int) -> list[int]:
        """Return ``count`` fresh faces of a ``sides``-sided die."""
        return [self._rng.randint(1, sides) for _ in range(count)]


class SeededDice:
    """Reproducible faces: the same seed gives the same roll."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int, count: int) -> list[int]:
        """Return the next ``count`` faces of a ``sides``-sided die."""
        return [self._rng.randint(1, sides) for _ in range(count)]


SHOWN_LEFTOVERS = 5
"""The most leftover faces an error message lists (it gives their count too)."""


class ForcedDice:
    """Faces given in advance (rolled by hand, or fixed by a test), consumed in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._used = 0

    def roll(self, sides: int, count: int) -> list[int]:
        """Hand out the next ``count`` faces, checking each is on the die.

        Raises:
            NotEnoughDice: fewer faces are left than the roll asks for now.
            DiceError: a face is not on a ``sides``-sided die.
        """
        left = len(self._faces) - self._used
        if count > left:
            more = count - left
            raise NotEnoughDice(
                f"{len(self._faces)} faces given, but the roll needs at least {more} more "
                f"(d{sides}); add them at the end, in the order rolled",
                needed=more,
            )
        faces = self._faces[self._used : self._used + count]
        for offset, face in enumerate(faces):
            if not 1 <= face <= sides:
                position = self._used + offset + 1
                raise DiceError(
                    f"face {face} (number {position}) is not on a d{sides}: use 1..{sides}"
                )
        self._used += count
        return faces

    def check_all_used(self) -> None:
        """Raise if faces are left over: a leftover face is almost always a typing slip.

        The message names the first few leftovers and their count, so it stays one short line
        however many faces were given.
        """
        extra = self._faces[self._used :]
        if extra:
            shown = ",".join(str(f) for f in extra[:SHOWN_LEFTOVERS])
            shown += ",..." if len(extra) > SHOWN_LEFTOVERS else ""
            raise DiceError(
                f"{len(self._faces)} faces given, but the roll used {self._used}; "
                f"remove the last {len(extra)} ({shown})"
            )


class Origin(StrEnum):
    """How a die came to be rolled."""

    ROLLED = "rolled"  # part of the pool as first rolled
    EXPLODED = "exploded"  # added because an earlier die showed an "again" face
    SPECIALTY = "specialty"  # classic: the extra die a specialty grants for a 10
    REROLLED = "rerolled"  # rote or Edge second chance: a new roll of a failed die
    CHANCE = "chance"  # the single chance die rolled when the pool is zero or less


@dataclass(frozen=True)
class Die:
    """One die of a roll and everything that happened to it.

    Attributes:
        face: the face it shows.
        origin: how it came to be rolled.
        roll: 0 for its roller's first roll, 1 for a reroll pool (rote, second chance).
        successes: successes (hits) its face is worth as rolled: 0, 1 or 2.
        exploded: its face added another die (10-again, specialty).
        rerolled: it was picked up and rolled again (rote, second chance).
        one: it is a 1 that counts against the roll (ones cancel, botch, dramatic failure).
        removed: how many of its successes the threshold removed.
        cancelled: how many of its successes a one cancelled.
        cancels: how many successes this one cancelled.
        discarded: it belongs to a roll the player did not keep (hubris rote), to a roll not
            applied (hubris teamwork), or to help that counts for nothing (storypath teamwork
            when the main roll has no success).
        roller: who rolled it: 0 the main roller, k the k-th storypath assistant or hubris
            team member in the order written.
    """

    face: int
    origin: Origin = Origin.ROLLED
    roll: int = 0
    successes: int = 0
    exploded: bool = False
    rerolled: bool = False
    one: bool = False
    removed: int = 0
    cancelled: int = 0
    cancels: int = 0
    discarded: bool = False
    roller: int = 0

    @property
    def standing(self) -> int:
        """Successes this die still contributes to the final count."""
        if self.discarded:
            return 0
        return self.successes - self.removed - self.cancelled

    def events(self) -> list[str]:
        """What happened to the die, as words for renderers and JSON."""
        flags = [
            ("exploded", self.exploded),
            ("rerolled", self.rerolled),
            ("one", self.one),
            ("removed", self.removed > 0),
            ("cancelled", self.cancelled > 0),
            ("cancels", self.cancels > 0),
            ("discarded", self.discarded),
        ]
        return [name for name, on in flags if on]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view of the die."""
        return {
            "face": self.face,
            "origin": self.origin.value,
            "roll": self.roll,
            "roller": self.roller,
            "successes": self.successes,
            "standing": self.standing,
            "events": self.events(),
        }
