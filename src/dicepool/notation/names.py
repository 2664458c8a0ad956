"""System names as players type them, and a suggestion when a word is a near miss.

A system is named by its own name or an alias players know (``cod``, ``vtm``, ``scion``...), in
any case. A word that is neither gets a message that says how to fix it: the closest name
(``chronicle`` -> ``chronicles``), the system first when the line starts with its pool
(``7 chronicles``), or what dicepool has instead of a game it does not have (``v5``).
"""

from __future__ import annotations

import re

from dicepool.errors import NotationError
from dicepool.notation.aliases import SYSTEM_ALIASES
from dicepool.notation.grammar import SYSTEMS
from dicepool.notation.suggest import did_you_mean

NOT_HERE = {
    "v5": (
        "dicepool does not have `v5` (Vampire 5th edition rolls hunger dice); for V20 write "
        "`classic` or `vtm`, for Chronicles of Darkness `chronicles` or `cod`"
    ),
}
"""Games players may ask for that dicepool does not have, and what to use instead."""

_POOLISH = re.compile(r"[+-]?[0-9][0-9+-]*")
_GLUED = re.compile(r"(?P<name>[a-z]+)(?P<pool>[+-]?[0-9][0-9+-]*)")


def system_called(word: str) -> str | None:
    """The system a name or alias stands for, in any case; None if it names none."""
    word = word.lower()
    return word if word in SYSTEMS else SYSTEM_ALIASES.get(word)


def system_name(text: str) -> str:
    """The system named by ``text``: a name or an alias, in any case.

    >>> system_name("CoD")
    'chronicles'

    Raises:
        NotationError: ``text`` names no system; the message suggests the closest name.
    """
    found = system_called(text.strip())
    if found is None:
        raise NotationError(unknown_system(text.strip()))
    return found


def unknown_system(text: str, following: str = "") -> str:
    """The message for a word that should name a system and does not.

    Args:
        text: the word as typed.
        following: the word after it on the line, if any (a line may start with its pool).
    """
    word = text.lower()
    if word in NOT_HERE:
        return NOT_HERE[word]
    if _POOLISH.fullmatch(text):
        if system_called(following):
            return f"`{text}` is a pool; write the system first: `{following} {text}`"
        return f"`{text}` is a pool; write the system first, like `chronicles {text}`"
    glued = _GLUED.fullmatch(word)
    if glued and system_called(glued["name"]):
        return f"put a space between the system and the pool: `{glued['name']} {glued['pool']}`"
    hint = did_you_mean(word, [*SYSTEMS, *SYSTEM_ALIASES])
    if hint:
        return f"unknown system `{text}`; {hint}"
    return f"unknown system `{text}`; use one of {', '.join(SYSTEMS)}"


NEAR_SYSTEM = 0.8
"""How close a word must be to a system's name to be read as one mistyped where a trait was
looked for (closer than a trait's suggestion: ``Stealth`` is never taken for ``storypath``)."""


def near_system(word: str) -> str | None:
    """The message for a word that is no trait but nearly a system's name (``chronicle 5`` at
    a table: ``unknown system `chronicle`; did you mean `chronicles`?``), or None when it is
    not near one.

    >>> near_system("chronicle")
    'unknown system `chronicle`; did you mean `chronicles`?'
    >>> near_system("Stealth") is None
    True
    """
    hint = did_you_mean(word.lower(), [*SYSTEMS, *SYSTEM_ALIASES], NEAR_SYSTEM)
    return f"unknown system `{word}`; {hint}" if hint else None
