"""The odds API: its shape, its JSON views, its errors, charts and specialty advice."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import numpy as np
import pytest

import dicepool.odds
from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy, Specialty
from dicepool.core.custom import CustomRequest
from dicepool.core.dice import SeededDice
from dicepool.core.hubris import HubrisRequest
from dicepool.core.pool import MAX_POOL, Pool
from dicepool.core.request import ContestRequest, RollRequest
from dicepool.core.roll import resolve
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SundownRequest
from dicepool.errors import BudgetError, DicepoolError, LimitError, OddsError, RulesError
from dicepool.odds import (
    Chart,
    ContestOdds,
    Distribution,
    chart,
    contest,
    distribution,
    odds,
    simulate,
    specialty_advice,
)

P = Pool.of


def test_public_names_are_sorted_and_present() -> None:
    assert dicepool.odds.__all__ == sorted(dicepool.odds.__all__)
    assert {"distribution", "contest", "odds", "chart", "specialty_advice", "simulate"} <= set(
        dicepool.odds.__all__
    )


def test_import_is_light() -> None:
    code = (
        "import sys, dicepool.odds; "
        "heavy = {'scipy', 'matplotlib', 'icepool', 'rich', 'click'} & set(sys.modules); "
        "print(','.join(sorted(heavy)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


@pytest.mark.parametrize(
    ("request_", "classes"),
    [
        (SundownRequest(P(3)), ["success", "failure"]),
        (ChroniclesRequest(P(3)), ["success", "exceptional", "failure"]),
        (ChroniclesRequest(P(0)), ["success", "exceptional", "failure", "dramatic_failure"]),
        (ClassicRequest(P(3)), ["success", "failure", "botch"]),
        (StorypathRequest(P(3)), ["success", "failure", "botch"]),
        (HubrisRequest(P(3)), ["success", "failure", "dramatic_failure"]),
        (CustomRequest(P(3)), ["success", "failure"]),
        (CustomRequest(P(3), botch=True), ["success", "failure", "botch"]),
    ],
)
def test_outcome_classes_per_system(request_: RollRequest, classes: list[str]) -> None:
    found = distribution(request_)
    assert list(found.outcomes) == classes
    assert sum(found.outcomes.values()) == pytest.approx(1, abs=1e-12)


def test_distribution_to_dict() -> None:
    found = distribution(ChroniclesRequest(P(5)))
    view = found.to_dict()
    assert list(view) == [
        "system",
        "outcomes",
        "distribution",
        "mean",
        "sd",
        "tail_bound",
        "at_least",
    ]
    assert view["system"] == "chronicles"
    shown = view["distribution"]
    assert isinstance(shown, dict)
    assert list(shown)[:3] == ["0", "1", "2"]
    assert min(shown.values()) >= 0 and list(shown.values())[-1] >= 1e-18
    assert sum(shown.values()) == pytest.approx(1, abs=1e-15)
    at_least = view["at_least"]
    assert isinstance(at_least, dict)
    assert at_least["1"] == pytest.approx(1 - 0.7**5, abs=1e-15)
    assert at_least["3"] == pytest.approx(found.at_least(3))
    assert view["mean"] == pytest.approx(5 / 3)


def test_at_least_is_exact_at_both_ends() -> None:
    found = distribution(ChroniclesRequest(P(3)))
    assert found.at_least(0) == 1.0
    assert found.at_least(1) == pytest.approx(1 - 0.7**3, abs=1e-16)
    assert found.at_least(40) == pytest.approx(float(found.pmf[40:].sum()), rel=1e-9)
    assert 0 < found.at_least(20) < 1e-16  # tiny odds stay tiny, not rounding noise


def test_contest_to_dict_and_tie_rules() -> None:
    tie = contest(ContestRequest(ChroniclesRequest(P(4)), ChroniclesRequest(P(4))))
    assert tie.winner["attacker"] == pytest.approx(tie.winner["defender"], abs=1e-15)
    assert tie.winner["tie"] > 0
    assert sum(tie.winner.values()) == pytest.approx(1, abs=1e-12)
    view = tie.to_dict()
    assert list(view) == [
        "system",
        "attacker",
        "defender",
        "winner",
        "ties",
        "margin",
        "tail_bound",
    ]
    assert view["ties"] == "tie"
    margin = view["margin"]
    assert isinstance(margin, dict)
    assert "-3" in margin and "0" in margin
    to_defender = contest(ContestRequest(SundownRequest(P(4)), SundownRequest(P(4))))
    assert to_defender.winner["tie"] == 0.0
    assert to_defender.winner["defender"] > to_defender.winner["attacker"]
    assert to_defender.margin[0] > 0


def test_odds_dispatches() -> None:
    assert isinstance(odds(ClassicRequest(P(3))), Distribution)
    both = ContestRequest(ClassicRequest(P(3)), ClassicRequest(P(2)))
    assert isinstance(odds(both), ContestOdds)
    assert isinstance(simulate(both, 100, seed=1), ContestOdds)


@pytest.mark.parametrize(
    "request_",
    [
        ClassicRequest(P(0)),
        ClassicRequest(P(3, -4)),
        StorypathRequest(P(0)),
        CustomRequest(P(-1)),
        SundownRequest(P(2, -2)),
    ],
)
def test_requests_the_core_refuses_raise_the_core_error(request_: RollRequest) -> None:
    with pytest.raises(RulesError) as core:
        resolve(request_, SeededDice(1))
    with pytest.raises(RulesError) as ours:
        distribution(request_)
    assert str(ours.value) == str(core.value)
    with pytest.raises(RulesError):
        simulate(request_, 10, seed=1)


def test_pools_over_the_limit_raise_a_limit_error() -> None:
    with pytest.raises(LimitError):
        distribution(ChroniclesRequest(P(MAX_POOL + 1)))


def test_a_huge_until_pool_is_refused_by_the_budget_offering_a_simulation() -> None:
    with pytest.raises(BudgetError, match=r"over the budget .*`odds --simulate \d+`"):
        distribution(ClassicRequest(P(5000), specialty=Specialty(Policy.UNTIL, 2)))


def test_simulate_needs_a_trial() -> None:
    with pytest.raises(OddsError):
        simulate(ClassicRequest(P(3)), 0, seed=1)


def test_classic_chart_is_the_missing_table() -> None:
    grid = chart("classic", range(1, 21), range(2, 11), "mean")
    assert isinstance(grid, Chart) and grid.values.shape == (20, 9)
    for i, pool in enumerate((1, 7, 20)):
        row = {1: 0, 7: 6, 20: 19}[pool]
        for j, difficulty in enumerate(range(2, 11)):
            want = distribution(ClassicRequest(P(pool), difficulty=difficulty)).mean
            assert grid.values[row, j] == pytest.approx(want, abs=1e-12), (i, pool, difficulty)


@pytest.mark.parametrize("stat", ["success", "botch"])
def test_classic_chart_matches_distribution(stat: str) -> None:
    pools, difficulties = (3, 1, 12), (10, 6, 2)
    grid = chart("classic", pools, difficulties, stat)
    for i, pool in enumerate(pools):
        for j, d in enumerate(difficulties):
            found = distribution(ClassicRequest(P(pool), difficulty=d)).outcomes
            assert grid.values[i, j] == pytest.approx(found[stat], abs=1e-12)


@pytest.mark.parametrize(
    ("system", "stat", "request_"),
    [
        ("chronicles", "exceptional", lambda p, d: ChroniclesRequest(P(p, -d))),
        ("chronicles", "success", lambda p, d: ChroniclesRequest(P(p, -d))),
        ("storypath", "botch", lambda p, d: StorypathRequest(P(p), difficulty=d)),
        ("storypath", "success", lambda p, d: StorypathRequest(P(p), difficulty=d)),
        ("sundown", "success", lambda p, d: SundownRequest(P(p), threshold=d)),
        ("hubris", "mean", lambda p, d: HubrisRequest(P(p), difficulty=d)),
        ("custom", "success", lambda p, d: CustomRequest(P(p), target=d)),
    ],
)
def test_other_charts_use_each_systems_difficulty(
    system: str, stat: str, request_: Callable[[int, int], RollRequest]
) -> None:
    grid = chart(system, [2, 5], [2, 3], stat)
    for i, pool in enumerate((2, 5)):
        for j, d in enumerate((2, 3)):
            found = distribution(request_(pool, d))
            want = {
                "mean": found.mean,
                "success": found.outcomes["success"] + found.outcomes.get("exceptional", 0.0),
            }.get(stat, found.outcomes.get(stat))
            assert grid.values[i, j] == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize(
    ("system", "stat", "message"),
    [
        ("chronicles", "botch", "chronicles has no botch"),
        ("classic", "exceptional", "classic has no exceptional"),
        ("nope", "mean", "unknown system"),
        ("classic", "median", "unknown statistic"),
    ],
)
def test_chart_refuses_what_a_system_lacks(system: str, stat: str, message: str) -> None:
    with pytest.raises(OddsError, match=message):
        chart(system, [1], [6], stat)


def test_chart_refuses_empty_axes_and_bad_difficulties() -> None:
    with pytest.raises(OddsError):
        chart("classic", [], [6], "mean")
    with pytest.raises(RulesError):
        chart("classic", [3], [11], "mean")
    with pytest.raises(RulesError):
        chart("classic", [0], [6], "botch")
    with pytest.raises(DicepoolError):
        chart("storypath", [3], [0], "success")


def test_specialty_advice_finds_when_not_to_roll() -> None:
    advice = specialty_advice(ClassicRequest(P(6), difficulty=8), goal=2)
    assert list(advice.chances)[:3] == ["always", "never", "until 1"]
    assert list(advice.chances)[-1] == "until 4"
    assert advice.best == "until 2"  # stop once the goal stands: an extra 1 can only hurt
    assert advice.gain == pytest.approx(advice.chances["until 2"] - advice.chances["always"])
    assert advice.gain > 0
    for label, chance in advice.chances.items():
        specialty = {
            "always": Specialty(),
            "never": Specialty(Policy.NEVER),
        }.get(label) or Specialty(Policy.UNTIL, int(label.split()[1]))
        want = distribution(ClassicRequest(P(6), difficulty=8, specialty=specialty)).at_least(2)
        assert chance == pytest.approx(want, abs=1e-15)


def test_specialty_advice_needs_a_goal() -> None:
    with pytest.raises(OddsError):
        specialty_advice(ClassicRequest(P(6)), goal=0)


def test_sums_to_one_counting_the_tail() -> None:
    for request in (ChroniclesRequest(P(30), again=8, rote=True), HubrisRequest(P(25), rote=True)):
        found = distribution(request)
        assert 0 < found.tail_bound <= 1e-15
        assert float(found.pmf.sum()) + found.tail_bound == pytest.approx(1, abs=1e-12)
        assert np.all(found.pmf >= 0)
