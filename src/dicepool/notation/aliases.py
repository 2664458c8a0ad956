"""Dice Maiden style shorthands, accepted where a line (or a side of a contest) names its system.

Short system names, as players know the games: ``cofd``, ``cod`` and ``nwod`` are chronicles;
``wod``, ``owod``, ``vtm`` and ``v20`` classic; ``scion`` and ``sp`` storypath; ``sr`` sundown;
``aoh`` hubris. Whole-roll shorthands (options may follow them; case does not matter):

=========  ==========================
``8cod``   ``chronicles 8``
``8cod9``  ``chronicles 8 9again``
``8cod8``  ``chronicles 8 8again``
``8cod0``  ``chronicles 8 noagain`` (also ``8codn``)
``8codr``  ``chronicles 8 rote``
``6wod7``  ``classic 6 diff 7`` (``6wod`` is ``classic 6``)
``sr12``   ``sundown 12``
``sp5t7``  ``storypath 5 tn 7`` (``sp5`` is ``storypath 5``)
=========  ==========================

Each token an alias expands to keeps the column of the part of the alias it came from, so an
error in ``6wod11`` points at the ``11``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dicepool.notation.tokens import VERSUS, Token, split_comment, tokenize

SYSTEM_ALIASES = {
    "cofd": "chronicles",
    "cod": "chronicles",
    "nwod": "chronicles",
    "wod": "classic",
    "owod": "classic",
    "vtm": "classic",
    "v20": "classic",
    "sr": "sundown",
    "scion": "storypath",
    "sp": "storypath",
    "aoh": "hubris",
}

_COD_SUFFIX = {"9": "9again", "8": "8again", "0": "noagain", "n": "noagain", "r": "rote"}


def _cod(token: Token, m: re.Match[str]) -> list[Token]:
    tokens = [Token("chronicles", token.column), token.part(*m.span("pool"))]
    if m["again"]:
        tokens.append(Token(_COD_SUFFIX[m["again"].lower()], token.part(m.start("again")).column))
    return tokens


def _with_number(system: str, keyword: str) -> Callable[[Token, re.Match[str]], list[Token]]:
    """An alias read as ``system POOL [keyword N]``, N from the pattern's group ``keyword``."""

    def expand(token: Token, m: re.Match[str]) -> list[Token]:
        tokens = [Token(system, token.column), token.part(*m.span("pool"))]
        if m[keyword]:
            number = token.part(*m.span(keyword))
            tokens += [Token(keyword, number.column), number]
        return tokens

    return expand


_wod = _with_number("classic", "diff")
_sp = _with_number("storypath", "tn")


def _sr(token: Token, m: re.Match[str]) -> list[Token]:
    return [Token("sundown", token.column), token.part(*m.span("pool"))]


_ROLLS: tuple[tuple[re.Pattern[str], Callable[[Token, re.Match[str]], list[Token]]], ...] = (
    (re.compile(r"(?P<pool>[0-9]+)cod(?P<again>[980nr]?)", re.IGNORECASE), _cod),
    (re.compile(r"(?P<pool>[0-9]+)wod(?P<diff>[0-9]+)?", re.IGNORECASE), _wod),
    (re.compile(r"sr(?P<pool>[0-9]+)", re.IGNORECASE), _sr),
    (re.compile(r"sp(?P<pool>[0-9]+)(?:t(?P<tn>[0-9]+))?", re.IGNORECASE), _sp),
)


def expand_token(token: Token) -> list[Token] | None:
    """What a system-position token stands for, or None if it is not an alias."""
    if token.word in SYSTEM_ALIASES:
        return [Token(SYSTEM_ALIASES[token.word], token.column)]
    for pattern, expand in _ROLLS:
        m = pattern.fullmatch(token.text)
        if m:
            return expand(token, m)
    return None


def expand_aliases(line: str) -> str:
    """The line with every alias expanded, the rest left exactly as typed.

    Only the first word of the line and the first word after each ``vs`` (or ``versus``) can be
    aliases; a comment is left alone. Never raises: a line that will not parse is expanded as far
    as it goes.

    >>> expand_aliases("8cod9 rote vs 6cod")
    'chronicles 8 9again rote vs chronicles 6'
    """
    body, _ = split_comment(line)
    tokens = tokenize(body)
    heads = [t for i, t in enumerate(tokens) if i == 0 or tokens[i - 1].word in VERSUS]
    for head in reversed(heads):  # right to left, so earlier columns stay valid
        expanded = expand_token(head)
        if expanded is not None:
            start = head.column - 1
            text = " ".join(t.text for t in expanded)
            line = line[:start] + text + line[start + len(head.text) :]
    return line
