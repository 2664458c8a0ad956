"""Examples in a system's own words: the traits a field's example names at a table of each
system (``Agility + Stealth`` at a sundown table, never ``Dexterity``, which sundown has not).

The page's placeholders (the roll box, a new character's traits, the sheet's changes) and the
catalogue's examples of a trait read them here, so every example a table shows is its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TraitExamples:
    """The traits a system's examples name.

    Attributes:
        attribute: one of the attributes its rules text names (or, where it names none, the
            usual one of its games).
        skill: a skill to add to it.
        specialty: a trait with a specialty, as a sheet writes it, where the system's roll
            uses specialties (``Firearms=4 (Sniping)``); "" where it uses none.
        doing: what the example roll does, in a few words (the roll line's comment).
    """

    attribute: str
    skill: str
    specialty: str = ""
    doing: str = "sneaking"

    @property
    def pool(self) -> str:
        """A roll line of the attribute and the skill: ``Agility + Stealth``."""
        return f"{self.attribute} + {self.skill}"

    @property
    def line(self) -> str:
        """The pool with its comment: ``Agility + Stealth # sneaking``."""
        return f"{self.pool} # {self.doing}"

    @property
    def traits(self) -> str:
        """A new sheet's traits: ``Agility=3 Stealth=2``."""
        return f"{self.attribute}=3 {self.skill}=2"

    @property
    def changes(self) -> str:
        """Changes to a sheet: ``Agility=3 Stealth+=1``, and a specialty where one is used."""
        return " ".join(filter(None, (f"{self.attribute}=3 {self.skill}+=1", self.specialty)))


EXAMPLES: dict[str, TraitExamples] = {
    "sundown": TraitExamples("Agility", "Stealth"),
    "chronicles": TraitExamples("Dexterity", "Stealth"),
    "hubris": TraitExamples("Dexterity", "Stealth"),
    "classic": TraitExamples("Precision", "Firearms", "Firearms=4 (Sniping)", "the shot"),
    "storypath": TraitExamples("Dexterity", "Athletics", "Athletics (Parkour)", "the leap"),
    "custom": TraitExamples("Strength", "Brawl", doing="the brawl"),
}
"""The examples of every system, by system name."""


def examples_of(system: str) -> TraitExamples:
    """The examples of ``system`` (an unknown name: the custom system's)."""
    return EXAMPLES.get(system, EXAMPLES["custom"])
