"""Contested rolls: both sides roll, the larger total wins, ties by each system's rule.

- chronicles: most successes wins; a tie is a tie (ruling 3).
- storypath: ties go to the defender.
- sundown: a resistance test: the attacker's hits minus the resister's; zero or less fails, so
  ties go to the defender.
- hubris, classic, custom: whoever has more successes wins; a tie is a tie.
"""

from __future__ import annotations

from dicepool.core.result import Winner

TIES_TO = {"storypath": Winner.DEFENDER, "sundown": Winner.DEFENDER}


def tie_rule(system: str) -> Winner:
    """Who takes a tie in ``system``: the defender, or no one (``Winner.TIE``)."""
    return TIES_TO.get(system, Winner.TIE)


def decide(system: str, attacker: int, defender: int) -> tuple[Winner, int]:
    """Who wins a contest of ``attacker`` against ``defender`` successes, and by how much.

    Returns:
        The winner after the tie rule, and the winner's lead (0 on equal totals).
    """
    if attacker > defender:
        return Winner.ATTACKER, attacker - defender
    if defender > attacker:
        return Winner.DEFENDER, defender - attacker
    return tie_rule(system), 0
