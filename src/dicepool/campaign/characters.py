"""Creating a character, changing a sheet, importing one from a file."""

from __future__ import annotations

from dicepool.campaign.campaigns import need_campaign
from dicepool.errors import CampaignError
from dicepool.sheet.character import Character, change, new_character, parse_changes
from dicepool.sheet.events import changed_event, created_event
from dicepool.sheet.transfer import read_export
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, append, campaign_sheets, find_sheet, save_sheet
from dicepool.store.sql import Sql


def create_character(
    db: Database,
    campaign: str,
    name: str,
    actor: str,
    player: str | None = None,
    changes: str = "",
) -> Character:
    """Create a character, its sheet set by ``changes`` (``"Dexterity=3 Stealth=2"``).

    Raises:
        CampaignError: the campaign is not here, or already has a character of that name.
        SheetError: a bad name, or a change the rules refuse; nothing is stored.
    """
    items = parse_changes(changes) if changes.strip() else ()
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        sheet = change(new_character(name, row.system, player), items)
        return _add(conn, row, sheet, actor)


def import_character(db: Database, campaign: str, data: object, actor: str) -> Character:
    """Add the character a file holds (see :mod:`dicepool.sheet.transfer`); all or nothing."""
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        return _add(conn, row, read_export(data, row.system), actor)


def _add(conn: Sql, row: CampaignRow, sheet: Character, actor: str) -> Character:
    if find_sheet(conn, row, sheet.name) is not None:
        raise CampaignError(f"there is already a character {sheet.name} in {row.name}")
    event = append(conn, row.id, created_event(sheet), actor, [sheet.name])
    save_sheet(conn, row.id, sheet, event.seq)
    return sheet


def change_character(db: Database, campaign: str, name: str, changes: str, actor: str) -> Character:
    """Change a sheet (``"Stealth+=1 Firearms (Sniping)"``); the sheet after the change.

    Raises:
        CampaignError: no such character.
        SheetError: a change the rules refuse; nothing is changed.
    """
    items = parse_changes(changes)
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        before = find_sheet(conn, row, name, lock=True)
        if before is None:
            raise _no_character(conn, row, name)
        after = change(before, items)
        event = append(conn, row.id, changed_event(before.name, items), actor, [before.name])
        save_sheet(conn, row.id, after, event.seq)
        return after


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
