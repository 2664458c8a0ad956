"""Checking a campaign's seals: every face a closed seal gave out, recomputed from its seed.

A seal opens with a commitment (``seal-open``: the SHA-256 of a secret seed) and closes with the
seed itself (``seal-close``, with the count of roll numbers it gave out). Every roll it gave
dice to names it (``data["seal"]``: the seal, the roll's number in it, its nonce and the runs of
dice read), and :func:`dicepool.core.stream.stream_faces` recomputes its faces. :func:`verify`
checks, per seal, that the seed matches the commitment, that every roll shows the stream's
faces, and that the roll numbers run 1..N with none missing and none twice. A roll logged once
seals began that names none (and is not typed by hand nor seeded) is outside every seal: the
server chose its dice, and the log fails the check.

It reads the event dicts of an export (:meth:`Event.to_dict`), never the database, so a file
someone sent and the live campaign are checked the same way; and since an export may have
been edited, anything malformed is a problem of its event, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from dicepool.campaign.chained import ChainReport, chained, check_chain
from dicepool.campaign.problems import Problem, named
from dicepool.campaign.shown import (
    ROLLING,
    SEAL_CLOSE,
    SEAL_CONTRIBUTED,
    SEAL_OPEN,
    Draw,
    Malformed,
    counting,
    draw_of,
    faces_shown,
    hex_digits,
    shown,
    unsealed,
    whole,
)
from dicepool.core.stream import commitment, mixed_key, stream_faces
from dicepool.errors import DiceError

MAX_LISTED = 5
"""The most wrong dice one problem lists; it says how many more there are."""

OUTSIDE = (
    "a roll outside every seal: it names no seal and is not typed by hand or seeded, "
    "so the server chose its dice"
)
"""The problem of a roll logged once seals began that no seal drew."""


def outside_words(count: int) -> str:
    """``1 roll outside every seal``, ``3 rolls outside every seal``."""
    return f"{count} roll{'' if count == 1 else 's'} outside every seal"


class Status(StrEnum):
    """What a seal's check found."""

    VERIFIED = "verified"
    """Closed, and every roll it gave out checks."""
    MISMATCH = "mismatch"
    """At least one problem (open or closed)."""
    OPEN = "open"
    """Not closed yet: its seed is secret, so its faces cannot be checked."""


@dataclass(frozen=True)
class SealReport:
    """One seal's check.

    Attributes:
        seal: its number, 1, 2...
        status: verified, mismatch or open.
        closed: whether its ``seal-close`` is in the log (its seed revealed).
        commitment: its ``seal-open``'s commitment (None when missing or malformed).
        rolls: the roll numbers its ``seal-close`` says it gave out (None while open).
        checked: the rolls whose faces were recomputed from the stream.
        hidden: the rolls logged hidden (no faces yet): not checkable until revealed.
        problems: what is wrong, each naming its event.
        contributions: the players' contributions logged in it (none: the storyteller alone
            could choose its dice).
    """

    seal: int
    status: Status
    closed: bool
    commitment: str | None
    rolls: int | None
    checked: int
    hidden: int
    problems: tuple[Problem, ...]
    contributions: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``verify --json``."""
        return {
            "seal": self.seal,
            "status": self.status.value,
            "closed": self.closed,
            "commitment": self.commitment,
            "rolls": self.rolls,
            "checked": self.checked,
            "hidden": self.hidden,
            "problems": [p.to_dict() for p in self.problems],
            "contributions": self.contributions,
        }


@dataclass(frozen=True)
class Verification:
    """A whole log's check: every seal's, and what was not part of any seal's claim.

    Attributes:
        seals: one report per seal, by number.
        typed: rolls typed by hand (``typed``): their faces were never the stream's.
        pre_seal: rolls logged before the log's first seal opened: they name no seal.
        seeded: rolls of a seeded generator (``seeded``, the command line's ``--seed``).
        outside: the rolls logged once seals began that name no seal and are neither typed
            nor seeded (:func:`dicepool.campaign.shown.unsealed`), one problem each: the
            server chose their dice, so the log fails the check.
        problems: what is wrong outside any one seal (an event that names no seal it could
            be checked under, a seal number missing from the log).
        chain: the log's hash chain checked (None for an export that carries none: version 1).
    """

    seals: tuple[SealReport, ...]
    typed: int = 0
    pre_seal: int = 0
    outside: tuple[Problem, ...] = ()
    problems: tuple[Problem, ...] = ()
    seeded: int = 0
    chain: ChainReport | None = None

    @property
    def unclaimed(self) -> int:
        """The rolls outside every seal."""
        return len(self.outside)

    @property
    def ok(self) -> bool:
        """Nothing mismatches (an open seal is not a mismatch), no roll is outside every
        seal, and the chain holds."""
        broken = self.chain is not None and bool(self.chain.problems)
        return (
            not broken
            and not self.problems
            and not self.outside
            and all(s.status != Status.MISMATCH for s in self.seals)
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``verify --json``."""
        return {
            "ok": self.ok,
            "seals": [s.to_dict() for s in self.seals],
            "skipped": {"typed": self.typed, "seeded": self.seeded, "pre_seal": self.pre_seal},
            "unclaimed": self.unclaimed,
            "outside": [p.to_dict() for p in self.outside],
            "problems": [p.to_dict() for p in self.problems],
            "chain": self.chain.to_dict() if self.chain is not None else None,
        }


@dataclass(frozen=True)
class _At:
    """Where an event is: its seq and its place in the list."""

    seq: int | None
    index: int

    @property
    def name(self) -> str:
        return named(self.seq, self.index + 1)

    def problem(self, message: str) -> Problem:
        return Problem(message, self.seq, self.index + 1 if self.seq is None else None)


@dataclass(frozen=True)
class LedgerRoll:
    """One event that names a seal: where it is, its number in the seal, and what it logs
    (``ref``: its ``data["seal"]``)."""

    at: _At
    roll_no: int | None
    kind: str
    data: Mapping[str, Any]
    ref: Mapping[str, Any]
    logged_before: int = 0
    """The seal's contributions logged before the roll: the ones its key must mix in."""

    @property
    def hidden(self) -> bool:
        """A hidden roll as a player receives it: a number, and no nonce, dice or faces."""
        return self.data.get("hidden") is True and not {"nonce", "sides"} & self.ref.keys()


@dataclass
class LedgerSeal:
    """What the log says of one seal, gathered in the log's order: its ``seal-open`` and
    ``seal-close`` (where they are, the commitment and the seed), the rolls that name it, and
    the players' contributions logged while it was open, in order."""

    number: int
    opened: _At | None = None
    closed: _At | None = None
    commitment: str | None = None
    seed: bytes | None = None
    claimed: int | None = None
    rolls: list[LedgerRoll] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    contributions: list[bytes] = field(default_factory=list)


def verify(events: Sequence[Any], heads: Sequence[str] = ()) -> Verification:
    """Check every seal of a log, and its hash chain with the ``heads`` someone remembers:
    the events as an export gives them, in order.

    Never raises for what the events hold: anything malformed is a problem of its event.
    """
    checked = _read(events).verification()
    if not chained(events):
        return checked
    return replace(checked, chain=check_chain(events, heads))


def read_seals(events: Sequence[Any]) -> Mapping[int, LedgerSeal]:
    """What a log says of each of its seals, by number: the events as an export gives them,
    in order. Never raises for what the events hold (what is malformed is left out)."""
    return _read(events).seals


def _read(events: Sequence[Any]) -> _Ledger:
    ledger = _Ledger()
    for index, event in enumerate(events):
        ledger.read(index, event)
    return ledger


class _Ledger:
    """The seals of a log as its events are read, then each one's report."""

    def __init__(self) -> None:
        self.seals: dict[int, LedgerSeal] = {}
        self.problems: list[Problem] = []
        self.typed = 0
        self.pre_seal = 0
        self.outside: list[Problem] = []
        self.seeded = 0
        self.sealing = False  # a seal-open has been read: rolls that name none are outside

    def read(self, index: int, event: object) -> None:
        """Take one event of the log into the seals it concerns."""
        if not isinstance(event, Mapping):
            self.problems.append(Problem(f"not an event: {shown(event)}", entry=index + 1))
            return
        at = _At(whole(event.get("seq")), index)
        kind, data = event.get("kind"), event.get("data")
        if not isinstance(kind, str):
            self.problems.append(at.problem(f"its kind is not text: {shown(kind)}"))
            return
        if not isinstance(data, Mapping):
            if kind in ROLLING or kind in (SEAL_OPEN, SEAL_CLOSE, SEAL_CONTRIBUTED):
                self.problems.append(at.problem(f"its data is not an object: {shown(data)}"))
            return
        try:
            if kind == SEAL_OPEN:
                self._opened(at, data)
            elif kind == SEAL_CLOSE:
                self._closed(at, data)
            elif kind == SEAL_CONTRIBUTED:
                self._contributed(at, data)
            elif isinstance(data.get("seal"), Mapping):
                self._sealed(at, kind, data)
            elif kind in ROLLING:
                self._unsealed(at, kind, data)
        except Malformed as exc:  # a field that says which seal: nowhere else to put it
            self.problems.append(at.problem(str(exc)))

    def _seal(self, number: int) -> LedgerSeal:
        return self.seals.setdefault(number, LedgerSeal(number))

    def _opened(self, at: _At, data: Mapping[str, Any]) -> None:
        seal = self._seal(counting(data.get("seal"), "the seal-open's seal number"))
        if seal.opened is not None:
            seal.problems.append(at.problem(f"opens seal {seal.number} again ({seal.opened.name})"))
            return
        seal.opened = at
        self.sealing = True
        try:
            hex_digits(data.get("commitment"), "the commitment")
            seal.commitment = data["commitment"]
        except Malformed as exc:
            seal.problems.append(at.problem(str(exc)))

    def _closed(self, at: _At, data: Mapping[str, Any]) -> None:
        seal = self._seal(counting(data.get("seal"), "the seal-close's seal number"))
        if seal.closed is not None:
            seal.problems.append(
                at.problem(f"closes seal {seal.number} again ({seal.closed.name})")
            )
            return
        if seal.opened is None:
            seal.problems.append(at.problem(f"closes seal {seal.number} before it is opened"))
        seal.closed = at
        try:
            seal.seed = hex_digits(data.get("seed"), "the seed")
        except Malformed as exc:
            seal.problems.append(at.problem(str(exc)))
        try:
            seal.claimed = counting(data.get("rolls"), "the seal-close's count of rolls", 0)
        except Malformed as exc:
            seal.problems.append(at.problem(str(exc)))

    def _contributed(self, at: _At, data: Mapping[str, Any]) -> None:
        seal = self._seal(counting(data.get("seal"), "the contribution's seal number"))
        given = hex_digits(data.get("contribution"), "the contribution")
        if seal.opened is None or seal.closed is not None:
            seal.problems.append(at.problem(f"adds to seal {seal.number} while it is not open"))
            return
        seal.contributions.append(given)

    def _sealed(self, at: _At, kind: str, data: Mapping[str, Any]) -> None:
        ref = data["seal"]
        seal = self._seal(counting(ref.get("seal"), "the seal's number"))
        roll_no = whole(ref.get("roll_no"))
        if roll_no is None or roll_no < 1:
            seal.problems.append(
                at.problem(
                    f"its roll number is not a whole number from 1: {shown(ref.get('roll_no'))}"
                )
            )
            roll_no = None
        if seal.opened is None:
            seal.problems.append(at.problem(f"reads seal {seal.number} before it is opened"))
        elif seal.closed is not None:
            seal.problems.append(
                at.problem(f"reads seal {seal.number} after it was closed ({seal.closed.name})")
            )
        seal.rolls.append(LedgerRoll(at, roll_no, kind, data, ref, len(seal.contributions)))

    def _unsealed(self, at: _At, kind: str, data: Mapping[str, Any]) -> None:
        """Count a rolling event that names no seal, if it rolled anything: typed, seeded,
        from before the seals, or else outside every seal."""
        if data.get("typed") is True:
            self.typed += 1
        elif data.get("seeded") is True:
            self.seeded += 1
        elif not unsealed(kind, data):
            return  # nothing was rolled: a rule that rolled no die this time
        elif self.sealing:
            self.outside.append(at.problem(OUTSIDE))
        else:
            self.pre_seal += 1  # a legacy log's roll, from before seals existed

    def verification(self) -> Verification:
        """Every seal's report, by number, with what lies outside them."""
        numbers = sorted(self.seals)
        reports = tuple(_report(self.seals[n], self.seals.get(n - 1)) for n in numbers)
        missing = [
            Problem(f"{_span('seal', previous + 1, n - 1)} not in the log, though seal {n} is")
            for previous, n in zip([0, *numbers], numbers, strict=False)
            if n > previous + 1
        ]
        return Verification(
            reports,
            typed=self.typed,
            pre_seal=self.pre_seal,
            outside=tuple(self.outside),
            problems=(*self.problems, *missing),
            seeded=self.seeded,
        )


def _report(seal: LedgerSeal, before: LedgerSeal | None) -> SealReport:
    """One seal's report: its own problems, its numbers', its seed's and its rolls'."""
    problems = list(seal.problems)
    if seal.opened is None:
        problems.append(Problem(f"seal {seal.number} is never opened: no seal-open names it"))
    elif before is not None and before.opened is not None and _still_open(before, seal.opened):
        problems.append(seal.opened.problem(f"opens while seal {before.number} is still open"))
    problems += _numbers(seal)
    seed = _committed_seed(seal, problems)
    checked = 0
    for roll in seal.rolls:
        if roll.hidden:
            continue
        try:
            faces, draw = _drawn(roll)  # its shape is checked even while sealed
            if seed is None or roll.roll_no is None:
                continue
            checked += 1
            wrong = _against_stream(seed, seal, roll, roll.roll_no, faces, draw)
        except Malformed as exc:
            problems.append(roll.at.problem(str(exc)))
            continue
        if wrong:
            problems.append(roll.at.problem(wrong))
    status = (
        Status.MISMATCH if problems else Status.OPEN if seal.closed is None else Status.VERIFIED
    )
    hidden = sum(roll.hidden for roll in seal.rolls)
    problems.sort(key=lambda p: (p.seq is None, p.seq or 0))
    closed = seal.closed is not None
    return SealReport(
        seal.number,
        status,
        closed,
        seal.commitment,
        seal.claimed,
        checked,
        hidden,
        tuple(problems),
        len(seal.contributions),
    )


def faces_problem(seed: bytes, seal: LedgerSeal, roll: LedgerRoll) -> str | None:
    """What differs between a roll's faces and its seal's stream, in words (None: every face
    is the stream's): the stream read with ``seed`` (the seal's, once revealed and checked
    against its commitment) and the contributions the roll says it mixed in.

    Raises:
        Malformed: the roll's faces, dice, number or mix cannot be read, or its mix is not
            the contributions logged before it.
    """
    if roll.roll_no is None:
        raise Malformed(
            f"its roll number is not a whole number from 1: {shown(roll.ref.get('roll_no'))}"
        )
    faces, draw = _drawn(roll)
    return _against_stream(seed, seal, roll, roll.roll_no, faces, draw)


def _drawn(roll: LedgerRoll) -> tuple[list[int], Draw]:
    """The faces a roll shows and what its ``data["seal"]`` says it read.

    Raises:
        Malformed: either cannot be read, or they count other dice.
    """
    faces = faces_shown(roll.kind, roll.data)
    return faces, draw_of(roll.ref, len(faces))


def _against_stream(
    seed: bytes,
    seal: LedgerSeal,
    roll: LedgerRoll,
    roll_no: int,
    faces: Sequence[int],
    draw: Draw,
) -> str | None:
    """The faces against the stream of the roll's key (None: every one is the stream's)."""
    return _wrong_faces(_key(seed, seal, roll), roll_no, draw, faces)


def _key(seed: bytes, seal: LedgerSeal, roll: LedgerRoll) -> bytes:
    """The key a roll's stream was read with: the seed, with the seal's contributions logged
    before the roll mixed in.

    Raises:
        Malformed: the roll names another number of contributions than were logged before it.
    """
    mixed = whole(roll.ref.get("mixed", 0))
    if mixed != roll.logged_before:
        raise Malformed(
            f"it says {shown(roll.ref.get('mixed', 0))} contributions were mixed into its dice, "
            f"but {roll.logged_before} were logged before it in seal {seal.number}"
        )
    return mixed_key(seed, seal.contributions[:mixed])


def _still_open(before: LedgerSeal, opened: _At) -> bool:
    """Whether the seal before was not yet closed where this one opened."""
    return before.closed is None or before.closed.index > opened.index


def _committed_seed(seal: LedgerSeal, problems: list[Problem]) -> bytes | None:
    """The seal's seed if it is revealed and matches the commitment; else None (and why)."""
    if seal.seed is None or seal.closed is None:
        return None
    if seal.commitment is None:
        return None  # already a problem of the seal-open, or it is never opened
    hashed = commitment(seal.seed)
    if hashed == seal.commitment:
        return seal.seed
    assert seal.opened is not None  # a commitment is read only from a seal-open
    problems.append(
        seal.closed.problem(
            f"its seed does not match seal {seal.number}'s commitment ({seal.opened.name}): "
            f"the seed's SHA-256 is {hashed[:16]}..., the commitment {seal.commitment[:16]}...; "
            "no face of the seal is checked against it"
        )
    )
    return None


def _wrong_faces(key: bytes, roll_no: int, draw: Draw, faces: Sequence[int]) -> str | None:
    """Which of a roll's faces are not its stream's, in words (None: every one is).

    Raises:
        Malformed: a nonce that could never have gone into a block's message.
    """
    try:
        stream = stream_faces(key, roll_no, draw.nonce, draw.sides)
    except DiceError as exc:
        raise Malformed(f"its dice cannot be read from the stream: {exc}") from exc
    wrong = [(i, f, s) for i, (f, s) in enumerate(zip(faces, stream, strict=True), 1) if f != s]
    if not wrong:
        return None
    listed = "; ".join(f"die {i} shows {f}, the stream gives {s}" for i, f, s in wrong[:MAX_LISTED])
    more = f"; and {len(wrong) - MAX_LISTED} more" if len(wrong) > MAX_LISTED else ""
    return f"its faces are not the stream's (roll {roll_no}): {listed}{more}"


def _numbers(seal: LedgerSeal) -> list[Problem]:
    """The roll numbers' problems: a number twice, numbers missing, numbers past the count."""
    held: dict[int, list[LedgerRoll]] = {}
    for roll in seal.rolls:
        if roll.roll_no is not None:
            held.setdefault(roll.roll_no, []).append(roll)
    problems = [
        later.at.problem(f"roll {n} of seal {seal.number} again: {rolls[0].at.name} has it too")
        for n, rolls in sorted(held.items())
        for later in rolls[1:]
    ]
    top = seal.claimed if seal.claimed is not None else max(held, default=0)
    for n in sorted(held):
        if n > top:
            problems += [
                r.at.problem(f"roll {n} is past the {top} rolls seal {seal.number}'s close counts")
                for r in held[n]
            ]
    return problems + _gaps(seal, held, top)


def _gaps(seal: LedgerSeal, held: Mapping[int, list[LedgerRoll]], top: int) -> list[Problem]:
    """A problem for each run of missing roll numbers in 1..top, at the roll after it."""
    problems = []
    previous = 0
    for n in [*sorted(x for x in held if x <= top), top + 1]:
        if n > previous + 1:
            gap = _span("roll", previous + 1, n - 1)
            if n <= top:
                problems.append(
                    held[n][0].at.problem(f"{gap} missing from seal {seal.number} before roll {n}")
                )
            elif seal.closed is not None:
                last = f"the last logged is {previous}" if previous else "none is logged"
                problems.append(
                    seal.closed.problem(
                        f"{gap} missing: seal {seal.number}'s close counts {top} rolls, {last}"
                    )
                )
        previous = n
    return problems


def _span(what: str, first: int, last: int) -> str:
    """``roll 4 is`` or ``rolls 4-7 are``."""
    return f"{what} {first} is" if first == last else f"{what}s {first}-{last} are"
