"""A roll record's dice, packed when there are many: the log's form of a large pool.

A record lists each die as an object of about 90 bytes (``{"face": 7, "origin": "rolled",
...}``): a roll of a thousand dice logged 100 KB, and one of the largest pools the language
allows (10,000 dice and their explosions) megabytes, which every seat then reads. So a record
of more than :data:`PACK_OVER` dice is logged with its dice packed, losing nothing::

    "dice": {"packed": 3, "faces": "a37", "kinds": [{...}, {...}], "kind": "100"}

``packed`` is the number of dice; ``faces`` their faces and ``kind`` each die's entry of
``kinds`` (the die without its face: its origin, roll, roller, successes, standing and
events, each different one listed once), both as fixed-width base-36 numerals, the width
being the string's length over the number of dice (``a`` is 10: one character a face on a
d10, two on a d100 or a d1000). About two bytes a die.

A reader takes either form (:func:`dice_of`, :func:`faces_of`): smaller rolls, and every log
written before, keep their list of dice.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

PACK_OVER = 100
"""A record with more dice than this is logged with its dice packed (fewer stay a list: the
rolls of a table, with their dice readable as they are)."""

DIGITS = string.digits + string.ascii_lowercase
"""The base-36 digits of a packed numeral."""

Die = Mapping[str, Any]

__all__ = [
    "PACK_OVER",
    "PackingError",
    "dice_of",
    "faces_of",
    "pack_dice",
    "packed",
    "unpacked",
]


class PackingError(ValueError):
    """Packed dice that do not unpack (a log written by hand, or damaged)."""


def _numeral(value: int, width: int) -> str:
    numeral = ""
    for _ in range(width):
        value, digit = divmod(value, 36)
        numeral = DIGITS[digit] + numeral
    return numeral


def _numerals(values: Sequence[int]) -> str:
    """``values`` (0 or more) as base-36 numerals of one width, the least that holds them."""
    width = 1
    while 36**width <= max(values, default=0):
        width += 1
    if width > 2:
        return "".join(_numeral(value, width) for value in values)
    written = [_numeral(value, width) for value in range(36**width)]  # each written once
    return "".join(written[value] for value in values)


def _values(numerals: object, count: int, what: str) -> Iterator[int]:
    """The ``count`` numbers of a string of fixed-width numerals."""
    if not isinstance(numerals, str) or count < 1 or len(numerals) % count:
        raise PackingError(f"packed {what} are not {count} numerals of one width")
    width = len(numerals) // count
    try:
        for start in range(0, len(numerals), width):
            yield int(numerals[start : start + width], 36)
    except ValueError:
        raise PackingError(f"packed {what} hold a character that is no base-36 digit") from None


def pack_dice(dice: Sequence[Die]) -> dict[str, Any]:
    """A record's list of dice packed (see the module's docstring)."""
    kinds: dict[tuple[tuple[str, Any], ...], int] = {}
    listed: list[dict[str, Any]] = []
    kind = []
    for die in dice:
        rest = {k: v for k, v in die.items() if k != "face"}
        key = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in rest.items())
        if key not in kinds:
            kinds[key] = len(listed)
            listed.append(rest)
        kind.append(kinds[key])
    faces = _numerals([int(die["face"]) for die in dice])
    return {"packed": len(dice), "faces": faces, "kinds": listed, "kind": _numerals(kind)}


def _count(packed: Mapping[str, Any]) -> int:
    count = packed.get("packed")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise PackingError(f"packed dice have no count of dice: {str(count)[:40]}")
    return count


def faces_of(record: Mapping[str, Any]) -> list[int]:
    """The faces of a record's dice, in the order read, from either form.

    Raises:
        PackingError: packed dice that do not unpack.
    """
    dice = record["dice"]
    if isinstance(dice, Mapping):
        return list(_values(dice.get("faces"), _count(dice), "faces"))
    return [int(die["face"]) for die in dice]


def dice_of(record: Mapping[str, Any]) -> list[Die]:
    """A record's dice as a list of objects (as a small roll's record holds them), from
    either form.

    Raises:
        PackingError: packed dice that do not unpack.
    """
    return unpacked(record["dice"])


def unpacked(dice: Sequence[Die] | Mapping[str, Any]) -> list[Die]:
    """A record's ``dice``, in either form, as a list of objects (see :func:`dice_of`)."""
    if not isinstance(dice, Mapping):
        return list(dice)
    count = _count(dice)
    kinds = dice.get("kinds")
    if not isinstance(kinds, list) or not all(isinstance(k, Mapping) for k in kinds):
        raise PackingError("packed dice have no list of kinds")
    found: list[Die] = []
    faces = _values(dice.get("faces"), count, "faces")
    for face, kind in zip(faces, _values(dice.get("kind"), count, "kinds"), strict=True):
        if kind >= len(kinds):
            raise PackingError(f"a packed die is of kind {kind}, of {len(kinds)} listed")
        found.append({"face": face, **kinds[kind]})
    return found


def _packable(die: object) -> bool:
    """Whether ``die`` is a die of a record, with a face that packs (a whole number)."""
    if not isinstance(die, Mapping):
        return False
    face = die.get("face")
    return isinstance(face, int) and not isinstance(face, bool) and face >= 0


def packed(data: Any) -> Any:
    """An event's ``data`` with the dice of every roll record in it (a roll, a contest's two
    sides, a rule's rolls) packed where there are more than :data:`PACK_OVER`."""
    if isinstance(data, list):
        return [packed(item) for item in data]
    if not isinstance(data, Mapping):
        return data
    found = {key: packed(value) for key, value in data.items() if key != "dice"}
    if "dice" in data:
        dice = data["dice"]
        many = isinstance(dice, list) and len(dice) > PACK_OVER
        found["dice"] = pack_dice(dice) if many and all(map(_packable, dice)) else dice
    return {key: found[key] for key in data}  # in the record's own order
