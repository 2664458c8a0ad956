"""A player's receipts checked against a campaign's log: every roll their browser sent.

A player's browser keeps a receipt for every roll it sends: the roll's ``nonce``, the
``commitment`` of the seal it saw open (the seal it named), the contributions to it it had
seen (``mixed``, which the roll named too), the ``contribution`` it had added to that seal,
and, once the table answered, the roll's ``seq`` and chain ``hash``; ``refused`` when the
table refused it, ``answered`` when it answered it as rolled without saying where. The file
(``dicepool verify --receipts FILE``)::

    {"format": "dicepool-receipts", "version": 1, "campaign": ID,
     "receipts": [{"nonce", "commitment", "mixed", "contribution", "seq", "hash",
                   "refused", "answered"}, ...]}

(``mixed``, ``contribution``, ``hash``, ``refused`` and ``answered`` may be left out.)

:func:`check_receipts` runs the browser's checks on each: the roll is in the log where the
table said, with the hash it answered; it read from the seal whose commitment it named (not
another the server switched it to); it mixed in the player's contribution; and, once that
seal is closed, its faces are the stream's (:func:`dicepool.campaign.verify.faces_problem`).

Like :mod:`dicepool.campaign.verify`, it reads the event dicts of an export and never raises
for what they hold; only a receipts file that is not one is an error (:func:`read_receipts`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from dicepool.campaign.export import read_json
from dicepool.campaign.shown import HEX_DIGITS, ROLLED, Malformed, shown, unsealed, whole
from dicepool.campaign.table import CONCEALED
from dicepool.campaign.verify import LedgerRoll, LedgerSeal, faces_problem, read_seals
from dicepool.core.stream import check_nonce, commitment
from dicepool.errors import CampaignError, DiceError

FORMAT = "dicepool-receipts"
"""The ``format`` of a receipts file."""

VERSION = 1
"""The ``version`` of the receipts file this dicepool reads."""

MAX_RECEIPTS = 10_000
"""The most receipts a file holds (a browser keeps fewer)."""

MAX_RECEIPTS_BYTES = 8 * 2**20
"""The largest receipts file read, in bytes: :data:`MAX_RECEIPTS` receipts and room to spare."""

SHORT = 8
"""The hex digits of a nonce, a contribution or a hash a sentence quotes."""

_HEX = frozenset("0123456789abcdef")


class ReceiptStatus(StrEnum):
    """What one receipt's check found."""

    CHECKED = "checked"
    """In the log as the table answered, and its faces are its seal's stream's."""
    OPEN = "open"
    """In the log as the table answered; its seal is not closed yet, so its faces wait."""
    NOT_ROLLED = "not_rolled"
    """Never answered and not in the log: refused, or it never reached the table."""
    ALARM = "alarm"
    """Something differs from what the browser kept: the sentence says what."""


@dataclass(frozen=True)
class Receipt:
    """What a player's browser kept of one roll it sent.

    Attributes:
        nonce: the roll's nonce (the browser's random hex).
        commitment: the commitment of the seal the browser saw open and named.
        contribution: what the browser had added to that seal (None: nothing).
        seq: the roll's place in the log, as the table answered (None: never answered).
        hash: the roll's chain hash, as the table answered (None: not kept).
        mixed: the contributions to that seal the browser saw when it sent the roll, which
            its key must mix, no more (None: not kept).
        refused: the table refused the roll (nothing rolled).
        answered: the table answered it as rolled (with ``seq`` None: without saying where).
    """

    nonce: str
    commitment: str
    contribution: str | None = None
    seq: int | None = None
    hash: str | None = None
    mixed: int | None = None
    refused: bool = False
    answered: bool = False


@dataclass(frozen=True)
class Receipts:
    """A receipts file read: the table it is of (its id, carried as given) and its receipts."""

    campaign: int | str | None
    receipts: tuple[Receipt, ...]


@dataclass(frozen=True)
class ReceiptResult:
    """One receipt checked.

    Attributes:
        nonce: the receipt's nonce.
        status: checked, open, not rolled or alarm.
        message: one sentence naming the roll and what was found.
        seq: where the roll is in the log (the receipt's seq when it is not found there).
        seal: the seal the roll is logged in (None: not found in one).
    """

    nonce: str
    status: ReceiptStatus
    message: str
    seq: int | None = None
    seal: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``verify --receipts --json``."""
        return {
            "nonce": self.nonce,
            "status": self.status.value,
            "seq": self.seq,
            "seal": self.seal,
            "message": self.message,
        }


@dataclass(frozen=True)
class ReceiptsCheck:
    """Every receipt of a file checked against a log.

    Attributes:
        campaign: the file's ``campaign``, carried as given (an export names no id).
        results: one per receipt, in the file's order.
    """

    campaign: int | str | None
    results: tuple[ReceiptResult, ...]

    def count(self, status: ReceiptStatus) -> int:
        """How many receipts came out ``status``."""
        return sum(r.status == status for r in self.results)

    @property
    def alarms(self) -> tuple[ReceiptResult, ...]:
        """The receipts whose roll is not what the log says."""
        return tuple(r for r in self.results if r.status == ReceiptStatus.ALARM)

    @property
    def ok(self) -> bool:
        """No receipt raises an alarm."""
        return not self.alarms

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``verify --receipts --json``: counts by status, and each result."""
        return {
            "campaign": self.campaign,
            "ok": self.ok,
            "counts": {status.value: self.count(status) for status in ReceiptStatus},
            "results": [r.to_dict() for r in self.results],
        }


def read_receipts(text: str) -> Receipts:
    """The receipts of a receipts file's text.

    Raises:
        CampaignError: the text is too large, not JSON, not a receipts file, of another
            version, or holds a receipt that is not one (one line that says which, and how
            to fix it).
    """
    if len(text) > MAX_RECEIPTS_BYTES:
        raise CampaignError(
            f"over {MAX_RECEIPTS_BYTES // 2**20} MiB: too large for a receipts file; "
            "give the file the table saved"
        )
    data = read_json(text, "a receipts file")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignError(
            f'not a receipts file (no "format": "{FORMAT}"): give --receipts the file '
            "a player's browser saved from the table"
        )
    version = data.get("version")
    if whole(version) is None:
        raise CampaignError(
            f'a receipts file without a "version" number (this dicepool reads {VERSION})'
        )
    if version != VERSION:
        raise CampaignError(
            f"a receipts file of version {shown(version)}, and this dicepool reads version "
            f"{VERSION}: check it with the dicepool of the table that wrote it"
        )
    campaign = data.get("campaign")
    if campaign is not None and not isinstance(campaign, str) and whole(campaign) is None:
        raise CampaignError(
            f"the receipts file's \"campaign\" is not a table's id: {shown(campaign)}; "
            "give the file as the table saved it"
        )
    entries = data.get("receipts")
    if not isinstance(entries, list):
        raise CampaignError('a receipts file without its list of "receipts"')
    if len(entries) > MAX_RECEIPTS:
        raise CampaignError(
            f"a receipts file of {len(entries)} receipts: at most {MAX_RECEIPTS} are checked; "
            "split it in files of fewer"
        )
    return Receipts(campaign, tuple(_receipt(n, e) for n, e in enumerate(entries, 1)))


def _receipt(number: int, entry: object) -> Receipt:
    """Receipt ``number`` (from 1) of the file.

    Raises:
        CampaignError: it is not a receipt (which field is wrong).
    """
    if not isinstance(entry, Mapping):
        raise _bad(number, f"is not an object: {shown(entry)}")
    nonce = entry.get("nonce")
    if not isinstance(nonce, str) or not nonce:
        raise _bad(number, f'its "nonce" is not a roll\'s nonce: {shown(nonce)}')
    try:
        check_nonce(nonce)
    except DiceError as exc:
        raise _bad(number, f'its "nonce" is not a roll\'s nonce: {exc}') from exc
    if "seq" not in entry:
        raise _bad(number, 'it has no "seq" (the roll\'s seq, or null if never answered)')
    seq = entry["seq"]
    if seq is not None and (whole(seq) is None or seq < 1):
        raise _bad(number, f'its "seq" is not a whole number from 1 or null: {shown(seq)}')
    mixed = entry.get("mixed")
    if mixed is not None and (whole(mixed) is None or mixed < 0):
        raise _bad(number, f'its "mixed" is not a whole number from 0: {shown(mixed)}')
    return Receipt(
        nonce,
        _hex(number, entry, "commitment", needed=True) or "",
        _hex(number, entry, "contribution"),
        seq,
        _hex(number, entry, "hash"),
        mixed,
        _flag(number, entry, "refused"),
        _flag(number, entry, "answered"),
    )


def _flag(number: int, entry: Mapping[str, Any], key: str) -> bool:
    """A receipt's true-or-false field (false when it is left out)."""
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise _bad(number, f'its "{key}" is not true or false: {shown(value)}')
    return value


def _hex(number: int, entry: Mapping[str, Any], key: str, needed: bool = False) -> str | None:
    """A receipt's field of 64 hex digits, in lowercase (None when it is left out)."""
    value = entry.get(key)
    if value is None and not needed:
        return None
    if not isinstance(value, str) or len(value) != HEX_DIGITS or set(value.lower()) - _HEX:
        raise _bad(number, f'its "{key}" is not {HEX_DIGITS} hex digits: {shown(value)}')
    return value.lower()


def _bad(number: int, what: str) -> CampaignError:
    return CampaignError(f"receipt {number} of the file {what}; fix or remove that receipt")


@dataclass(frozen=True)
class _Log:
    """A log as the receipts are checked against it."""

    events: Sequence[Any]
    seals: Mapping[int, LedgerSeal]
    sealed: Mapping[int, tuple[LedgerSeal, LedgerRoll]]
    """Each event that names a seal, by its place in the list: the seal and the roll read."""
    carrying: Mapping[str, list[int]]
    """The places of the events whose ``data["seal"]`` carries each nonce, in the log's order."""
    by_seq: Mapping[int, Mapping[str, Any]]


def check_receipts(events: Sequence[Any], receipts: Receipts) -> ReceiptsCheck:
    """Check each receipt against a log: the events as an export gives them, in order.

    Never raises for what the events hold: anything that differs is an alarm of its receipt.
    """
    log = _log(events)
    return ReceiptsCheck(receipts.campaign, tuple(_check(r, log) for r in receipts.receipts))


def _log(events: Sequence[Any]) -> _Log:
    seals = read_seals(events)
    sealed = {roll.at.index: (seal, roll) for seal in seals.values() for roll in seal.rolls}
    carrying: dict[str, list[int]] = {}
    by_seq: dict[int, Mapping[str, Any]] = {}
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            continue
        seq = whole(event.get("seq"))
        if seq is not None:
            by_seq.setdefault(seq, event)
        nonce = _nonce_of(event)
        if nonce:
            carrying.setdefault(nonce, []).append(index)
    return _Log(events, seals, sealed, carrying, by_seq)


def _nonce_of(event: Mapping[str, Any]) -> str | None:
    """The nonce an event's ``data["seal"]`` carries (None: none)."""
    data = event.get("data")
    ref = data.get("seal") if isinstance(data, Mapping) else None
    nonce = ref.get("nonce") if isinstance(ref, Mapping) else None
    return nonce if isinstance(nonce, str) else None


def _check(receipt: Receipt, log: _Log) -> ReceiptResult:
    """One receipt against the log: where its roll is, then the roll itself."""
    places = log.carrying.get(receipt.nonce, [])
    name = f"roll {_short(receipt.nonce)}"
    if receipt.seq is None and receipt.answered:
        message = f"{name}: the table answered it as rolled without saying where it logged it"
        return ReceiptResult(receipt.nonce, ReceiptStatus.ALARM, message)
    if receipt.refused and places:
        seq = whole(log.events[places[0]].get("seq"))
        message = f"{name} (seq {seq}): the table refused it, yet it is in the log"
        return ReceiptResult(receipt.nonce, ReceiptStatus.ALARM, message, seq)
    if receipt.seq is None:
        if not places:
            return ReceiptResult(
                receipt.nonce,
                ReceiptStatus.NOT_ROLLED,
                f"{name}: not rolled: no roll in the log carries its "
                "nonce (refused, or it never reached the table)",
            )
        return _roll(receipt, log, places[0])  # rolled, but the table's answer was lost
    at = [i for i in places if whole(log.events[i].get("seq")) == receipt.seq]
    if not at:
        return _missing(receipt, log, places)
    return _roll(receipt, log, at[0])


def _missing(receipt: Receipt, log: _Log, places: list[int]) -> ReceiptResult:
    """The alarm of an answered roll that is not at its seq."""
    seq = receipt.seq
    where = [s for s in (whole(log.events[i].get("seq")) for i in places) if s is not None]
    if where:
        found = f"its nonce is logged at seq {', '.join(map(str, where))}: the log changed"
    else:
        found = _there(log.by_seq.get(seq) if seq is not None else None, seq)
    message = f"roll {_short(receipt.nonce)} (seq {seq}) is not in the log at seq {seq}: {found}"
    return ReceiptResult(receipt.nonce, ReceiptStatus.ALARM, message, seq)


def _there(event: Mapping[str, Any] | None, seq: int | None) -> str:
    """What the log holds at the seq a roll was answered with, instead of it."""
    if event is None:
        return f"no event of the log has seq {seq}"
    kind, data = event.get("kind"), event.get("data")
    if kind == CONCEALED:
        return "the event there is concealed from this seat"
    if not isinstance(data, Mapping) or not isinstance(kind, str):
        return "the event there is malformed"
    if kind == ROLLED and data.get("hidden") is True:
        return "the event there is a hidden roll behind the screen"
    if unsealed(kind, data):
        return "the event there is a roll outside every seal: the server chose its dice"
    if kind == ROLLED:
        return "the event there is another roll"
    return f"the event there is a {shown(kind)} event"


def _roll(receipt: Receipt, log: _Log, index: int) -> ReceiptResult:
    """The roll logged with the receipt's nonce, at ``index`` of the log, checked."""
    event = log.events[index]
    seq = whole(event.get("seq"))
    found = log.sealed.get(index)
    seal = found[0].number if found else None
    name = f"roll {_short(receipt.nonce)} (seq {seq})"
    try:
        message = _differs(receipt, event, found, log.seals)
        if message is None:
            assert found is not None  # no difference: it was read from a seal
            return _faces(receipt, name, *found)
    except Malformed as exc:
        message = str(exc)
    return ReceiptResult(receipt.nonce, ReceiptStatus.ALARM, f"{name}: {message}", seq, seal)


def _differs(
    receipt: Receipt,
    event: Mapping[str, Any],
    found: tuple[LedgerSeal, LedgerRoll] | None,
    seals: Mapping[int, LedgerSeal],
) -> str | None:
    """What differs between the receipt and its logged roll, its faces aside (None: nothing):
    where the roll is, the seal it read from and the contribution it mixed in."""
    if receipt.hash is not None:
        logged = _hash_of(event)
        if logged is None:
            return "the log carries no chain hash for it, but the table answered with one"
        if logged != receipt.hash:
            return (
                f"the log's hash there is {_short(logged)}..., not the "
                f"{_short(receipt.hash)}... the table answered with: the log changed"
            )
    if found is None:
        return "it names no seal it could be read from"
    seal, roll = found
    if roll.kind != ROLLED:
        return f"it is logged as a {shown(roll.kind)} event, not a roll"
    if roll.data.get("hidden") is True:
        return "it is logged as a hidden roll behind the screen: a player's own roll never is"
    if seal.commitment != receipt.commitment:
        return _switched(receipt, seal, seals)
    mixed = whole(roll.ref.get("mixed", 0))
    if receipt.mixed is not None and mixed != receipt.mixed:
        return (
            f"it mixes {mixed} contributions into its dice, not the {receipt.mixed} it named: "
            "contributions were added after it was sent"
        )
    if receipt.contribution is not None:
        return _unmixed(receipt.contribution, seal, roll)
    return None


def _hash_of(event: Mapping[str, Any]) -> str | None:
    chain = event.get("chain")
    hashed = chain.get("hash") if isinstance(chain, Mapping) else None
    return hashed if isinstance(hashed, str) else None


def _switched(receipt: Receipt, seal: LedgerSeal, seals: Mapping[int, LedgerSeal]) -> str:
    """The alarm of a roll logged in another seal than the one whose commitment it named."""
    named = sorted(n for n, s in seals.items() if s.commitment == receipt.commitment)
    if named:
        return f"logged in seal {seal.number}, not in seal {named[0]} whose commitment it named"
    return (
        f"logged in seal {seal.number}, and no seal of the log has the commitment it named "
        f"({_short(receipt.commitment)}...)"
    )


def _unmixed(contribution: str, seal: LedgerSeal, roll: LedgerRoll) -> str | None:
    """What is wrong with the player's contribution as the roll mixed it (None: nothing)."""
    given = bytes.fromhex(contribution)
    short = f"its contribution {_short(contribution)}..."
    if given not in seal.contributions:
        return f"{short} is not logged in seal {seal.number}"
    place = seal.contributions.index(given)
    if place >= roll.logged_before:
        return f"{short} is logged in seal {seal.number} after it, not before"
    mixed = whole(roll.ref.get("mixed", 0))
    if mixed is None or place >= mixed:
        return (
            f"{short} is not mixed into its dice: it says it mixed the first "
            f"{shown(roll.ref.get('mixed', 0))} contributions of seal {seal.number}, and "
            f"its contribution is number {place + 1}"
        )
    return None


def _faces(receipt: Receipt, name: str, seal: LedgerSeal, roll: LedgerRoll) -> ReceiptResult:
    """The roll's faces against its seal's stream, once the seal is closed.

    Raises:
        Malformed: the roll's faces or dice cannot be read.
    """
    seq, number = roll.at.seq, seal.number
    if seal.closed is None:
        return ReceiptResult(
            receipt.nonce,
            ReceiptStatus.OPEN,
            f"{name}: open: seal {number} is not closed yet, so its faces cannot be checked "
            "until it is",
            seq,
            number,
        )
    if seal.seed is None or seal.commitment is None or commitment(seal.seed) != seal.commitment:
        wrong: str | None = (
            f"seal {number}'s revealed seed does not match its commitment, so its faces "
            "cannot be checked"
        )
    else:
        wrong = faces_problem(seal.seed, seal, roll)
    if wrong is not None:
        return ReceiptResult(receipt.nonce, ReceiptStatus.ALARM, f"{name}: {wrong}", seq, number)
    return ReceiptResult(
        receipt.nonce,
        ReceiptStatus.CHECKED,
        f"{name}: checks out: its faces are seal {number}'s stream's",
        seq,
        number,
    )


def _short(digits: str) -> str:
    """The first hex digits of a nonce, a contribution or a hash, as a sentence quotes them."""
    return digits[:SHORT]
