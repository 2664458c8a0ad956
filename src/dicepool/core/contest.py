"""Contested rolls: both sides roll; what the attacker needs to win depends on the system.

- chronicles, classic, hubris, custom: whoever has more successes wins; equal totals are a tie
  (ruling 3 for chronicles; the hubris text's "whoever has more successes").
- storypath: ties go to the defender, and the attacker must also meet its own Difficulty.
- sundown: a resistance test: the attacker's hits minus the resister's must still reach the
  attacker's threshold (at least one hit: "zero or less fails"); otherwise the resister wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from dicepool.core.request import RollRequest
from dicepool.core.result import Winner
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SundownRequest

TIES_TO = {"storypath": Winner.DEFENDER, "sundown": Winner.DEFENDER}


def tie_rule(system: str) -> Winner:
    """Who takes equal totals in ``system``: the defender, or no one (``Winner.TIE``)."""
    return TIES_TO.get(system, Winner.TIE)


@dataclass(frozen=True)
class ContestRule:
    """What the attacker needs: a lead of ``lead`` over the defender and a total of ``total``.

    Anything short of that goes to the defender, except equal totals where ``ties`` is
    ``Winner.TIE``.
    """

    lead: int = 1
    total: int = 0
    ties: Winner = Winner.TIE

    def decide(self, attacker: int, defender: int) -> Winner:
        """The winner of ``attacker`` against ``defender`` successes (hits)."""
        if attacker - defender >= self.lead and attacker >= self.total:
            return Winner.ATTACKER
        if attacker == defender and self.ties is Winner.TIE:
            return Winner.TIE
        return Winner.DEFENDER


def contest_rule(attacker: RollRequest) -> ContestRule:
    """The rule that settles a contest whose acting side rolls ``attacker``."""
    if isinstance(attacker, SundownRequest):
        return ContestRule(lead=max(1, attacker.threshold), ties=Winner.DEFENDER)
    if isinstance(attacker, StorypathRequest):
        return ContestRule(total=attacker.difficulty, ties=Winner.DEFENDER)
    return ContestRule(ties=tie_rule(attacker.system))


def decide(attacker: RollRequest, a: int, d: int) -> tuple[Winner, int]:
    """Who wins a contest of ``a`` against ``d`` successes, and the difference of the totals."""
    return contest_rule(attacker).decide(a, d), abs(a - d)
