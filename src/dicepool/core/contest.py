"""Contested rolls: both sides roll; what the attacker needs to win depends on the system.

- chronicles, classic, hubris, custom: whoever has more successes wins; equal totals are a tie
  (ruling 3 for chronicles; the hubris text's "whoever has more successes"). A line may give
  ties to either side instead (``ties attacker``: a table that reads "a success total to match
  or beat", ruling 11; ``ties defender``). An attacker that takes ties still needs one success
  of its own: a roll with no success achieves nothing, so 0 against 0 goes to the defender.
- storypath: ties go to the defender, and the attacker must also meet its own Difficulty.
- sundown: a resistance test: the attacker's hits minus the resister's must still reach the
  attacker's threshold (at least one hit: "zero or less fails"); otherwise the resister wins.
  Storypath and sundown settle ties by their rules, and refuse another tie rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dicepool.core.result import Winner
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SundownRequest

if TYPE_CHECKING:
    from dicepool.core.request import ContestRequest

TIES_TO = {"storypath": Winner.DEFENDER, "sundown": Winner.DEFENDER}
"""Systems whose rules give equal totals to one side; the others call them a tie."""


def tie_rule(system: str) -> Winner:
    """Who takes equal totals in ``system`` by its rules: the defender, or no one (a tie)."""
    return TIES_TO.get(system, Winner.TIE)


def fixed_ties(system: str) -> bool:
    """Whether ``system``'s rules settle ties themselves, so a line cannot change who takes them."""
    return system in TIES_TO


@dataclass(frozen=True)
class ContestRule:
    """What the attacker needs: a lead of ``lead`` over the defender and a total of ``total``.

    Anything short of that goes to the defender, except equal totals where ``ties`` is
    ``Winner.TIE``. Ties to the attacker are a lead of 0 ("match or beat") and a total of 1.
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


def contest_rule(request: ContestRequest) -> ContestRule:
    """The rule that settles ``request``: the attacker's system, and the line's tie rule."""
    attacker = request.attacker
    if isinstance(attacker, SundownRequest):
        return ContestRule(lead=max(1, attacker.threshold), ties=Winner.DEFENDER)
    if isinstance(attacker, StorypathRequest):
        return ContestRule(total=attacker.difficulty, ties=Winner.DEFENDER)
    ties = request.tie_rule
    if ties is Winner.ATTACKER:
        return ContestRule(lead=0, total=1, ties=ties)
    return ContestRule(ties=ties)


def decide(request: ContestRequest, a: int, d: int) -> tuple[Winner, int]:
    """Who wins ``request`` with ``a`` against ``d`` successes, and the difference of the totals."""
    return contest_rule(request).decide(a, d), abs(a - d)
