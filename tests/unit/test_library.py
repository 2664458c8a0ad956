"""The library takes whatever the roll language gives: one roll or a contest, rolled or costed."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys

import pytest

import dicepool
from dicepool import (
    ContestRequest,
    ContestResult,
    ForcedDice,
    RollResult,
    SeededDice,
    Winner,
    resolve,
)
from dicepool.notation import parse
from dicepool.odds import ContestOdds, Distribution, contest, distribution, odds


def test_resolve_takes_a_parsed_contest() -> None:
    result = resolve(parse("hubris 2 vs hubris 2 ties attacker"), ForcedDice([8, 3, 9, 4]))
    assert isinstance(result, ContestResult)
    assert (result.winner, result.margin, result.ties) == (Winner.ATTACKER, 0, Winner.ATTACKER)
    assert result.to_dict()["ties"] == "attacker"
    single = resolve(parse("hubris 2 team 3"), ForcedDice([8, 3, 9, 9, 2]))
    assert isinstance(single, RollResult)
    assert (single.total, single.counts["applied"]) == (2, 1)


def test_distribution_takes_a_parsed_contest() -> None:
    request = parse("chronicles 5 vs chronicles 4 ties defender")
    found = distribution(request)
    assert isinstance(found, ContestOdds)
    assert found.ties is Winner.DEFENDER
    assert isinstance(request, ContestRequest)
    assert found.winner == contest(request).winner
    assert odds is distribution
    assert isinstance(distribution(parse("hubris 4 min 1")), Distribution)


@pytest.mark.parametrize(
    "line", ["hubris 5 vs hubris 4", "sundown 6 thr 2 vs sundown 3", "storypath 5 vs storypath 4"]
)
def test_every_contest_line_rolls_and_costs(line: str) -> None:
    request = parse(line)
    assert isinstance(resolve(request, SeededDice(1)), ContestResult)
    found = distribution(request)
    assert isinstance(found, ContestOdds)
    assert sum(found.winner.values()) == pytest.approx(1.0)


def test_the_version_is_the_installed_one_and_costs_no_metadata_lookup() -> None:
    assert dicepool.__version__ == importlib.metadata.version("dicepool")
    code = "import sys, dicepool; print('importlib.metadata' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
