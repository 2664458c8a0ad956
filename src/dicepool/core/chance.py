"""The chance die: one d10 rolled when penalties take a pool to zero or less.

From the hubris text, and ruling 3 for chronicles: only a 10 succeeds, a 1 is a dramatic
failure. The 10 is not rerolled by default; the house-rule option rerolls it, and the extra dice
are ordinary dice of the roll (its target number and its again, e.g. 8+ and 10-again).
"""

from __future__ import annotations

from dataclasses import replace

from dicepool.core.dice import DiceSource, Die, Origin
from dicepool.core.pool import DieRule, roll_pool

CHANCE_RULE = DieRule(sides=10, target=10, again=None, ones=True)


def roll_chance_die(source: DiceSource, *, again: bool, rote: bool, normal: DieRule) -> list[Die]:
    """Roll the chance die (and, with rote, roll it once more if it failed).

    Args:
        source: where faces come from.
        again: house rule: a 10 on the chance die adds an ordinary die.
        rote: a failed chance die is rolled again; the second die stands.
        normal: how the ordinary dice added by ``again`` are read.

    Returns:
        The dice in face order; a first die that was rerolled is marked ``rerolled``.
    """
    rule = replace(CHANCE_RULE, again=10 if again else None)
    extra = replace(normal, ones=False)
    dice = roll_pool(source, 1, rule, origin=Origin.CHANCE, extra_rule=extra)
    if rote and dice[0].successes == 0:
        dice[0] = replace(dice[0], rerolled=True, one=False)
        dice += roll_pool(source, 1, rule, origin=Origin.CHANCE, roll=1, extra_rule=extra)
    return dice


def is_dramatic_failure(dice: list[Die]) -> bool:
    """A chance roll whose standing chance die shows a 1."""
    return any(d.one and d.origin is Origin.CHANCE and not d.rerolled for d in dice)
