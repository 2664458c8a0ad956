"""Custom pools: die size, target, again, ones cancel, botch, rote, double."""

from fractions import Fraction
from math import comb

import pytest

from dicepool.core.custom import CustomRequest
from dicepool.core.pool import Pool
from dicepool.core.result import Outcome
from dicepool.errors import DiceError, NotationError, RulesError
from dicepool.notation import parse, render
from dicepool.notation.house import read_house_rules
from dicepool.odds import distribution

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


@pytest.mark.parametrize(
    ("sides", "target"), [(2, 2), (4, 4), (6, 5), (8, 7), (10, 8), (12, 9), (20, 15), (100, 71)]
)
def test_a_line_without_a_target_takes_the_top_three_faces_in_ten(sides: int, target: int) -> None:
    request = parse(f"custom 3d{sides}")
    assert isinstance(request, CustomRequest)
    assert (request.sides, request.target) == (sides, target)
    assert render(request) == f"custom 3d{sides} t{target}"  # the line says what was assumed
    assert parse(render(request)) == request


def test_custom_3d6_counts_fives_and_sixes() -> None:
    """`odds "custom 3d6"` answers: successes are dice showing 5 or 6, a binomial (3, 1/3)."""
    dist = distribution(parse("custom 3d6"))
    expected = [comb(3, k) * Fraction(1, 3) ** k * Fraction(2, 3) ** (3 - k) for k in range(4)]
    assert dist.pmf.tolist() == pytest.approx([float(p) for p in expected], abs=1e-12)
    assert roll(parse("custom 3d6"), 5, 6, 4).counts["successes"] == 2


def test_a_typed_target_still_must_fit_the_die_and_says_how() -> None:
    with pytest.raises(NotationError, match=r"column 12: custom target must be 2\.\.6 on a d6"):
        parse("custom 3d6 t8")
    with pytest.raises(NotationError, match=r"at t5\), not 4; lower the target with `tN`"):
        parse("custom 3d6 again 4")
    assert parse("custom 3d6 t4 again 4") == CustomRequest(Pool.of(3), 6, 4, again=4)


def test_a_house_target_applies_to_a_line_that_gives_none_whatever_its_die() -> None:
    rules = read_house_rules("custom", "t6")
    assert rules.apply(parse("custom 3d12")) == parse("custom 3d12 t6")
    assert rules.apply(parse("custom 3d12 t11")) == parse("custom 3d12 t11")  # the line's own
