"""The log as a seat of a web table sees it, and the storyteller's reveal of a hidden roll.

A hidden roll is logged like any other, with ``hidden`` in its data. Until a ``revealed`` event
names it, every player's view has only that it took place and its number in its seal
(:func:`behind_the_screen`). The rest of the storyteller's private work (an undo or a restore
of that roll, what they do to their own characters' sheets: :func:`_private`) reaches a player
as one and the same placeholder, whatever it hides (:func:`concealed_as`): that something
private happened, never which, so counting them tells nothing of a hidden roll.
The storyteller sees everything. A reveal cannot be undone: everyone has seen the roll.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dicepool.campaign.campaigns import need_campaign
from dicepool.campaign.history import LogEntry, log_entry, restore, undo, undone_by
from dicepool.campaign.numbering import names_by_id, old_seqs
from dicepool.campaign.rolls import LoggedRoll, roll
from dicepool.campaign.seals import rolled_by
from dicepool.campaign.seats import Role, Seat, may_act_for, seat_from
from dicepool.core.dice import DiceSource
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.events import (
    Data,
    Event,
    Kind,
    Payload,
    by_seq,
    event_of,
    is_hidden,
    named_event,
    payload,
    shown_as,
)
from dicepool.sheet.payloads import (
    BehindTheScreen,
    CharacterChanged,
    CharacterCreated,
    Drawn,
    Revealed,
    Rolled,
    Undone,
    effects_of,
)
from dicepool.sheet.refs import EventRef, named_in
from dicepool.sheet.spends import NO_SPENDS, Spends
from dicepool.sheet.traits import name_key
from dicepool.store.database import Database
from dicepool.store.log import PAGE_BYTES as STORED_PAGE_BYTES
from dicepool.store.log import (
    append,
    campaign_by_id,
    event_at,
    events_named,
    events_of_kind,
    last_events,
    page_of,
    page_statement,
    struck_among,
)
from dicepool.store.roll_claim import Claims
from dicepool.store.seats import campaign_seats, character_names, held_of, held_statement
from dicepool.store.sql import Sql

MAX_EVENTS = 500
"""The most events one request for the log returns (a client asks again with ``after``)."""

PAGE_BYTES = STORED_PAGE_BYTES
"""The most one page of the log weighs, in bytes (1 MiB: :data:`MAX_EVENTS` large rolls
would weigh megabytes): the log is read so far (:func:`~dicepool.store.log.events_after`),
and a seat's page is cut there as it is sent (:func:`cut`). One event at least, whatever its
size: an event logs :data:`~dicepool.store.log.MAX_EVENT_BYTES` at most."""

CONCEALED = "concealed"
"""The kind a player reads of the storyteller's private work (:func:`concealed_as`): in the
events, the live feed and the export alike."""

TABLE_DICE = 1000
"""The most dice a roll at the table is expected to roll, explosions and rerolls counted (the
roll language allows pools of 10,000: a roll of them logs megabytes that every seat reads)."""


@dataclass(frozen=True)
class Concealed:
    """The record of the storyteller's private work as a player reads it: nothing."""

    def data(self) -> dict[str, object]:
        """The placeholder's data: none."""
        return {}

    @classmethod
    def of(cls, data: Data) -> Concealed:
        """The placeholder, whatever the data."""
        return cls()


@dataclass(frozen=True)
class SeenEvent:
    """An event as a seat sees it: the event, whether it is a hidden roll now revealed, and
    whether it is a placeholder of the storyteller's private work (:func:`concealed_as`:
    read this before the event's kind, which then says nothing)."""

    event: Event
    revealed: bool = False
    concealed: bool = False

    @property
    def kind(self) -> str:
        """The event's kind as the seat reads it: :data:`CONCEALED` for a placeholder."""
        return CONCEALED if self.concealed else self.event.kind.value

    @property
    def record(self) -> Payload:
        """The event's data as its kind's record (a hidden roll behind the screen as one, a
        placeholder as :class:`Concealed`)."""
        return Concealed() if self.concealed else payload(self.event)

    @property
    def hidden(self) -> bool:
        """Whether the event is a hidden roll (whole, or behind the screen)."""
        return not self.concealed and is_hidden(self.event)

    @property
    def roll(self) -> Rolled | None:
        """The event's roll, whole (None for another kind, or a roll behind the screen)."""
        record = self.record
        return record if isinstance(record, Rolled) else None

    @property
    def first_roller(self) -> str | None:
        """A whole roll's first side's roller (None where it names none)."""
        roll = self.roll
        return roll.rollers[0] if roll is not None and roll.rollers else None


def _revealed(reveals: list[Event]) -> frozenset[EventRef]:
    """The hidden rolls ``reveals`` show, as they name them."""
    return frozenset(Revealed.of(e.data).event for e in reveals)


@dataclass(frozen=True)
class Page:
    """A page of the log as a seat sees it.

    Attributes:
        events: the events the seat may see, oldest first.
        last: the sequence number the page read up to (ask for more ``after`` it: the events
            a seat may not see count toward a page too, so it may hold fewer than asked).
        more: whether the page stopped at a bound (of events, or of bytes): more may follow.
    """

    events: list[SeenEvent]
    last: int
    more: bool = False


@dataclass(frozen=True)
class LogRead:
    """Events read from a campaign's log, with what any seat's view of them needs: read once,
    it can be shown to every seat (:func:`visible`), as a server does for its live clients.

    Attributes:
        campaign_id: the campaign.
        after: the sequence number the read started after.
        last: the sequence number it read up to (``after`` when nothing was there).
        events: the events, oldest first.
        targets: the events that the reveals and undos among them name, down each chain of
            undos, under both references to each (:func:`~dicepool.sheet.refs.indexed`).
        revealed: the hidden rolls revealed when this was read (as their reveals name them),
            when a hidden roll is in sight (among the events or the targets); else empty, as
            no seat's view then needs it.
        players_characters: the characters whose sheets players see (name keys), when an event
            or a target carries a sheet, or an event names characters (a roll); else empty.
        size: what the events weigh, in bytes (their data as stored, and a little each).
        more: whether the read stopped at its bound (of events, or of bytes).
    """

    campaign_id: int
    after: int
    last: int
    events: tuple[Event, ...]
    targets: dict[EventRef, Event]
    revealed: frozenset[EventRef]
    players_characters: frozenset[str] = frozenset()
    size: int = 0
    more: bool = False

    def __hash__(self) -> int:
        return hash((self.campaign_id, self.after, self.last))


def log_end(db: Database, campaign_id: int) -> int:
    """The sequence number of a campaign's last event (0 for none, or no such campaign)."""
    with db.read() as conn:
        row = campaign_by_id(conn, campaign_id)
    return row.last_seq if row is not None else 0


def read_log(
    db: Database,
    campaign_id: int,
    after: int = 0,
    limit: int = MAX_EVENTS,
    most_bytes: int = PAGE_BYTES,
    screened: bool = False,
) -> LogRead:
    """At most ``limit`` events of a campaign after sequence number ``after``, and no more
    than ``most_bytes`` of them (one at least), as every seat may be shown them (one read
    transaction); ``screened``, as only players will be (a hidden roll not revealed is read
    as its placeholder, neither its data nor its size: what :func:`visible` shows them of it).

    Raises:
        CampaignError: a ``limit`` out of 1..:data:`MAX_EVENTS`.
    """
    if not 1 <= limit <= MAX_EVENTS:
        raise CampaignError(f"a page of the log is 1..{MAX_EVENTS} events, not {limit}")
    after = max(after, 0)
    with db.read() as conn:
        # the page and the players' characters in one round trip (what a roll's view asks)
        page, held = conn.batch(
            [
                page_statement(campaign_id, after, limit, most_bytes, screened),
                held_statement(campaign_id, Role.PLAYER),
            ]
        )
        read = page_of(page, limit)
        found = read.events
        targets = _targets(conn, campaign_id, found, screened)
        asked = any(is_hidden(e) for e in [*targets.values(), *found])
        # the reveals are read only when a hidden roll is in sight
        revealed = _revealed(events_of_kind(conn, campaign_id, Kind.REVEALED) if asked else [])
        # an undo of a sheet's event is private when the sheet is: its target asks too
        sheets = any(e.kind in SHEET_KINDS for e in targets.values()) or any(
            e.kind in SHEET_KINDS or e.data.get("characters") for e in found
        )
        seen = held_of(held) if sheets else frozenset()
    last = found[-1].seq if found else after
    return LogRead(
        campaign_id,
        after,
        last,
        tuple(found),
        targets,
        revealed,
        seen,
        read.size,
        read.more,
    )


def view_of(seat: Seat) -> bool:
    """All that :func:`visible` asks of a seat besides its campaign: whether it is the
    storyteller's (every player sees the same), so one view of a read serves many seats."""
    return seat.storyteller


def visible(seat: Seat, read: LogRead, after: int = 0, concealed: bool = False) -> list[SeenEvent]:
    """The events of ``read`` after sequence number ``after`` that ``seat`` may see, oldest
    first (no I/O: one read serves every seat of its campaign).

    The storyteller sees every event where it stands. A player sees a hidden roll where it
    stands only behind the screen (:func:`behind_the_screen`): the roll itself comes when it is
    revealed, marked so, just before its reveal, so a player who read past the roll while it
    was hidden still gets it. Of the rest of the storyteller's private work (:func:`_private`)
    a player learns that something private happened and never which: with ``concealed``, each
    such event stands where it was logged as the same placeholder (:func:`concealed_as`), its
    sequence number accounted for (the events, the live feed, the page and the export);
    without, each is left out alike (Discord's channel, the dice statistics: no line for it). A
    roll that involves one of the storyteller's own characters shows its pools' totals
    (:func:`_screened`).
    """
    if seat.campaign_id != read.campaign_id:
        raise CampaignError(f"a seat of campaign {seat.campaign_id} reads only its own log")
    fresh = [e for e in read.events if e.seq > after]
    if view_of(seat):
        return [SeenEvent(e, named_in(read.revealed, e)) for e in fresh]
    return [seen for event in fresh for seen in _as_players_see(event, read, concealed)]


def _as_players_see(event: Event, read: LogRead, concealed: bool) -> list[SeenEvent]:
    """What a player sees of one event of ``read`` (none, one, or a revealed roll and its
    reveal): see :func:`visible`."""
    if event.kind is Kind.REVEALED:
        shown = read.targets[Revealed.of(event.data).event]
        return [SeenEvent(shown, True), SeenEvent(event)]
    if is_hidden(event) and named_in(read.revealed, event):
        return []  # it comes whole, just before its reveal
    if is_hidden(event) and Drawn.of(event.data).seal:
        return [SeenEvent(behind_the_screen(event))]
    if _private(event, read):
        return [SeenEvent(concealed_as(event), concealed=True)] if concealed else []
    return [SeenEvent(_screened(event, read.players_characters))]


def behind_the_screen(event: Event) -> Event:
    """A hidden roll as the players get it until it is revealed: that it took place, and its
    number in its seal; no line, faces or nonce.

    A hidden roll is thus told from the placeholder of the rest of the storyteller's private
    work (:func:`concealed_as`), as a roll: a seal's rolls are numbered 1..N, none skipped, and
    a player checks that every number is accounted for; a roll_no that stood nowhere would be
    a roll the server could have dropped unseen. A hidden roll drawn from no seal (faces typed
    by hand: nothing to number) is concealed like the rest."""
    return shown_as(event, BehindTheScreen.of(event.data).data())


def concealed_as(event: Event) -> Event:
    """The storyteller's private work as every player gets it, the same whatever it is (an
    undo or a restore of a hidden roll, a change to one of their own characters...): its place
    in the log (its sequence number, and its links on the hash chain without the salt, so the
    chain runs through it), and nothing else: no data, no actor, no time (its id is kept for
    the server's own bookkeeping, and never sent).

    The event's kind says nothing either: the log has no kind for it, and a reader of a
    :class:`SeenEvent` reads :attr:`SeenEvent.concealed` first. It is ``rolled`` with no data,
    which every other reader passes over: no dice, no characters, no sheet, no seat."""
    chain = replace(event.chain, salt="") if event.chain else None
    return Event(Kind.ROLLED, {}, event.id, event.seq, "", "", chain)


def events_for(db: Database, seat: Seat, after: int = 0, limit: int = MAX_EVENTS) -> Page:
    """The events after sequence number ``after`` that ``seat`` may see, oldest first: a
    :func:`read_log` shown to the seat by :func:`visible`, the storyteller's private work as
    its placeholders (what the events route, the live feed, the page and the export show).

    Raises:
        CampaignError: a ``limit`` out of 1..:data:`MAX_EVENTS`.
    """
    read = read_log(db, seat.campaign_id, after, limit, screened=not view_of(seat))
    return Page(visible(seat, read, concealed=True), read.last, read.more)


def cut(seat: Seat, page: Page, sizes: Sequence[int], most: int = PAGE_BYTES) -> Page:
    """The first events of ``seat``'s ``page`` that weigh ``most`` bytes at most between them
    (one at least), as a page whose ``last`` a reader goes on from losing nothing; ``sizes``
    are what each event of the page weighs as sent.

    A seat's page may weigh more than the log it was read from: a player's holds each hidden
    roll revealed in it, just before its reveal. The two stay together.
    """
    total = 0
    for index, size in enumerate(sizes):
        total += size
        if total > most and index > 0:
            break
    else:
        return page
    places = [s.event.seq for s in page.events] if view_of(seat) else _places(page.events)
    while index > 1 and places[index - 1] == places[index]:  # a revealed roll and its reveal
        index -= 1
    if places[index - 1] == places[index]:
        return page if index + 1 >= len(places) else _first(page, places, index + 1)
    return _first(page, places, index)


def _first(page: Page, places: list[int], count: int) -> Page:
    """The first ``count`` events of ``page``: the page read up to just before the next."""
    return Page(page.events[:count], places[count] - 1, True)


def _places(seen: list[SeenEvent]) -> list[int]:
    """Where each event a player sees stands in the log: its own number, or, for a hidden roll
    revealed, its reveal's (it comes just before it: see :func:`visible`)."""
    places = [s.event.seq for s in seen]
    for at in range(len(seen) - 1):
        shown, then = seen[at], seen[at + 1]
        if (
            shown.revealed
            and then.event.kind is Kind.REVEALED
            and Revealed.of(then.event.data).event.names(shown.event)
        ):
            places[at] = then.event.seq
    return places


def whole_log_for(db: Database, seat: Seat) -> list[SeenEvent]:
    """Every event of the log as ``seat`` sees it, once each and in the log's order (the
    storyteller's private work as its placeholders, for a player): a hidden roll revealed
    stands where it was rolled, whole, instead of behind the screen or concealed (what a check
    of the seals reads)."""
    seen: dict[int, SeenEvent] = {}
    after = 0
    while True:
        page = events_for(db, seat, after)
        seen.update((s.event.id, s) for s in page.events)  # the revealed roll wins
        if page.last == after:
            return sorted(seen.values(), key=lambda s: s.event.seq)
        after = page.last


SHEET_KINDS = (Kind.CHARACTER_CREATED, Kind.CHARACTER_CHANGED)
"""The kinds of event that carry a character's sheet (its traits, or changes to them)."""


def _screened(event: Event, visible: frozenset[str]) -> Event:
    """``event`` as a player reads it, one that is not private: a roll that involves one of
    the storyteller's own characters (not in ``visible``) shows each pool's total, not the
    ratings it adds up (their sheets are the storyteller's)."""
    if event.kind is Kind.ROLLED and "numbers" in event.data:
        involved = Rolled.of(event.data).characters
        if any(name_key(c) not in visible for c in involved):
            return shown_as(event, _totals_only(event.data))
    return event


def _players(event: Event, visible: frozenset[str]) -> bool:
    """Whether a sheet's event (:data:`SHEET_KINDS`) is of a character whose sheet players
    see (in ``visible``)."""
    if event.kind is Kind.CHARACTER_CREATED:
        name = CharacterCreated.of(event.data).name
    else:
        name = CharacterChanged.of(event.data).character
    return name_key(name) in visible


_SUM = re.compile(r"\d+(?:[+-]\d+)+")
"""A pool written as a sum of ratings (``4+3-1``) in a roll's notation."""


def _totals_only(data: Mapping[str, Any]) -> dict[str, Any]:
    """A roll's data with each sum of ratings in its notation written as its total (``hubris
    4+3`` as ``hubris 7``): what the pool is, not which traits made it."""

    def total(found: re.Match[str]) -> str:
        return str(sum(int(n) for n in re.findall(r"[+-]?\d+", found[0])))

    def totals(record: Mapping[str, Any]) -> dict[str, Any]:
        shown = dict(record)
        if isinstance(shown.get("notation"), str):
            shown["notation"] = _SUM.sub(total, shown["notation"])
        for side in ("attacker", "defender"):
            if isinstance(shown.get(side), Mapping):
                shown[side] = totals(shown[side])
        return shown

    shown = dict(data)
    shown["numbers"] = _SUM.sub(total, str(data["numbers"]))
    shown["result"] = totals(data["result"])
    return shown


def _targets(
    conn: Sql, campaign_id: int, found: list[Event], screened: bool = False
) -> dict[EventRef, Event]:
    """The events that the reveals and undos of ``found`` name, and down each chain of undos
    (a restore is an undo of an undo) to the event it comes to, under both references to each.
    A revealed roll is read whole; ``screened``, what an undo names is read as players read it
    (:func:`read_log`)."""
    shown = [named_event(e) for e in found if e.kind is Kind.REVEALED]
    targets = events_named(conn, campaign_id, shown) if shown else {}
    chain = [e for e in found if e.kind is Kind.UNDONE]
    while chain:
        named = {named_event(e) for e in chain} - targets.keys()
        more = events_named(conn, campaign_id, named, screened) if named else {}
        targets.update(more)
        chain = [e for e in more.values() if e.kind is Kind.UNDONE]
    return targets


def recent_for(db: Database, seat: Seat, count: int = 100) -> Page:
    """The last ``count`` events of the log that ``seat`` may see (fewer where some are
    hidden from it), oldest first: what a page shows before the live feed takes over, as it
    shows them (what they name, by seq: :mod:`~dicepool.campaign.numbering`)."""
    with db.read() as conn:
        newest = last_events(conn, seat.campaign_id, 1)
    last = newest[-1].seq if newest else 0
    page = events_for(db, seat, max(0, last - count), min(count, MAX_EVENTS))
    return _numbered(db, seat.campaign_id, page)


def older_for(db: Database, seat: Seat, before: int, count: int = 100) -> Page:
    """The ``count`` events before sequence number ``before`` that ``seat`` may see (fewer
    where some are hidden from it), oldest first: the page's log read further back."""
    after = max(0, before - 1 - count)
    if before - 1 - after < 1:
        return Page([], after, False)
    page = events_for(db, seat, after, min(before - 1 - after, MAX_EVENTS))
    return _numbered(db, seat.campaign_id, page)


def _numbered(db: Database, campaign_id: int, page: Page) -> Page:
    """``page`` with what its events name by the database's id (old data) put by seq."""
    events = [s.event for s in page.events]
    if not names_by_id(events):
        return page
    with db.read() as conn:
        seqs = old_seqs(conn, campaign_id, events)
    return replace(page, events=[replace(s, event=by_seq(s.event, seqs)) for s in page.events])


def undone_undos(db: Database, seat: Seat, seen: list[SeenEvent]) -> dict[int, Event]:
    """The undos among the events ``seat`` sees that strike an undo (a restore), by seq, with
    the undo each strikes: its summary says what it restored. Only undos are looked up: their
    words name event numbers alone, never a hidden roll's dice."""
    undos = {
        s.event.seq: Undone.of(s.event.data).event
        for s in seen
        if s.event.kind is Kind.UNDONE and not s.concealed
    }
    if not undos:
        return {}
    with db.read() as conn:
        named = events_named(conn, seat.campaign_id, undos.values())
    return {
        seq: named[ref]
        for seq, ref in undos.items()
        if ref in named and named[ref].kind is Kind.UNDONE
    }


def struck_seen(db: Database, seat: Seat, seen: list[SeenEvent]) -> set[int]:
    """Which of the events ``seat`` sees stand struck by an undo, as the seat may know it: a
    hidden roll behind the screen, or a placeholder of private work, never does to a player
    (what struck it is private too: it would tell which placeholder undid which)."""
    ids = [s.event.id for s in seen if seat.storyteller or not (_behind(s) or s.concealed)]
    with db.read() as conn:
        return struck_among(conn, ids) if ids else set()


def _behind(seen: SeenEvent) -> bool:
    """Whether a seen event is a hidden roll still behind the screen."""
    return seen.hidden and not seen.revealed


def _private(event: Event, read: LogRead) -> bool:
    """Whether ``event`` is the storyteller's private work, which a player may know happened
    but not what: a hidden roll not revealed; the creation of, or a change to, one of the
    storyteller's own characters (a sheet no player sees: not in the read's
    ``players_characters``); and an undo or a restore of any of them (it would tell of what
    it names). Once the roll is revealed, or the character handed to a player, none is."""
    named = _undone_root(event, read.targets)
    if named is None:
        return False
    if is_hidden(named):
        return not named_in(read.revealed, named)
    return named.kind in SHEET_KINDS and not _players(named, read.players_characters)


def _undone_root(event: Event, targets: dict[EventRef, Event]) -> Event | None:
    """What ``event`` is about: itself, or for an undo the event its chain of undos comes to
    (a restore names an undo...); None where a target was not read."""
    target: Event | None = event
    while target is not None and target.kind is Kind.UNDONE:
        target = targets.get(Undone.of(target.data).event)
    return target


def reveal(db: Database, seat: Seat, seq: int) -> Event:
    """Show the hidden roll logged at ``seq`` to everyone: a ``revealed`` event naming it.

    Raises:
        AccessError: a seat that is not the storyteller's.
        CampaignError: no such event, not a hidden roll, one undone, or revealed already.
    """
    if not seat.storyteller:
        raise AccessError("only the storyteller reveals a hidden roll")
    with db.write() as conn:
        row = campaign_by_id(conn, seat.campaign_id, lock=True)
        assert row is not None, "a seat belongs to a campaign"
        target = event_at(conn, row.id, seq)
        if target is None or target.kind is not Kind.ROLLED:
            raise CampaignError(f"no roll {seq} at this table")
        if not is_hidden(target):
            raise CampaignError(f"roll {seq} is not hidden: everyone sees it already")
        # its undo was kept from the players: revealed, the roll would reach them as standing
        if struck_among(conn, [target.id]):
            raise CampaignError(
                f"roll {seq} is undone: restore it (undo its undo) before revealing it"
            )
        if named_in(_revealed(events_of_kind(conn, row.id, Kind.REVEALED)), target):
            raise CampaignError(f"roll {seq} is revealed already")
        revealed = Revealed(EventRef.to(target))
        return append(conn, row.id, event_of(Kind.REVEALED, revealed), seat.name)


def roll_at_table(
    db: Database,
    seat: Seat,
    line: str,
    source: DiceSource,
    character: str | None = None,
    hidden: bool = False,
    spends: Spends = NO_SPENDS,
    nonce: str | None = None,
    within: Claims | None = None,
    commitment: str | None = None,
    mixed: int | None = None,
) -> LoggedRoll:
    """Roll a line from a seat of the web table, with what it spends and chooses, by the
    table's rules: a player rolls for their own character (the default) and nobody else's,
    names no character they may not see (the storyteller's, behind the screen), and only the
    storyteller rolls hidden; a roll is at most
    :data:`TABLE_DICE` dice. The client's ``nonce`` (for the seal's stream) is also the roll's
    idempotency key: sent again by the seat, it gets the first roll's answer. ``within``: a
    transaction to roll in, and ``commitment`` and ``mixed``, the seal the client saw open
    and the contributions to it it saw, as :func:`~dicepool.campaign.rolls.roll` takes them.

    Raises:
        Resent: the seat sent this nonce before (the first roll's answer in it).
        AccessError: a hidden roll from a player, or a roll for another's character.
        LimitError: a roll over :data:`TABLE_DICE` dice.
        NotationError, SheetError, CampaignError, DiceError: as :func:`roll`.
    """
    if hidden and not seat.storyteller:
        raise AccessError("only the storyteller rolls in secret")
    player = not seat.storyteller
    if player:
        character = character or seat.character
        may_act_for(seat, character)
    return roll(
        db,
        seat.campaign,
        line,
        rolled_by(source, seat.storyteller),
        seat.name,
        character,
        spends,
        hidden=hidden,
        rollers_allowed=(lambda name: may_act_for(seat, name)) if player else None,
        by_player=player,
        most_dice=TABLE_DICE,
        sent=(seat.id, nonce) if nonce else None,
        within=within,
        commitment=commitment,
        mixed=mixed,
    )


def undo_at_table(db: Database, seat: Seat, seq: int) -> tuple[Event, Event]:
    """Strike the event at ``seq`` of the log, or restore one an undo struck: the
    storyteller's alone.

    Raises:
        AccessError: a seat that is not the storyteller's.
        CampaignError: as :func:`undo`.
    """
    if not seat.storyteller:
        raise AccessError("only the storyteller undoes what happened")
    return undo(db, seat.campaign, seat.name, seq)


def restore_at_table(db: Database, seat: Seat, seq: int) -> tuple[Event, Event]:
    """Bring back the event at ``seq`` an undo struck: the storyteller's alone.

    Raises:
        AccessError: a seat that is not the storyteller's.
        CampaignError: as :func:`~dicepool.campaign.history.restore`.
    """
    if not seat.storyteller:
        raise AccessError("only the storyteller restores what was undone")
    return restore(db, seat.campaign, seat.name, seq)


def changes_sheets(events: list[Event]) -> bool:
    """Whether ``events`` change a sheet or the story: anything but plain rolls (a roll that
    spends Willpower, Edge or Momentum has effects)."""
    return any(e.kind is not Kind.ROLLED or effects_of(e.data) for e in events)


def seat_named(db: Database, campaign: str, name: str) -> Seat:
    """The seat called ``name`` (any case) at a campaign's table, as its token would open it.

    Raises:
        CampaignError: no such campaign, or no such seat (the message names those there).
    """
    with db.read() as conn:
        row = need_campaign(conn, campaign)
        seats = [s for s in campaign_seats(conn, row.id) if s.role != Role.INVITE]
        names = character_names(conn, row.id)
    for found in seats:
        if name_key(found.name) == name_key(name):
            held = names.get(found.character_key) if found.character_key else None
            return seat_from(found, row.name, row.system, held)
    there = ", ".join(s.name for s in seats) or "none"
    raise CampaignError(f"no seat called {name} at {row.name}; its seats: {there}")


def log_as(db: Database, seat: Seat, last: int) -> list[LogEntry]:
    """The last ``last`` events of the log as ``seat`` sees them (what its page shows), oldest
    first; the storyteller's undos with what they name (a player's as the page shows them: the
    event named may hold what a player does not see). The placeholders of the storyteller's
    private work are left out, each alike: a log entry is an event of the log's own kinds."""
    page = recent_for(db, seat, last)
    seen = [s for s in page.events if not s.concealed]
    struck = struck_seen(db, seat, seen)
    events = [s.event for s in seen]
    undos = [e for e in events if e.kind is Kind.UNDONE and seat.storyteller]
    with db.read() as conn:
        targets = undone_by(conn, seat.campaign_id, undos)
        seqs = old_seqs(conn, seat.campaign_id, targets.values())
    return [log_entry(e, e.id in struck, targets, seqs) for e in events]
