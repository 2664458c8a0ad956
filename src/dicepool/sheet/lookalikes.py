"""Names that can pass for others: a seat or a character whose name looks like one the table
has (``storyteIler`` with a capital I, a Cyrillic ``\u0455`` for ``s``, ``M0`` for ``Mo``),
which the log would show beside another's deeds.

Two names look alike when their Unicode compatibility forms (NFKC), case-folded, match under
the Unicode confusables data (the `confusables` package's :func:`is_confusable`, which maps
look-alike characters such as ``I``/``l``, ``0``/``O`` and ``rn``/``m`` together).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

RESERVED_SEATS = ("storyteller", "invitation", "dicepool")
"""Names no player's seat may take or look like: the log would read as the table's own."""


def folded(name: str) -> str:
    """``name`` in its compatibility form, case-folded: what two names are compared as."""
    return unicodedata.normalize("NFKC", name).casefold()


def looks_like(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that ``name`` could pass for (the same name in another case
    included), or None."""
    from confusables import is_confusable  # its data loads on first use, not at start-up

    mine = folded(name)
    for other in others:
        theirs = folded(other)
        if mine == theirs or is_confusable(mine, theirs):
            return other
    return None
