"""The log's events and the pure transitions they make: ``apply(state, event) -> state``.

The log is the truth: a campaign's state (its settings and every character sheet) is what
:func:`replay` makes of its events. An undo is an event too: it strikes an earlier event, which
stays in the log; undoing the undo brings it back. :func:`struck` says which events stand struck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Protocol, Self

from dicepool.errors import CampaignError, SheetError
from dicepool.notation.packing import packed
from dicepool.sheet import play, spends, tracker_play, tracks_play
from dicepool.sheet.character import AnyChange, Character, check_sheet
from dicepool.sheet.edit import check_notes
from dicepool.sheet.hubris import conflict_play
from dicepool.sheet.hubris import play as hubris_play
from dicepool.sheet.hubris.payloads import (
    Atoned,
    ConflictEnded,
    ConflictLost,
    Damaged,
    Degenerated,
    Healed,
    IntimacyAdded,
    IntimacyRemoved,
    IntimacyRolled,
    Mitigated,
    NatureSet,
    Rested,
    Sinned,
    SoulLost,
    SoulRestored,
    Stabilized,
    Vice,
    Virtue,
    WillpowerLost,
)
from dicepool.sheet.payloads import (
    BehindTheScreen,
    BoundaryBegun,
    CampaignCreated,
    CharacterChanged,
    CharacterCreated,
    CharacterHanded,
    CharacterTaken,
    ClockAdvanced,
    DiceTypingSet,
    DiscordTie,
    Drawn,
    HouseRulesSet,
    IntervalsBought,
    InvitationIssued,
    InvitationsOff,
    LinkIssued,
    MilestonesAwarded,
    Revealed,
    Rolled,
    SealClosed,
    SealContributed,
    SealOpened,
    SealRef,
    SeatRevoked,
    TrackerStarted,
    Undone,
    WebhookSet,
    behind_the_screen,
    effects_of,
    hidden_roll,
    rolled_characters,
    rolls_of,
    with_effects,
)
from dicepool.sheet.payloads import change_of as change_of
from dicepool.sheet.refs import EventRef
from dicepool.sheet.rule_dice import RuleDice
from dicepool.sheet.state import CampaignState as CampaignState
from dicepool.sheet.status import POWER, stored_status, typed_power
from dicepool.sheet.storypath import play as storypath_play
from dicepool.sheet.storypath import stunt_play
from dicepool.sheet.storypath.payloads import (
    DrawbackCarried,
    LegendRegained,
    MomentumSpent,
    PlayersSet,
    StuntBought,
    effect_refs,
    effects_by_seq,
)
from dicepool.sheet.sundown import play as sundown_play
from dicepool.sheet.sundown.payloads import (
    Boosted,
    BoostEnded,
    EdgeSpent,
    PassTaken,
    PowerRegained,
    PowerSpent,
    Rerolled,
)
from dicepool.sheet.tracks_play import DefaultTracksSet, TrackChanged, TrackDefined, TrackRemoved
from dicepool.sheet.traits import check_name, name_key


class Kind(StrEnum):
    """What an event records."""

    CAMPAIGN_CREATED = "campaign-created"
    CHARACTER_CREATED = "character-created"
    CHARACTER_CHANGED = "character-changed"
    ROLLED = "rolled"
    UNDONE = "undone"
    REVEALED = "revealed"
    BOUNDARY_BEGUN = "boundary-begun"
    CLOCK_ADVANCED = "clock-advanced"
    DAMAGED = "damaged"
    HEALED = "healed"
    STABILIZED = "stabilized"
    MITIGATED = "mitigated"
    RESTED = "rested"
    VICE = "vice"
    VIRTUE = "virtue"
    INTIMACY_ROLLED = "intimacy-rolled"
    SINNED = "sinned"
    DEGENERATED = "degenerated"
    ATONED = "atoned"
    INTIMACY_ADDED = "intimacy-added"
    INTIMACY_REMOVED = "intimacy-removed"
    SOUL_LOST = "soul-lost"
    SOUL_RESTORED = "soul-restored"
    WILLPOWER_LOST = "willpower-lost"
    NATURE_SET = "nature-set"
    EDGE_SPENT = "edge-spent"
    REROLLED = "rerolled"
    PASS_TAKEN = "pass-taken"
    POWER_SPENT = "power-spent"
    POWER_REGAINED = "power-regained"
    PLAYERS_SET = "players-set"
    MOMENTUM_SPENT = "momentum-spent"
    LEGEND_REGAINED = "legend-regained"
    TRACKER_STARTED = "tracker-started"
    INTERVALS_BOUGHT = "intervals-bought"
    MILESTONES_AWARDED = "milestone-awarded"
    SEAL_OPENED = "seal-open"
    SEAL_CLOSED = "seal-close"
    SEAL_CONTRIBUTED = "seal-contributed"
    TRACK_DEFINED = "track-defined"
    TRACK_REMOVED = "track-removed"
    TRACK_CHANGED = "track-changed"
    DEFAULT_TRACKS_SET = "default-tracks-set"
    HOUSE_RULES_SET = "house-rules-set"
    DICE_TYPING_SET = "dice-typing-set"
    CHARACTER_TAKEN = "character-taken"
    CHARACTER_HANDED = "character-handed"
    INVITATION_ISSUED = "invitation-issued"
    INVITATIONS_OFF = "invitations-off"
    SEAT_REVOKED = "seat-revoked"
    LINK_ISSUED = "link-issued"
    STUNT_BOUGHT = "stunt-bought"
    DRAWBACK_CARRIED = "drawback-carried"
    CONFLICT_LOST = "conflict-lost"
    CONFLICT_ENDED = "conflict-ended"
    BOOSTED = "boosted"
    BOOST_ENDED = "boost-ended"
    DISCORD_LINKED = "discord-linked"
    DISCORD_JOINED = "discord-joined"
    DISCORD_MOVED = "discord-moved"
    WEBHOOK_SET = "webhook-set"


SEAT_KINDS = frozenset(
    {
        Kind.CHARACTER_TAKEN,
        Kind.CHARACTER_HANDED,
        Kind.INVITATION_ISSUED,
        Kind.INVITATIONS_OFF,
        Kind.SEAT_REVOKED,
        Kind.LINK_ISSUED,
    }
)
"""The events of a web table's seats. The seats table follows them, but a token cannot be
rebuilt from the log (it holds none, nor its hash), so ``db check`` leaves the seats out. Of
the campaign's state they change only which player seats sit with a character (the story's
``seated``, which sizes storypath's Momentum pool): a take, a hand-over, a revoke."""

DISCORD_KINDS = frozenset(
    {Kind.DISCORD_LINKED, Kind.DISCORD_JOINED, Kind.DISCORD_MOVED, Kind.WEBHOOK_SET}
)
"""The events of the table on Discord: like the seats', they change no campaign state."""

MOVING_KINDS = frozenset({Kind.CHARACTER_TAKEN, Kind.CHARACTER_HANDED})
"""The seat events that move a character between seats (their ``moves``): undoable."""


Data = Mapping[str, Any]


class Payload(Protocol):
    """An event's data as a typed record: one way to JSON, one back."""

    def data(self) -> dict[str, object]:
        """The event's data, as the log holds it."""
        ...

    @classmethod
    def of(cls, data: Data) -> Self:
        """The record of an event's data."""
        ...


PAYLOADS: dict[Kind, type[Payload]] = {
    Kind.CAMPAIGN_CREATED: CampaignCreated,
    Kind.CHARACTER_CREATED: CharacterCreated,
    Kind.CHARACTER_CHANGED: CharacterChanged,
    Kind.ROLLED: Rolled,
    Kind.UNDONE: Undone,
    Kind.REVEALED: Revealed,
    Kind.BOUNDARY_BEGUN: BoundaryBegun,
    Kind.CLOCK_ADVANCED: ClockAdvanced,
    Kind.DAMAGED: Damaged,
    Kind.HEALED: Healed,
    Kind.STABILIZED: Stabilized,
    Kind.MITIGATED: Mitigated,
    Kind.RESTED: Rested,
    Kind.VICE: Vice,
    Kind.VIRTUE: Virtue,
    Kind.INTIMACY_ROLLED: IntimacyRolled,
    Kind.SINNED: Sinned,
    Kind.DEGENERATED: Degenerated,
    Kind.ATONED: Atoned,
    Kind.INTIMACY_ADDED: IntimacyAdded,
    Kind.INTIMACY_REMOVED: IntimacyRemoved,
    Kind.SOUL_LOST: SoulLost,
    Kind.SOUL_RESTORED: SoulRestored,
    Kind.WILLPOWER_LOST: WillpowerLost,
    Kind.NATURE_SET: NatureSet,
    Kind.EDGE_SPENT: EdgeSpent,
    Kind.REROLLED: Rerolled,
    Kind.PASS_TAKEN: PassTaken,
    Kind.POWER_SPENT: PowerSpent,
    Kind.POWER_REGAINED: PowerRegained,
    Kind.PLAYERS_SET: PlayersSet,
    Kind.MOMENTUM_SPENT: MomentumSpent,
    Kind.LEGEND_REGAINED: LegendRegained,
    Kind.TRACKER_STARTED: TrackerStarted,
    Kind.INTERVALS_BOUGHT: IntervalsBought,
    Kind.MILESTONES_AWARDED: MilestonesAwarded,
    Kind.SEAL_OPENED: SealOpened,
    Kind.SEAL_CLOSED: SealClosed,
    Kind.SEAL_CONTRIBUTED: SealContributed,
    Kind.TRACK_DEFINED: TrackDefined,
    Kind.TRACK_REMOVED: TrackRemoved,
    Kind.TRACK_CHANGED: TrackChanged,
    Kind.DEFAULT_TRACKS_SET: DefaultTracksSet,
    Kind.HOUSE_RULES_SET: HouseRulesSet,
    Kind.DICE_TYPING_SET: DiceTypingSet,
    Kind.CHARACTER_TAKEN: CharacterTaken,
    Kind.CHARACTER_HANDED: CharacterHanded,
    Kind.INVITATION_ISSUED: InvitationIssued,
    Kind.INVITATIONS_OFF: InvitationsOff,
    Kind.SEAT_REVOKED: SeatRevoked,
    Kind.LINK_ISSUED: LinkIssued,
    Kind.STUNT_BOUGHT: StuntBought,
    Kind.DRAWBACK_CARRIED: DrawbackCarried,
    Kind.CONFLICT_LOST: ConflictLost,
    Kind.CONFLICT_ENDED: ConflictEnded,
    Kind.BOOSTED: Boosted,
    Kind.BOOST_ENDED: BoostEnded,
    Kind.DISCORD_LINKED: DiscordTie,
    Kind.DISCORD_JOINED: DiscordTie,
    Kind.DISCORD_MOVED: DiscordTie,
    Kind.WEBHOOK_SET: WebhookSet,
}
"""Each kind of event with the record of its data."""

RULE_ROLLING = (BoundaryBegun, ClockAdvanced, Rested, Atoned, IntimacyRolled)
"""The records of the events whose rule rolls dice (their ``rolls``)."""

RollingPayload = BoundaryBegun | ClockAdvanced | Rested | Atoned | IntimacyRolled
"""The record of an event whose rule rolls dice: :meth:`with_dice` adds what it rolled."""


def payload(event: Event) -> Payload:
    """An event's data as its kind's record (a hidden roll behind the screen, the table's view
    of one, as a :class:`~dicepool.sheet.payloads.BehindTheScreen`)."""
    if event.kind is Kind.ROLLED and behind_the_screen(event.data):
        return BehindTheScreen.of(event.data)
    return PAYLOADS[event.kind].of(event.data)


def payload_of(kind: Kind, data: Data) -> Payload:
    """The record of ``kind`` that ``data`` makes (a use case's data, checked as read)."""
    return PAYLOADS[kind].of(data)


def event_of(kind: Kind, record: Payload) -> Event:
    """A new event of ``kind`` holding ``record``'s data, the dice of a large roll packed
    (:func:`~dicepool.notation.packing.packed`)."""
    if not isinstance(record, PAYLOADS[kind]):
        raise TypeError(f"a {kind} event holds a {PAYLOADS[kind].__name__}, not {record!r}")
    return Event(kind, packed(record.data()))


_TRANSITIONS: dict[Kind, Callable[[CampaignState, Data], CampaignState]] = {
    Kind.DAMAGED: play.damaged,
    Kind.HEALED: play.healed,
    Kind.STABILIZED: play.stabilized,
    Kind.MITIGATED: hubris_play.mitigated,
    Kind.VICE: hubris_play.vice,
    Kind.VIRTUE: hubris_play.virtue,
    Kind.SINNED: hubris_play.sinned,
    Kind.DEGENERATED: hubris_play.degenerated,
    Kind.INTIMACY_ADDED: hubris_play.intimacy_added,
    Kind.INTIMACY_REMOVED: hubris_play.intimacy_removed,
    Kind.SOUL_LOST: hubris_play.soul_lost,
    Kind.SOUL_RESTORED: hubris_play.soul_restored,
    Kind.WILLPOWER_LOST: hubris_play.willpower_lost,
    Kind.NATURE_SET: hubris_play.nature_set,
    Kind.EDGE_SPENT: sundown_play.edge_spent,
    Kind.REROLLED: sundown_play.rerolled,
    Kind.PASS_TAKEN: sundown_play.pass_taken,
    Kind.POWER_SPENT: sundown_play.power_spent,
    Kind.POWER_REGAINED: sundown_play.power_regained,
    Kind.PLAYERS_SET: storypath_play.players_set,
    Kind.CHARACTER_TAKEN: storypath_play.character_taken,
    Kind.CHARACTER_HANDED: storypath_play.character_handed,
    Kind.SEAT_REVOKED: storypath_play.seat_revoked,
    Kind.MOMENTUM_SPENT: storypath_play.momentum_spent,
    Kind.LEGEND_REGAINED: storypath_play.legend_regained,
    Kind.TRACKER_STARTED: tracker_play.tracker_started,
    Kind.INTERVALS_BOUGHT: tracker_play.intervals_bought,
    Kind.MILESTONES_AWARDED: tracker_play.milestones_awarded,
    Kind.TRACK_DEFINED: tracks_play.track_defined,
    Kind.TRACK_REMOVED: tracks_play.track_removed,
    Kind.TRACK_CHANGED: tracks_play.track_changed,
    Kind.DEFAULT_TRACKS_SET: tracks_play.default_tracks_set,
    Kind.HOUSE_RULES_SET: play.house_rules_set,
    Kind.DICE_TYPING_SET: play.dice_typing_set,
    Kind.STUNT_BOUGHT: stunt_play.stunt_bought,
    Kind.DRAWBACK_CARRIED: stunt_play.drawback_carried,
    Kind.CONFLICT_LOST: conflict_play.conflict_lost,
    Kind.CONFLICT_ENDED: conflict_play.conflict_ended,
    Kind.BOOSTED: sundown_play.boosted,
    Kind.BOOST_ENDED: sundown_play.boost_ended,
}
"""The state rules' events that roll nothing, each with its transition."""

ROLLING: dict[Kind, Callable[[CampaignState, Data, RuleDice], CampaignState]] = {
    Kind.BOUNDARY_BEGUN: play.boundary_begun,
    Kind.CLOCK_ADVANCED: play.clock_advanced,
    Kind.RESTED: play.rested,
    Kind.ATONED: hubris_play.atoned,
    Kind.INTIMACY_ROLLED: hubris_play.intimacy_rolled,
}
"""The state rules' events whose rule rolls dice (recorded in the event's ``rolls``)."""


@dataclass(frozen=True)
class Chain:
    """Where an event stands in its log's hash chain (see :mod:`dicepool.store.chain`).

    Attributes:
        salt: the random salt hashed with the event ("" where the reader may not see what it
            hashes: a hidden roll, a screened sheet).
        prev: the hash of the event before it.
        digest: the SHA-256 of the event's canonical JSON with its salt.
        hash: the SHA-256 of ``prev:seq:digest``.
    """

    salt: str
    prev: str
    digest: str
    hash: str

    def to_dict(self) -> dict[str, str]:
        """The JSON of an export: ``prev``, ``digest``, ``hash``, and ``salt`` when known."""
        held = {"prev": self.prev, "digest": self.digest, "hash": self.hash}
        return {**held, "salt": self.salt} if self.salt else held


@dataclass(frozen=True)
class Event:
    """One entry of a campaign's log.

    Attributes:
        kind: what happened.
        data: its details, plain JSON data (see each ``*_event`` function).
        id: the event's key in the database, counted across every campaign (0 until stored):
            never shown, a table names its events by ``seq``.
        seq: its place in its campaign's log, 1, 2, 3... (0 until stored): the number its
            table reads and types.
        at: when it was stored, ISO 8601 in UTC ("" until stored).
        actor: who did it.
        chain: its place in the log's hash chain (None until stored).
    """

    kind: Kind
    data: Mapping[str, Any]
    id: int = 0
    seq: int = 0
    at: str = ""
    actor: str = ""
    chain: Chain | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON: ``seq``, ``at``, ``actor``, ``kind`` and ``data`` (the log's
        ``--json`` and the web table add what their reader needs beside it). Its ``id`` stays
        in the database: a number counted across every table, it would tell a table's reader
        how much the others logged."""
        return {
            "seq": self.seq,
            "at": self.at,
            "actor": self.actor,
            "kind": self.kind.value,
            "data": dict(self.data),
        }


def shown_as(event: Event, data: Mapping[str, Any]) -> Event:
    """``event`` as a reader who may not see all of it gets it: ``data`` instead of its own,
    and its chain without the salt (which, with the digest, would let the reader try
    contents against it: a hidden roll's few possible faces)."""
    chain = event.chain
    return replace(event, data=data, chain=replace(chain, salt="") if chain else None)


class LogError(CampaignError):
    """An event of the log that does not fit the state before it.

    Attributes:
        event: the event that does not fit.
    """

    def __init__(self, message: str, event: Event) -> None:
        self.event = event
        super().__init__(message)


def campaign_event(
    name: str, system: str, players: int | None = None, house_rules: str = ""
) -> Event:
    """The first event of a campaign's log."""
    return event_of(Kind.CAMPAIGN_CREATED, CampaignCreated(name, system, players, house_rules))


def created_event(character: Character) -> Event:
    """A character joins the campaign with this sheet (made, or imported)."""
    return event_of(Kind.CHARACTER_CREATED, CharacterCreated(character.to_dict()))


def changed_event(
    name: str,
    changes: Iterable[AnyChange],
    added: Iterable[AnyChange] = (),
    notes: str | None = None,
) -> Event:
    """Changes made to a character's sheet, in order: ``changes``, then the traits ``added``
    on purpose (``add``, only when some were), then the new ``notes`` (only when set)."""
    record = CharacterChanged(name, tuple(changes), tuple(added), notes)
    return event_of(Kind.CHARACTER_CHANGED, record)


def changes_of(data: Mapping[str, Any]) -> list[AnyChange]:
    """Every change a ``character-changed`` event made, in order (the additions last)."""
    return CharacterChanged.of(data).every


def undo_event(target: Event) -> Event:
    """Strike event ``target`` (or, when it is an undo, bring back what it struck), naming it
    by its seq."""
    return event_of(Kind.UNDONE, Undone(EventRef.to(target)))


def character_from(data: Mapping[str, Any], system: str, checked: bool = True) -> Character:
    """A sheet from its JSON data: an event's, a file's or a projection's.

    Args:
        checked: check every name and limit again (``False``: a projection, written only by
            a use case that checked it, and compared with the log by ``db check``).
    """
    if not checked:
        traits = {t: int(v) for t, v in data["traits"].items()}
    else:
        traits = {check_name(t, "trait"): int(v) for t, v in data["traits"].items()}
    specialties = {t: tuple(s) for t, s in data.get("specialties", {}).items() if s}
    status = stored_status(data.get("status") or {}, traits)
    if system == "sundown" and POWER in traits:  # a sheet of before ruling 19: migrated
        status = typed_power(traits, status)
    if checked:
        check_sheet(system, traits, specialties)
    notes = str(data.get("notes") or "")
    if checked:
        notes = check_notes(notes)
    return Character(data["name"], system, data.get("player"), traits, specialties, status, notes)


def ended_seats(event: Event) -> frozenset[int]:
    """The seats (by id) whose token ``event`` made stop working: a revoke, a new link, or a
    new invitation or none (for the invitation's seats)."""
    if event.kind not in SEAT_KINDS:
        return frozenset()
    record = payload(event)
    assert isinstance(record, SEAT_RECORDS)
    return frozenset(record.ends)


SEAT_RECORDS = (
    CharacterTaken,
    CharacterHanded,
    InvitationIssued,
    InvitationsOff,
    SeatRevoked,
    LinkIssued,
)
"""The records of the seats' events (:data:`SEAT_KINDS`)."""


def apply(state: CampaignState | None, event: Event) -> CampaignState:
    """The state after one event (the first must create the campaign).

    Raises:
        CampaignError, SheetError: the event does not fit the state (replaying without an
            event it depended on).
    """
    if event.kind is Kind.CAMPAIGN_CREATED:
        made = CampaignCreated.of(event.data)
        return CampaignState(made.name, made.system, made.players, made.house_rules)
    if state is None:
        raise CampaignError(f"event {event.seq} comes before its campaign was created")
    if event.kind is Kind.CHARACTER_CREATED:
        sheet = character_from(CharacterCreated.of(event.data).character, state.system)
        key = name_key(sheet.name)
        if key in state.characters:
            raise CampaignError(f"there is already a character {sheet.name} in {state.name}")
        return state.with_character(sheet)
    if event.kind is Kind.CHARACTER_CHANGED:
        changed = CharacterChanged.of(event.data)
        before = state.character(changed.character)
        after = sundown_play.logged_change(before, changed.every)
        if changed.notes is not None:
            after = replace(after, notes=check_notes(changed.notes))
        return state.with_character(after)
    if event.kind is Kind.ROLLED:
        return spends.rolled(state, event.data, event.seq)
    rolling = ROLLING.get(event.kind)
    if rolling is not None:
        return rolling(state, event.data, RuleDice.replaying(rolls_of(event.data)))
    transition = _TRANSITIONS.get(event.kind)
    if transition is not None:
        return transition(state, event.data)
    return state  # an undo acts through struck(); a seat's other events change no state


def is_hidden(event: Event) -> bool:
    """Whether ``event`` is a hidden roll (the storyteller's, kept from the players until it
    is revealed; whole, or behind the screen)."""
    return event.kind is Kind.ROLLED and hidden_roll(event.data)


def screen_of(event: Event) -> dict[str, object] | None:
    """What a player reads of ``event`` while it stands behind the screen, kept beside it in
    the log so that reading it costs the same whatever the roll: a hidden roll's seal and
    number (for one logged before the seals, only that it is hidden: players never see it);
    None for every other event."""
    if not is_hidden(event) or behind_the_screen(event.data):
        return None
    drawn = Drawn.of(event.data).seal
    if drawn is None:
        return {"hidden": True}
    return BehindTheScreen(SealRef(drawn.seal, drawn.roll_no)).data()


def named_event(event: Event) -> EventRef:
    """The earlier event an undo strikes (or brings back) or a reveal shows."""
    if event.kind is Kind.REVEALED:
        return Revealed.of(event.data).event
    return Undone.of(event.data).event


def striking(undos: Iterable[tuple[int, int]]) -> set[int]:
    """The events left struck by ``undos``: each undo (by id, in the log's order) with the
    event it names (by id).

    An undo always names an earlier event, so the log is read from its end: an undo that is
    itself struck strikes nothing, which is how undoing an undo brings an event back.
    """
    gone: set[int] = set()
    for undo, target in reversed(list(undos)):
        if undo not in gone:
            gone.add(target)
    return gone


def struck(events: Sequence[Event]) -> set[int]:
    """The ids of the events an undo left struck, in a whole log (or one that holds every
    event its undos name)."""
    ids = {e.seq: e.id for e in events}
    undos = [(e.id, Undone.of(e.data).event) for e in events if e.kind is Kind.UNDONE]
    return striking((undo, ref.id or ids.get(ref.seq, 0)) for undo, ref in undos)


class Naming(Protocol):
    """The record of an event that names earlier events of its log."""

    @classmethod
    def of(cls, data: Data) -> Self:
        """The record of an event's data."""
        ...

    def refs(self) -> tuple[EventRef, ...]:
        """The earlier events it names."""
        ...

    @classmethod
    def by_seq(cls, data: Data, seqs: Mapping[int, int]) -> dict[str, Any]:
        """An event's data with what it names by seq."""
        ...


NAMING: dict[Kind, type[Naming]] = {
    Kind.UNDONE: Undone,
    Kind.REVEALED: Revealed,
    Kind.REROLLED: Rerolled,
    Kind.STUNT_BOUGHT: StuntBought,
    Kind.DRAWBACK_CARRIED: DrawbackCarried,
}
"""The kinds of event whose record names an earlier event (a roll's effects may too:
:func:`~dicepool.sheet.storypath.payloads.effect_refs`)."""


def refs_of(event: Event) -> tuple[EventRef, ...]:
    """The earlier events of its log that ``event``'s data names, as it names them."""
    if event.kind is Kind.ROLLED:
        return effect_refs(effects_of(event.data))
    naming = NAMING.get(event.kind)
    return naming.of(event.data).refs() if naming is not None else ()


def by_seq(event: Event, seqs: Mapping[int, int]) -> Event:
    """``event`` as it would be logged today: every earlier event its data names, named by
    seq. An event logged before named them by the database's id; ``seqs`` gives the seq of
    each id it may name (the log's own events, or those looked up). What a rule or a reader
    takes; the log keeps the event as it was written (its hash is over that)."""
    if not seqs or not any(ref.old for ref in refs_of(event)):
        return event
    if event.kind is Kind.ROLLED:
        effects = effects_by_seq(effects_of(event.data), seqs)
        return replace(event, data=with_effects(event.data, effects))
    return replace(event, data=NAMING[event.kind].by_seq(event.data, seqs))


def replay(events: Sequence[Event]) -> CampaignState:
    """The campaign its log makes: every event not struck, applied in order (what an event
    logged before names by the database's id, put by seq: :func:`by_seq`).

    Raises:
        CampaignError, SheetError: an event that does not fit (names the event).
    """
    gone = struck(events)
    seqs = {e.id: e.seq for e in events}
    state: CampaignState | None = None
    for event in events:
        if event.id in gone:
            continue
        try:
            state = apply(state, by_seq(event, seqs))
        except (CampaignError, SheetError) as exc:
            raise LogError(
                f"event {event.seq} ({event.kind}) no longer fits: {exc}", event
            ) from exc
    if state is None:
        raise CampaignError("the log holds no campaign")
    return state


def concerns(event: Event) -> list[str]:
    """The characters an event is about, by name (for ``log --char``)."""
    if event.kind is Kind.ROLLED:
        return list(rolled_characters(event.data))
    record = payload(event)
    if isinstance(record, CharacterCreated):
        return [record.name]
    if isinstance(record, StuntBought | DrawbackCarried):  # and whose roll it waits for
        other = record.adversary if isinstance(record, StuntBought) else record.antagonist
        return [record.character, *([other] if other else [])]
    character = getattr(record, "character", None)
    if isinstance(character, str):
        return [character]
    if isinstance(record, TrackerStarted):
        return list(record.sides)
    if isinstance(record, RULE_ROLLING):
        return [r.character for r in record.rolls]
    return []
