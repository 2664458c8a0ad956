"""The log's events as typed records: each kind's data is a frozen record here (or beside its
system's rules: :mod:`dicepool.sheet.hubris.payloads`, :mod:`dicepool.sheet.sundown.payloads`,
:mod:`dicepool.sheet.storypath.payloads`, :mod:`dicepool.sheet.tracks_play`), with one way to
JSON (``data()``) and one back (``of(data)``), so no layer reads an event's data by hand.

The JSON is the log's, unchanged: ``data()`` writes the keys in the order the log always held
them, and ``of()`` reads an old event as the readers always did (a key an old event may lack
has its default; an earlier event an old event names by the database's id is read as such:
:mod:`dicepool.sheet.refs`). :func:`dicepool.sheet.events.payload` gives any event's record.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from dicepool.sheet.character import AnyChange, Change, SpecialtyChange
from dicepool.sheet.refs import EventRef, data_by_seq

Data = Mapping[str, Any]


# The parts several events share: the dice they read, the rolls a rule made


@dataclass(frozen=True)
class SealRef:
    """What a sealed event read from its seal's stream (``data["seal"]``): the seal, the
    roll's number in it, the roller's nonce and the runs of dice read (``[sides, count]``).
    A hidden roll shown behind the screen keeps only the seal and the number (None then)."""

    seal: int
    roll_no: int
    nonce: str | None = None
    sides: tuple[tuple[int, int], ...] | None = None
    mixed: int = 0
    """The players' contributions mixed into the key the roll read (0: the seed alone)."""

    def data(self) -> dict[str, object]:
        """The seal's reference as an event holds it."""
        found: dict[str, object] = {"seal": self.seal, "roll_no": self.roll_no}
        if self.nonce is not None:
            found["nonce"] = self.nonce
        if self.sides is not None:
            found["sides"] = [[s, c] for s, c in self.sides]
        if self.mixed:
            found["mixed"] = self.mixed
        return found

    @classmethod
    def of(cls, data: Data) -> SealRef:
        """The reference of an event's ``seal``."""
        sides = data.get("sides")
        return cls(
            int(data["seal"]),
            int(data["roll_no"]),
            None if data.get("nonce") is None else str(data["nonce"]),
            None if sides is None else tuple((int(s), int(c)) for s, c in sides),
            int(data.get("mixed", 0)),
        )


@dataclass(frozen=True)
class Drawn:
    """Where an event's dice came from: the campaign's seal (``seal``), faces typed by hand
    (``typed``) or a seeded generator (``seeded``); none of them for an event that rolled
    nothing, or one logged before the seals."""

    seal: SealRef | None = None
    typed: bool = False
    seeded: bool = False

    def data(self) -> dict[str, object]:
        """The keys an event's data takes for its dice (none, mostly one)."""
        found: dict[str, object] = {}
        if self.seal is not None:
            found["seal"] = self.seal.data()
        if self.typed:
            found["typed"] = True
        if self.seeded:
            found["seeded"] = True
        return found

    @classmethod
    def of(cls, data: Data) -> Drawn:
        """The dice an event's data names."""
        seal = data.get("seal")
        return cls(
            SealRef.of(seal) if isinstance(seal, Mapping) else None,
            bool(data.get("typed")),
            bool(data.get("seeded")),
        )


NO_DICE = Drawn()


@dataclass(frozen=True)
class RuleRoll:
    """A roll a state rule made (a Stamina roll, a crisis roll): whose, for what, its record
    (the ``dicepool roll --json`` shape) and its successes."""

    character: str
    purpose: str
    roll: Mapping[str, Any]
    successes: int

    def data(self) -> dict[str, object]:
        """The roll as an event's ``rolls`` holds it."""
        return {
            "character": self.character,
            "purpose": self.purpose,
            "roll": dict(self.roll),
            "successes": self.successes,
        }

    @classmethod
    def of(cls, data: Data) -> RuleRoll:
        """A roll of an event's ``rolls``."""
        return cls(
            str(data["character"]), str(data["purpose"]), data["roll"], int(data["successes"])
        )


def rolls_of(data: Data) -> tuple[RuleRoll, ...]:
    """The rolls a rule's event holds (none in an event that holds no ``rolls``)."""
    return tuple(RuleRoll.of(r) for r in data.get("rolls", ()))


def rolls_data(rolls: Iterable[RuleRoll]) -> list[dict[str, object]]:
    """The rolls as an event's ``rolls`` holds them."""
    return [r.data() for r in rolls]


# The campaign and its sheets


@dataclass(frozen=True)
class CampaignCreated:
    """``campaign-created``: the first event of a campaign's log."""

    name: str
    system: str
    players: int | None = None
    house_rules: str = ""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "name": self.name,
            "system": self.system,
            "players": self.players,
            "house_rules": self.house_rules,
        }

    @classmethod
    def of(cls, data: Data) -> CampaignCreated:
        """The record of an event's data."""
        players = data["players"]
        return cls(
            str(data["name"]),
            str(data["system"]),
            None if players is None else int(players),
            str(data["house_rules"]),
        )


@dataclass(frozen=True)
class DiceTypingSet:
    """``dice-typing-set``: who may type the faces of dice rolled by hand at the table: the
    storyteller alone (``players`` false, the default), or the players too (a table that rolls
    physical dice)."""

    players: bool

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"players": self.players}

    @classmethod
    def of(cls, data: Data) -> DiceTypingSet:
        """The record of an event's data."""
        return cls(bool(data["players"]))


@dataclass(frozen=True)
class HouseRulesSet:
    """``house-rules-set``: the campaign's house rules from now on (options applied to every
    roll, as a line writes them; empty: none)."""

    house_rules: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"house_rules": self.house_rules}

    @classmethod
    def of(cls, data: Data) -> HouseRulesSet:
        """The record of an event's data."""
        return cls(str(data["house_rules"]))


@dataclass(frozen=True)
class CharacterCreated:
    """``character-created``: a character joins the campaign with this sheet (its JSON, see
    :func:`dicepool.sheet.events.character_from`; a player reads only the name, system and
    player of one of the storyteller's own)."""

    character: Mapping[str, Any]

    @property
    def name(self) -> str:
        """The character's name."""
        return str(self.character["name"])

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"character": dict(self.character)}

    @classmethod
    def of(cls, data: Data) -> CharacterCreated:
        """The record of an event's data."""
        return cls(data["character"])


def change_data(item: AnyChange) -> dict[str, object]:
    """A change as a ``character-changed`` event holds it."""
    if isinstance(item, Change):
        return {"trait": item.trait, "op": item.op, "value": item.value}
    return {"trait": item.trait, "specialty": item.specialty, "add": item.add}


def change_of(data: Data) -> AnyChange:
    """A change as a ``character-changed`` event holds it."""
    if "specialty" in data:
        return SpecialtyChange(data["trait"], data["specialty"], bool(data["add"]))
    return Change(data["trait"], data["op"], int(data["value"]))


@dataclass(frozen=True)
class CharacterChanged:
    """``character-changed``: changes made to a character's sheet, in order: ``changes``, then
    the traits ``added`` on purpose (``add``, only when some were), then the new ``notes``
    (only when set: None leaves them)."""

    character: str
    changes: tuple[AnyChange, ...] = ()
    added: tuple[AnyChange, ...] = ()
    notes: str | None = None

    @property
    def every(self) -> list[AnyChange]:
        """Every change, in order (the additions last)."""
        return [*self.changes, *self.added]

    def data(self) -> dict[str, object]:
        """The event's data."""
        found: dict[str, object] = {
            "character": self.character,
            "changes": [change_data(c) for c in self.changes],
        }
        if self.added:
            found["add"] = [change_data(c) for c in self.added]
        if self.notes is not None:
            found["notes"] = self.notes
        return found

    @classmethod
    def of(cls, data: Data) -> CharacterChanged:
        """The record of an event's data."""
        return cls(
            str(data["character"]),
            tuple(change_of(c) for c in data["changes"]),
            tuple(change_of(c) for c in data.get("add", ())),
            str(data["notes"]) if "notes" in data else None,
        )


# Rolls, undos, reveals and the seals


@dataclass(frozen=True)
class Rolled:
    """``rolled``: a line rolled in the campaign.

    Attributes:
        line: the line as written.
        numbers: the notation it was rolled as.
        characters: the characters involved, rollers first.
        rollers: each side's roller (None where a side names none).
        comment: the text after ``#``, if any.
        house_rules: the campaign's house rules when it was rolled.
        result: the roll's record (the ``dicepool roll --json`` shape).
        effects: what the roll did to the state (spends, a Consolation...), by name.
        hidden: the storyteller's hidden roll, kept from the players until revealed.
        drawn: where its dice came from.
    """

    line: str
    numbers: str
    result: Mapping[str, Any]
    characters: tuple[str, ...] = ()
    rollers: tuple[str | None, ...] = ()
    comment: str | None = None
    house_rules: str = ""
    effects: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    hidden: bool = False
    drawn: Drawn = NO_DICE

    @property
    def roller(self) -> str | None:
        """The first side's roller who is a character (None for none)."""
        return next((r for r in self.rollers if r), None)

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "line": self.line,
            "numbers": self.numbers,
            "characters": list(self.characters),
            "rollers": list(self.rollers),
            "comment": self.comment,
            "house_rules": self.house_rules,
            "result": dict(self.result),
            **({"effects": {k: dict(v) for k, v in self.effects.items()}} if self.effects else {}),
            **({"hidden": True} if self.hidden else {}),
            **self.drawn.data(),
        }

    @classmethod
    def of(cls, data: Data) -> Rolled:
        """The record of an event's data."""
        comment = data.get("comment")
        return cls(
            str(data["line"]),
            str(data["numbers"]),
            data["result"],
            rolled_characters(data),
            rollers_of(data),
            None if comment is None else str(comment),
            str(data.get("house_rules") or ""),
            effects_of(data),
            hidden_roll(data),
            Drawn.of(data),
        )


def rolled_characters(data: Data) -> tuple[str, ...]:
    """The characters a ``rolled`` event involves, read alone: a hidden roll behind the screen
    names none (what ``log --char`` and the projections' index read of any roll)."""
    return tuple(str(c) for c in data.get("characters", ()))


def rollers_of(data: Data) -> tuple[str | None, ...]:
    """Each side's roller of a ``rolled`` event, read alone (None where a side names none)."""
    return tuple(None if r is None else str(r) for r in data.get("rollers", ()))


def hidden_roll(data: Data) -> bool:
    """Whether a ``rolled`` event's data, read alone, is the storyteller's hidden roll (whole,
    or behind the screen)."""
    return bool(data.get("hidden"))


def effects_of(data: Data) -> Mapping[str, Mapping[str, Any]]:
    """A ``rolled`` event's effects, read alone, by name (none for a plain roll); each
    effect's record is its system's (``WillpowerSpend``, ``EdgeSpends``, ``Consoled``...)."""
    found: Mapping[str, Mapping[str, Any]] = data.get("effects") or {}
    return found


def with_effects(data: Data, effects: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """A ``rolled`` event's data with these ``effects`` instead (:func:`effects_of`'s)."""
    return {**data, "effects": {name: dict(effect) for name, effect in effects.items()}}


@dataclass(frozen=True)
class BehindTheScreen:
    """A hidden roll as the players get it until it is revealed (never stored: the table's
    view of a ``rolled`` event): that it took place, and its number in its seal."""

    seal: SealRef

    def data(self) -> dict[str, object]:
        """The view's data."""
        return {"hidden": True, "seal": self.seal.data()}

    @classmethod
    def of(cls, data: Data) -> BehindTheScreen:
        """The view of a ``rolled`` event's data."""
        seal = SealRef.of(data["seal"])
        return cls(SealRef(seal.seal, seal.roll_no))


def behind_the_screen(data: Data) -> bool:
    """Whether a ``rolled`` event's data is a hidden roll behind the screen (no record)."""
    return "result" not in data


@dataclass(frozen=True)
class Undone:
    """``undone``: strike event ``event`` (or, when it is an undo, bring back what it struck)."""

    event: EventRef

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"event": self.event.data()}

    @classmethod
    def of(cls, data: Data) -> Undone:
        """The record of an event's data."""
        return cls(EventRef.of(data["event"]))

    def refs(self) -> tuple[EventRef, ...]:
        """The earlier events it names."""
        return (self.event,)

    @classmethod
    def by_seq(cls, data: Data, seqs: Mapping[int, int]) -> dict[str, Any]:
        """An event's data with what it names by seq (:meth:`EventRef.by_seq`)."""
        return data_by_seq(data, "event", seqs)


@dataclass(frozen=True)
class Revealed:
    """``revealed``: the storyteller shows hidden roll ``event`` to everyone."""

    event: EventRef

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"event": self.event.data()}

    @classmethod
    def of(cls, data: Data) -> Revealed:
        """The record of an event's data."""
        return cls(EventRef.of(data["event"]))

    def refs(self) -> tuple[EventRef, ...]:
        """The earlier events it names."""
        return (self.event,)

    @classmethod
    def by_seq(cls, data: Data, seqs: Mapping[int, int]) -> dict[str, Any]:
        """An event's data with what it names by seq (:meth:`EventRef.by_seq`)."""
        return data_by_seq(data, "event", seqs)


@dataclass(frozen=True)
class SealOpened:
    """``seal-open``: a seal of the campaign's dice opened, its seed's commitment logged."""

    seal: int
    commitment: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"seal": self.seal, "commitment": self.commitment}

    @classmethod
    def of(cls, data: Data) -> SealOpened:
        """The record of an event's data."""
        return cls(int(data["seal"]), str(data["commitment"]))


@dataclass(frozen=True)
class SealClosed:
    """``seal-close``: a seal closed: its seed out, and the number of rolls it gave."""

    seal: int
    seed: str
    rolls: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"seal": self.seal, "seed": self.seed, "rolls": self.rolls}

    @classmethod
    def of(cls, data: Data) -> SealClosed:
        """The record of an event's data."""
        return cls(int(data["seal"]), str(data["seed"]), int(data["rolls"]))


@dataclass(frozen=True)
class SealContributed:
    """``seal-contributed``: a player's browser added 32 random bytes (hex) to the open seal,
    after its commitment was published; every roll after it reads a key they are mixed into."""

    seal: int
    contribution: str

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"seal": self.seal, "contribution": self.contribution}

    @classmethod
    def of(cls, data: Data) -> SealContributed:
        """The record of an event's data."""
        return cls(int(data["seal"]), str(data["contribution"]))


# Story time


@dataclass(frozen=True)
class BoundaryBegun:
    """``boundary-begun``: a new turn, round, scene...; the Stamina rolls it made."""

    unit: str
    rolls: tuple[RuleRoll, ...] = ()
    drawn: Drawn = NO_DICE

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"unit": self.unit, "rolls": rolls_data(self.rolls), **self.drawn.data()}

    def with_dice(self, rolls: tuple[RuleRoll, ...], drawn: Drawn) -> BoundaryBegun:
        """The event with the rolls its rule made, and where their dice came from."""
        return replace(self, rolls=rolls, drawn=drawn)

    @classmethod
    def of(cls, data: Data) -> BoundaryBegun:
        """The record of an event's data."""
        return cls(str(data["unit"]), rolls_of(data), Drawn.of(data))


@dataclass(frozen=True)
class ClockAdvanced:
    """``clock-advanced``: story time passes (``duration`` as written, in ``minutes``); the
    boundary of play it ``begins`` (ruling 17: ``round`` or ``scene``; None for no time, and
    for an event logged before the ruling, which began none); the rolls the rules made
    meanwhile."""

    duration: str
    minutes: int
    rolls: tuple[RuleRoll, ...] = ()
    drawn: Drawn = NO_DICE
    begins: str | None = None

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "duration": self.duration,
            "minutes": self.minutes,
            "begins": self.begins,
            "rolls": rolls_data(self.rolls),
            **self.drawn.data(),
        }

    def with_dice(self, rolls: tuple[RuleRoll, ...], drawn: Drawn) -> ClockAdvanced:
        """The event with the rolls its rule made, and where their dice came from."""
        return replace(self, rolls=rolls, drawn=drawn)

    @classmethod
    def of(cls, data: Data) -> ClockAdvanced:
        """The record of an event's data."""
        begins = data.get("begins")
        return cls(
            str(data["duration"]),
            int(data["minutes"]),
            rolls_of(data),
            Drawn.of(data),
            None if begins is None else str(begins),
        )


# Trackers of actions that take several rolls


@dataclass(frozen=True)
class TrackerStarted:
    """``tracker-started``: a Complex Action (``difficulty`` given) or an extended action
    begins, for one side or two (``kind``: complex, opposed, extended, contested)."""

    name: str
    kind: str
    target: int
    sides: tuple[str, ...]
    limit: int | None = None
    difficulty: int | None = None

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "name": self.name,
            "kind": self.kind,
            "target": self.target,
            "limit": self.limit,
            "difficulty": self.difficulty,
            "sides": list(self.sides),
        }

    @classmethod
    def of(cls, data: Data) -> TrackerStarted:
        """The record of an event's data."""
        limit, difficulty = data.get("limit"), data.get("difficulty")
        return cls(
            str(data["name"]),
            str(data["kind"]),
            int(data["target"]),
            tuple(str(s) for s in data["sides"]),
            None if limit is None else int(limit),
            None if difficulty is None else int(difficulty),
        )


@dataclass(frozen=True)
class IntervalsBought:
    """``intervals-bought``: Momentum buys Intervals of a Complex Action, one a point."""

    tracker: str
    intervals: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"tracker": self.tracker, "intervals": self.intervals}

    @classmethod
    def of(cls, data: Data) -> IntervalsBought:
        """The record of an event's data."""
        return cls(str(data["tracker"]), int(data["intervals"]))


@dataclass(frozen=True)
class MilestonesAwarded:
    """``milestone-awarded``: Milestones of a tracker given to a side without a roll."""

    tracker: str
    character: str
    milestones: int

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"tracker": self.tracker, "character": self.character, "milestones": self.milestones}

    @classmethod
    def of(cls, data: Data) -> MilestonesAwarded:
        """The record of an event's data."""
        return cls(str(data["tracker"]), str(data["character"]), int(data["milestones"]))


# The web table's seats


@dataclass(frozen=True)
class SeatMove:
    """A seat's move from character ``before`` to ``after`` (names, or None)."""

    seat_id: int
    seat: str
    before: str | None
    after: str | None

    def data(self) -> dict[str, object]:
        """The move as a seat event's ``moves`` holds it."""
        return {
            "seat_id": self.seat_id,
            "seat": self.seat,
            "before": self.before,
            "after": self.after,
        }

    @classmethod
    def of(cls, data: Data) -> SeatMove:
        """A move of a seat event's ``moves``."""
        return cls(int(data["seat_id"]), str(data["seat"]), data["before"], data["after"])


def _ends(data: Data) -> tuple[int, ...]:
    return tuple(int(i) for i in data.get("ends", ()))


@dataclass(frozen=True)
class CharacterTaken:
    """``character-taken``: a player's seat takes a free character."""

    seat: str
    character: str
    moves: tuple[SeatMove, ...]

    @property
    def ends(self) -> tuple[int, ...]:
        """No seat's token: a take ends none."""
        return ()

    def data(self) -> dict[str, object]:
        """The event's data."""
        moves = [m.data() for m in self.moves]
        return {"seat": self.seat, "character": self.character, "moves": moves}

    @classmethod
    def of(cls, data: Data) -> CharacterTaken:
        """The record of an event's data."""
        moves = tuple(SeatMove.of(m) for m in data["moves"])
        return cls(str(data["seat"]), str(data["character"]), moves)


@dataclass(frozen=True)
class CharacterHanded:
    """``character-handed``: the storyteller gives a character to a seat, or takes it back
    (``seat`` None) from the seat that held it (``held_by``, the data's ``from``)."""

    character: str
    seat: str | None
    held_by: str | None
    moves: tuple[SeatMove, ...]

    @property
    def ends(self) -> tuple[int, ...]:
        """No seat's token: a hand-over ends none."""
        return ()

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "character": self.character,
            "seat": self.seat,
            "from": self.held_by,
            "moves": [m.data() for m in self.moves],
        }

    @classmethod
    def of(cls, data: Data) -> CharacterHanded:
        """The record of an event's data."""
        held = data.get("from")
        return cls(
            str(data["character"]),
            None if data["seat"] is None else str(data["seat"]),
            None if held is None else str(held),
            tuple(SeatMove.of(m) for m in data["moves"]),
        )


@dataclass(frozen=True)
class InvitationIssued:
    """``invitation-issued``: a new invitation to the table (``ends``: the old one's seats)."""

    ends: tuple[int, ...] = ()

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"ends": list(self.ends)}

    @classmethod
    def of(cls, data: Data) -> InvitationIssued:
        """The record of an event's data."""
        return cls(_ends(data))


@dataclass(frozen=True)
class InvitationsOff:
    """``invitations-off``: nobody new joins (``ends``: the old invitation's seats)."""

    ends: tuple[int, ...] = ()

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"ends": list(self.ends)}

    @classmethod
    def of(cls, data: Data) -> InvitationsOff:
        """The record of an event's data."""
        return cls(_ends(data))


@dataclass(frozen=True)
class SeatRevoked:
    """``seat-revoked``: a seat's token stops working; its character (if any) is free."""

    seat: str
    character: str | None
    ends: tuple[int, ...] = ()

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"seat": self.seat, "character": self.character, "ends": list(self.ends)}

    @classmethod
    def of(cls, data: Data) -> SeatRevoked:
        """The record of an event's data."""
        character = data["character"]
        return cls(str(data["seat"]), None if character is None else str(character), _ends(data))


@dataclass(frozen=True)
class LinkIssued:
    """``link-issued``: a seat's new link (``reseated``: a revoked seat's; no ``ends``: a new
    seat's first)."""

    seat: str
    role: str
    reseated: bool = False
    ends: tuple[int, ...] = ()

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "seat": self.seat,
            "role": self.role,
            "reseated": self.reseated,
            "ends": list(self.ends),
        }

    @classmethod
    def of(cls, data: Data) -> LinkIssued:
        """The record of an event's data."""
        return cls(str(data["seat"]), str(data["role"]), bool(data.get("reseated")), _ends(data))


@dataclass(frozen=True)
class RollCounted:
    """A roll's ``tracker`` effect: its total counted toward tracker ``name``.

    Attributes:
        progress: the roller's count toward it once this roll counted (successes, or
            Milestones), and ``target`` what it needs, as they stood when rolled (what the
            table was told; None in a roll logged before they were kept). The tracker itself
            is rebuilt from the rolls, never from these.
    """

    name: str
    character: str
    successes: int
    progress: int | None = None
    target: int | None = None

    def data(self) -> dict[str, object]:
        """The effect's data."""
        found: dict[str, object] = {
            "name": self.name,
            "character": self.character,
            "successes": self.successes,
        }
        if self.progress is not None and self.target is not None:
            found.update(progress=self.progress, target=self.target)
        return found

    @classmethod
    def of(cls, data: Data) -> RollCounted:
        """The record of an effect's data."""
        progress, target = data.get("progress"), data.get("target")
        return cls(
            str(data["name"]),
            str(data["character"]),
            int(data["successes"]),
            None if progress is None else int(progress),
            None if target is None else int(target),
        )


# Discord: the table played from a channel (issue 24)


@dataclass(frozen=True)
class DiscordTie:
    """``discord-linked``: the storyteller ties a Discord channel to the table (and their
    Discord user to their seat); ``discord-joined``: a Discord user is tied to a player's seat;
    ``discord-moved``: the storyteller (their seat and Discord user) moved the table's channel
    to another table, which the event does not name (an undo brings the channel back).

    The user and channel are Discord's ids (snowflakes): public numbers anyone in the channel
    sees, kept plain; what vouches for a user is Discord's signature on each interaction.
    """

    seat_id: int
    seat: str
    user: str
    channel: str | None = None

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {
            "seat_id": self.seat_id,
            "seat": self.seat,
            "user": self.user,
            "channel": self.channel,
        }

    @classmethod
    def of(cls, data: Data) -> DiscordTie:
        """The record of an event's data."""
        channel = data.get("channel")
        return cls(
            int(data["seat_id"]),
            str(data["seat"]),
            str(data["user"]),
            None if channel is None else str(channel),
        )


@dataclass(frozen=True)
class WebhookSet:
    """``webhook-set``: the table's rolls and changes are mirrored to a Discord channel's
    webhook from now on (``on``), or no longer (``reason``: why, when Discord ended it). The
    URL is no part of the log: whoever holds it may post to the channel."""

    on: bool
    reason: str = ""

    def data(self) -> dict[str, object]:
        """The event's data."""
        return {"on": self.on, "reason": self.reason}

    @classmethod
    def of(cls, data: Data) -> WebhookSet:
        """The record of an event's data."""
        return cls(bool(data["on"]), str(data.get("reason", "")))
