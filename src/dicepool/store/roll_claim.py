"""What a roll reads under its campaign's row lock, read with the claim of that row.

A roll holds its campaign's row from its claim (:func:`~dicepool.store.log.claim_campaign`)
to its commit, so a table's rolls take turns there, and on PostgreSQL every round trip in
between lengthens every turn. Here the claim and the reads after it (the sheets and the
characters players sit with, the open seal's next roll number, the answer kept under the
roll's nonce) go as one batch (:meth:`~dicepool.store.sql.Sql.batch`): one round trip on
PostgreSQL, where each statement after the claim reads with a snapshot of its own, taken once
the row is held, so it sees what the roll before it committed. Each statement finds the
campaign by its name's key.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dicepool.sheet.character import Character
from dicepool.sheet.traits import name_key
from dicepool.store.log import SHEETS_AND_SEATED, Claim, claim_statement, claimed
from dicepool.store.log import sheets_and_seated_of as _sheets
from dicepool.store.seals import TAKE, SealRow, seal_of
from dicepool.store.sent import Sent, answers_of, answers_statement
from dicepool.store.sql import Sql

_CAMPAIGN = "(SELECT id FROM campaigns WHERE name_key = :key)"


@dataclass(frozen=True)
class RollClaim:
    """A campaign claimed for a roll, and what the roll reads under its lock.

    Attributes:
        claim: the campaign's row, the sequence number taken and the log's head.
        sheets: every character sheet of the campaign.
        seated: the characters (by key) that seats of the role asked sit with.
        seal: the open seal with the roll number taken as ``rolls`` (None: none asked, or no
            seal open); give it back if no die is read (:func:`~dicepool.store.seals.give_back`).
        sent: the answer kept under the seat and nonce asked (None: none).
        ids: on PostgreSQL, the ids taken for as many events more (``more_ids``).
        kept: the answers kept under those of ``sent`` and ``more_sent`` sent before.
    """

    claim: Claim
    sheets: list[Character]
    seated: frozenset[str]
    seal: SealRow | None = None
    sent: dict[str, Any] | None = None
    ids: tuple[int, ...] = ()
    kept: dict[Sent, dict[str, Any]] = field(default_factory=dict)


def claim_for_roll(
    conn: Sql,
    name: str,
    role: str,
    draw: bool,
    sent: Sent | None = None,
    more_ids: int = 0,
    more_sent: Sequence[Sent] = (),
) -> RollClaim | None:
    """Claim the campaign called ``name`` (None: there is none) and read, under its lock, its
    sheets with those seats of ``role`` sit with, the open seal's next roll number when the
    roll will ``draw`` from it, and the answer kept under ``sent`` (a seat's id and nonce);
    for the rolls that follow in the same transaction (:mod:`dicepool.campaign.together`),
    ``more_ids`` event ids (PostgreSQL) and the answers kept under ``more_sent``."""
    key: dict[str, Any] = {"key": name_key(name)}
    statements = [
        (claim_statement(conn), key),
        (SHEETS_AND_SEATED.format(campaign=_CAMPAIGN), {**key, "role": role}),
    ]
    if draw:
        statements.append((TAKE.format(campaign=_CAMPAIGN), {**key, "no": False}))
    asked = [*([sent] if sent is not None else []), *(s for s in more_sent if s != sent)]
    if asked:
        statements.append(answers_statement(_CAMPAIGN, key, asked))
    more = more_ids if conn.dialect == "postgresql" else 0
    if more:
        statements.append((_IDS, {"more": more}))
    found = conn.batch(statements)
    if not found[0]:
        return None
    claim = claimed(found[0][0])
    sheets, seated = _sheets(found[1], claim.row.system)
    rest = iter(found[2:])  # the statements asked, in the order appended
    seal = seal_of(next(rest)) if draw else None
    kept = answers_of(next(rest), asked) if asked else {}
    ids = tuple(int(r["id"]) for r in next(rest)) if more else ()
    answer = kept.get(sent) if sent is not None else None
    return RollClaim(claim, sheets, seated, seal, answer, ids, kept)


_IDS = "SELECT nextval(pg_get_serial_sequence('events', 'id')) AS id FROM generate_series(1, :more)"
"""Event ids taken for the events that follow (PostgreSQL)."""


class Claims:
    """How the rolls of a transaction claim their campaign: each from the database, with
    :func:`claim_for_roll` (this class; :mod:`dicepool.campaign.together` claims the rolls
    after the first from what the one before left)."""

    def __init__(self, conn: Sql) -> None:
        self.conn = conn

    def claim(self, name: str, role: str, draw: bool, sent: Sent | None) -> RollClaim | None:
        """The campaign called ``name`` claimed for a roll (None: there is none)."""
        return claim_for_roll(self.conn, name, role, draw, sent)
