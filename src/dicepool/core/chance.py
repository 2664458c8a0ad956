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

    Chronicles' rote (ruling 8): the second die's successes add to the first's, which had none,
    so the second die stands.

    Args:
        source: where faces come from.
        again: house rule: a 10 on the chance die adds an ordinary die.
        rote: a failed chance die is rolled again; the second die stands.
        normal: how the ordinary dice added by ``again`` are read.

    Returns:
        The dice in face order; a first die that was rerolled is marked ``rerolled``.
    """
    dice = chance_roll(source, again=again, normal=normal)
    if rote and dice[0].successes == 0:
        dice[0] = replace(dice[0], rerolled=True, one=False)
        dice += chance_roll(source, again=again, normal=normal, roll=1)
    return dice


def chance_roll(source: DiceSource, *, again: bool, normal: DieRule, roll: int = 0) -> list[Die]:
    """One chance die with the dice its 10 adds under the ``again`` house rule.

    Args:
        source: where faces come from.
        again: house rule: a 10 on the chance die adds an ordinary die.
        normal: how the ordinary dice added by ``again`` are read.
        roll: 0 for the first roll, 1 for a rote's second roll.
    """
    rule = replace(CHANCE_RULE, again=10 if again else None)
    extra = replace(normal, ones=False)
    return roll_pool(source, 1, rule, origin=Origin.CHANCE, roll=roll, extra_rule=extra)


def is_dramatic_failure(dice: list[Die]) -> bool:
    """A chance roll whose standing chance die (not rerolled away, not discarded) shows a 1."""
    return any(d.one and d.origin is Origin.CHANCE and not d.discarded for d in dice)
