"""The building blocks of the option tables: how an option is read and how it is written back.

An :class:`Option` says which request field a keyword sets and how to read its value from the
tokens after it (a *reader*); a *speller* writes a non-default field value back in canonical form.
The per-system tables in :mod:`dicepool.notation.grammar` are made of these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from dicepool.core.classic import Policy, Specialty
from dicepool.core.pool import MAX_COUNT, shown_number
from dicepool.notation.suggest import did_you_mean
from dicepool.notation.tokens import Cursor, Token

Reader = Callable[[Cursor, Token], object]
"""Reads an option's value from the tokens after its keyword (the keyword is given)."""

Speller = Callable[[Any], str]
"""Writes a field's non-default value in canonical form."""


@dataclass(frozen=True)
class Option:
    """What one keyword does.

    Attributes:
        field: the request field it sets.
        read: how its value is read.
        takes_number: a number follows it, and may be glued to it (``t8``, ``diff7``).
        repeat: it may be given more than once; the values collect in order (complications).
    """

    field: str
    read: Reader
    takes_number: bool = False
    repeat: bool = False


Found = tuple[Option, Token, Token | None]
"""An option a token names: the option, its keyword part, and any number glued to it."""


def read_into(
    cursor: Cursor,
    found: Found,
    token: Token,
    values: dict[str, object],
    where: dict[str, Token],
    scope: str = "",
) -> None:
    """Read the value of the option ``token`` names into ``values``.

    A repeated option collects its values in order; any other may be given once: ``where``
    records the token that set each field, and a second one is refused (``scope`` says where,
    e.g. " in this challenge").
    """
    option, keyword, glued = found
    if option.field in where and not option.repeat:
        first = where[option.field]
        raise cursor.error(
            f"`{token.text}` repeats {option.field.replace('_', ' ')}{scope}, already set by "
            f"`{first.text}` at column {first.column}; give each option once",
            token,
        )
    if glued is not None:
        cursor.push(glued)
    value = option.read(cursor, keyword)
    if option.repeat:
        previous = values.get(option.field, ())
        assert isinstance(previous, tuple)
        value = (*previous, value)
    values[option.field] = value
    where.setdefault(option.field, token)


def flag(field: str, value: object = True) -> Option:
    """An option that is one word and sets ``field`` to ``value``."""

    def read(cursor: Cursor, keyword: Token) -> object:
        return value

    return Option(field, read)


def number(field: str, what: str, low: int, high: int, *, repeat: bool = False) -> Option:
    """An option followed by a whole number from ``low`` to ``high``.

    Args:
        field: the request field it sets.
        what: how a range message names the value, e.g. "classic difficulty".
        low: the smallest value allowed.
        high: the largest value allowed.
        repeat: the option may be given more than once.
    """

    def read(cursor: Cursor, keyword: Token) -> object:
        value, token = cursor.number(after=keyword)
        if not low <= value <= high:
            raise cursor.error(f"{what} is {low}..{high}, not {shown_number(value)}", token)
        return value

    return Option(field, read, takes_number=True, repeat=repeat)


def word_choice(field: str, choices: Mapping[str, object], default: object = None) -> Option:
    """An option followed by one of ``choices``; with a default, the word may be left out."""

    def read(cursor: Cursor, keyword: Token) -> object:
        token = cursor.peek()
        if not cursor.at_end() and token.word in choices:
            cursor.take()
            return choices[token.word]
        if default is not None:
            return default
        listed = ", ".join(choices)
        hint = did_you_mean(token.word, choices) if token.text else None
        raise cursor.error(
            f"expected one of {listed} after `{keyword.text}`, got {token.shown}"
            + (f"; {hint}" if hint else ""),
            token,
        )

    return Option(field, read)


def specialty(field: str) -> Option:
    """Classic ``spec``: optionally followed by ``always``, ``never``, ``double`` or ``until N``."""
    policies = {"always": Policy.ALWAYS, "never": Policy.NEVER, "double": Policy.DOUBLE}

    def read(cursor: Cursor, keyword: Token) -> object:
        token = cursor.peek()
        if cursor.at_end():
            return Specialty()
        if token.word in policies:
            cursor.take()
            return Specialty(policies[token.word])
        if token.word == "until":
            cursor.take()
            until, number_token = cursor.number(after=token)
            if not 1 <= until <= MAX_COUNT:
                raise cursor.error(
                    f"`spec until` takes 1..{MAX_COUNT} successes, not {shown_number(until)}",
                    number_token,
                )
            return Specialty(Policy.UNTIL, until)
        return Specialty()

    return Option(field, read)


def cancel_ones(field: str) -> Option:
    """Custom ``cancel 1``: the number is required and only 1 is a cancelling face."""

    def read(cursor: Cursor, keyword: Token) -> object:
        value, token = cursor.number(after=keyword)
        if value != 1:
            raise cursor.error(
                f"only ones cancel successes: write `cancel 1`, not `cancel {value}`", token
            )
        return True

    return Option(field, read, takes_number=True)


def spelled(keyword: str, glued: bool = False) -> Speller:
    """Spell a number after its keyword: ``thr 3`` (or ``t8`` when glued)."""
    gap = "" if glued else " "
    return lambda value: f"{keyword}{gap}{value}"


def word(text: str) -> Speller:
    """Spell a flag that is set: its keyword alone."""
    return lambda value: text


def again(value: int | None) -> str:
    """Spell N-again: ``9again``, or ``noagain`` for none."""
    return "noagain" if value is None else f"{value}again"


def spec(value: Specialty) -> str:
    """Spell a classic specialty and its policy."""
    if value.policy is Policy.ALWAYS:
        return "spec"
    if value.policy is Policy.UNTIL:
        return f"spec until {value.until}"
    return f"spec {value.policy.value}"


def each(keyword: str) -> Speller:
    """Spell a repeated option once per value, in order: ``comp 1 comp 2``."""
    return lambda values: " ".join(f"{keyword} {v}" for v in values)
