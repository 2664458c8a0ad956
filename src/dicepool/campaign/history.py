"""The log as the table reads it, undo, and the check that every projection agrees with it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from dicepool.campaign.campaigns import need_campaign
from dicepool.campaign.chained import check_chain, exported
from dicepool.campaign.discord import ties_of, undo_ties
from dicepool.campaign.numbering import old_seqs
from dicepool.campaign.seat_admin import undo_seats
from dicepool.errors import CampaignError, DicepoolError
from dicepool.sheet.events import (
    DISCORD_KINDS,
    MOVING_KINDS,
    SEAT_KINDS,
    CampaignState,
    Event,
    Kind,
    LogError,
    by_seq,
    concerns,
    payload,
    replay,
    struck,
    undo_event,
)
from dicepool.sheet.payloads import Undone, effects_of
from dicepool.sheet.refs import EventRef
from dicepool.sheet.storypath.payloads import DrawbackCarried, StuntBought
from dicepool.sheet.sundown.payloads import Rerolled as RerolledEvent
from dicepool.store.database import Database
from dicepool.store.discord import campaign_ties
from dicepool.store.log import (
    CampaignRow,
    all_campaigns,
    append,
    campaign_events,
    event_at,
    event_named,
    events_named,
    events_of_kind,
    head_kept,
    last_events,
    latest_standing,
    misfiled,
    projection,
    rewrite_sheets,
    struck_among,
    totals,
    undos_naming,
)
from dicepool.store.sql import Sql

MAX_LAST = 10_000
"""The most events ``log --last`` shows at once."""


@dataclass(frozen=True)
class LogEntry:
    """An event as the log shows it: the event (what it names, by seq:
    :mod:`~dicepool.campaign.numbering`), and whether an undo left it struck.

    Attributes:
        target: for an undo, the event it names (struck, or brought back when an undo).
    """

    event: Event
    struck: bool
    target: Event | None = None


def log(
    db: Database, campaign: str, last: int = 20, character: str | None = None
) -> list[LogEntry]:
    """The last ``last`` events of a campaign (those about ``character``), oldest first."""
    if not 1 <= last <= MAX_LAST:
        raise CampaignError(f"--last is 1..{MAX_LAST}, not {last}")
    with db.read() as conn:
        row = need_campaign(conn, campaign)
        events = last_events(conn, row.id, last, character)
        gone = struck_among(conn, [e.id for e in events])
        targets = undone_by(conn, row.id, events)
        seqs = old_seqs(conn, row.id, [*events, *targets.values()])
    return [log_entry(e, e.id in gone, targets, seqs) for e in events]


def undone_by(conn: Sql, campaign_id: int, events: Sequence[Event]) -> dict[EventRef, Event]:
    """The events the undos among ``events`` name (under both references to each)."""
    named = [Undone.of(e.data).event for e in events if e.kind is Kind.UNDONE]
    return events_named(conn, campaign_id, named) if named else {}


def log_entry(
    event: Event, gone: bool, targets: Mapping[EventRef, Event], seqs: Mapping[int, int]
) -> LogEntry:
    """``event`` as the log shows it: ``gone``, struck; for an undo, with the event it names
    (among ``targets``); what both name by the database's id put by seq with ``seqs``."""
    target = targets.get(Undone.of(event.data).event) if event.kind is Kind.UNDONE else None
    shown = by_seq(target, seqs) if target is not None else None
    return LogEntry(by_seq(event, seqs), gone, shown)


LINKED = (Kind.REROLLED, Kind.STUNT_BOUGHT, Kind.DRAWBACK_CARRIED)
"""The kinds of event that name an earlier event they act on (their record's ``event``): a
second chance, a Stunt bought on a roll, a roll's Drawback carried forward (ruling 20)."""


def acted_on(event: Event) -> EventRef:
    """The earlier event a :data:`LINKED` event acts on."""
    record = payload(event)
    assert isinstance(record, RerolledEvent | StuntBought | DrawbackCarried), event.kind
    return record.event


def linked_to(conn: Sql, row: CampaignRow, target: Event) -> list[Event]:
    """The standing events that act on ``target`` (a second chance on a roll), oldest first."""
    if target.kind is not Kind.ROLLED:
        return []
    found = [
        e
        for kind in LINKED
        for e in events_of_kind(conn, row.id, kind, target.seq)
        if acted_on(e).names(target)
    ]
    gone = struck_among(conn, [e.id for e in found])
    return [e for e in found if e.id not in gone]


def _check_links(conn: Sql, row: CampaignRow, target: Event, root: Event) -> None:
    """Refuse to strike a roll a later event acts on, or to bring back one whose roll is gone."""
    later = linked_to(conn, row, root) if target is root else []
    if later:
        raise CampaignError(
            f"cannot undo event {target.seq}: event {later[0].seq} ({later[0].kind}) depends "
            f"on it; undo event {later[0].seq} first"
        )
    if root.kind not in LINKED or target is root:
        return
    roll = event_named(conn, row.id, acted_on(root))
    assert roll is not None, "a linked event names a roll of its campaign"
    if roll.id in struck_among(conn, [roll.id]):
        raise CampaignError(
            f"cannot bring back event {root.seq}: the roll it acts on (event {roll.seq}) is "
            "undone; bring that back first"
        )
    if root.kind is Kind.REROLLED:
        _one_second_chance(conn, row, root, roll)


def _one_second_chance(conn: Sql, row: CampaignRow, root: Event, roll: Event) -> None:
    """Refuse to bring back second chance ``root`` on a roll another one stands on now
    (ruling 1: one second chance a roll)."""
    other = [e for e in linked_to(conn, row, roll) if e.kind is Kind.REROLLED]
    if other:
        raise CampaignError(
            f"cannot bring back event {root.seq}: event {other[0].seq} is the second chance "
            f"of roll {roll.seq} now (one a roll); undo event {other[0].seq} first"
        )


def _root(conn: Sql, row: CampaignRow, event: Event) -> tuple[Event, int]:
    """The event an undo (of an undo...) comes down to, and how many undos down it is (odd:
    ``event`` is an undo of it, so undoing ``event`` brings it back)."""
    depth = 0
    while event.kind is Kind.UNDONE:
        found = event_named(conn, row.id, Undone.of(event.data).event)
        assert found is not None, "an undo names an event of its campaign"
        event, depth = found, depth + 1
    return event, depth


def restore(db: Database, campaign: str, actor: str, seq: int) -> tuple[Event, Event]:
    """Bring back the event at ``seq`` of the log, which an undo struck: undo the undo that
    strikes it now (one event logged, as :func:`undo` of that undo would).

    Returns:
        The undo event as stored, and the undo it undoes.

    Raises:
        CampaignError: no such event, one that stands (nothing to restore), or one whose
            return :func:`undo` refuses (the roll a second chance acts on is gone, ...).
    """
    with db.read() as conn:
        row = need_campaign(conn, campaign)
        target = event_at(conn, row.id, seq)
        if target is None:
            raise CampaignError(f"no event {seq} in {row.name}; `dicepool log` lists the events")
        if target.id not in struck_among(conn, [target.id]):
            raise CampaignError(f"event {seq} stands: there is nothing to restore")
        undos = undos_naming(conn, row.id, target.id)
        gone = struck_among(conn, [u.id for u in undos])
    standing = [u for u in undos if u.id not in gone]
    assert standing, "a struck event has an undo that stands"
    return undo(db, campaign, actor, standing[-1].seq)


def undo(db: Database, campaign: str, actor: str, seq: int | None = None) -> tuple[Event, Event]:
    """Strike the event at ``seq`` of the log (the latest standing one by default), or bring
    back what an undo struck.

    Returns:
        The undo event as stored, and the event it undoes, as shown (what it names, by seq:
        :mod:`~dicepool.campaign.numbering`).

    Raises:
        CampaignError: no such event, nothing to undo, an event already struck, the
            campaign's creation, or an undo that later events depend on (a change to a
            character created in the event undone); a revoke, a link or an invitation (see
            :mod:`dicepool.campaign.seat_admin`), or a character's move between seats that
            later changes of the seats stand on.
    """
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        target = latest_standing(conn, row.id) if seq is None else event_at(conn, row.id, seq)
        if target is None:
            what = "nothing to undo" if seq is None else f"no event {seq} in {row.name}"
            raise CampaignError(f"{what}; `dicepool log` lists the events")
        if target.id in struck_among(conn, [target.id]):
            raise CampaignError(
                f"event {target.seq} is already undone; undo the undo that struck it to bring "
                "it back (`dicepool log` shows it)"
            )
        root, depth = _root(conn, row, target)
        if root.kind is Kind.CAMPAIGN_CREATED:
            raise CampaignError("a campaign's creation cannot be undone")
        if root.kind is Kind.REVEALED:
            raise CampaignError("a reveal cannot be undone: everyone has seen the roll")
        if root.kind in (Kind.SEAL_OPENED, Kind.SEAL_CLOSED, Kind.SEAL_CONTRIBUTED):
            raise CampaignError(
                "a seal cannot be undone: its commitment or seed is public, and its rolls "
                "are checked against it"
            )
        _check_links(conn, row, target, root)
        undo_seats(conn, row.id, root, restore=depth % 2 == 1)  # refused, or the seats moved
        state = None
        # a plain roll, or an event of the seats that moves no character, changes no state:
        # no replay (a character's move changes who is seated, which sizes storypath's pool)
        if root.kind not in (SEAT_KINDS - MOVING_KINDS) | DISCORD_KINDS and (
            root.kind is not Kind.ROLLED or effects_of(root.data)
        ):
            probe = replace(undo_event(target), id=2**62)
            try:
                state = replay([*campaign_events(conn, row.id), probe])
            except LogError as exc:
                later = exc.event
                raise CampaignError(
                    f"cannot undo event {target.seq}: event {later.seq} ({later.kind}) depends "
                    f"on it; undo event {later.seq} first"
                ) from exc
        stored = append(conn, row.id, undo_event(target), actor, concerns(root))
        # refused (rolled back), or Discord's ties: a moved channel's comes back by the undo's
        undo_ties(conn, row.id, root, depth % 2 == 1, target, stored)
        if state is not None:
            rewrite_sheets(conn, row.id, state, stored.seq)
        shown = by_seq(target, old_seqs(conn, row.id, [target]))
    return stored, shown


def counts(db: Database) -> dict[str, int]:
    """How many campaigns, events and characters the database holds."""
    with db.read() as conn:
        return totals(conn)


def check(db: Database) -> list[str]:
    """Rebuild every campaign from its log and compare with the projections.

    Returns:
        One line per difference found (none: the projections agree with the log).
    """
    found: list[str] = []
    with db.read(whole=True) as conn:  # one moment of the database, while servers write
        for row in all_campaigns(conn):
            found.extend(_check_campaign(conn, row))
    return found


def _check_campaign(conn: Sql, row: CampaignRow) -> list[str]:
    """The differences between one campaign's log and its projections."""
    try:
        events = campaign_events(conn, row.id)
    except (ValueError, KeyError, TypeError) as exc:  # a row written behind our back
        return [f"{row.name}: its log cannot be read: {exc}"]
    found = _check_sequence(row, events) + _check_chain(conn, row, events)
    found += _check_ties(conn, row, events)
    try:
        rebuilt = replay(events)
    except (DicepoolError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return [*found, f"{row.name}: the log does not replay: {exc}"]
    try:
        stored = projection(conn, row)
    except (DicepoolError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return [*found, f"{row.name}: its sheets cannot be read: {exc}"]
    found.extend(_differences(row.name, rebuilt, stored))
    found.extend(f"{row.name}: {name} is filed under another name" for name in misfiled(conn, row))
    return found


def _check_sequence(row: CampaignRow, events: list[Event]) -> list[str]:
    seqs = [e.seq for e in events]
    if seqs != list(range(1, len(seqs) + 1)) or row.last_seq != len(seqs):
        return [f"{row.name}: the log's sequence numbers are not 1..{row.last_seq} without gaps"]
    return []


def _check_chain(conn: Sql, row: CampaignRow, events: list[Event]) -> list[str]:
    """The log's hash chain walked as ``dicepool verify`` walks an export's (each event hashes
    the one before it, and its content its digest), and the head the campaign's row keeps for
    the next event's ``prev``: its last event's hash."""
    walked = check_chain([exported(e) for e in events])
    found = [f"{row.name}: {problem}" for problem in walked.problems]
    if head_kept(conn, row.id) != (walked.head or None):
        found.append(f"{row.name}: the head its row keeps is not its last event's hash")
    return found


def _check_ties(conn: Sql, row: CampaignRow, events: list[Event]) -> list[str]:
    """Who plays from Discord, as kept, against the log's standing ``discord-linked`` and
    ``discord-joined`` events (each tie names the event that made it)."""
    made = ties_of(events, struck(events))
    kept = campaign_ties(conn, row.id)
    if made == kept:
        return []
    seqs = {e.id: e.seq for e in events}  # a tie names its event by id: shown by seq
    missing = sorted(seqs[t[0]] for t in made - kept)
    extra = sorted(seqs.get(t[0], 0) for t in kept - made)
    return [
        f"{row.name}: its Discord ties differ from the log's (missing for events {missing}, "
        f"kept without one standing: {extra})"
    ]


def _differences(name: str, rebuilt: CampaignState, stored: CampaignState) -> list[str]:
    found = []
    for field in ("name", "system", "players", "house_rules"):
        if getattr(rebuilt, field) != getattr(stored, field):
            found.append(
                f"{name}: {field} is {getattr(stored, field)!r}, the log says "
                f"{getattr(rebuilt, field)!r}"
            )
    if rebuilt.now.stored() != stored.now.stored():
        found.append(f"{name}: its story (clock...) differs from the log's")
    for key in sorted(set(rebuilt.characters) | set(stored.characters)):
        mine, theirs = rebuilt.characters.get(key), stored.characters.get(key)
        if (mine and mine.stored()) != (theirs and theirs.stored()):
            found.append(f"{name}: character {key}'s sheet differs from the log's")
    return found
