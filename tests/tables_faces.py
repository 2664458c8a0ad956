"""Rolls with faces chosen in advance, shown as the table's own dice: for tests of what reads
the faces (the dice statistics), not of where they came from.

dicepool logs no such roll: its use cases draw the seal's dice, or mark faces typed by hand
(issue 28). These roll the faces as typed, then take the mark out of the stored event; the
statistics read the data, not the hash chain, which no longer holds for it.
"""

from __future__ import annotations

import json
from dataclasses import replace

from dicepool.campaign.rolls import LoggedRoll
from dicepool.campaign.rolls import roll as library_roll
from dicepool.campaign.seats import Seat
from dicepool.campaign.table import roll_at_table as table_roll
from dicepool.core.dice import ForcedDice
from dicepool.store.database import Database


class Faces:
    """Faces fixed in advance, to be shown as the table's own dice (not typed by hand)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)


def _as_the_tables(db: Database, logged: LoggedRoll) -> LoggedRoll:
    """A roll rolled with faces typed by hand, its mark taken out of the stored event."""
    data = {k: v for k, v in logged.event.data.items() if k != "typed"}
    with db.write() as conn:
        conn.run(
            "UPDATE events SET data = :data WHERE id = :id",
            {"data": json.dumps(data), "id": logged.event.id},
        )
    return replace(logged, event=replace(logged.event, data=data))


def roll(
    db: Database, campaign: str, line: str, dice: Faces, actor: str, roller: str | None = None
) -> LoggedRoll:
    """The library's roll, showing ``dice``'s faces as the table's own."""
    logged = library_roll(db, campaign, line, ForcedDice(dice.faces), actor, roller)
    return _as_the_tables(db, logged)


def roll_at_table(
    db: Database, seat: Seat, line: str, dice: Faces, hidden: bool = False
) -> LoggedRoll:
    """A roll at the table (the storyteller's), showing ``dice``'s faces as the table's own."""
    logged = table_roll(db, seat, line, ForcedDice(dice.faces), hidden=hidden)
    return _as_the_tables(db, logged)
