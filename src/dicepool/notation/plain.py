"""A plain line: one that names its system (``chronicles 7``), read where no character's
sheet is at hand; a first word that is no system may be a trait, and the refusal says how such
a line is rolled (each edge its own way)."""

from __future__ import annotations

from dicepool.core.request import Request
from dicepool.errors import NotationError
from dicepool.notation import expand_aliases, parse, split_comment
from dicepool.notation.names import system_called


def parse_plain(line: str, traits_hint: str) -> Request:
    """``line`` read as a plain roll; a line whose first word is no system (a trait, a
    character) is told ``traits_hint`` after the roll language's own words (unless those
    already say "did you mean").

    Raises:
        NotationError: a line that does not parse.
    """
    try:
        return parse(line)
    except NotationError as exc:
        words = expand_aliases(split_comment(line)[0]).split()
        if not words or system_called(words[0]) is not None or "did you mean" in str(exc):
            raise
        raise NotationError(f"{exc}; {traits_hint}") from exc
