"""The suggestion for a near miss: ``did you mean `chronicles`?``."""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """``did you mean `x`?`` for the candidate closest to ``word``, or None if none is close.

    Closeness is difflib's ratio (at least 0.6), on the lower-cased word.

    >>> did_you_mean("chronicle", ["sundown", "chronicles"])
    'did you mean `chronicles`?'
    """
    import difflib  # only on the way to an error: `dicepool roll` must start fast

    close = difflib.get_close_matches(word.lower(), list(dict.fromkeys(candidates)), n=1)
    return f"did you mean `{close[0]}`?" if close else None
