"""The suggestion for a near miss: ``did you mean `chronicles`?``."""

from __future__ import annotations

from collections.abc import Iterable

CUTOFF = 0.6
"""How close (difflib's ratio) a candidate must be to be suggested."""


def closest(word: str, candidates: Iterable[str], cutoff: float = CUTOFF) -> str | None:
    """The candidate closest to ``word``, ignoring case, as the candidates spell it; or None.

    Closeness is difflib's ratio (at least ``cutoff``) of the case-folded words.

    >>> closest("dexteriy", ["Dexterity", "Wits"])
    'Dexterity'
    """
    import difflib  # only on the way to an error: `dicepool roll` must start fast

    folded: dict[str, str] = {}
    for candidate in candidates:
        folded.setdefault(candidate.casefold(), candidate)
    close = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=cutoff)
    return folded[close[0]] if close else None


def did_you_mean(word: str, candidates: Iterable[str], cutoff: float = CUTOFF) -> str | None:
    """``did you mean `x`?`` for the candidate closest to ``word``, or None if none is close.

    Closeness is as :func:`closest` reads it (difflib's ratio, at least ``cutoff``).

    >>> did_you_mean("chronicle", ["sundown", "chronicles"])
    'did you mean `chronicles`?'
    """
    close = closest(word, candidates, cutoff)
    return f"did you mean `{close}`?" if close else None
