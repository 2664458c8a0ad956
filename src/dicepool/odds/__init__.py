"""Exact odds of what ``dicepool.core`` resolves: one roll, a contest, charts, specialty advice.

Distributions are computed, not sampled (``simulate`` is the Monte Carlo cross-check): float64
numpy arrays from generating functions of one die raised to the pool, cut only where the mass
beyond is provably below 1e-15 (the bound is reported as ``tail_bound``). Every answer is first
estimated and checked against a :class:`Budget` (about 2 s and 512 MiB unless one is given), so
no question can exhaust the machine. Importing this package loads numpy and nothing heavier.
"""

from dicepool.odds.advice import specialty_advice
from dicepool.odds.answer import distribution, odds
from dicepool.odds.chart import chart
from dicepool.odds.contest import contest
from dicepool.odds.cost import Budget, Cost, unlimited
from dicepool.odds.prolonged import ProlongedConflict, prolonged_conflict
from dicepool.odds.records import Chart, ContestOdds, Distribution, SpecialtyAdvice
from dicepool.odds.several import (
    ComplexAction,
    ExtendedAction,
    FirstTo,
    complex_action,
    extended_action,
    first_to,
    opposed_complex_action,
)
from dicepool.odds.simulate import simulate

__all__ = [
    "Budget",
    "Chart",
    "ComplexAction",
    "ContestOdds",
    "Cost",
    "Distribution",
    "ExtendedAction",
    "FirstTo",
    "ProlongedConflict",
    "SpecialtyAdvice",
    "chart",
    "complex_action",
    "contest",
    "distribution",
    "extended_action",
    "first_to",
    "odds",
    "opposed_complex_action",
    "prolonged_conflict",
    "simulate",
    "specialty_advice",
    "unlimited",
]
