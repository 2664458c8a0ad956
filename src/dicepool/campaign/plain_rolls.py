"""A plain line rolled at no table: a system and numbers (``chronicles 7``, ``hubris 5 vs
hubris 3``), no character and no sheet, from a seed drawn fresh and shown with the roll.

Nothing is logged and no seal draws the dice: the roll is what ``dicepool roll --seed SEED
LINE`` rolls, bounded as a table's roll is (:data:`~dicepool.campaign.table.TABLE_DICE`
dice at most). The bot answers one in any channel no table is linked to, and in a direct
message.
"""

from __future__ import annotations

import secrets

from dicepool.campaign.table import TABLE_DICE
from dicepool.core.dice import SeededDice
from dicepool.core.request import Request
from dicepool.core.roll import resolve_any
from dicepool.errors import LimitError
from dicepool.notation import split_comment
from dicepool.notation.plain import parse_plain
from dicepool.notation.record import record
from dicepool.sheet.payloads import Drawn, Rolled

SEEDS = 10**12
"""A fresh seed is below this: twelve digits, short enough to read out."""

TRAITS_AT_A_TABLE = "a character's traits are rolled at a table"
"""What a line that names traits is told at no table (an edge says how to link one)."""


def fresh_seed() -> int:
    """A seed no one chose: from the operating system's secure generator."""
    return secrets.randbelow(SEEDS)


def plain_request(line: str, at_a_table: str = TRAITS_AT_A_TABLE) -> Request:
    """A plain line's roll; a line whose first word is no system (a trait, a character) is
    told ``at_a_table`` after the roll language's own words.

    Raises:
        NotationError: a line that does not parse.
    """
    return parse_plain(line, at_a_table)


def within_table_dice(request: Request) -> None:
    """Refuse a roll expected to roll more dice than a table's roll may.

    Raises:
        LimitError: one over :data:`~dicepool.campaign.table.TABLE_DICE`.
    """
    from dicepool.odds.cost import simulated_dice  # numpy: only where a limit is asked

    dice, _ = simulated_dice(request)
    if dice > TABLE_DICE:
        raise LimitError(
            f"this roll would roll about {dice:,.0f} dice, over the limit of {TABLE_DICE:,}; "
            "roll fewer dice"
        )


def plain_roll(line: str, seed: int, at_a_table: str = TRAITS_AT_A_TABLE) -> Rolled:
    """``line`` rolled from ``seed``, as the log would hold it (marked seeded), not logged.

    Raises:
        NotationError: a line that does not parse (``at_a_table`` for one naming traits).
        LimitError: a roll over a table's dice.
    """
    request = plain_request(line, at_a_table)
    within_table_dice(request)
    logged = record(resolve_any(request, SeededDice(seed)))
    comment = split_comment(line)[1]
    return Rolled(line, str(logged["notation"]), logged, comment=comment, drawn=Drawn(seeded=True))
