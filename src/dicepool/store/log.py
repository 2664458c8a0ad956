"""Reading and appending the log, and keeping its projections, inside a caller's transaction.

Every function takes the :class:`~dicepool.store.sql.Sql` of a transaction opened by
:class:`~dicepool.store.database.Database`; the use cases in :mod:`dicepool.campaign` decide
what goes in one transaction. Rows of ``events`` are inserted, never updated or deleted. The
statements are plain SQL that both databases read (see :mod:`dicepool.store.sql`); the tables
are :mod:`dicepool.store.schema`'s.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, TypeVar

from dicepool.errors import CampaignError, LimitError
from dicepool.sheet.character import Character
from dicepool.sheet.events import Chain, Event, Kind, character_from, screen_of, striking
from dicepool.sheet.payloads import Undone
from dicepool.sheet.refs import EventRef, indexed
from dicepool.sheet.state import CampaignState, Story, stored_story
from dicepool.sheet.traits import name_key
from dicepool.store.chain import GENESIS, digest_of, link, new_salt
from dicepool.store.sql import Conflict, Row, Sql, loads, moment

MAX_EVENT_BYTES = 1024 * 1024
"""The largest event the log takes: its data as JSON, in bytes (1 MiB). A roll of a large pool
logs its dice packed (:mod:`dicepool.notation.packing`, about two bytes a die): the largest
pools of the roll language with their explosions fit (a contest of two 10,000-die hubris
pools exploding on 2+, 200,000 dice in all, logs 392 KiB; of two 10,000d1000 custom pools,
again 101 and rote, 593 KiB); only chains near the rules core's limit on both sides of a contest
of large dice go over, and are refused. A page of the log holds one event at least, so this
is no more than :data:`PAGE_BYTES`."""

PAGE_BYTES = 1024 * 1024
"""The most bytes of events' data one page of the log reads (1 MiB), besides
:data:`EVENT_BYTES` an event; one event at least, whatever its size (a log written before
:data:`MAX_EVENT_BYTES` may hold a larger one)."""

EVENT_BYTES = 200
"""What an event weighs in a page besides its data: its number, time, actor and kind, and
the JSON around them (about 120 bytes), rounded up."""

CHANNEL = "dicepool_events"
"""PostgreSQL's channel for new events: ``CAMPAIGN_ID:SEQ:EVENT_ID``, sent when the event
commits (numbers only: a payload is at most 8000 bytes, and a listener reads the log itself;
the sequence number lets a server that has read that far already skip the read)."""

MAX_SEQ = 2**31 - 1
"""The largest sequence number a log holds (its column's type): a larger one names no event."""

T = TypeVar("T")

_NOTIFY = "pg_notify(:channel, CAST(:news AS TEXT) || CAST(id AS TEXT)) AS told"
"""An event's NOTIFY (:data:`CHANNEL`), sent by the statement that inserts it."""

_COLUMNS = "id, name, system, players, house_rules, last_seq, story"
_CAMPAIGN = f"SELECT {_COLUMNS} FROM campaigns"
_RETURNING = f"RETURNING {_COLUMNS}, head"
"""What a claim of the campaign's next number returns: the row and the log's head."""
_EVENT_ID = ", nextval(pg_get_serial_sequence('events', 'id')) AS event_id"
"""On PostgreSQL, a claim also takes the new event's id, so that nothing waits for the
statement that logs it (sent with the commit: :meth:`~dicepool.store.sql.Sql.later`)."""


def _returning(conn: Sql) -> str:
    """What a claim returns on this database."""
    return _RETURNING + _EVENT_ID if conn.dialect == "postgresql" else _RETURNING


_EVENT = "SELECT id, seq, at, actor, kind, data, salt, prev, digest, hash FROM events"
_SHEET = "SELECT CAST(sheet AS TEXT) AS sheet FROM characters"
"""A sheet as its text on both databases (PostgreSQL would parse its JSON), so that
:func:`_projected` reads each text once."""
_SCREENED = (
    "SELECT id, seq, at, actor, kind, COALESCE(screen, data) AS data, "
    "CASE WHEN screen IS NULL THEN salt ELSE '' END AS salt, prev, digest, hash FROM events"
)
"""The events as players read them: a hidden roll's placeholder (``screen``) for its data, so
neither its data nor its size is read (nor its salt: the placeholder is not what it hashed)."""


def _select(screened: bool) -> str:
    """The statement reading events whole, or as players read them (``screened``)."""
    return _SCREENED if screened else _EVENT


def _locked(conn: Sql, sql: str) -> str:
    """The statement holding the rows it reads until the commit: PostgreSQL's row lock.

    SQLite needs none: a write transaction starts with BEGIN IMMEDIATE, one writer at a time.
    """
    return f"{sql} FOR UPDATE" if conn.dialect == "postgresql" else sql


def _among(name: str, values: Sequence[T]) -> tuple[str, dict[str, T]]:
    """``IN (:name0, :name1, ...)`` and its parameters (either driver reads it)."""
    params = {f"{name}{i}": v for i, v in enumerate(values)}
    return "(" + ", ".join(f":{p}" for p in params) + ")", params


@dataclass(frozen=True)
class CampaignRow:
    """A campaign's projection row: its id, settings and the last sequence number of its log."""

    id: int
    name: str
    system: str
    players: int | None
    house_rules: str
    last_seq: int
    story: Story

    def state(self, sheets: Iterable[Character] = ()) -> CampaignState:
        """The campaign's state with these character sheets."""
        held = {name_key(c.name): c for c in sheets}
        return CampaignState(
            self.name, self.system, self.players, self.house_rules, held, self.story
        )


def _campaign(row: Row) -> CampaignRow:
    story = row["story"]
    return CampaignRow(
        row["id"],
        row["name"],
        row["system"],
        row["players"],
        row["house_rules"],
        row["last_seq"],
        stored_story(row["system"], loads(story) if story is not None else None),
    )


def find_campaign(conn: Sql, name: str, lock: bool = False) -> CampaignRow | None:
    """The campaign called ``name`` (any case); ``lock`` holds its row until the commit."""
    sql = f"{_CAMPAIGN} WHERE name_key = :key"
    found = conn.rows(_locked(conn, sql) if lock else sql, {"key": name_key(name)})
    return _campaign(found[0]) if found else None


def campaign_by_id(conn: Sql, campaign_id: int, lock: bool = False) -> CampaignRow | None:
    """The campaign whose id is ``campaign_id``, or None; ``lock`` holds its row until the
    commit."""
    sql = f"{_CAMPAIGN} WHERE id = :id"
    found = conn.rows(_locked(conn, sql) if lock else sql, {"id": campaign_id})
    return _campaign(found[0]) if found else None


def all_campaigns(conn: Sql) -> list[CampaignRow]:
    """Every campaign, by name."""
    return [_campaign(r) for r in conn.rows(f"{_CAMPAIGN} ORDER BY name_key")]


def insert_campaign(conn: Sql, state: CampaignState) -> int:
    """Add a campaign's projection row (its log still empty); its id."""
    values = {
        "name": state.name,
        "name_key": name_key(state.name),
        "system": state.system,
        "players": state.players,
        "house_rules": state.house_rules,
    }
    conn.run("SAVEPOINT new_campaign")  # a name taken meanwhile fails alone
    try:
        found = conn.rows(
            "INSERT INTO campaigns (name, name_key, system, players, house_rules, last_seq) "
            "VALUES (:name, :name_key, :system, :players, :house_rules, 0) RETURNING id",
            values,
        )
    except Conflict as exc:  # another process created it since we looked
        conn.run("ROLLBACK TO SAVEPOINT new_campaign")
        raise CampaignError(f"there is already a campaign {state.name}; pick another name") from exc
    conn.run("RELEASE SAVEPOINT new_campaign")
    return int(found[0]["id"])


@dataclass(frozen=True)
class Claim:
    """A campaign claimed for an event (:func:`claim_campaign`): its row, carrying the
    sequence number taken as ``last_seq``, and ``prev``, the hash of its log's head before this
    event (:data:`GENESIS` for the first, ``""`` after an event the upgrade did not chain);
    on PostgreSQL, ``event_id``, the id the event takes."""

    row: CampaignRow
    prev: str
    event_id: int | None = None


def claimed(row: Row) -> Claim:
    """The claim an ``UPDATE ... RETURNING`` of the campaign's next number gives."""
    campaign = _campaign(row)
    prev = GENESIS if campaign.last_seq == 1 else row["head"] or ""
    return Claim(campaign, prev, row.get("event_id"))


def claim_campaign(conn: Sql, name: str) -> Claim | None:
    """Lock a campaign and take the next sequence number of its log and its head, in one
    statement (a round trip less while the row is held, which is what a table rolling flat
    out waits on). The head is the row's own column: a writer that waited for the row reads
    its latest version, where another table read in the same statement would be read as it
    was before the wait (PostgreSQL, READ COMMITTED).

    Give the claim to :func:`append`.
    """
    found = conn.rows(claim_statement(conn), {"key": name_key(name)})
    return claimed(found[0]) if found else None


def claim_statement(conn: Sql, where: str = "name_key = :key") -> str:
    """The statement of :func:`claim_campaign` (its parameter ``:key``, the name's key), or
    of the claim of the campaign ``where`` names."""
    return f"UPDATE {_NEXT_SEQ} WHERE {where} {_returning(conn)}"


_NEXT_SEQ = "campaigns SET last_seq = last_seq + 1"
"""What a claim updates: the campaign's last sequence number, one more."""


def claim_later(conn: Sql, campaign_id: int) -> None:
    """Take the campaign's next sequence number as a claim takes it, held back for the
    commit (:meth:`~dicepool.store.sql.Sql.later`): for an event whose claim is known without
    asking (it follows another of the same transaction, which holds the row)."""
    conn.later(f"UPDATE {_NEXT_SEQ} WHERE id = :campaign", {"campaign": campaign_id})


def append(
    conn: Sql,
    campaign_id: int,
    event: Event,
    actor: str,
    involved: Iterable[str] = (),
    claim: Claim | None = None,
) -> Event:
    """Append ``event`` to a campaign's log, after its last; the event as stored.

    Args:
        involved: the characters it concerns, for ``log --char``.
        claim: the campaign as :func:`claim_campaign` claimed it for this event (its
            sequence number and head), else both are taken here.
    """
    if claim is None:
        claim = claimed(
            conn.rows(claim_statement(conn, "id = :campaign"), {"campaign": campaign_id})[0]
        )
    seq = claim.row.last_seq
    at = datetime.now(UTC)
    undoes, undoes_sql = _undoes(event)
    chain = _chained(claim.prev, seq, at.isoformat(), actor, event)
    row = {
        "campaign": campaign_id,
        "seq": seq,
        "at": at,
        "actor": actor,
        "kind": event.kind.value,
        "data": _stored_data(event),
        "undoes": undoes,
        "screen": screen_of(event),  # a dict: each driver writes it as its JSON
        "salt": chain.salt,
        "prev": chain.prev,
        "digest": chain.digest,
        "hash": chain.hash,
    }
    taken = claim.event_id is not None  # its id taken with the claim (PostgreSQL)
    column, value = ("id, ", ":id, ") if taken else ("", "")
    insert = (
        f"INSERT INTO events ({column}campaign_id, seq, at, actor, kind, data, undoes, screen, "
        f"salt, prev, digest, hash) VALUES ({value}:campaign, :seq, :at, :actor, :kind, :data, "
        f"{undoes_sql}, :screen, :salt, :prev, :digest, :hash)"
    )
    keys = sorted({name_key(n) for n in involved})
    if claim.event_id is not None:
        return _append_told(conn, event, insert, {**row, "id": claim.event_id}, keys)
    event_id = conn.insert(insert, row)
    conn.run(_NEW_HEAD, {"campaign": campaign_id, "hash": chain.hash})
    involving = [{"event": event_id, "campaign": campaign_id, "key": k} for k in keys]
    if involving:
        conn.run(
            "INSERT INTO event_characters (event_id, campaign_id, character_key) "
            "VALUES (:event, :campaign, :key)",
            involving[0] if len(involving) == 1 else involving,
        )
    return Event(event.kind, event.data, event_id, seq, at.isoformat(), actor, chain)


def _undoes(event: Event) -> tuple[int | None, str]:
    """What an event's ``undoes`` column holds (the id of the event an undo names, found by
    its seq within the campaign; NULL for every other event): the parameter, and the SQL that
    gives it."""
    if event.kind is not Kind.UNDONE:
        return None, ":undoes"
    named = Undone.of(event.data).event
    if named.old:
        return named.id, ":undoes"
    return named.seq, "(SELECT id FROM events WHERE campaign_id = :campaign AND seq = :undoes)"


_NEW_HEAD = "UPDATE campaigns SET head = :hash WHERE id = :campaign"
"""The campaign's head moved to its new last event (by the statement that logs it)."""


def _chained(prev: str, seq: int, at: str, actor: str, event: Event) -> Chain:
    """The new event's place in its log's hash chain, after the event whose hash is ``prev``.

    Raises:
        CampaignError: the event before it has no hash (a log the upgrade did not chain).
    """
    if not prev:
        unchained = f"event {seq - 1} of this log is not chained"
        raise CampaignError(f"{unchained}; run `dicepool db upgrade`")
    salt = new_salt()
    digest = digest_of(seq, at, actor, event.kind.value, event.data, salt)
    return Chain(salt, prev, digest, link(prev, seq, digest))


def _append_told(
    conn: Sql, event: Event, insert: str, row: dict[str, Any], keys: list[str]
) -> Event:
    """:func:`append` on PostgreSQL as one statement held back to go with the next (or the
    commit), its id taken with the claim: the event, the campaign's new head, the characters
    it concerns and its NOTIFY to the servers listening (sent at the commit, not before)."""
    params = {**row, "channel": CHANNEL, "news": f"{row['campaign']}:{row['seq']}:"}
    added = f"WITH added AS ({insert} RETURNING id), head AS ({_NEW_HEAD})"
    if keys:
        params.update({f"key{i}": k for i, k in enumerate(keys)})
        values = ", ".join(f"(:key{i})" for i in range(len(keys)))
        added += (
            ", involved AS (INSERT INTO event_characters (event_id, campaign_id, character_key) "
            f"SELECT added.id, :campaign, k.key FROM added, (VALUES {values}) AS k(key))"
        )
    conn.later(f"{added} SELECT {_NOTIFY} FROM added", params)
    at = row["at"].isoformat()
    chain = Chain(row["salt"], row["prev"], row["digest"], row["hash"])
    return Event(event.kind, event.data, row["id"], row["seq"], at, row["actor"], chain)


def _stored_data(event: Event) -> str:
    """An event's data as its column takes it: its JSON text, written once here (both
    databases take the text; PostgreSQL checks it is JSON).

    Raises:
        LimitError: data over :data:`MAX_EVENT_BYTES` as JSON.
    """
    text = json.dumps(event.data, separators=(",", ":"))
    if len(text) > MAX_EVENT_BYTES:
        raise LimitError(
            f"this {event.kind.value} event would log {len(text):,} bytes, over the log's "
            f"limit of {MAX_EVENT_BYTES:,} bytes an event; roll fewer dice"
        )
    return text


def _event(row: Row) -> Event:
    at = moment(row["at"]).isoformat()
    chain = Chain(row["salt"], row["prev"], row["digest"], row["hash"]) if row["hash"] else None
    data = loads(row["data"])
    return Event(Kind(row["kind"]), data, row["id"], row["seq"], at, row["actor"], chain)


def campaign_events(conn: Sql, campaign_id: int) -> list[Event]:
    """A campaign's whole log, in order."""
    found = conn.rows(
        f"{_EVENT} WHERE campaign_id = :campaign ORDER BY seq", {"campaign": campaign_id}
    )
    return [_event(r) for r in found]


def campaign_chain(conn: Sql, campaign_id: int) -> list[tuple[int, Chain]]:
    """Every event's place in a campaign's hash chain, in order: its seq and its chain, its
    salt left out (what a seat may know of an event it may not see)."""
    found = conn.rows(
        "SELECT seq, prev, digest, hash FROM events WHERE campaign_id = :campaign ORDER BY seq",
        {"campaign": campaign_id},
    )
    return [(r["seq"], Chain("", r["prev"], r["digest"], r["hash"])) for r in found]


def campaign_head(conn: Sql, campaign_id: int) -> tuple[int, str]:
    """A campaign's head: its last event's seq and hash ((0, "") for an empty log)."""
    found = conn.rows(
        "SELECT seq, hash FROM events WHERE campaign_id = :campaign ORDER BY seq DESC LIMIT 1",
        {"campaign": campaign_id},
    )
    return (found[0]["seq"], found[0]["hash"] or "") if found else (0, "")


def head_kept(conn: Sql, campaign_id: int) -> str | None:
    """The head a campaign's row keeps (None for an empty log): the next event's ``prev``."""
    found = conn.rows("SELECT head FROM campaigns WHERE id = :id", {"id": campaign_id})
    return found[0]["head"] if found else None


def last_events(
    conn: Sql, campaign_id: int, count: int, character: str | None = None
) -> list[Event]:
    """The last ``count`` events of a campaign (those concerning ``character``), oldest first."""
    sql = f"{_EVENT} WHERE campaign_id = :campaign"
    params: dict[str, Any] = {"campaign": campaign_id, "count": count}
    if character is not None:
        sql += (
            " AND id IN (SELECT event_id FROM event_characters"
            " WHERE campaign_id = :campaign AND character_key = :key)"
        )
        params["key"] = name_key(character)
    found = conn.rows(f"{sql} ORDER BY seq DESC LIMIT :count", params)
    return [_event(r) for r in reversed(found)]


def find_event(conn: Sql, campaign_id: int, event_id: int) -> Event | None:
    """Event ``event_id`` (the database's id) if it belongs to the campaign."""
    found = conn.rows(
        f"{_EVENT} WHERE campaign_id = :campaign AND id = :id",
        {"campaign": campaign_id, "id": event_id},
    )
    return _event(found[0]) if found else None


def event_named(conn: Sql, campaign_id: int, ref: EventRef) -> Event | None:
    """The event of a campaign that ``ref`` names (by its seq, or an old event's id), or
    None."""
    return (
        find_event(conn, campaign_id, ref.id) if ref.old else event_at(conn, campaign_id, ref.seq)
    )


def events_named(
    conn: Sql, campaign_id: int, refs: Iterable[EventRef], screened: bool = False
) -> dict[EventRef, Event]:
    """The events of a campaign that ``refs`` name (those not in it left out), each under
    both references that name it (:func:`~dicepool.sheet.refs.indexed`); ``screened``, as
    players read them (see :func:`events_after`)."""
    named = set(refs)
    ids = [r.id for r in named if r.old]
    seqs = [r.seq for r in named if not r.old]
    found: list[Row] = []
    for column, values in (("id", ids), ("seq", seqs)):
        if values:
            among, params = _among(column, values)
            found += conn.rows(
                f"{_select(screened)} WHERE campaign_id = :campaign AND {column} IN {among}",
                {"campaign": campaign_id, **params},
            )
    return indexed(map(_event, found))


def seqs_of(conn: Sql, campaign_id: int, ids: Sequence[int]) -> dict[int, int]:
    """The seqs of the events ``ids`` of a campaign (those not in it left out), by id: how a
    reader names the events that old data names by the database's id."""
    if not ids:
        return {}
    among, params = _among("id", ids)
    found = conn.rows(
        f"SELECT id, seq FROM events WHERE campaign_id = :campaign AND id IN {among}",
        {"campaign": campaign_id, **params},
    )
    return {int(r["id"]): int(r["seq"]) for r in found}


def event_at(conn: Sql, campaign_id: int, seq: int) -> Event | None:
    """The event at sequence number ``seq`` of a campaign's log (the number its table reads
    and types), or None (none there, or a number no log reaches)."""
    if not 1 <= seq <= MAX_SEQ:
        return None
    found = conn.rows(
        f"{_EVENT} WHERE campaign_id = :campaign AND seq = :seq",
        {"campaign": campaign_id, "seq": seq},
    )
    return _event(found[0]) if found else None


@dataclass(frozen=True)
class LogSlice:
    """Events read from a campaign's log, in order, within a bound of count and bytes.

    Attributes:
        events: the events.
        size: what they weigh, in bytes: their data as stored, and :data:`EVENT_BYTES` each.
        more: whether the read stopped at its bound (more events may follow).
    """

    events: list[Event]
    size: int
    more: bool


def events_after(
    conn: Sql,
    campaign_id: int,
    after: int,
    count: int,
    most_bytes: int = PAGE_BYTES,
    screened: bool = False,
) -> LogSlice:
    """The events of a campaign after sequence number ``after``, in order: at most ``count``,
    and no more than ``most_bytes`` (:data:`EVENT_BYTES` each with its data as stored), but one
    at least, whatever its size; ``screened``, as players read them (a hidden roll's
    placeholder for its data: see :func:`~dicepool.sheet.events.screen_of`). One statement:
    see :func:`page_statement`."""
    return page_of(
        conn.rows(*page_statement(campaign_id, after, count, most_bytes, screened)), count
    )


def page_statement(
    campaign_id: int, after: int, count: int, most_bytes: int = PAGE_BYTES, screened: bool = False
) -> tuple[str, dict[str, Any]]:
    """The statement of :func:`events_after` and its parameters (read by :func:`page_of`).

    The sizes of the next ``count`` events are summed first, in order, and only the data of
    those that fit is read: a page of large events costs the database what it answers, not
    ``count`` rows."""
    data = "COALESCE(screen, data)" if screened else "data"
    sized = (
        f"WITH firsts AS (SELECT seq AS n, length(CAST({data} AS TEXT)) AS size FROM events "
        "WHERE campaign_id = :campaign AND seq > :after ORDER BY seq LIMIT :count), "
        "sized AS (SELECT n, SUM(size + :weight) OVER (ORDER BY n) AS running FROM firsts) "
    )
    select = _select(screened).replace(
        " FROM events",
        ", running, (SELECT count(*) FROM sized) AS counted FROM events JOIN sized ON seq = n",
    )
    sql = (
        f"{sized}{select} WHERE campaign_id = :campaign "
        "AND (running <= :most OR n = (SELECT min(n) FROM sized)) ORDER BY seq"
    )
    params = {
        "campaign": campaign_id,
        "after": after,
        "count": count,
        "weight": EVENT_BYTES,
        "most": most_bytes,
    }
    return sql, params


def page_of(found: list[Row], count: int) -> LogSlice:
    """The events :func:`page_statement` read, their weight, and whether more may follow."""
    if not found:
        return LogSlice([], 0, False)
    counted = int(found[0]["counted"])
    events = [_event(r) for r in found]
    return LogSlice(events, int(found[-1]["running"]), counted == count or len(events) < counted)


def events_of_kind(conn: Sql, campaign_id: int, kind: Kind, after: int = 0) -> list[Event]:
    """A campaign's events of one kind logged after sequence number ``after``, in order."""
    found = conn.rows(
        f"{_EVENT} WHERE campaign_id = :campaign AND kind = :kind AND seq > :after ORDER BY seq",
        {"campaign": campaign_id, "kind": kind.value, "after": after},
    )
    return [_event(r) for r in found]


def totals(conn: Sql) -> dict[str, int]:
    """How many campaigns, events and characters the database holds."""
    return {
        table: int(conn.rows(f"SELECT count(*) AS n FROM {table}")[0]["n"])
        for table in ("campaigns", "events", "characters")
    }


def struck_among(conn: Sql, ids: Sequence[int]) -> set[int]:
    """Which of the events ``ids`` stand struck, following undos of undos (by the ``undoes``
    column: the id each undo names)."""
    undos: dict[int, int] = {}
    frontier = list(ids)
    while frontier:
        among, params = _among("id", frontier)
        found = conn.rows(f"SELECT id, undoes FROM events WHERE undoes IN {among}", params)
        frontier = [r["id"] for r in found if r["id"] not in undos]
        undos.update((r["id"], r["undoes"]) for r in found)
    return striking(sorted(undos.items())) & set(ids)  # ids grow with the log


def undos_naming(conn: Sql, campaign_id: int, event_id: int) -> list[Event]:
    """The undos of a campaign that name event ``event_id`` (struck or standing), oldest
    first."""
    found = conn.rows(
        f"{_EVENT} WHERE campaign_id = :campaign AND undoes = :id ORDER BY seq",
        {"campaign": campaign_id, "id": event_id},
    )
    return [_event(r) for r in found]


def struck_in(conn: Sql, campaign_id: int) -> set[int]:
    """The ids of every event of a campaign an undo leaves struck."""
    found = conn.rows(
        "SELECT id, undoes FROM events WHERE campaign_id = :campaign AND undoes IS NOT NULL "
        "ORDER BY seq",
        {"campaign": campaign_id},
    )
    return striking((r["id"], r["undoes"]) for r in found)


_NOT_UNDONE_BARE = (
    Kind.UNDONE,
    Kind.SEAL_OPENED,
    Kind.SEAL_CLOSED,
    Kind.SEAL_CONTRIBUTED,
    Kind.SEAT_REVOKED,
    Kind.LINK_ISSUED,
    Kind.INVITATION_ISSUED,
    Kind.INVITATIONS_OFF,
    Kind.WEBHOOK_SET,
)
"""The kinds a bare `undo` passes over: undos (undone by naming them), seals and the seats'
tokens (never undone)."""


def latest_standing(conn: Sql, campaign_id: int) -> Event | None:
    """The latest event that is not an undo, a seal's opening or closing, a change of a seat's
    token, nor struck: what a bare `undo` undoes."""
    before = 2**62
    kinds, params = _among("kind", [k.value for k in _NOT_UNDONE_BARE])
    while True:
        found = [
            _event(r)
            for r in conn.rows(
                f"{_EVENT} WHERE campaign_id = :campaign AND kind NOT IN {kinds} "
                "AND seq < :before ORDER BY seq DESC LIMIT 50",
                {"campaign": campaign_id, "before": before, **params},
            )
        ]
        gone = struck_among(conn, [e.id for e in found])
        standing = next((e for e in found if e.id not in gone), None)
        if standing is not None or len(found) < 50:
            return standing
        before = found[-1].seq


def campaign_sheets(conn: Sql, row: CampaignRow) -> list[Character]:
    """Every character sheet of a campaign, as its projection holds it."""
    found = conn.rows(f"{_SHEET} WHERE campaign_id = :campaign", {"campaign": row.id})
    return [_projected(r["sheet"], row.system) for r in found]


def sheets_and_seated(
    conn: Sql, row: CampaignRow, role: str
) -> tuple[list[Character], frozenset[str]]:
    """Every character sheet of a campaign, and which of them (by key) a seat of ``role``
    sits with, in one statement."""
    found = conn.rows(
        SHEETS_AND_SEATED.format(campaign=":campaign"), {"campaign": row.id, "role": role}
    )
    return sheets_and_seated_of(found, row.system)


SHEETS_AND_SEATED = (
    "SELECT CAST(sheet AS TEXT) AS sheet, name_key, name_key IN (SELECT character_key "
    "FROM seats WHERE campaign_id = {campaign} AND role = :role "
    "AND character_key IS NOT NULL) AS seated FROM characters WHERE campaign_id = {campaign}"
)
"""Every sheet of a campaign (``{campaign}``: an expression giving its id) and whether a seat
of ``:role`` sits with it."""


def sheets_and_seated_of(found: list[Row], system: str) -> tuple[list[Character], frozenset[str]]:
    """The sheets and the characters sat with (by key) that :data:`SHEETS_AND_SEATED` found."""
    sheets = [_projected(r["sheet"], system) for r in found]
    return sheets, frozenset(r["name_key"] for r in found if r["seated"])


def find_sheet(conn: Sql, row: CampaignRow, name: str, lock: bool = False) -> Character | None:
    """A character's sheet as its projection holds it, or None."""
    sql = f"{_SHEET} WHERE campaign_id = :campaign AND name_key = :key"
    found = conn.rows(
        _locked(conn, sql) if lock else sql, {"campaign": row.id, "key": name_key(name)}
    )
    return _projected(found[0]["sheet"], row.system) if found else None


def _projected(sheet: str, system: str) -> Character:
    """A projection's sheet as a record: its JSON read once per text (sheets are frozen, and
    the same sheet is read at every roll)."""
    return _sheet_of_text(sheet, system)


@lru_cache(maxsize=1024)
def _sheet_of_text(text: str, system: str) -> Character:
    return character_from(loads(text), system, checked=False)


def save_sheet(conn: Sql, campaign_id: int, sheet: Character, version: int) -> None:
    """Write a character's projection row: inserted, or replaced by the newer sheet."""
    values = {
        "campaign": campaign_id,
        "key": name_key(sheet.name),
        "name": sheet.name,
        "player": sheet.player,
        "sheet": sheet.stored(),
        "version": version,
    }
    changed = conn.run(
        "UPDATE characters SET name = :name, player = :player, sheet = :sheet, "
        "version = :version WHERE campaign_id = :campaign AND name_key = :key",
        values,
    )
    if changed == 0:
        conn.run(
            "INSERT INTO characters (campaign_id, name_key, name, player, sheet, version) "
            "VALUES (:campaign, :key, :name, :player, :sheet, :version)",
            values,
        )


def save_story(conn: Sql, campaign_id: int, story: Story) -> None:
    """Write a campaign's story to its projection row."""
    conn.run(
        "UPDATE campaigns SET story = :story WHERE id = :campaign",
        {"campaign": campaign_id, "story": story.stored()},
    )


def save_players(conn: Sql, campaign_id: int, players: int | None) -> None:
    """Write a campaign's number of players to its projection row."""
    conn.run(
        "UPDATE campaigns SET players = :players WHERE id = :campaign",
        {"campaign": campaign_id, "players": players},
    )


def save_house_rules(conn: Sql, campaign_id: int, house_rules: str) -> None:
    """Write a campaign's house rules to its projection row (every roll reads them there)."""
    conn.run(
        "UPDATE campaigns SET house_rules = :rules WHERE id = :campaign",
        {"campaign": campaign_id, "rules": house_rules},
    )


def save_changes(
    conn: Sql, campaign_id: int, before: CampaignState, after: CampaignState, version: int
) -> None:
    """Write what an event changed: the players, the house rules, the story, and each sheet
    that is not what it was."""
    if after.players != before.players:
        save_players(conn, campaign_id, after.players)
    if after.house_rules != before.house_rules:
        save_house_rules(conn, campaign_id, after.house_rules)
    if after.now != before.now:
        save_story(conn, campaign_id, after.now)
    for key, sheet in after.characters.items():
        if before.characters.get(key) != sheet:
            save_sheet(conn, campaign_id, sheet, version)


def rewrite_sheets(conn: Sql, campaign_id: int, state: CampaignState, version: int) -> None:
    """Make the projection hold exactly the players, house rules, sheets and story of
    ``state`` (after an undo)."""
    save_players(conn, campaign_id, state.players)
    save_house_rules(conn, campaign_id, state.house_rules)
    save_story(conn, campaign_id, state.now)
    held = conn.rows(
        "SELECT name_key FROM characters WHERE campaign_id = :campaign", {"campaign": campaign_id}
    )
    for gone in {r["name_key"] for r in held} - set(state.characters):
        conn.run(
            "DELETE FROM characters WHERE campaign_id = :campaign AND name_key = :key",
            {"campaign": campaign_id, "key": gone},
        )
    for sheet in state.characters.values():
        save_sheet(conn, campaign_id, sheet, version)


def misfiled(conn: Sql, row: CampaignRow) -> list[str]:
    """The characters of a campaign whose key is not their name's (so lookups would miss)."""
    found = conn.rows(
        "SELECT name, name_key FROM characters WHERE campaign_id = :campaign", {"campaign": row.id}
    )
    return [r["name"] for r in found if r["name_key"] != name_key(r["name"])]


def projection(conn: Sql, row: CampaignRow) -> CampaignState:
    """The campaign as the projection tables hold it (for ``db check``)."""
    return row.state(campaign_sheets(conn, row))
