"""A character sheet as a file: what ``char export`` writes and ``char import`` reads.

The file is JSON: ``{"format": "dicepool-character", "version": 1, "name", "system", "player",
"traits": {...}, "specialties": {...}, "notes": "..."}`` (``notes`` may be left out: files
written before sheets had notes). A file is checked whole before anything is stored, and a bad
one is refused with the field at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from dicepool.errors import SheetError
from dicepool.sheet.character import (
    Change,
    Character,
    SpecialtyChange,
    change,
    new_character,
)
from dicepool.sheet.edit import check_notes
from dicepool.sheet.status import POWER
from dicepool.sheet.traits import name_key

FORMAT = "dicepool-character"
VERSION = 1
MAX_FILE = 1 << 20
"""The largest file ``char import`` reads, in bytes."""


def export(sheet: Character) -> dict[str, object]:
    """The file's content for a sheet."""
    return {"format": FORMAT, "version": VERSION, **sheet.to_dict()}


def _field(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise SheetError(f"the file has no `{name}` field")
    value = data[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SheetError(f"the file's `{name}` is not {_kind_words(kind)}")
    return value


def _kind_words(kind: type | tuple[type, ...]) -> str:
    words = {str: "text", dict: "an object of names", int: "a whole number", list: "a list"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(words.get(k, "null") for k in kinds)


def read_export(data: object, system: str) -> Character:
    """The sheet a file holds, for a campaign of ``system``.

    Raises:
        SheetError: the file is not a character sheet of this version, or is for another
            system, or breaks a rule of the sheet; the message names the field.
    """
    if not isinstance(data, dict):
        raise SheetError("the file is not a character sheet: expected a JSON object")
    if data.get("format") != FORMAT:
        raise SheetError(f"the file's `format` is not `{FORMAT}`: it is not a dicepool sheet")
    version = _field(data, "version", int)
    if version != VERSION:
        raise SheetError(f"the file's `version` is {version}; this dicepool reads {VERSION}")
    name = _field(data, "name", str)
    if _field(data, "system", str) != system:
        raise SheetError(f"the file's `system` is {data['system']}, the campaign plays {system}")
    player = _field(data, "player", (str, type(None)))
    traits = _field(data, "traits", dict)
    specialties = data.get("specialties", {})
    if not isinstance(specialties, dict):
        raise SheetError("the file's `specialties` is not an object of names")
    changes: list[Change | SpecialtyChange] = []
    rated: dict[str, str] = {}
    for trait in traits:
        key = name_key(str(trait))
        if key in rated:
            raise SheetError(f"the file's `traits` names {rated[key]} twice (also as {trait})")
        rated[key] = str(trait)
    for trait, rating in traits.items():
        if not isinstance(rating, int) or isinstance(rating, bool):
            raise SheetError(f"the file's `traits.{trait}` is not a whole number")
        if system == "sundown" and name_key(str(trait)) == name_key(POWER) and rating == 0:
            continue  # every sheet before ruling 19 typed an empty reserve: nothing to read
        changes.append(Change(str(trait), "=", rating))
    for trait, held in specialties.items():
        if not isinstance(held, list) or not all(isinstance(s, str) for s in held):
            raise SheetError(f"the file's `specialties.{trait}` is not a list of names")
        if name_key(str(trait)) not in rated:
            raise SheetError(
                f"the file's `specialties.{trait}` is on a trait that `traits` does not rate"
            )
        changes.extend(SpecialtyChange(str(trait), s) for s in held)
    notes = data.get("notes", "")
    if not isinstance(notes, str):
        raise SheetError("the file's `notes` is not text")
    try:
        sheet = change(new_character(name, system, player), changes)
        return replace(sheet, notes=check_notes(notes))
    except SheetError as exc:
        raise SheetError(f"the file's sheet: {exc}") from exc
