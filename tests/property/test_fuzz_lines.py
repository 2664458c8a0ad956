"""The fuzz of every line a table types: parsed, rolled and asked for exact odds, nothing gets
past its bounds.

Each line either parses or is refused with our own one-line error; what parses is rolled with a
seeded source and its exact odds are asked under a small budget: answered, or refused before the
work starts, and the memory held all the while stays within a few budgets. Brief here (a few
hundred lines, a budget of a quarter second); ``benchmarks/fuzz_lines.py`` runs it at length
with the default budget and reports the worst time and memory. Nothing here is timed.
"""

from __future__ import annotations

import tracemalloc

from hypothesis import HealthCheck, given, settings

from dicepool.core.dice import SeededDice
from dicepool.core.roll import resolve_any
from dicepool.errors import BudgetError, DicepoolError
from dicepool.notation import parse
from dicepool.odds import Budget, odds
from dicepool.odds.cost import MIB
from tests.hypothesis_profiles import examples
from tests.property.fuzzlines import lines

SECONDS, MEMORY = 0.25, 64 * MIB


def assert_one_line(exc: DicepoolError) -> None:
    message = str(exc)
    assert message.strip() and "\n" not in message and "Traceback" not in message


@settings(
    max_examples=examples(300),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(lines())
def test_every_line_is_answered_or_refused_in_one_line_within_its_budget(line: str) -> None:
    try:
        request = parse(line)
    except DicepoolError as exc:
        assert_one_line(exc)
        return
    try:
        resolve_any(request, SeededDice(7))
    except DicepoolError as exc:  # a chain too long, a roll the rules cannot make
        assert_one_line(exc)
    tracemalloc.start()
    try:
        odds(request, Budget(SECONDS, MEMORY))
    except DicepoolError as exc:
        assert_one_line(exc)
        if isinstance(exc, BudgetError):
            assert exc.seconds > SECONDS or exc.memory > MEMORY
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak <= 4 * MEMORY, f"{line!r} held {peak / MIB:.0f} MiB"
