"""Custom pools: die size, target, again, ones cancel, botch, rote, double."""

import pytest

from dicepool.core.custom import CustomRequest
from dicepool.core.pool import Pool
from dicepool.core.result import Outcome
from dicepool.errors import DiceError, RulesError

from .forced import roll


def custom(dice: int, **options: object) -> CustomRequest:
    return CustomRequest(Pool.of(dice), **options)  # type: ignore[arg-type]


def test_issue_example_pool() -> None:
    request = custom(8, sides=10, target=8, again=10, cancel=True, botch=True)
    result = roll(request, 10, 8, 1, 2, 3, 4, 5, 6, 9)
    assert result.counts["successes"] == 2  # 10, 8, exploded 9 = 3; one 1 cancels one
    assert roll(request, 1, 2, 3, 4, 5, 6, 7, 2).outcome is Outcome.BOTCH


def test_a_sixth_system_on_d6() -> None:
    request = custom(4, sides=6, target=4, again=6, double=6)
    result = roll(request, 6, 4, 1, 2, 5)
    assert result.counts["successes"] == 4  # 6 double, 4, exploded 5


def test_rote_rerolls_failures_and_a_rerolled_one_no_longer_cancels() -> None:
    request = custom(3, cancel=True, rote=True)
    result = roll(request, 8, 1, 2, 9, 3)
    assert result.counts["successes"] == 2
    assert result.counts["ones"] == 0


def test_faces_must_be_on_the_die() -> None:
    with pytest.raises(DiceError, match="not on a d6"):
        roll(custom(2, sides=6, target=5), 5, 7)


@pytest.mark.parametrize(
    "options",
    [{"sides": 1}, {"target": 11}, {"again": 5, "target": 8}, {"double": 2, "target": 5}],
)
def test_parts_must_make_sense(options: dict[str, int]) -> None:
    with pytest.raises(RulesError):
        custom(3, **options)
