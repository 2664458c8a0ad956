"""User text made safe to print: control characters shown escaped, error lines kept short.

Anything a user typed can reach the terminal again: in an error message that quotes it, in the
alias note, in a comment, in a file name. :func:`visible` is applied at each of those prints, so
an escape sequence typed into a roll line (``\\x1b]0;...\\x07`` retitles the terminal) is shown
as text and never acted on. JSON output needs nothing: ``json.dumps`` escapes every control and
non-ASCII character.
"""

from __future__ import annotations

import re

_HIDDEN = re.compile(
    "[\x00-\x1f\x7f-\x9f"  # C0, DEL, C1: terminal escapes, bells, line breaks
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidi marks and overrides
    "\u2028\u2029"  # line and paragraph separators
    "\ud800-\udfff]"  # lone surrogates: undecodable bytes in the arguments
)

MAX_ERROR = 300
"""The longest error line printed, in characters."""

MAX_WORD = 60
"""Longer words in an error line (a token, a number, a file name) are shortened in the middle."""

_LONG_WORD = re.compile(rf"\S{{{MAX_WORD + 1},}}")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control, bidi-override or line-breaking character written as an escape.

    >>> visible("\\x1b]0;pwned\\x07chronicles 5")
    '\\\\x1b]0;pwned\\\\x07chronicles 5'
    """
    return _HIDDEN.sub(_escaped, text)


def error_line(message: str) -> str:
    """A message as one short printable line: escaped, long words and long lines clipped."""
    # the log's words (and their rules) load only for an error: every command imports this
    from dicepool.campaign.summaries import clip

    line = _LONG_WORD.sub(lambda m: clip(m[0], MAX_WORD), visible(message))
    return clip(line, MAX_ERROR)
