"""A hubris prolonged conflict: contest after contest until one side has lost as many as its
Resistance attribute; ties count for no one.

Pure, like the rest of the odds over several rolls (``several.py``): it works on one contest's
chances of each side winning, which ``contest`` gives.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dicepool.errors import OddsError
from dicepool.odds.several import check_count, check_probability

MAX_RESISTANCE = 100
"""The largest Resistance attribute a prolonged conflict accepts."""


@dataclass(frozen=True)
class ProlongedConflict:
    """The odds of a hubris prolonged conflict.

    Attributes:
        attacker_resistance: the attacker's Resistance attribute (contests it can lose).
        defender_resistance: the defender's Resistance attribute.
        attacker: P(the defender loses ``defender_resistance`` contests first).
        defender: P(the attacker loses ``attacker_resistance`` contests first).
        expected_contests: the mean number of contests rolled, ties included.
    """

    attacker_resistance: int
    defender_resistance: int
    attacker: float
    defender: float
    expected_contests: float

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view."""
        return {
            "resistance": {
                "attacker": self.attacker_resistance,
                "defender": self.defender_resistance,
            },
            "prevails": {"attacker": self.attacker, "defender": self.defender},
            "expected_contests": self.expected_contests,
        }


def prolonged_conflict(
    attacker: float, defender: float, tie: float, attacker_resistance: int, defender_resistance: int
) -> ProlongedConflict:
    """Who prevails when contests repeat until one side has lost as many as its Resistance.

    A tie counts for no one, so it only delays: among decisive contests the attacker wins each
    with q = a / (a + d), and the attacker prevails when it wins ``defender_resistance`` of them
    before losing ``attacker_resistance`` (a negative binomial sum). By Wald's identity the mean
    number of contests is the mean number of decisive ones divided by P(decisive).

    Args:
        attacker: P(the attacker wins one contest).
        defender: P(the defender wins one contest).
        tie: P(one contest is a tie); the three are normalized to sum to 1.
        attacker_resistance: contests the attacker can lose (its Resistance attribute).
        defender_resistance: contests the defender can lose.

    Raises:
        OddsError: a negative probability, Resistance below 1, or contests that are always ties.
        LimitError: a Resistance over :data:`MAX_RESISTANCE`.
    """
    for name, p in (("attacker", attacker), ("defender", defender), ("tie", tie)):
        check_probability(f"P({name})", p)
    check_count("the attacker's Resistance", attacker_resistance, MAX_RESISTANCE)
    check_count("the defender's Resistance", defender_resistance, MAX_RESISTANCE)
    decisive = attacker + defender
    if decisive <= 0:
        raise OddsError("every contest is a tie, so a prolonged conflict never ends")
    q = attacker / decisive
    # The attacker prevails with j losses: the last contest is its win number defender_resistance.
    wins = negative_binomial(q, defender_resistance, attacker_resistance)
    losses = negative_binomial(1.0 - q, attacker_resistance, defender_resistance)
    mean_decisive = sum((defender_resistance + j) * p for j, p in enumerate(wins)) + sum(
        (attacker_resistance + i) * p for i, p in enumerate(losses)
    )
    per_contest = decisive / (decisive + tie)
    return ProlongedConflict(
        attacker_resistance=attacker_resistance,
        defender_resistance=defender_resistance,
        attacker=math.fsum(wins),
        defender=math.fsum(losses),
        expected_contests=mean_decisive / per_contest,
    )


def negative_binomial(q: float, needed: int, spare: int) -> list[float]:
    """P(the ``needed``-th success comes after exactly j failures), for j below ``spare``.

    Each term is C(needed - 1 + j, j) q^needed (1 - q)^j, taken through logarithms so a large
    Resistance neither overflows the coefficient nor underflows the powers.
    """
    if q <= 0.0:
        return [0.0] * spare
    if q >= 1.0:
        return [1.0] + [0.0] * (spare - 1)
    log_q, log_miss = math.log(q), math.log1p(-q)
    return [
        math.exp(
            math.lgamma(needed + j)
            - math.lgamma(j + 1)
            - math.lgamma(needed)
            + needed * log_q
            + j * log_miss
        )
        for j in range(spare)
    ]
