"""Creating a character, changing a sheet, importing one from a file."""

from __future__ import annotations

from dataclasses import dataclass, replace

from dicepool.campaign.campaigns import need_campaign
from dicepool.campaign.trait_examples import examples_of
from dicepool.errors import CampaignError, FieldError
from dicepool.sheet.character import Character, new_character
from dicepool.sheet.edit import Edit, edited, in_our_names, read_changes, read_edit
from dicepool.sheet.events import Event, changed_event, created_event
from dicepool.sheet.lookalikes import looks_like
from dicepool.sheet.transfer import read_export
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, append, campaign_sheets, find_sheet, save_sheet
from dicepool.store.seats import character_names
from dicepool.store.sql import Sql


def create_character(
    db: Database,
    campaign: str,
    name: str,
    actor: str,
    player: str | None = None,
    changes: str = "",
    add: str = "",
) -> Character:
    """Create a character, its sheet set by ``changes`` (``"Dexterity=3 Stealth=2"``) and the
    traits ``add`` adds on purpose, checked as :func:`edit_sheet` checks them (a rules text's
    own spelling of a trait, classic's ``Fortitute``, is that trait).

    Raises:
        CampaignError: the campaign is not here, or already has a character of that name.
        FieldError: a change that does not read, a likely slip in a trait's name (``Dex=3``:
            did you mean Dexterity?), or a change the rules refuse; nothing is stored.
        SheetError: a bad name; nothing is stored.
    """
    edit = Edit(read_changes(changes, "changes"), read_changes(add, "add"))
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        made = new_character(name, row.system, player)
        sheet = edited(made, in_our_names(edit, row.system), creating=True)
        return _add(conn, row, sheet, actor)


def import_character(db: Database, campaign: str, data: object, actor: str) -> Character:
    """Add the character a file holds (see :mod:`dicepool.sheet.transfer`); all or nothing."""
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        return _add(conn, row, read_export(data, row.system), actor)


def _add(conn: Sql, row: CampaignRow, sheet: Character, actor: str) -> Character:
    if find_sheet(conn, row, sheet.name) is not None:
        raise CampaignError(f"there is already a character {sheet.name} in {row.name}")
    similar = looks_like(sheet.name, character_names(conn, row.id).values())
    if similar is not None:  # a new character passing for another in the log: refused
        raise CampaignError(
            f"{sheet.name} looks like {similar}, a character of {row.name}; pick another name"
        )
    event = append(conn, row.id, created_event(sheet), actor, [sheet.name])
    save_sheet(conn, row.id, sheet, event.seq)
    return sheet


@dataclass(frozen=True)
class SheetEdited:
    """A sheet edit as stored: its event (with its id and sequence number), and the sheet."""

    event: Event
    sheet: Character


def edit_sheet(
    db: Database,
    campaign: str,
    name: str,
    changes: str = "",
    add: str = "",
    notes: str | None = None,
    *,
    actor: str,
) -> SheetEdited:
    """Edit a character's sheet: ``changes`` to its traits (``"Stealth+=1 Firearms (Sniping)"``),
    traits ``add`` adds on purpose (``"Dex=2"``), and its ``notes`` (None: unchanged; ``""``
    clears them); one transaction, one ``character-changed`` event.

    A change naming a new trait that abbreviates or nearly spells one the sheet or the system
    has (``Dex``, ``Dexteriy``) is refused as a slip; in ``add`` it is added (see
    :mod:`dicepool.sheet.edit`).

    Raises:
        CampaignError: no such character (or campaign).
        FieldError: the field at fault (``changes``, ``add`` or ``notes``): it does not read,
            it holds a likely slip, or the rules refuse it; or nothing was asked. Nothing is
            stored.
    """
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        edit = read_edit(changes, add, notes, f"{examples_of(row.system).attribute}=3")
        before = find_sheet(conn, row, name, lock=True)
        if before is None:
            raise _no_character(conn, row, name)
        edit = _notes_changed(in_our_names(edit, row.system), before)
        after = edited(before, edit)
        made = changed_event(before.name, edit.changes, edit.added, edit.notes)
        event = append(conn, row.id, made, actor, [before.name])
        save_sheet(conn, row.id, after, event.seq)
        return SheetEdited(event, after)


def _notes_changed(edit: Edit, before: Character) -> Edit:
    """``edit`` with its notes only where they change the sheet's: a form sends the notes it
    showed with every save, and the log tells of a change, not of every save.

    Raises:
        FieldError: (``notes``) nothing is left to change.
    """
    if edit.notes is None or edit.notes != (before.notes or ""):
        return edit
    if not edit.changes and not edit.added:
        raise FieldError(
            f"nothing to change: {before.name}'s notes are already as written; change them, "
            f"or a trait (like `{examples_of(before.system).attribute}=3`)",
            "notes",
        )
    return replace(edit, notes=None)


def change_character(db: Database, campaign: str, name: str, changes: str, actor: str) -> Character:
    """Change a sheet (``"Stealth+=1 Firearms (Sniping)"``); the sheet after the change.

    :func:`edit_sheet` with ``changes`` alone.

    Raises:
        CampaignError: no such character.
        SheetError: a change the rules refuse, or a likely slip in a name (a
            :class:`~dicepool.errors.FieldError`); nothing is changed.
    """
    return edit_sheet(db, campaign, name, changes, actor=actor).sheet


def _no_character(conn: Sql, row: CampaignRow, name: str) -> CampaignError:
    try:
        row.state(campaign_sheets(conn, row)).character(name)
    except CampaignError as exc:
        return exc
    raise AssertionError(f"{name} was not found, then found")  # pragma: no cover


def find_character(db: Database, campaign: str, name: str) -> Character:
    """A character's sheet, as the projection holds it."""
    with db.read() as conn:
        row = need_campaign(conn, campaign)
        sheet = find_sheet(conn, row, name)
        if sheet is None:
            raise _no_character(conn, row, name)
        return sheet
