"""Seals: a campaign's dice that anyone can check.

A seal is a period of the log. When it opens, a secret 32-byte seed is drawn and its SHA-256 is
logged (``seal-open``); every roll the campaign records while it is open reads its faces from
that seed's stream (:mod:`dicepool.core.stream`) with the roll's number in the seal and its
nonce, and logs them (``data["seal"]``). When it closes, the seed is logged (``seal-close``)
and the next seal opens at once: anyone can then recompute every face of the period.

Players' browsers add to the open seal once its commitment is out (``seal-contributed``, one
per player's seat and seal); each contribution is mixed into the key the stream is read with
(:func:`dicepool.core.stream.mixed_key`), so the seed the server drew cannot have chosen the
faces of a roll made after one. A seal no player added to says so wherever it is shown: the
storyteller alone could choose its dice.

The nonce is the roller's only free choice, and only a player's browser has one: every other
roll (the storyteller's, the command line's, a rule's) takes the empty nonce, so the faces of
the next roll are fixed by the log before it, and another outcome costs another event that
everyone sees. A hidden roll takes a random nonce, so that its faces stay unknowable after the
seal closes until the storyteller reveals it; the hash chain commits to it as it is logged.

Faces typed by hand are logged as ``typed``, and those of a seeded generator (``--seed``) as
``seeded``: they are no part of the claim.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, replace
from typing import Any

from dicepool.core.dice import DiceSource, ForcedDice, SeededDice, SystemDice
from dicepool.core.stream import SEED_BYTES, StreamDice, check_nonce, commitment
from dicepool.errors import CampaignError, DiceError
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import Drawn, SealClosed, SealOpened, SealRef
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, append, campaign_head, find_campaign
from dicepool.store.seals import (
    SealRow,
    campaign_seals,
    close_seal,
    give_back,
    insert_seal,
    open_seal,
    take_roll_number,
)
from dicepool.store.sql import Sql

NONCE_BYTES = 16
"""The random bytes of the nonce dicepool gives a hidden roll (hex: 32 characters)."""

ALONE = "the storyteller alone could choose these dice"
"""What a seal no player's browser added to says wherever it is shown."""


class Sealed:
    """The campaign's own dice for one roll, with the roller's ``nonce``: read, inside the
    roll's transaction, from the open seal's stream (see :func:`drawing`). The secure
    generator is taken as this with a nonce of dicepool's own.

    Raises:
        DiceError: a nonce that is not printable ASCII of at most 64 characters.
    """

    def __init__(self, nonce: str = "") -> None:
        check_nonce(nonce)
        self.nonce = nonce

    def roll(self, sides: int, count: int) -> list[int]:
        """Never called: a roll reads the stream :func:`drawing` makes of this."""
        raise AssertionError("a campaign's dice come from drawing(), inside its transaction")


class Drawing:
    """The stream's dice of one logged event, its roll number taken from the open seal at its
    first die (an event whose rule rolls nothing takes none), or ``taken`` with the claim of
    the campaign (then given back by :meth:`give_back_unused` if no die was read); what it
    read, for the log."""

    def __init__(
        self, conn: Sql, campaign_id: int, nonce: str, taken: SealRow | None = None
    ) -> None:
        self._conn = conn
        self._campaign_id = campaign_id
        self._nonce = nonce
        self._taken = taken
        self._stream: StreamDice | None = None
        self._seal = 0
        self._roll_no = 0
        self._mixed = 0
        self._sides: list[list[int]] = []  # [sides, count] runs, in the order read

    def roll(self, sides: int, count: int) -> list[int]:
        """The next ``count`` faces of a ``sides``-sided die from the seal's stream."""
        if self._stream is None:
            seal = self._taken or take_roll_number(self._conn, self._campaign_id)
            if seal is None:
                raise CampaignError("this campaign has no open seal; run `dicepool db check`")
            self._seal, self._roll_no, self._mixed = seal.number, seal.rolls, seal.mixed
            self._stream = StreamDice(bytes.fromhex(seal.key), seal.rolls, self._nonce)
        faces = self._stream.roll(sides, count)
        if count:
            if self._sides and self._sides[-1][0] == sides:
                self._sides[-1][1] += count
            else:
                self._sides.append([sides, count])
        return faces

    def give_back_unused(self) -> None:
        """Give back the roll number taken with the claim if no die was read."""
        if self._taken is not None and self._stream is None:
            give_back(self._conn, self._taken)

    def logged(self) -> dict[str, Any]:
        """What the event's data takes: ``seal`` (its seal, roll number, nonce and the dice
        read), or nothing when no die was read."""
        if self._stream is None:
            return {}
        sides = tuple((s, c) for s, c in self._sides)
        return Drawn(SealRef(self._seal, self._roll_no, self._nonce, sides, self._mixed)).data()


def draws(source: DiceSource) -> bool:
    """Whether :func:`drawing` reads ``source``'s dice from the open seal's stream."""
    return isinstance(source, Sealed | SystemDice)


def drawing(
    conn: Sql,
    campaign_id: int,
    source: DiceSource,
    hidden: bool = False,
    taken: SealRow | None = None,
) -> DiceSource:
    """The dice an event of the campaign rolls, given ``source``: :class:`Sealed` dice as the
    open seal's stream with their nonce (a player's browser's), the secure generator (the
    command line's, the storyteller's and a rule's) as the stream with the empty nonce, a
    hidden roll's with a random one, and faces typed by hand or a seeded generator's as they
    are (logged ``typed`` or ``seeded``: no part of the seal's claim). ``taken``: the open
    seal with the roll number taken already (:mod:`dicepool.store.roll_claim`).

    Raises:
        DiceError: any other source (a library caller's own): its faces would be logged as
            the table's with no seal to check them by, so no use case of dicepool logs one.
    """
    if isinstance(source, Sealed):
        nonce = source.nonce
    elif isinstance(source, SystemDice):
        nonce = ""  # no free choice: the next roll's faces are fixed by the log before it
    elif isinstance(source, ForcedDice | SeededDice):  # logged as such: no seal's claim
        return source
    else:
        raise DiceError(
            f"a campaign's dice come from its seal, or are typed by hand (ForcedDice) or "
            f"seeded (SeededDice), each marked so in the log; not from {type(source).__name__}"
        )
    if hidden:  # else anyone could replay it once the seed is out
        nonce = secrets.token_hex(NONCE_BYTES)
    return Drawing(conn, campaign_id, nonce, taken)


class SealMoved(CampaignError):
    """A roll that names a seal (the commitment its client read) other than the open one, or
    a count of its contributions other than the seal holds: refused, so that no roll is ever
    drawn with a key its roller did not see (the server learns a roll's nonce as it comes,
    and could otherwise switch the seal, or add a contribution ground for that nonce).

    Attributes:
        seal: the open seal's number.
        commitment: the open seal's commitment, for the client to see.
        mixed: the contributions it holds.
    """

    def __init__(self, seal: int, commitment: str, mixed: int) -> None:
        self.seal = seal
        self.commitment = commitment
        self.mixed = mixed
        super().__init__(
            f"the seal changed before your roll reached the table: seal {seal} is open now "
            f"(commitment {commitment[:16]}..., {mixed} contributions); nothing was rolled: "
            "send it again as a new roll (a new nonce), naming these"
        )


def named_seal(seal: SealRow, named: str, mixed: int | None = None) -> None:
    """Refuse a roll whose client named a seal by ``named`` (the commitment it read) when
    the open seal is another, or named ``mixed`` contributions when it holds another number.

    Raises:
        SealMoved: the open seal is not the one named, as the client saw it.
    """
    open_commitment = commitment(bytes.fromhex(seal.seed))
    if named != open_commitment or (mixed is not None and mixed != seal.mixed):
        raise SealMoved(seal.number, open_commitment, seal.mixed)


def rolled_by(source: DiceSource, storyteller: bool) -> DiceSource:
    """The dice of a roll at the table by a storyteller's seat or a player's: a player's
    browser's nonce is theirs to choose, but not the storyteller's (the server is the
    storyteller's, who knows the seed): their :class:`Sealed` dice are the secure generator's,
    read with the empty nonce (:func:`drawing`)."""
    return SystemDice() if storyteller and isinstance(source, Sealed) else source


def dice_data(dice: DiceSource) -> dict[str, Any]:
    """What an event's data says of the dice it rolled from :func:`drawing`'s: ``seal`` for
    the stream's, ``typed`` for faces typed by hand, ``seeded`` for a seeded generator's. Ask
    once the dice are rolled, before anything is stored.

    Raises:
        DiceError: faces typed by hand that the roll did not use up.
    """
    if isinstance(dice, Drawing):
        return dice.logged()
    if isinstance(dice, ForcedDice):
        dice.check_all_used()
        return Drawn(typed=True).data()
    return Drawn(seeded=True).data() if isinstance(dice, SeededDice) else {}


def open_next(conn: Sql, campaign_id: int, number: int, actor: str) -> Event:
    """Open seal ``number`` of a campaign: a fresh secret seed, its commitment logged."""
    seed = os.urandom(SEED_BYTES)
    insert_seal(conn, campaign_id, number, seed)
    opened = event_of(Kind.SEAL_OPENED, SealOpened(number, commitment(seed)))
    return append(conn, campaign_id, opened, actor)


@dataclass(frozen=True)
class SealView:
    """A seal as anyone may see it: its number, commitment and rolls so far, its seed once
    it is closed (None while open), and the players' contributions mixed into it so far."""

    number: int
    commitment: str
    rolls: int
    seed: str | None
    mixed: int = 0
    head: tuple[int, str] = (0, "")
    """The log's head when it was read: its last event's seq and hash."""

    @property
    def alone(self) -> bool:
        """Whether no player added to it: the storyteller alone could choose its dice."""
        return self.mixed == 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``seal show --json``."""
        return {
            "seal": self.number,
            "commitment": self.commitment,
            "rolls": self.rolls,
            "open": self.seed is None,
            **({"seed": self.seed} if self.seed is not None else {}),
            "contributions": self.mixed,
        }


def _view(seal: SealRow) -> SealView:
    return SealView(
        seal.number,
        commitment(bytes.fromhex(seal.seed)),
        seal.rolls,
        seal.seed if seal.closed else None,
        seal.mixed,
    )


def _campaign(conn: Sql, name: str, lock: bool = False) -> CampaignRow:
    row = find_campaign(conn, name, lock)
    if row is None:
        raise CampaignError(f"no campaign `{name}`; `dicepool campaign list` lists them")
    return row


def close(db: Database, campaign: str, actor: str) -> tuple[Event, Event]:
    """Close the campaign's open seal (its seed logged, for anyone to check its rolls) and
    open the next; the ``seal-close`` and ``seal-open`` events.

    Raises:
        CampaignError: no such campaign, or no open seal.
    """
    with db.write() as conn:
        row = _campaign(conn, campaign, lock=True)
        seal = open_seal(conn, row.id)
        if seal is None:
            raise CampaignError(f"{row.name} has no open seal; run `dicepool db check`")
        close_seal(conn, seal.id)
        data = SealClosed(seal.number, seal.seed, seal.rolls)
        closed = append(conn, row.id, event_of(Kind.SEAL_CLOSED, data), actor)
        return closed, open_next(conn, row.id, seal.number + 1, actor)


def open_seal_of(db: Database, campaign: str) -> SealView:
    """The campaign's open seal (what the table shows over its log), with the log's head.

    Raises:
        CampaignError: no such campaign, or no open seal.
    """
    with db.read() as conn:
        row = _campaign(conn, campaign)
        seal = open_seal(conn, row.id)
        head = campaign_head(conn, row.id)
    if seal is None:
        raise CampaignError(f"{row.name} has no open seal; run `dicepool db check`")
    return replace(_view(seal), head=head)


def seals_of(db: Database, campaign: str) -> list[SealView]:
    """Every seal of a campaign, the first first (the open one last)."""
    with db.read() as conn:
        row = _campaign(conn, campaign)
        return [_view(s) for s in campaign_seals(conn, row.id)]


def dice_source(faces: list[int] | None, nonce: str | None) -> DiceSource:
    """The dice of a roll at the table: faces typed by hand, else the open seal's stream
    mixed with the roller's ``nonce``, else the secure generator (which the seal also claims
    when the roll is logged)."""
    if faces is not None:
        return ForcedDice(faces)
    if nonce is not None:
        return Sealed(nonce)
    return SystemDice()
