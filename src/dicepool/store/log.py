"""Reading and appending the log, and keeping its projections, inside a caller's transaction.

Every function takes the connection of a transaction opened by
:class:`~dicepool.store.database.Database`; the use cases in :mod:`dicepool.campaign` decide
what goes in one transaction. Rows of ``events`` are inserted, never updated or deleted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, RowMapping
from sqlalchemy.exc import IntegrityError

from dicepool.errors import CampaignError
from dicepool.sheet.character import Character
from dicepool.sheet.events import CampaignState, Event, Kind, character_from, struck
from dicepool.store.schema import campaigns, characters, event_characters, events


@dataclass(frozen=True)
class CampaignRow:
    """A campaign's projection row: its id, settings and the last sequence number of its log."""

    id: int
    name: str
    system: str
    players: int | None
    house_rules: str
    last_seq: int

    def state(self, sheets: Iterable[Character] = ()) -> CampaignState:
        """The campaign's state with these character sheets."""
        held = {c.name.casefold(): c for c in sheets}
        return CampaignState(self.name, self.system, self.players, self.house_rules, held)


# The statements of every roll, built once: building one costs more than running it.
_FIND = sa.select(campaigns).where(campaigns.c.name_key == sa.bindparam("key"))
_FIND_LOCKED = _FIND.with_for_update()  # PostgreSQL; SQLite's BEGIN IMMEDIATE already holds
_NEXT_SEQ = (
    sa.update(campaigns)
    .where(campaigns.c.id == sa.bindparam("campaign"))
    .values(last_seq=campaigns.c.last_seq + 1)
    .returning(campaigns.c.last_seq)
)
_INSERT_EVENT = sa.insert(events)
_INSERT_INVOLVED = sa.insert(event_characters)
_SHEETS = sa.select(characters.c.sheet).where(characters.c.campaign_id == sa.bindparam("campaign"))


def _inserted(result: sa.CursorResult[Any]) -> int:
    """The key of the row an insert added."""
    keys = result.inserted_primary_key
    assert keys is not None
    return int(keys[0])


def key(name: str) -> str:
    """The key a name is found by: case-folded, single spaces."""
    return " ".join(name.split()).casefold()


def _campaign(row: RowMapping) -> CampaignRow:
    return CampaignRow(
        row["id"], row["name"], row["system"], row["players"], row["house_rules"], row["last_seq"]
    )


def find_campaign(conn: Connection, name: str, lock: bool = False) -> CampaignRow | None:
    """The campaign called ``name`` (any case); ``lock`` holds its row until the commit."""
    row = conn.execute(_FIND_LOCKED if lock else _FIND, {"key": key(name)}).mappings().first()
    return _campaign(row) if row else None


def all_campaigns(conn: Connection) -> list[CampaignRow]:
    """Every campaign, by name."""
    rows = conn.execute(sa.select(campaigns).order_by(campaigns.c.name_key)).mappings()
    return [_campaign(r) for r in rows]


def insert_campaign(conn: Connection, state: CampaignState) -> int:
    """Add a campaign's projection row (its log still empty); its id."""
    values = {
        "name": state.name,
        "name_key": key(state.name),
        "system": state.system,
        "players": state.players,
        "house_rules": state.house_rules,
        "last_seq": 0,
    }
    try:
        with conn.begin_nested():  # a savepoint: a name taken meanwhile fails alone
            return _inserted(conn.execute(sa.insert(campaigns).values(values)))
    except IntegrityError as exc:  # another process created it since we looked
        raise CampaignError(f"there is already a campaign {state.name}; pick another name") from exc


def append(
    conn: Connection, campaign_id: int, event: Event, actor: str, involved: Iterable[str] = ()
) -> Event:
    """Append ``event`` to a campaign's log, after its last; the event as stored.

    Args:
        involved: the characters it concerns, for ``log --char``.
    """
    seq = conn.execute(_NEXT_SEQ, {"campaign": campaign_id}).scalar_one()
    at = datetime.now(UTC)
    undoes = int(event.data["event"]) if event.kind is Kind.UNDONE else None
    row = {
        "campaign_id": campaign_id,
        "seq": seq,
        "at": at,
        "actor": actor,
        "kind": event.kind.value,
        "data": dict(event.data),
        "undoes": undoes,
    }
    event_id = _inserted(conn.execute(_INSERT_EVENT, row))
    keys = sorted({key(n) for n in involved})
    if keys:
        conn.execute(
            _INSERT_INVOLVED,
            [{"event_id": event_id, "campaign_id": campaign_id, "character_key": k} for k in keys],
        )
    return Event(event.kind, event.data, event_id, seq, at.isoformat(), actor)


def _event(row: RowMapping) -> Event:
    at: datetime = row["at"]
    if at.tzinfo is None:  # SQLite keeps no zone: every time is stored in UTC
        at = at.replace(tzinfo=UTC)
    return Event(
        Kind(row["kind"]), row["data"], row["id"], row["seq"], at.isoformat(), row["actor"]
    )


def campaign_events(conn: Connection, campaign_id: int) -> list[Event]:
    """A campaign's whole log, in order."""
    query = sa.select(events).where(events.c.campaign_id == campaign_id).order_by(events.c.seq)
    return [_event(r) for r in conn.execute(query).mappings()]


def last_events(
    conn: Connection, campaign_id: int, count: int, character: str | None = None
) -> list[Event]:
    """The last ``count`` events of a campaign (those concerning ``character``), oldest first."""
    query = sa.select(events).where(events.c.campaign_id == campaign_id)
    if character is not None:
        concerning = sa.select(event_characters.c.event_id).where(
            event_characters.c.campaign_id == campaign_id,
            event_characters.c.character_key == key(character),
        )
        query = query.where(events.c.id.in_(concerning))
    query = query.order_by(events.c.seq.desc()).limit(count)
    return [_event(r) for r in reversed(list(conn.execute(query).mappings()))]


def find_event(conn: Connection, campaign_id: int, event_id: int) -> Event | None:
    """Event ``event_id`` if it belongs to the campaign."""
    query = sa.select(events).where(events.c.campaign_id == campaign_id, events.c.id == event_id)
    row = conn.execute(query).mappings().first()
    return _event(row) if row else None


def events_by_id(conn: Connection, campaign_id: int, ids: Sequence[int]) -> dict[int, Event]:
    """The events ``ids`` of a campaign, by id (those not in it are left out)."""
    if not ids:
        return {}
    query = sa.select(events).where(events.c.campaign_id == campaign_id, events.c.id.in_(ids))
    return {e.id: e for e in (_event(r) for r in conn.execute(query).mappings())}


def totals(conn: Connection) -> dict[str, int]:
    """How many campaigns, events and characters the database holds."""
    count = sa.func.count()
    return {
        "campaigns": conn.execute(sa.select(count).select_from(campaigns)).scalar_one(),
        "events": conn.execute(sa.select(count).select_from(events)).scalar_one(),
        "characters": conn.execute(sa.select(count).select_from(characters)).scalar_one(),
    }


def struck_among(conn: Connection, ids: Sequence[int]) -> set[int]:
    """Which of the events ``ids`` stand struck, following undos of undos."""
    undos: dict[int, Event] = {}
    frontier = list(ids)
    while frontier:
        query = sa.select(events).where(events.c.undoes.in_(frontier))
        found = [_event(r) for r in conn.execute(query).mappings()]
        frontier = [e.id for e in found if e.id not in undos]
        undos.update((e.id, e) for e in found)
    return struck(sorted(undos.values(), key=lambda e: e.id)) & set(ids)


def latest_standing(conn: Connection, campaign_id: int) -> Event | None:
    """The latest event that is not an undo and not struck: what a bare `undo` undoes."""
    query = (
        sa.select(events)
        .where(events.c.campaign_id == campaign_id, events.c.kind != Kind.UNDONE.value)
        .order_by(events.c.seq.desc())
        .limit(50)
    )
    while True:
        found = [_event(r) for r in conn.execute(query).mappings()]
        gone = struck_among(conn, [e.id for e in found])
        standing = next((e for e in found if e.id not in gone), None)
        if standing is not None or len(found) < 50:
            return standing
        query = query.where(events.c.seq < found[-1].seq)


def campaign_sheets(conn: Connection, row: CampaignRow) -> list[Character]:
    """Every character sheet of a campaign, as its projection holds it."""
    found = conn.execute(_SHEETS, {"campaign": row.id}).scalars()
    return [character_from(s, row.system) for s in found]


def find_sheet(
    conn: Connection, row: CampaignRow, name: str, lock: bool = False
) -> Character | None:
    """A character's sheet as its projection holds it, or None."""
    query = sa.select(characters.c.sheet).where(
        characters.c.campaign_id == row.id, characters.c.name_key == key(name)
    )
    if lock:
        query = query.with_for_update()
    sheet = conn.execute(query).scalar()
    return character_from(sheet, row.system) if sheet is not None else None


def save_sheet(conn: Connection, campaign_id: int, sheet: Character, version: int) -> None:
    """Write a character's projection row: inserted, or replaced by the newer sheet."""
    values = {
        "name": sheet.name,
        "player": sheet.player,
        "sheet": sheet.to_dict(),
        "version": version,
    }
    where = (characters.c.campaign_id == campaign_id) & (characters.c.name_key == key(sheet.name))
    if conn.execute(sa.update(characters).where(where).values(values)).rowcount == 0:
        row = {"campaign_id": campaign_id, "name_key": key(sheet.name), **values}
        conn.execute(sa.insert(characters).values(row))


def rewrite_sheets(conn: Connection, campaign_id: int, state: CampaignState, version: int) -> None:
    """Make the projection hold exactly the sheets of ``state`` (after an undo)."""
    held = set(
        conn.execute(
            sa.select(characters.c.name_key).where(characters.c.campaign_id == campaign_id)
        ).scalars()
    )
    for name_key in held - set(state.characters):
        conn.execute(
            sa.delete(characters).where(
                characters.c.campaign_id == campaign_id, characters.c.name_key == name_key
            )
        )
    for sheet in state.characters.values():
        save_sheet(conn, campaign_id, sheet, version)


def projection(conn: Connection, row: CampaignRow) -> CampaignState:
    """The campaign as the projection tables hold it (for ``db check``)."""
    return row.state(campaign_sheets(conn, row))
