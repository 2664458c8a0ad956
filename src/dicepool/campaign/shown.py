"""What a logged event says of its dice: the seal it read from, and the faces it shows.

An export is a file anyone may have edited, so nothing here trusts its shape: every reader
returns what it found or raises :class:`Malformed` saying which field is wrong, and the
verifier turns that into a problem of the event (:mod:`dicepool.campaign.verify`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dicepool.core.stream import MAX_SIDES
from dicepool.notation.packing import PackingError, unpacked

SEAL_OPEN = "seal-open"
SEAL_CLOSE = "seal-close"
SEAL_CONTRIBUTED = "seal-contributed"
ROLLED = "rolled"
REROLLED = "rerolled"
RULE_ROLLS = frozenset({"boundary-begun", "clock-advanced", "rested", "atoned", "intimacy-rolled"})
"""The state rules' events whose rule rolls dice: their faces are those of ``data["rolls"]``."""
ROLLING = frozenset({ROLLED, REROLLED}) | RULE_ROLLS
"""Every kind of event that may read dice from the stream."""

HEX_DIGITS = 64
"""A commitment and a seed are both 32 bytes, written as 64 lowercase hex digits."""

SHOWN = 40
"""The most characters of a bad value quoted in a problem."""

LARGEST = 2**63 - 1
"""The largest number the log holds (a database's integer): a larger one is malformed."""


class Malformed(Exception):
    """A field of an event that is not what the log's format says; the message names it."""


def shown(value: object) -> str:
    """A bad value as quoted in a problem: its JSON-ish repr, clipped."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to write out
        text = "a number too large to write"
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def whole(value: object) -> int | None:
    """``value`` if it is an integer the log could hold (a JSON ``true`` is not one), else None."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= LARGEST:
        return value
    return None


def counting(value: object, name: str, least: int = 1) -> int:
    """``value`` as an integer of at least ``least``.

    Raises:
        Malformed: it is not one.
    """
    number = whole(value)
    if number is None or number < least:
        raise Malformed(f"{name} is not a whole number from {least}: {shown(value)}")
    return number


def hex_digits(value: object, name: str) -> bytes:
    """The 32 bytes that ``value``'s 64 lowercase hex digits write.

    Raises:
        Malformed: it is not 64 lowercase hex digits.
    """
    if (
        not isinstance(value, str)
        or len(value) != HEX_DIGITS
        or any(c not in "0123456789abcdef" for c in value)
    ):
        raise Malformed(f"{name} is not {HEX_DIGITS} lowercase hex digits: {shown(value)}")
    return bytes.fromhex(value)


@dataclass(frozen=True)
class Draw:
    """What a sealed event read from its seal's stream, as its ``data["seal"]`` says.

    Attributes:
        nonce: the roll's nonce, as logged.
        sides: every die's sides, in the order the roll read them (the runs expanded).
    """

    nonce: str
    sides: tuple[int, ...]


def draw_of(ref: Mapping[str, Any], faces: int) -> Draw:
    """The nonce and the dice of a sealed event's ``data["seal"]``, for ``faces`` faces shown.

    The runs' counts are compared with the faces before they are expanded, so a count of a
    billion in an edited file costs nothing.

    Raises:
        Malformed: a nonce that is not text, runs that are not ``[sides, count]`` pairs, or
            runs that count another number of dice than the faces shown.
    """
    nonce = ref.get("nonce")
    if not isinstance(nonce, str):
        raise Malformed(f"the seal's nonce is not text: {shown(nonce)}")
    runs = ref.get("sides")
    if not isinstance(runs, list):
        raise Malformed(f"the seal's sides are not a list of [sides, count]: {shown(runs)}")
    pairs = [_run(run) for run in runs]
    total = sum(count for _, count in pairs)
    if total != faces:
        raise Malformed(f"the seal's sides count {total} dice, but the event shows {faces} faces")
    return Draw(nonce, tuple(s for s, count in pairs for _ in range(count)))


def _run(run: object) -> tuple[int, int]:
    """One ``[sides, count]`` run of a seal's ``sides``."""
    if not isinstance(run, list) or len(run) != 2:
        raise Malformed(f"a run of the seal's sides is not [sides, count]: {shown(run)}")
    sides = whole(run[0])
    if sides is None or not 1 <= sides <= MAX_SIDES:
        raise Malformed(f"a die of the seal's sides has 1..{MAX_SIDES} sides, not {shown(run[0])}")
    return sides, counting(run[1], "a run's count of dice", 0)


def faces_shown(kind: str, data: Mapping[str, Any]) -> list[int]:
    """The faces a rolling event shows, in the order its dice were read from the stream.

    A roll shows its record's dice (a contest: the attacker's, then the defender's); a second
    chance only its rerolled dice (``"roll" == 1``: the first pool's are copied from the roll
    it rerolls); a state rule's event every record of its ``rolls``, in order.

    Raises:
        Malformed: the event's record is not shaped as its kind's is.
    """
    if kind == ROLLED:
        return _record_faces(data.get("result"), "the result")
    if kind == REROLLED:
        dice = _dice(data.get("result"), "the result")
        return [_face(die) for die in dice if _die(die).get("roll") == 1]
    if kind in RULE_ROLLS:
        rolls = data.get("rolls")
        if not isinstance(rolls, list):
            raise Malformed(f"the event's rolls are not a list: {shown(rolls)}")
        faces: list[int] = []
        for number, entry in enumerate(rolls, 1):
            if not isinstance(entry, Mapping):
                raise Malformed(f"roll {number} of the event is not an object: {shown(entry)}")
            faces += _record_faces(entry.get("roll"), f"roll {number}'s record")
        return faces
    raise Malformed(f"verify does not know where a {shown(kind)} event shows its faces")


def _record_faces(record: object, name: str) -> list[int]:
    """The faces of one roll record, or of a contest's two (the attacker's first)."""
    if isinstance(record, Mapping) and "attacker" in record and "defender" in record:
        sides = (
            (record["attacker"], "the attacker's record"),
            (record["defender"], "the defender's"),
        )
        return [_face(die) for side, label in sides for die in _dice(side, label)]
    return [_face(die) for die in _dice(record, name)]


def _dice(record: object, name: str) -> list[Any]:
    """A record's dice, as a list (a large roll's are logged packed)."""
    if not isinstance(record, Mapping):
        raise Malformed(f"{name} is not a roll record: {shown(record)}")
    dice = record.get("dice")
    if isinstance(dice, Mapping):
        try:
            return unpacked(dice)
        except PackingError as exc:
            raise Malformed(f"{name}'s packed dice do not unpack: {exc}") from None
    if not isinstance(dice, list):
        raise Malformed(f"{name} has no list of dice: {shown(dice)}")
    return dice


def _die(die: object) -> Mapping[str, Any]:
    """One die of a record."""
    if not isinstance(die, Mapping):
        raise Malformed(f"a die is not an object: {shown(die)}")
    return die


def _face(die: object) -> int:
    """One die's logged face."""
    face = whole(_die(die).get("face"))
    if face is None:
        raise Malformed(f"a die has no whole-number face: {shown(die)}")
    return face


UNSEALED_WORDS = "unsealed: the server chose these dice"
"""What every view says beside such an event."""


def unsealed_mark(kind: str, data: Mapping[str, Any]) -> dict[str, str]:
    """What every JSON view of an event (the API's events and live feed, the export, ``log
    --json``) puts beside its fields: ``{"unsealed": ...}`` for one whose dice no seal drew
    and no one typed, else nothing; outside what the hash chain covers."""
    return {"unsealed": UNSEALED_WORDS} if unsealed(kind, data) else {}


def unsealed(kind: str, data: Mapping[str, Any]) -> bool:
    """Whether an event shows dice that name no seal and are not marked typed by hand or
    seeded: faces whoever wrote the event chose (no use case of dicepool logs one, so only a
    hand on the database could). A rule's event that rolled no die is not one."""
    if kind not in ROLLING or isinstance(data.get("seal"), Mapping):
        return False
    if data.get("typed") is True or data.get("seeded") is True:
        return False
    try:
        return bool(faces_shown(kind, data))
    except Malformed:
        return True  # dice of a shape no seal's check could read: a roll all the same
