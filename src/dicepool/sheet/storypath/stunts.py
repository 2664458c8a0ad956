"""Storypath's Stunts and Drawbacks carried forward (ruling 20), as pure values.

The text's three basic Stunts are bought with a roll's threshold successes once every
Complication is bought off: a *Complication Stunt* "create[s] a complication for adversaries",
an *Enhancement Stunt* provides "an Enhancement you can use for another related action", a
*Difficulty Stunt* "increases Difficulty for adversaries in a related response action". Two of
the Drawbacks table's rows affect later actions too: "Increase the Difficulty of another action"
and "Antagonists get a free Enhancement bonus against you" (the third, "Add a Complication", is
the roll's own: its line writes it).

What is bought or named on a logged roll stays with the table (:class:`Carries`) until used:

- an Enhancement Stunt waits for its buyer's next related roll that names it (``--stunt ROLL``,
  the logged roll it was bought on) and adds its level as Enhancement;
- a Complication or Difficulty Stunt goes to the named adversary's next roll by itself: a
  Complication of its level, or its level more Difficulty;
- a Drawback's Difficulty goes to the roller's own next roll, its Enhancement to the named
  antagonist's next roll, by themselves.

Choices where the texts are silent: a Stunt of level N costs N of the roll's stunt successes,
and several may be bought on one roll while they last; a level is 1..5, the tables' range; a
Drawback carried is level 1 unless the table says more, one a roll (the roll names one).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.traits import check_name, name_key

MAX_LEVEL = 5
"""The highest level of a Stunt or a Drawback carried: the text's tables stop at 5, Extreme."""

MAX_PENDING = 50
"""The most Stunts and Drawbacks a table keeps waiting at once."""

MAX_WHAT = 100
"""The longest description of what a Stunt or a Drawback is, in characters."""


class Effect(StrEnum):
    """What a Stunt or a Drawback adds to the roll it waits for."""

    ENHANCEMENT = "enhancement"
    COMPLICATION = "complication"
    DIFFICULTY = "difficulty"


class Source(StrEnum):
    """Where what waits came from."""

    STUNT = "stunt"
    DRAWBACK = "drawback"


@dataclass(frozen=True)
class Carried:
    """A Stunt or a Drawback waiting for the roll it applies to.

    Attributes:
        source: a Stunt bought, or a Drawback named, on the logged roll ``roll``.
        effect: what it adds to that roll.
        level: how much (an Enhancement's successes, a Complication's rating, Difficulty).
        holder: whose roll it goes to (the buyer's, or the named adversary's).
        roll: the logged roll it came from, by its seq (the number a roll names with
            ``--stunt``).
        by: whose roll that was.
        what: the table's words for it ("" for none).
    """

    source: Source
    effect: Effect
    level: int
    holder: str
    roll: int
    by: str
    what: str = ""

    @property
    def named(self) -> bool:
        """Whether it waits for its holder's roll to name it (an Enhancement Stunt); any other
        goes to the holder's next roll by itself."""
        return self.source is Source.STUNT and self.effect is Effect.ENHANCEMENT

    @property
    def label(self) -> str:
        """``Difficulty Stunt 2``, ``Drawback: Enhancement 1``."""
        if self.source is Source.STUNT:
            return f"{self.effect.value.title()} Stunt {self.level}"
        return f"Drawback: {self.effect.value.title()} {self.level}"

    def to_dict(self) -> dict[str, object]:
        """What waits, as JSON."""
        return {
            "source": self.source.value,
            "effect": self.effect.value,
            "level": self.level,
            "holder": self.holder,
            "roll": self.roll,
            "by": self.by,
            "what": self.what,
            "named": self.named,
        }

    def stored(self) -> list[object]:
        """As the story keeps it (read back by :func:`stored_carries`)."""
        source, effect = self.source.value, self.effect.value
        return [source, effect, self.level, self.holder, self.roll, self.by, self.what]

    def key(self) -> tuple[str, str, int, str, int]:
        """What a roll that used it records: enough to take the same one off on replay."""
        return (self.source.value, self.effect.value, self.level, self.holder, self.roll)


@dataclass(frozen=True)
class Carries:
    """A campaign's Stunts and Drawbacks carried forward.

    Attributes:
        pending: those waiting, oldest first.
        spent: each logged roll's stunt successes spent on Stunts (roll, successes), so a
            roll's successes buy no more than they are, whenever they are spent.
        drawn: the logged rolls whose Drawback is carried (one a roll).

    Every roll is named by its seq.
    """

    pending: tuple[Carried, ...] = ()
    spent: tuple[tuple[int, int], ...] = ()
    drawn: tuple[int, ...] = ()

    def of(self, holder: str) -> tuple[Carried, ...]:
        """What waits for ``holder``'s rolls, oldest first."""
        key = name_key(holder)
        return tuple(c for c in self.pending if name_key(c.holder) == key)

    def spent_on(self, roll: int) -> int:
        """The stunt successes of logged roll ``roll`` spent on Stunts so far."""
        return sum(n for r, n in self.spent if r == roll)

    def to_dict(self) -> list[dict[str, object]]:
        """What waits, as JSON, oldest first."""
        return [c.to_dict() for c in self.pending]

    def stored(self) -> dict[str, object]:
        """As the story keeps them (read back by :func:`stored_carries`)."""
        return {
            "pending": [c.stored() for c in self.pending],
            "spent": [list(s) for s in self.spent],
            "drawn": list(self.drawn),
        }


def stored_carries(data: dict[str, Any]) -> Carries:
    """Carries from :meth:`Carries.stored`'s JSON (an empty mapping: none)."""
    pending = tuple(
        Carried(Source(s), Effect(e), int(n), str(h), int(r), str(b), str(w))
        for s, e, n, h, r, b, w in data.get("pending", [])
    )
    spent = tuple((int(r), int(n)) for r, n in data.get("spent", []))
    return Carries(pending, spent, tuple(int(r) for r in data.get("drawn", [])))


def _level(level: int) -> None:
    if not 1 <= level <= MAX_LEVEL:
        raise SheetError(f"a Stunt or a Drawback carried is level 1..{MAX_LEVEL}, not {level}")


def _what(what: str) -> str:
    tidy = " ".join(what.split())
    if len(tidy) > MAX_WHAT:
        raise SheetError(f"say what it is in at most {MAX_WHAT} characters, not {len(tidy)}")
    return tidy


def _room(carries: Carries) -> None:
    if len(carries.pending) >= MAX_PENDING:
        raise SheetError(f"{MAX_PENDING} Stunts and Drawbacks wait already: use some first")


def _other(who: str | None, roller: str, what: str) -> str:
    """The adversary or antagonist ``what`` names: someone, and not the roller."""
    if who is None:
        raise SheetError(f"{what} goes to an adversary's roll: name them (--on NAME)")
    named = check_name(who, "character")
    if name_key(named) == name_key(roller):
        raise SheetError(f"{what} goes to an adversary's roll, not {roller}'s own")
    return named


def buy_stunt(
    carries: Carries,
    roll: int,
    buyer: str,
    successes: int,
    effect: Effect,
    level: int,
    adversary: str | None = None,
    what: str = "",
) -> Carries:
    """The carries with a Stunt of ``level`` bought on logged roll ``roll`` of ``buyer``,
    whose stunt successes were ``successes``: an Enhancement Stunt for the buyer's own later
    roll, a Complication or Difficulty Stunt for the named ``adversary``'s next roll.

    Raises:
        SheetError: a level out of 1..5; the roll's stunt successes left too few (a Stunt
            costs its level); an adversary missing (or the buyer) for a Complication or
            Difficulty Stunt, or named for an Enhancement Stunt; too many waiting.
    """
    _level(level)
    if effect is Effect.ENHANCEMENT:
        if adversary is not None:
            raise SheetError("an Enhancement Stunt is for the buyer's own related action: no --on")
        holder = check_name(buyer, "character")
    else:
        holder = _other(adversary, buyer, f"a {effect.value.title()} Stunt")
    left = successes - carries.spent_on(roll)
    if level > left:
        raise SheetError(
            f"event {roll} has {max(left, 0)} stunt success{'es' if left != 1 else ''} left "
            f"(of {successes}): a Stunt of level {level} costs {level}"
        )
    _room(carries)
    bought = Carried(Source.STUNT, effect, level, holder, roll, buyer, _what(what))
    spent = tuple((r, n) for r, n in carries.spent if r != roll)
    return replace(
        carries,
        pending=(*carries.pending, bought),
        spent=(*spent, (roll, carries.spent_on(roll) + level)),
    )


def carry_drawback(
    carries: Carries,
    roll: int,
    roller: str,
    effect: Effect,
    level: int = 1,
    antagonist: str | None = None,
    what: str = "",
) -> Carries:
    """The carries with the Drawback named on logged roll ``roll`` carried forward: more
    Difficulty on ``roller``'s own next roll ("increase the Difficulty of another action"), or
    an Enhancement on the named ``antagonist``'s next roll ("antagonists get a free Enhancement
    bonus against you").

    Raises:
        SheetError: the roll's Drawback is carried already; a Complication (the roll's own);
            an antagonist missing or named where none is; a level out of 1..5.
    """
    _level(level)
    if roll in carries.drawn:
        raise SheetError(f"the Drawback of event {roll} is carried already: one a roll")
    if effect is Effect.COMPLICATION:
        raise SheetError(
            "a Drawback's Complication is the roll's own, not a later action's: write it on "
            "the roll's line (comp N)"
        )
    if effect is Effect.DIFFICULTY:
        if antagonist is not None:
            raise SheetError("a Drawback's Difficulty is on the roller's own next action: no --on")
        holder = check_name(roller, "character")
    else:
        holder = _other(antagonist, roller, "a Drawback's free Enhancement")
    _room(carries)
    named = Carried(Source.DRAWBACK, effect, level, holder, roll, roller, _what(what))
    return replace(carries, pending=(*carries.pending, named), drawn=(*carries.drawn, roll))


def named_stunt(carries: Carries, holder: str, roll: int) -> Carried:
    """``holder``'s Enhancement Stunt bought on logged roll ``roll``, which a roll names.

    Raises:
        SheetError: none waits; the message lists the holder's.
    """
    theirs = [c for c in carries.of(holder) if c.named]
    found = next((c for c in theirs if c.roll == roll), None)
    if found is None:
        held = ", ".join(f"event {c.roll} ({c.label})" for c in theirs) or "none"
        raise SheetError(f"{holder} has no Enhancement Stunt from event {roll}; theirs: {held}")
    return found


def coming(carries: Carries, holder: str) -> tuple[Carried, ...]:
    """What goes to ``holder``'s next roll by itself (every one not waiting to be named)."""
    return tuple(c for c in carries.of(holder) if not c.named)


def use(carries: Carries, used: Iterable[tuple[str, str, int, str, int]]) -> Carries:
    """The carries without those a roll used (each by its :meth:`Carried.key`).

    Raises:
        SheetError: one of them does not wait (a log that no longer fits).
    """
    pending = list(carries.pending)
    for key in used:
        found = next((c for c in pending if c.key() == key), None)
        if found is None:
            raise SheetError(f"no Stunt or Drawback {key} waits to be used")
        pending.remove(found)
    return replace(carries, pending=tuple(pending))
