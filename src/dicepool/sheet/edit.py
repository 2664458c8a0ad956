"""A sheet edit as a table makes it: changes, traits added on purpose, and the character's notes.

An edit has three fields, each refused on its own with a :class:`~dicepool.errors.FieldError`
naming it, so a form shows the error beside the field:

- ``changes``: changes to the traits, written as :func:`~dicepool.sheet.character.parse_changes`
  reads them (``"Dexterity=3 Stealth+=1 Firearms (Sniping)"``);
- ``add``: changes that add traits on purpose (``--add "Dex=2"`` on the command line);
- ``notes``: the character's free text (None: left as it is; ``""`` clears it).

The guard against typing slips (docs/rulings.md, "Sheet edits"): a change names a trait of
the sheet or of the system, in any case (``dexterity=3`` sets Dexterity), or a new trait. A new
name that abbreviates a known one (``Dex``: the beginning of Dexterity, two letters or more) or
nearly spells one (``Dexteriy``) is refused as a likely slip, with a suggestion; the same name
given as an addition is added as asked. A new name that resembles none is added: the systems
name their attributes, never their skills, so a skill is new on every sheet until set once.
``custom`` and ``storypath`` name no trait, so there a name is only compared with the sheet's.
Specialties are not compared: a specialty is added to its trait, whose name is. A rules text's
own spelling of a trait it names is that trait (classic's ``Fortitute=3`` sets Fortitude):
:func:`in_our_names` reads it so before anything else, and the log keeps our name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, replace

from dicepool.errors import FieldError, SheetError
from dicepool.notation.suggest import closest, did_you_mean
from dicepool.sheet.character import AnyChange, Character, change, parse_changes
from dicepool.sheet.traits import name_key, sheet_rules

MAX_NOTES = 500
"""The most characters a character's notes may hold (a paragraph or a few lines)."""

MAX_NOTE_LINES = 12
"""The most lines a character's notes may hold."""

PREFIX = 2
"""The fewest letters a new name needs to be read as the beginning of a known trait."""

CLOSE = 0.8
"""How close (difflib's ratio, case ignored) a new name must be to a known one to be a slip:
``Dexteriy``/``Dexterity`` is 0.94, ``Strenght``/``Strength`` 0.88, while the skill names the
texts use stay below (``Stealth``/``Strength`` 0.67, ``Science``/``Presence`` 0.67)."""

_JOINERS = frozenset("\u200c\u200d")  # format characters some scripts and emoji need
_BREAKS = frozenset({"Zl", "Zp"})  # line and paragraph separators: a line break is \n alone


@dataclass(frozen=True)
class Edit:
    """One edit of a sheet, read field by field.

    Attributes:
        changes: the changes to the sheet's traits, in order.
        added: the changes that add traits on purpose, made after ``changes``.
        notes: the character's new notes (None: unchanged).
    """

    changes: tuple[AnyChange, ...] = ()
    added: tuple[AnyChange, ...] = ()
    notes: str | None = None


def read_edit(
    changes: str = "", add: str = "", notes: str | None = None, example: str = "Dexterity=3"
) -> Edit:
    """The edit the fields hold (an empty field: nothing of its kind).

    Args:
        example: a change in the table's own words, for the advice when nothing was asked
            (``Precision=3`` at a classic table, which has no Dexterity).

    Raises:
        FieldError: a field that does not read (naming it), or no field holding anything.
    """
    edit = Edit(read_changes(changes, "changes"), read_changes(add, "add"), _notes(notes))
    if edit == Edit():
        raise FieldError(
            f"nothing to change: write changes like `{example}`, traits to add, or notes",
            "changes",
        )
    return edit


def read_changes(text: str, field: str) -> tuple[AnyChange, ...]:
    """The changes ``text`` holds (none when it is blank), read for the form's ``field``.

    Raises:
        FieldError: (``field``) the text is not changes.
    """
    if not text.strip():
        return ()
    try:
        return parse_changes(text)
    except FieldError:
        raise
    except SheetError as exc:
        raise FieldError(str(exc), field) from exc


def _notes(text: str | None) -> str | None:
    return None if text is None else check_notes(text)


def check_notes(text: str) -> str:
    """Notes tidied (line ends made ``\\n``, spaces at line ends and the ends taken away).

    Raises:
        FieldError: (``notes``) a control character other than a line break, or notes longer
            than :data:`MAX_NOTES` characters or :data:`MAX_NOTE_LINES` lines.
    """
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    for at, char in enumerate(text, 1):
        category = unicodedata.category(char)
        if (char != "\n" and category[0] == "C" and char not in _JOINERS) or category in _BREAKS:
            raise FieldError(
                f"notes: character {at} is a control character (U+{ord(char):04X}); notes hold "
                "text and line breaks only",
                "notes",
            )
    text = "\n".join(line.rstrip() for line in text.split("\n")).strip()
    if len(text) > MAX_NOTES:
        raise FieldError(
            f"notes are at most {MAX_NOTES} characters, not {len(text)}; shorten them", "notes"
        )
    lines = text.count("\n") + 1
    if lines > MAX_NOTE_LINES:
        raise FieldError(
            f"notes are at most {MAX_NOTE_LINES} lines, not {lines}; join some", "notes"
        )
    return text


def in_our_names(edit: Edit, system: str) -> Edit:
    """``edit`` with every trait the text of ``system`` spells its own way under our name
    (:meth:`~dicepool.sheet.traits.SheetRules.our_name`), in its changes and additions."""
    rules = sheet_rules(system)
    if not rules.spellings:
        return edit
    return replace(
        edit,
        changes=tuple(replace(c, trait=rules.our_name(c.trait)) for c in edit.changes),
        added=tuple(replace(c, trait=rules.our_name(c.trait)) for c in edit.added),
    )


def edited(character: Character, edit: Edit, *, creating: bool = False) -> Character:
    """The sheet after ``edit``: its names checked for slips, ``changes`` then ``added`` made
    (as the log's event replays them: every limit checked on the result), then its notes set.

    Args:
        creating: the sheet is being created (a slip's advice fits the create form).

    Raises:
        FieldError: a likely slip in a name (``changes``, with a suggestion), or a change the
            rules refuse (``changes``, or ``add`` when the changes alone are allowed); nothing
            is changed.
    """
    check_names(character, edit, creating=creating)
    try:
        after = change(character, (*edit.changes, *edit.added))
    except SheetError as exc:
        raise FieldError(str(exc), _at_fault(character, edit)) from exc
    return after if edit.notes is None else replace(after, notes=edit.notes)


def _at_fault(character: Character, edit: Edit) -> str:
    """The field to blame for a refused edit: ``add`` when the changes alone are allowed."""
    if not edit.added:
        return "changes"
    try:
        change(character, edit.changes)
    except SheetError:
        return "changes"
    return "add"


def check_names(character: Character, edit: Edit, *, creating: bool = False) -> None:
    """Refuse a change of ``edit.changes`` whose trait is new and resembles a known one.

    Known: the system's named traits, the sheet's, the edit's additions, and the names of the
    changes before it (so ``Stealth=2 Stelth+=1`` is caught on a new sheet too).

    Args:
        creating: the sheet is being created: the advice says to correct the sheet's traits
            (a create form has no field for additions; the command line's ``--add`` is named).

    Raises:
        FieldError: (``changes``) the first such change, with a suggestion and the way to add
            the trait on purpose.
    """
    rules = sheet_rules(character.system)
    known = {name_key(t): t for t in (*rules.attributes, *rules.specials, *character.traits)}
    known.update((name_key(c.trait), c.trait) for c in edit.added)
    for item in edit.changes:
        key = name_key(item.trait)
        if key in known:
            continue
        like = resembled(item.trait, known.values())
        if like:
            raise FieldError(_slip(character, item, like, creating), "changes")
        known[key] = item.trait


def _slip(character: Character, item: AnyChange, like: list[str], creating: bool) -> str:
    """What a likely slip is told: the suggestion, and how to have the new trait anyway."""
    hint = did_you_mean(item.trait, like, cutoff=0.0)
    if creating:  # the sheet is not there yet: the fix is in what was typed
        fix = f" Write `{replace(item, trait=like[0])}`." if len(like) == 1 else ""
        return (
            f"{character.name} has no trait `{item.trait}`: {hint}{fix} To give {character.name} "
            f'a new trait `{item.trait}` on purpose, add it as an addition (`--add "{item}"`)'
        )
    return (
        f"{character.name} has no trait `{item.trait}`: {hint} To add `{item.trait}` "
        f'as a new trait on purpose, give it as an addition (`--add "{item}"`, or the '
        'page\'s "add a trait" field)'
    )


def resembled(name: str, known: Iterable[str]) -> list[str]:
    """The known names that ``name`` begins (two letters or more), or else the one it nearly
    spells; none when it resembles none (case is ignored, and a name is not its own likeness).

    >>> resembled("Dex", ["Dexterity", "Wits"]), resembled("Stealth", ["Strength"])
    (['Dexterity'], [])
    """
    key = name_key(name)
    others = [k for k in known if name_key(k) != key]
    if len(key.replace(" ", "")) >= PREFIX:
        begun = [k for k in others if name_key(k).startswith(key)]
        if begun:
            return begun
    close = closest(key, others, CLOSE)
    return [close] if close else []
