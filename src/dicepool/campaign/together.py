"""Rolls of one table made together, in one transaction: one turn on the campaign's row.

A table's rolls take turns on its campaign's row (:mod:`dicepool.store.roll_claim`), and on
PostgreSQL a turn lasts at least two round trips to the database. Rolls that reach one server
process while its table's turn is taken wait, and are then made one after the other in one
transaction: the row is claimed once, each roll's reads go with the statements the roll before
it held back, and one COMMIT ends them all. Each roll is the one it would be alone: the next
sequence number, roll number and head, the state the roll before it left. A roll the rules
refuse is undone alone (to a savepoint), and the others stand; an error of the database fails
them all, none stored, as one roll fails alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dicepool.campaign.rolls import LoggedRoll
from dicepool.errors import DicepoolError
from dicepool.store.database import Database
from dicepool.store.sql import Sql

MOST_TOGETHER = 16
"""The most rolls made in one transaction (each holds a savepoint of the database's)."""

OneRoll = Callable[[Sql], LoggedRoll]
"""A roll, made inside the transaction it is given
(:func:`~dicepool.campaign.table.roll_at_table` with ``within``)."""


def roll_together(db: Database, rolls: Sequence[OneRoll]) -> list[LoggedRoll | DicepoolError]:
    """Make ``rolls`` one after the other in one transaction: each one's roll, or the
    refusal that undid it alone (a :class:`~dicepool.errors.DicepoolError`: a line that cannot
    be rolled, a spend refused, a nonce sent before...).

    Raises:
        ValueError: more than :data:`MOST_TOGETHER` rolls.
        StoreError: the database failed: none of them is stored.
    """
    if len(rolls) > MOST_TOGETHER:
        raise ValueError(f"at most {MOST_TOGETHER} rolls together, not {len(rolls)}")
    made: list[LoggedRoll | DicepoolError] = []
    with db.write() as conn:
        for place, one in enumerate(rolls):
            conn.savepoint(f"roll{place}")
            try:
                made.append(one(conn))
            except DicepoolError as refused:
                conn.rollback_to(f"roll{place}")
                made.append(refused)
    return made
