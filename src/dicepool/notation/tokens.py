"""The words of a roll line, each with the 1-based column where it starts, and a cursor over them.

A token is a run of non-whitespace characters, so any whitespace separates tokens and nothing
inside a token (a pool like ``5+2-3``, a glued ``t8``) may contain any; a ``;`` (it separates
the challenges of a storypath mixed action) is a token of its own, spaced or not. Matching is
done on the lower-cased word; messages quote the text as typed. A ``#`` starts a comment that
runs to the end of the line: it is kept with the roll but is no part of the request
(:func:`split_comment`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dicepool.errors import NotationError

MAX_LINE = 500
"""The longest line the parser reads, in characters."""

VERSUS = frozenset({"vs", "versus"})
"""The words that join the two sides of a contest."""

COMMENT = "#"
"""The character that starts a comment."""

_TOKEN = re.compile(r";|[^\s;]+")
# Only ASCII digits: int() would also accept other scripts' digits and underscores.
DIGITS = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class Token:
    """One word of a line.

    Attributes:
        text: the word as typed (empty for the end of the line).
        column: 1-based column of its first character.
    """

    text: str
    column: int

    @property
    def word(self) -> str:
        """The word in lower case, for matching."""
        return self.text.lower()

    @property
    def shown(self) -> str:
        """How a message names this token: quoted, or "end of line"."""
        return f"`{self.text}`" if self.text else "end of line"

    def part(self, start: int, end: int | None = None) -> Token:
        """The piece of this token from ``start`` (0-based) to ``end``, at its own column."""
        return Token(self.text[start:end], self.column + start)


def split_comment(line: str) -> tuple[str, str | None]:
    """Split a line at its first ``#`` into the roll and the comment after it.

    Every entry point reads comments this way; the roll part keeps its columns.

    Args:
        line: a roll line, maybe ending in a comment.

    Returns:
        The text before the ``#`` as typed, and the comment without the ``#`` and the
        whitespace around it (None when there is no ``#`` or nothing after it).

    >>> split_comment("chronicles 7 # sneaking past the guard")
    ('chronicles 7 ', 'sneaking past the guard')
    """
    body, mark, comment = line.partition(COMMENT)
    return body, (comment.strip() or None) if mark else None


def tokenize(line: str) -> list[Token]:
    """Split a line into tokens at any whitespace, keeping each token's column."""
    return [Token(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]


def end_of(line: str) -> Token:
    """The empty token that stands for the end of ``line`` (one column past its last)."""
    return Token("", len(line) + 1)


class Cursor:
    """The tokens of one side of a line, read left to right.

    Args:
        line: the whole line, for error messages.
        tokens: this side's tokens.
        stop: the token after the last one (the `vs` that ends the side, or the end of line);
            reading past the last token shows it in messages.
    """

    def __init__(self, line: str, tokens: list[Token], stop: Token) -> None:
        self.line = line
        self._tokens = list(tokens)
        self._stop = stop
        self._at = 0

    def at_end(self) -> bool:
        """Whether every token of this side has been read."""
        return self._at >= len(self._tokens)

    def peek(self) -> Token:
        """The next token without reading it (the stop token at the end)."""
        return self._stop if self.at_end() else self._tokens[self._at]

    def take(self) -> Token:
        """Read the next token (the stop token at the end, without moving)."""
        token = self.peek()
        if not self.at_end():
            self._at += 1
        return token

    def push(self, token: Token) -> None:
        """Put a token back in front, e.g. the number glued to a keyword like ``t8``."""
        self._tokens.insert(self._at, token)

    def replace_next(self, tokens: list[Token]) -> None:
        """Replace the next token with ``tokens`` (an alias and what it stands for)."""
        self._tokens[self._at : self._at + 1] = tokens

    def number(self, after: Token) -> tuple[int, Token]:
        """Read a whole number that must follow ``after``.

        Raises:
            NotationError: the next token is not a number.
        """
        token = self.peek()
        if self.at_end() or not DIGITS.fullmatch(token.text):
            raise self.error(f"expected a number after `{after.text}`, got {token.shown}", token)
        self.take()
        return int(token.text), token

    def error(self, message: str, token: Token) -> NotationError:
        """A NotationError for ``token`` of this line."""
        return NotationError(message, self.line, token.column)
