"""What a character sheet holds in each system: the traits its rules text names, and their limits.

Every system names its attributes (storypath and custom name none); skills and other traits go
under any name the table uses. A trait's limit may depend on other traits (sundown: an attribute's
maximum rises with Potency, a skill's with Edge), so limits are checked on the whole sheet, after
every change of one update is made.

Where a rules text gives no limit, a trait is rated 0..10 (an attribute 1..10): storyteller games
rate traits in dots, five for a mortal, ten at the far end of the supernatural; anything past
that is a typing slip.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from dicepool.errors import SheetError

RATING = 10
"""The highest rating of a trait whose rules text sets no limit."""

MAX_NAME = 40
"""The longest name of a trait, a specialty or a character (case-folded: `ß` counts two)."""

MAX_WORDS = 4
"""The most words in the name of a trait (a roll line reads at most so many as one name)."""

RESERVED = frozenset({"vs", "versus", "ties"})
"""Words a roll line reads as its own, which no name may be."""

_NAME = re.compile(r"[^\W\d_][\w' -]*")  # a letter first; then letters, digits, ' - _ and spaces

Traits = Mapping[str, int]
Limit = Callable[[Traits], tuple[int, int, str]]
"""A trait's limit on a sheet: the lowest and highest rating, and the rule that sets them."""


def fixed(low: int, high: int, rule: str) -> Limit:
    """A limit that does not depend on the rest of the sheet."""
    return lambda _traits: (low, high, rule)


def _sundown_attribute(traits: Traits) -> tuple[int, int, str]:
    potency = traits.get("Potency", 0)
    return 1, 6 + potency, f"a sundown attribute is 1..6 + Potency ({potency}) (ruling 15)"


def _sundown_skill(traits: Traits) -> tuple[int, int, str]:
    edge = traits.get("Edge", 0)
    high = 6 + edge // 2  # every two points of Edge: Edge 2-3: 7, 4-5: 8, 6: 9
    return 0, high, f"a sundown skill is 0..{high} with Edge {edge} (ruling 15)"


@dataclass(frozen=True)
class SheetRules:
    """The sheet of one system.

    Attributes:
        system: the system's name.
        attributes: the attributes its rules text names, on every sheet, in the text's order.
        specials: other traits the text names with a limit of their own, and their start value.
        limits: the limit of each named trait (attributes and specials).
        other: the limit of a trait under any other name (a skill).
        pool_traits: the most traits one roll may add up (classic: two), or None.
        specialty_rating: the rating a trait needs for its specialty to be used on a roll
            (classic: 4, ruling 4), or None where the roll language has no specialty for it.
        spellings: the rules text's own spellings of its named traits where ours differ, each
            read as our name (classic's heading spells Fortitude "Fortitute").
    """

    system: str
    attributes: tuple[str, ...]
    specials: Mapping[str, int]
    limits: Mapping[str, Limit]
    other: Limit
    pool_traits: int | None = None
    specialty_rating: int | None = None
    spellings: Mapping[str, str] = field(default_factory=dict)

    def limit(self, trait: str, traits: Traits) -> tuple[int, int, str]:
        """The lowest and highest rating of ``trait`` on a sheet with ``traits``, and its rule."""
        return self.limits.get(trait, self.other)(traits)

    def start(self) -> dict[str, int]:
        """The named traits of a new sheet at their start values: attributes 1, specials set."""
        return {**dict.fromkeys(self.attributes, 1), **self.specials}

    def our_name(self, name: str) -> str:
        """``name``, or our name for the trait when ``name`` is the text's own spelling of it
        (in any case): ``Fortitute`` is classic's Fortitude.

        >>> sheet_rules("classic").our_name("fortitute"), sheet_rules("classic").our_name("Brawl")
        ('Fortitude', 'Brawl')
        """
        key = name_key(name)
        return next((ours for text, ours in self.spellings.items() if name_key(text) == key), name)


_TRAIT = fixed(0, RATING, f"a trait is 0..{RATING} (no rules text rates one higher)")
_ATTRIBUTE = fixed(1, RATING, f"an attribute is 1..{RATING} (no rules text rates one higher)")

_NINE = (
    "Intelligence",
    "Wits",
    "Resolve",
    "Strength",
    "Dexterity",
    "Stamina",
    "Presence",
    "Manipulation",
    "Composure",
)

SUNDOWN_ATTRIBUTES = ("Strength", "Agility", "Intuition", "Logic", "Willpower", "Charisma")
CLASSIC_ATTRIBUTES = (
    "Strength",
    "Precision",
    "Reflexes",
    "Fortitude",  # the text's heading spells it "Fortitute": read as Fortitude (spellings)
    "Intelligence",
    "Wisdom",
    "Technology",
    "Willpower",
)


def _named(attributes: tuple[str, ...], limit: Limit, **more: Limit) -> dict[str, Limit]:
    return {**dict.fromkeys(attributes, limit), **more}


SHEETS: dict[str, SheetRules] = {
    "sundown": SheetRules(
        "sundown",
        SUNDOWN_ATTRIBUTES,
        {"Edge": 0, "Potency": 0},  # the Power Reserve is state, not a trait (ruling 19)
        _named(
            SUNDOWN_ATTRIBUTES,
            _sundown_attribute,
            Edge=fixed(0, 6, "Edge is 0..6 (ruling 15)"),
            Potency=fixed(0, 10, "Potency is 0..10 (ruling 15)"),
        ),
        _sundown_skill,
    ),
    "chronicles": SheetRules("chronicles", _NINE, {}, _named(_NINE, _ATTRIBUTE), _TRAIT),
    "classic": SheetRules(
        "classic",
        CLASSIC_ATTRIBUTES,
        {},
        _named(CLASSIC_ATTRIBUTES, _ATTRIBUTE),
        _TRAIT,
        pool_traits=2,
        specialty_rating=4,
        spellings={"Fortitute": "Fortitude"},  # the text's heading; its list has no other
    ),
    "storypath": SheetRules("storypath", (), {}, {}, _TRAIT, specialty_rating=0),
    "hubris": SheetRules(
        "hubris",
        _NINE,
        {"Morality": 5, "Willpower": 2},  # Willpower: Resolve + Composure at the start, by custom
        _named(
            _NINE,
            _ATTRIBUTE,
            Morality=fixed(0, 5, "Morality is 0..5 (the text's scale)"),
            Willpower=fixed(0, RATING, f"Willpower is 0..{RATING} dots"),
        ),
        _TRAIT,
    ),
    "custom": SheetRules("custom", (), {}, {}, _TRAIT),
}
"""The sheet of every system, by system name."""


def sheet_rules(system: str) -> SheetRules:
    """The sheet rules of a system (its name as :func:`~dicepool.notation.system_name` gives)."""
    return SHEETS[system]


def name_key(name: str) -> str:
    """The key a name is found by, whatever its case, spacing or Unicode form (NFC)."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


@lru_cache(maxsize=4096)  # every sheet read checks its names again: the same few, often
def check_name(name: str, what: str) -> str:
    """A trait, specialty or character name, tidied, or a SheetError saying what is wrong.

    A name starts with a letter and holds letters, digits, spaces, ``'``, ``-`` (inside a word)
    and ``_``; at most 40 characters, and a trait's at most four words. Unicode is read in its
    composed form, so ``Zoë`` is one name however it was typed.
    """
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not name:
        raise SheetError(f"a {what} needs a name")
    if len(name.casefold()) > MAX_NAME:
        raise SheetError(
            f"a {what} name is at most {MAX_NAME} characters; shorten `{name[:20]}...`"
        )
    words = name.split()
    if not _NAME.fullmatch(name) or any(w.startswith("-") or w.endswith("-") for w in words):
        raise SheetError(
            f"`{name}` cannot be a {what} name: start with a letter, then use letters, digits, "
            "spaces, ' and _ (and - inside a word)"
        )
    if name.casefold() in RESERVED:
        raise SheetError(f"`{name}` cannot be a {what} name: a roll line reads it as its own")
    if what == "trait" and len(words) > MAX_WORDS:
        raise SheetError(f"a trait name is at most {MAX_WORDS} words, not {len(words)}")
    return name
