"""The budget: every odds question is estimated, and refused before its work if over budget.

The examples of issue 6 that once took gigabytes or minutes are refused before they allocate
anything; estimates are checked against the memory the work really holds (memory is counted,
not timed); a budget is a parameter (tighter, or none at all) spent piece by piece over one
question; a refusal offers a simulation that fits the same budget.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from dicepool.core.classic import ClassicRequest
from dicepool.core.pool import Pool
from dicepool.core.sundown import SundownRequest
from dicepool.errors import BudgetError, DicepoolError, LimitError
from dicepool.notation import parse
from dicepool.odds import Budget, distribution, odds, simulate, specialty_advice, unlimited
from dicepool.odds.chart import chart_cost
from dicepool.odds.cost import (
    MIB,
    Cost,
    answer_cost,
    question_cost,
    roll_cost,
    round_down,
    seconds,
    size,
)
from dicepool.odds.gf import _remembered_series

ISSUE_LINES = [
    "storypath 5 enh 300000000",
    "classic 7 thr 1000000000",
    "hubris 5 auto 100000000",
    "custom 10000d1000 t2 again 2 double 2",
    "storypath 18 spec vs storypath 3 tn 3 enh 10000000",
    "hubris 26 auto 18446744073709551616 rote tn 3",
    "classic 27 thr 999999999999999999999999999999",
    "classic 6 thr 9223372036854775808",
    "classic 4 diff 4 spec thr 1000000000000000000000000000000",
    "sundown 27 thr 1000000000000000000000000000000 vs sundown 5",
]


def peak_of(work: Callable[[], object]) -> tuple[int, BaseException | None]:
    """The most bytes ``work`` held at once, and what it raised (None: it answered)."""
    _remembered_series.cache_clear()  # a remembered series would hide the work
    tracemalloc.start()
    raised: BaseException | None = None
    try:
        work()
    except DicepoolError as exc:
        raised = exc
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak, raised


@pytest.mark.parametrize("line", ISSUE_LINES)
def test_what_once_exhausted_the_machine_is_refused_before_its_work(line: str) -> None:
    peak, raised = peak_of(lambda: odds(parse(line)))
    assert isinstance(raised, LimitError | DicepoolError)
    assert "\n" not in str(raised)
    assert peak < 8 * MIB  # refused before anything of the size asked for was allocated


def test_the_two_costliest_examples_are_refused_by_the_budget_and_say_how_far_over() -> None:
    with pytest.raises(BudgetError, match=r"about 4 min and 2\.6 GiB, over the budget of 2 s"):
        odds(parse("custom 10000d1000 t2 again 2 double 2"))
    refused = question_cost(parse("custom 10000d1000 t2 again 2 vs custom 10000d1000 t2 again 2"))
    assert refused[0].seconds > 2 or refused[0].memory > 512 * MIB


ESTIMATED = [
    "chronicles 10000 8again rote",
    "classic 1000 spec until 5 diff 10",
    "classic 3000 thr 500 spec",
    "hubris 3000 rote",
    "hubris 800 wp tn 5 keep larger",
    "custom 1000d1000 t2 again 2",
    "custom 100d1000 t2 again 2 double 2",
    "custom 1000d100 t2 again 2 double 50 cancel 1",
    "storypath 2000 tn 3 assist 3000 scale 4 enh 7",
    "chronicles 3000 9again vs chronicles 2000",
    "sundown 10000 second-chance zero thr 300",
]


@pytest.mark.parametrize("line", ESTIMATED)
def test_an_estimate_holds_at_least_the_memory_the_work_really_holds(line: str) -> None:
    request = parse(line)
    estimate = question_cost(request)[0]
    peak, raised = peak_of(lambda: odds(request, unlimited()))
    assert raised is None
    assert peak <= 2 * estimate.memory + 4 * MIB, f"held {peak / MIB:.1f} MiB"
    assert estimate.memory <= 10 * peak + 4 * MIB  # and does not cry wolf either


def test_a_budget_is_a_parameter_a_server_can_tighten() -> None:
    request = parse("chronicles 3000 8again")
    needed = roll_cost(request).cost
    assert distribution(request).mean > 0  # the default budget answers
    tight = Budget(seconds=needed.seconds / 2)
    with pytest.raises(BudgetError, match="over the budget of"):
        distribution(request, tight)
    with pytest.raises(BudgetError, match="MiB"):
        distribution(request, Budget(memory=needed.memory / 2))
    assert distribution(request, unlimited()).mean == pytest.approx(distribution(request).mean)


def test_one_budget_is_spent_piece_by_piece_over_a_question() -> None:
    request = parse("hubris 3000 rote")
    cost = roll_cost(request).cost
    budget = Budget(seconds=1.6 * cost.seconds)
    distribution(request, budget)
    assert budget.spent == pytest.approx(cost.seconds)
    with pytest.raises(BudgetError, match="left of the budget"):
        distribution(request, budget)  # the second asking does not fit what is left
    assert budget.spent == pytest.approx(cost.seconds)  # a refusal spends nothing


def test_a_refusal_offers_as_many_simulated_rolls_as_the_same_budget_affords() -> None:
    request = parse("hubris 3000 rote")
    with pytest.raises(BudgetError) as refused:
        odds(request, Budget(seconds=0.2))
    offered = refused.value.trials
    assert offered >= 100 and f"--simulate {offered}" in str(refused.value)
    assert offered == round_down(offered)
    assert simulate(request, offered, seed=3, budget=Budget(seconds=0.2)).mean > 300  # it fits
    with pytest.raises(BudgetError, match="ask for at most"):
        simulate(request, 20 * offered, seed=3, budget=Budget(seconds=0.2))


def test_a_roll_too_large_even_to_simulate_says_so() -> None:
    with pytest.raises(BudgetError, match="too large even to simulate") as refused:
        odds(parse("custom 10000d1000 t2 again 2 double 2"))
    assert refused.value.trials == 0


def test_a_json_answer_costs_its_totals() -> None:
    request = parse("custom 1500d1000 t2 again 2")
    cost, totals = question_cost(request)
    assert totals > 1_000_000
    assert Budget().fits(cost) and not Budget().fits(cost + answer_cost(totals))


def test_costs_add_up_and_read_well() -> None:
    assert Cost(1.0, 5.0) + Cost(2.0, 3.0) == Cost(3.0, 5.0)  # times add, the peak stands
    assert Cost(1.0, 5.0).times(3) == Cost(3.0, 5.0)
    assert [seconds(0.5), seconds(40), seconds(300), seconds(7200)] == [
        "0.5 s",
        "40 s",
        "5 min",
        "2 h",
    ]
    assert [size(3 * MIB), size(3 << 30)] == ["3 MiB", "3.0 GiB"]
    assert [round_down(7), round_down(1234), round_down(98765)] == [7, 1200, 98000]


def test_the_core_bounds_every_count_for_library_callers_too() -> None:
    with pytest.raises(LimitError, match=r"a sundown threshold is 0\.\.10000, not a 31-digit"):
        SundownRequest(Pool.of(5), threshold=10**30)


def test_a_long_spec_until_chain_counts_its_turns_not_only_its_first_roll() -> None:
    # 2820 dice chasing 3000 successes: ~480 turns over ~5000 x ~430 states (4 s and more)
    with pytest.raises(BudgetError):
        distribution(parse("classic 2820 diff 5 spec until 3000"))
    # a goal the first roll all but surely reaches ends every chain at once: cheap
    assert roll_cost(parse("classic 2000 spec until 2")).cost.seconds < 0.5


def test_specialty_advice_for_the_largest_goal_stays_within_spec_until_range() -> None:
    advice = specialty_advice(parse_classic("classic 5 spec"), 10_000)
    assert "until 10000" in advice.chances and "until 10001" not in advice.chances
    assert advice.chances["always"] == 0.0


def test_a_chart_of_a_hundred_pools_by_a_hundred_difficulties_fits_the_budget() -> None:
    for system in ("hubris", "storypath", "chronicles"):
        low = 1 if system == "storypath" else 0
        cost = chart_cost(system, range(1, 101), range(low, low + 100), "success")
        assert Budget().fits(cost), system


def parse_classic(line: str) -> ClassicRequest:
    request = parse(line)
    assert isinstance(request, ClassicRequest)
    return request
