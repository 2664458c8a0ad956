"""Creating a campaign, and finding one."""

from __future__ import annotations

from dicepool.campaign.seals import open_next
from dicepool.errors import CampaignError, SheetError
from dicepool.notation.house import read_house_rules
from dicepool.notation.names import system_name
from dicepool.sheet.events import CampaignState, apply, campaign_event
from dicepool.sheet.storypath.momentum import MAX_PLAYERS
from dicepool.sheet.traits import check_name
from dicepool.store.database import Database
from dicepool.store.log import (
    CampaignRow,
    all_campaigns,
    append,
    campaign_sheets,
    find_campaign,
    insert_campaign,
)
from dicepool.store.sql import Sql


def create_campaign(
    db: Database,
    name: str,
    system: str,
    actor: str,
    players: int | None = None,
    house_rules: str = "",
) -> CampaignState:
    """Create a campaign: its first event, and its projection.

    Raises:
        CampaignError: a campaign of that name is already here.
        SheetError, NotationError: a bad name, system, player count or house rule.
    """
    with db.write() as conn:
        return add_campaign(conn, name, system, actor, players, house_rules)[1]


def add_campaign(
    conn: Sql,
    name: str,
    system: str,
    actor: str,
    players: int | None = None,
    house_rules: str = "",
) -> tuple[int, CampaignState]:
    """:func:`create_campaign` inside a caller's transaction; the campaign's id and state."""
    name = check_name(name, "campaign")
    system = system_name(system)
    if players is not None and not 1 <= players <= MAX_PLAYERS:
        raise SheetError(f"--players is 1..{MAX_PLAYERS}, not {players}")
    rules = read_house_rules(system, house_rules)
    state = apply(None, campaign_event(name, system, players, rules.text))
    if find_campaign(conn, name) is not None:
        raise CampaignError(f"there is already a campaign {name}; pick another name")
    campaign_id = insert_campaign(conn, state)
    append(conn, campaign_id, campaign_event(name, system, players, rules.text), actor)
    open_next(conn, campaign_id, 1, actor)  # its rolls can be checked from the first
    return campaign_id, state


def need_campaign(conn: Sql, name: str, lock: bool = False) -> CampaignRow:
    """The campaign called ``name``, or a CampaignError that lists the ones here."""
    row = find_campaign(conn, name, lock)
    if row is None:
        here = ", ".join(r.name for r in all_campaigns(conn)) or "none yet"
        raise CampaignError(
            f"no campaign `{name}` (here: {here}); create it with "
            f'`dicepool campaign create "{name}" --system SYSTEM`'
        )
    return row


def load_campaign(db: Database, name: str) -> CampaignState:
    """A campaign with every character sheet, as the projection holds it."""
    with db.read() as conn:
        row = need_campaign(conn, name)
        return row.state(campaign_sheets(conn, row))


def campaign_info(db: Database, name: str) -> tuple[CampaignState, int]:
    """A campaign with every character sheet, and how many events its log holds."""
    with db.read() as conn:
        row = need_campaign(conn, name)
        return row.state(campaign_sheets(conn, row)), row.last_seq


def campaign_names(db: Database) -> list[CampaignState]:
    """Every campaign (without its sheets), by name."""
    with db.read() as conn:
        return [row.state() for row in all_campaigns(conn)]


def campaign_id_of(db: Database, name: str) -> int:
    """The number of the campaign called ``name``.

    Raises:
        CampaignError: no such campaign.
    """
    with db.read() as conn:
        return need_campaign(conn, name).id
