"""A character sheet: traits with ratings, specialties, and the pure changes made to them.

A :class:`Character` is a frozen record. Changes are written the way players say them,
``"Dexterity=3 Stealth+=1 Firearms (Sniping)"``, read by :func:`parse_changes`, and made by
:func:`change`, which returns a new sheet or refuses the whole update with the rule it breaks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from dicepool.errors import SheetError
from dicepool.sheet.hubris.conscience import check_intimacies, check_morality_gain
from dicepool.sheet.status import POWER, Status, rerated, retracked
from dicepool.sheet.traits import check_name, name_key, sheet_rules

MAX_CHANGES = 100
"""The most changes one update may make (a whole sheet is a few dozen)."""

MAX_DIGITS = 6
"""The most digits a rating in a change may have (the highest limit is two)."""

MAX_SPECIALTIES = 20
"""The most specialties one trait may hold."""

MAX_TRAITS = 200
"""The most traits one sheet may hold."""

Op = Literal["=", "+", "-"]


@dataclass(frozen=True)
class Character:
    """A character sheet.

    Attributes:
        name: the character's name, as the table writes it.
        system: the system of the campaign the character belongs to.
        player: who plays the character (None: the storyteller's).
        traits: each trait's rating, by its name as first written (attributes first).
        specialties: each trait's specialties, by trait name.
        status: what the character carries between rolls (wounds...), beside the ratings.
        notes: the table's free text about the character (see :mod:`dicepool.sheet.edit`).
    """

    name: str
    system: str
    player: str | None = None
    traits: Mapping[str, int] = field(default_factory=dict)
    specialties: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    status: Status = field(default_factory=Status)
    notes: str = ""

    def __hash__(self) -> int:  # frozen in use: its mappings are never changed in place
        traits = tuple(self.traits.items())
        return hash((self.name, self.system, self.player, traits, self.status, self.notes))

    def stored(self) -> dict[str, object]:
        """The sheet and its status, as a projection keeps them."""
        status = self.status.stored()
        return {**self.to_dict(), "status": status} if status else self.to_dict()

    def to_dict(self) -> dict[str, object]:
        """The sheet as plain JSON data: name, system, player, traits, specialties, notes."""
        return {
            "name": self.name,
            "system": self.system,
            "player": self.player,
            "traits": dict(self.traits),
            "specialties": {t: list(s) for t, s in self.specialties.items()},
            "notes": self.notes,
        }


@dataclass(frozen=True)
class Change:
    """Set a trait (``=``) or move it up (``+``) or down (``-``) by ``value``."""

    trait: str
    op: Op
    value: int

    def __str__(self) -> str:
        return f"{self.trait}{'' if self.op == '=' else self.op}={self.value}"


@dataclass(frozen=True)
class SpecialtyChange:
    """Add a specialty to a trait, or take it away (``add=False``)."""

    trait: str
    specialty: str
    add: bool = True

    def __str__(self) -> str:
        return f"{self.trait} ({'' if self.add else '-'}{self.specialty})"


AnyChange = Change | SpecialtyChange

_ITEM = re.compile(
    r"\s*(?P<trait>[^=+()\-,0-9\s][^=+()]*?)\s*"
    r"(?:(?P<op>[+-]?=)\s*(?P<value>[+-]?\d+)(?:\s*\((?P<specs>[^()]*)\))?"
    r"|\((?P<only>[^()]*)\))\s*,?"
)


def parse_changes(text: str) -> tuple[AnyChange, ...]:
    """Read changes written as ``"Dexterity=3 Stealth+=1 Firearms=4 (Sniping, Pistols)"``.

    ``Trait=N`` sets a rating, ``Trait+=N`` and ``Trait-=N`` move it, ``Trait (Specialty)`` adds
    specialties (``(-Specialty)`` takes one away). Names may hold spaces (``Animal Ken=2``).

    Raises:
        SheetError: the text is not changes, naming the part at fault.
    """
    changes: list[AnyChange] = []
    at = 0
    text = text.strip()
    while at < len(text):
        match = _ITEM.match(text, at)
        if match is None:
            rest = text[at:].strip()
            raise SheetError(
                f"cannot read `{rest[:30]}` as a change: write Trait=N, Trait+=N, Trait-=N or "
                "Trait (Specialty), e.g. `Dexterity=3 Stealth=2 Firearms (Sniping)`"
            )
        changes.extend(_item(match))
        at = match.end()
    if not changes:
        raise SheetError("no change given: write e.g. `Dexterity=3 Stealth=2`")
    if len(changes) > MAX_CHANGES:
        raise SheetError(f"{len(changes)} changes at once is over the limit of {MAX_CHANGES}")
    return tuple(changes)


def _item(match: re.Match[str]) -> list[AnyChange]:
    trait = check_name(match["trait"], "trait")
    found: list[AnyChange] = []
    if match["op"] and len(match["value"].lstrip("+-")) > MAX_DIGITS:
        raise SheetError(f"{trait}: a rating has at most {MAX_DIGITS} digits")
    if match["op"]:
        op: Op = "=" if match["op"] == "=" else match["op"][0]  # type: ignore[assignment]
        found.append(Change(trait, op, int(match["value"])))
    specs = match["specs"] if match["op"] else match["only"]
    for spec in (specs or "").split(","):
        if spec.strip():
            add = not spec.strip().startswith("-")
            name = check_name(spec.strip().removeprefix("-"), "specialty")
            found.append(SpecialtyChange(trait, name, add))
    if specs is not None and len(found) == (1 if match["op"] else 0):
        raise SheetError(f"`{trait} ()` names no specialty: write e.g. `{trait} (Sniping)`")
    return found


def new_character(name: str, system: str, player: str | None = None) -> Character:
    """A new sheet: the system's named traits at their start values, nothing else."""
    name = check_name(name, "character")
    player = check_name(player, "player") if player is not None else None
    return Character(name, system, player, sheet_rules(system).start(), {})


def change(character: Character, changes: Iterable[AnyChange]) -> Character:
    """The sheet after ``changes``, made in order; every limit is checked on the result.

    Raises:
        SheetError: a change the rules refuse (a rating outside its limit, a specialty not on
            the sheet); no change is made.
    """
    traits = dict(character.traits)
    specialties = {t: list(s) for t, s in character.specialties.items()}
    for item in changes:
        name = character_trait(traits, check_name(item.trait, "trait"))
        if character.system == "sundown" and name_key(name) == name_key(POWER):
            raise SheetError(
                f"the Power Reserve is not a trait of the sheet: its points are "
                f"{character.name}'s state (ruling 19); `dicepool power {character.name} "
                "regain N` fills it and `power ... spend N` spends it"
            )
        if isinstance(item, Change):
            now = traits.get(name, 0)
            traits[name] = {"=": item.value, "+": now + item.value, "-": now - item.value}[item.op]
        else:
            _change_specialty(specialties, name, item)
            traits.setdefault(name, 0)
    check_sheet(character.system, traits, specialties)
    kept = {t: tuple(s) for t, s in specialties.items() if s}
    status = rerated(character.status, character.traits, traits)
    status = retracked(status, character.system, traits)
    if status.conscience is not None:  # a soulless character gains no Morality
        check_morality_gain(
            status.conscience, character.traits.get("Morality", 0), traits.get("Morality", 0)
        )
        if character.system == "hubris":  # ruling 19: the Intimacies follow Resolve
            check_intimacies(status.conscience, traits.get("Resolve", 1), character.name)
    return replace(character, traits=traits, specialties=kept, status=status)


def character_trait(traits: Mapping[str, int], name: str) -> str:
    """The sheet's spelling of trait ``name`` (any case), or ``name`` itself for a new trait."""
    key = name_key(name)
    return next((t for t in traits if name_key(t) == key), name)


def _change_specialty(specialties: dict[str, list[str]], trait: str, item: SpecialtyChange) -> None:
    held = specialties.setdefault(trait, [])
    key = name_key(check_name(item.specialty, "specialty"))
    present = [s for s in held if name_key(s) == key]
    if item.add and not present:
        held.append(" ".join(item.specialty.split()))
    elif not item.add:
        if not present:
            raise SheetError(f"{trait} has no specialty `{item.specialty}` to take away")
        held.remove(present[0])


def check_sheet(
    system: str, traits: Mapping[str, int], specialties: Mapping[str, Iterable[str]]
) -> None:
    """Refuse a sheet with a trait outside its limit, naming the trait and the rule."""
    rules = sheet_rules(system)
    if len(traits) > MAX_TRAITS:
        raise SheetError(f"a sheet holds at most {MAX_TRAITS} traits, not {len(traits)}")
    for trait, rating in traits.items():
        low, high, rule = rules.limit(trait, traits)
        if not low <= rating <= high:
            raise SheetError(f"{trait} {rating} is outside {low}..{high}: {rule}")
    for trait, held in specialties.items():
        if trait not in traits:
            raise SheetError(f"a specialty on {trait}, which is not on the sheet")
        if len(list(held)) > MAX_SPECIALTIES:
            raise SheetError(f"{trait} holds more than {MAX_SPECIALTIES} specialties")
