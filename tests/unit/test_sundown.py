"""Sundown: hits, threshold, net hits, Edge (rulings 1 and 2), resistance, awesomeness."""

import pytest

from dicepool.core.dice import Origin
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest
from dicepool.core.result import Outcome, Winner
from dicepool.core.sundown import AWESOMENESS, SecondChance, SundownRequest
from dicepool.errors import RulesError

from .forced import contest, roll


def sundown(*terms: int, **options: object) -> SundownRequest:
    return SundownRequest(Pool.of(*terms), **options)  # type: ignore[arg-type]


def test_fives_and_sixes_are_hits_and_net_hits_exceed_the_threshold() -> None:
    result = roll(sundown(6, threshold=2), 5, 6, 6, 4, 1, 2)
    assert result.counts == {"hits": 3, "net_hits": 1}
    assert result.outcome is Outcome.SUCCESS
    assert result.label == AWESOMENESS[3] == "Hard. Don't try this at all."


def test_too_few_hits_fail_with_no_net_hits() -> None:
    result = roll(sundown(4, threshold=3), 5, 6, 1, 2)
    assert result.outcome is Outcome.FAILURE
    assert result.counts["net_hits"] == 0


@pytest.mark.parametrize("hits", range(8))
def test_awesomeness_table_by_hits(hits: int) -> None:
    faces = [6] * hits + [1]
    result = roll(sundown(len(faces), threshold=0), *faces)
    assert result.label == AWESOMENESS[min(hits, 6)]
    assert result.label.startswith(
        ["Not", "Completely", "Professional", "Hard", "Extreme", "Crazy", "Super"][min(hits, 6)]
    )


def test_edge_dice_are_added() -> None:
    result = roll(sundown(2, edge=2), 1, 2, 3, 5)
    assert len(result.dice) == 4
    assert result.counts["hits"] == 1


def test_edge_is_the_pool_when_penalties_take_it_to_zero() -> None:
    result = roll(sundown(3, -4, edge=2), 5, 1)
    assert len(result.dice) == 2
    assert "Edge is the pool" in result.notes[0]


def test_no_roll_at_zero_without_edge() -> None:
    with pytest.raises(RulesError, match="edge N"):
        roll(sundown(2, -2))


def test_second_chance_rerolls_every_miss_once() -> None:
    result = roll(sundown(4, threshold=3, second_chance=SecondChance.MISSES), 5, 1, 2, 6, 5, 3)
    assert result.counts["hits"] == 3
    assert [d.rerolled for d in result.dice[:4]] == [False, True, True, False]
    assert [d.origin for d in result.dice[4:]] == [Origin.REROLLED] * 2


def test_second_chance_zero_rerolls_the_whole_pool_only_on_no_hit() -> None:
    request = sundown(3, second_chance=SecondChance.ZERO)
    assert len(roll(request, 5, 1, 1).dice) == 3  # a hit: no reroll
    result = roll(request, 1, 2, 3, 6, 6, 4)
    assert result.counts["hits"] == 2
    assert all(d.discarded for d in result.dice[:3])


def test_resistance_test_subtracts_the_resisters_hits() -> None:
    request = ContestRequest(sundown(4), sundown(3, edge=1))  # resister adds Edge
    hit = contest(request, 5, 6, 5, 1, 5, 2, 2, 2)
    assert (hit.winner, hit.margin) == (Winner.ATTACKER, 2)
    resisted = contest(request, 5, 6, 1, 1, 5, 6, 2, 2)
    assert resisted.winner is Winner.DEFENDER  # zero or less: the attempt fails
    assert resisted.margin == 0


def test_edge_is_at_most_six() -> None:
    with pytest.raises(RulesError, match=r"0\.\.6"):
        sundown(3, edge=7)
