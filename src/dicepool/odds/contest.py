"""The odds of a contest: two independent rolls of one system, the larger total wins.

The margin (attacker's total minus defender's) is the convolution of one pmf with the other
reversed; the winner follows from its sign and the system's tie rule (``dicepool.core.contest``).
"""

from __future__ import annotations

import numpy as np

from dicepool.core.contest import tie_rule
from dicepool.core.request import ContestRequest
from dicepool.core.result import Winner
from dicepool.odds.gf import convolve
from dicepool.odds.records import NEGLIGIBLE, ContestOdds, Distribution
from dicepool.odds.single import distribution


def contest(request: ContestRequest) -> ContestOdds:
    """The exact odds of a contested roll.

    Raises:
        RulesError: the core would refuse either side's request.
    """
    return contest_of(
        request.system, distribution(request.attacker), distribution(request.defender)
    )


def contest_of(system: str, attacker: Distribution, defender: Distribution) -> ContestOdds:
    """The contest of two rolls whose distributions are known (shared with ``simulate``)."""
    margins = convolve(attacker.pmf, defender.pmf[::-1])
    zero = defender.pmf.size - 1  # index of margin 0
    ahead, level = float(margins[zero + 1 :].sum()), float(margins[zero])
    behind = float(margins[:zero].sum())
    if tie_rule(system) is Winner.DEFENDER:
        winner = {"attacker": ahead, "defender": behind + level, "tie": 0.0}
    else:
        winner = {"attacker": ahead, "defender": behind, "tie": level}
    kept = np.flatnonzero(margins >= NEGLIGIBLE)
    first, last = (int(kept[0]), int(kept[-1])) if kept.size else (zero, zero)
    margin = {k - zero: float(margins[k]) for k in range(first, last + 1)}
    return ContestOdds(
        system=system,
        attacker=attacker,
        defender=defender,
        winner=winner,
        margin=margin,
        tail_bound=attacker.tail_bound + defender.tail_bound,
    )
