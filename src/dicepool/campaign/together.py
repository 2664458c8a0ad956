"""Rolls of one table made together, in one transaction: one turn on the campaign's row.

A table's rolls take turns on its campaign's row (:mod:`dicepool.store.roll_claim`), and on
PostgreSQL each round trip to the database in a turn lengthens every turn. Rolls that reach
one server process while its table's turn is taken wait, and are then made one after the
other in one transaction: the first claims the row and reads the sheets, its seal's number and
every nonce's kept answer (with the ids of the events to come); each roll after it claims what
the one before it left (the next sequence number, head, roll number and sheets), its writes
held back for the one COMMIT that ends them all. Each roll is the one it would be alone. A roll
the rules refuse (or a fault of its own) is undone alone, to a savepoint, and the next one
claims what it would have had; an error of the database fails them all, none stored, as one
roll fails alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from dicepool.campaign.rolls import LoggedRoll
from dicepool.store.database import Database
from dicepool.store.log import Claim, claim_later
from dicepool.store.roll_claim import Claims, RollClaim, claim_for_roll
from dicepool.store.seals import take_later
from dicepool.store.sent import Sent
from dicepool.store.sql import Sql, database_error

MOST_TOGETHER = 16
"""The most rolls made in one transaction (each holds a savepoint of the database's)."""

OneRoll = Callable[[Claims], LoggedRoll]
"""A roll, made inside the transaction it is given
(:func:`~dicepool.campaign.table.roll_at_table` with ``within``)."""


class Following(Claims):
    """The claims of a transaction's rolls: from the database for the first (and after a
    refusal left no roll to follow), from the roll before for the others.

    Args:
        conn: the transaction.
        sents: the seat and nonce of each roll to be made (looked up with the first claim).
    """

    def __init__(self, conn: Sql, sents: Sequence[Sent | None]) -> None:
        super().__init__(conn)
        self._sents = [s for s in sents if s is not None]
        self._more = len(sents) - 1  # event ids to take for the rolls after the first
        self._ids: list[int] = []
        self._kept: dict[Sent, dict[str, Any]] = {}
        self._looked = False  # the nonces' kept answers are read
        self._last: RollClaim | None = None  # what the roll being made claimed
        self._before: tuple[RollClaim, LoggedRoll] | None = None  # the last roll made

    def claim(self, name: str, role: str, draw: bool, sent: Sent | None) -> RollClaim | None:
        self._last = self._following(draw, sent)
        if self._last is None:
            others = [] if self._looked else self._sents
            self._last = claim_for_roll(self.conn, name, role, draw, sent, self._more, others)
            if self._last is not None:
                self._ids += self._last.ids
                self._more = 0
                self._kept.update(self._last.kept)
                self._looked = True
        return self._last

    def refused(self) -> None:
        """The roll made with the last claim was undone. Undone before any roll stood, it
        gave the campaign's row back (its claim was inside its savepoint): the answers read
        with it may be old by the next claim, which reads them again."""
        if self._before is None:
            self._looked = False
            self._kept.clear()

    def made(self, logged: LoggedRoll, sent: Sent | None) -> None:
        """The roll made with the last claim stands: the next follows it."""
        assert self._last is not None
        self._before = (self._last, logged)
        if sent is not None:
            self._kept[sent] = logged.answer

    def _following(self, draw: bool, sent: Sent | None) -> RollClaim | None:
        """The claim after the last roll made, or None where it must be read (no roll made
        yet, no id left on PostgreSQL, a seal never read)."""
        if self._before is None or (self.conn.dialect == "postgresql" and not self._ids):
            return None
        before, logged = self._before
        if draw and before.seal is None:
            return None
        event = logged.event
        assert event.chain is not None
        row = replace(before.claim.row, last_seq=event.seq + 1, story=logged.state.now)
        claim = Claim(row, event.chain.hash, self._ids.pop(0) if self._ids else None)
        claim_later(self.conn, row.id)
        seal = None
        if draw:
            assert before.seal is not None
            drew = "seal" in event.data  # else its number was given back: this one takes it
            seal = replace(before.seal, rolls=before.seal.rolls + drew)
            take_later(self.conn, seal)
        sheets = list(logged.state.characters.values())
        answer = self._kept.get(sent) if sent is not None else None
        return RollClaim(claim, sheets, before.seated, seal, answer)


def roll_together(
    db: Database, rolls: Sequence[tuple[OneRoll, Sent | None]]
) -> list[LoggedRoll | Exception]:
    """Make ``rolls`` (each with the seat and nonce it was sent with) one after the other in
    one transaction: each one's roll, or what undid it alone (a
    :class:`~dicepool.errors.DicepoolError`: a line that cannot be rolled, a spend refused, a
    nonce sent before...; or a fault met by that roll alone, which its sender is told of as
    if it had rolled alone).

    Raises:
        ValueError: more than :data:`MOST_TOGETHER` rolls.
        StoreError: the database failed (:func:`~dicepool.store.sql.database_error`): none of
            them is stored.
    """
    if len(rolls) > MOST_TOGETHER:
        raise ValueError(f"at most {MOST_TOGETHER} rolls together, not {len(rolls)}")
    made: list[LoggedRoll | Exception] = []
    with db.write() as conn:
        claims = Following(conn, [sent for _, sent in rolls])
        for place, (one, sent) in enumerate(rolls):
            conn.savepoint(f"roll{place}")
            try:
                logged = one(claims)
            except Exception as refused:
                if database_error(refused):
                    raise  # the transaction can do nothing more: none of them is stored
                # refused by the rules (or a fault of this roll's alone): it is undone alone
                conn.rollback_to(f"roll{place}")
                claims.refused()
                made.append(refused)
                continue
            claims.made(logged, sent)
            made.append(logged)
    return made
