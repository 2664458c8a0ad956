"""The chi-square fit of faces against a fair die: the p-value against the tables and closed
forms, Pearson's statistic of hand-made counts, and the faces gathered for a chart."""

from __future__ import annotations

import math

import pytest

from dicepool.odds.fit import (
    MIN_EXPECTED,
    chi_square,
    chi_square_p,
    face_groups,
    fair_die_fit,
    upper_gamma_q,
)

# chi-square critical values as the tables print them (3 decimals): P(X >= value) = p
CRITICAL = [
    (1, 0.05, 3.841),
    (2, 0.05, 5.991),
    (5, 0.05, 11.070),
    (9, 0.05, 16.919),
    (19, 0.05, 30.144),
    (99, 0.05, 123.225),
    (1, 0.01, 6.635),
    (2, 0.01, 9.210),
    (5, 0.01, 15.086),
    (9, 0.01, 21.666),
    (19, 0.01, 36.191),
    (99, 0.01, 134.642),
]


@pytest.mark.parametrize(("dof", "p", "value"), CRITICAL)
def test_the_p_value_at_the_tables_critical_values(dof: int, p: float, value: float) -> None:
    # the tables round to 3 decimals: at these points that moves p by under 1e-4
    assert chi_square_p(value, dof) == pytest.approx(p, abs=1e-4)


@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 1.99, 2.0, 2.01, 5.0, 13.8, 40.0, 200.0])
def test_the_p_value_against_closed_forms(x: float) -> None:
    # both sides of the switch from the series (x < a + 1) to the continued fraction
    assert chi_square_p(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12, abs=1e-300)
    assert chi_square_p(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10, abs=1e-300)
    assert chi_square_p(x, 4) == pytest.approx(math.exp(-x / 2) * (1 + x / 2), rel=1e-10)


def test_the_p_value_at_its_ends() -> None:
    assert chi_square_p(0.0, 9) == 1.0
    assert upper_gamma_q(3.0, -1.0) == 1.0
    assert chi_square_p(10_000.0, 9) == pytest.approx(0.0, abs=1e-300)
    ps = [chi_square_p(x, 9) for x in range(0, 60, 3)]
    assert ps == sorted(ps, reverse=True)  # a larger statistic is less likely


def test_pearsons_statistic_of_hand_made_counts() -> None:
    assert chi_square([10, 10, 10, 10, 10, 10], [10.0] * 6) == 0.0
    assert chi_square([15, 5, 10, 10, 10, 10], [10.0] * 6) == pytest.approx(5.0)
    assert chi_square([3, 1], [2.0, 2.0]) == pytest.approx(1.0)
    fit = fair_die_fit([15, 5, 10, 10, 10, 10])
    assert (fit.sides, fit.faces, fit.expected, fit.dof) == (6, 60, 10.0, 5)
    assert fit.chi_square == pytest.approx(5.0)
    assert fit.p_value == pytest.approx(chi_square_p(5.0, 5))
    assert fit.reliable
    assert fit.to_dict()["observed"] == {"1": 15, "2": 5, "3": 10, "4": 10, "5": 10, "6": 10}


def test_a_small_sample_is_given_but_flagged_unreliable() -> None:
    few = fair_die_fit([1, 0, 2, 0, 1, 0])  # 4 faces: each expected 2/3 of a time
    assert few.expected < MIN_EXPECTED and few.reliable is False
    assert 0.0 < few.p_value <= 1.0
    assert fair_die_fit([5, 5]).reliable  # exactly 5 expected a face is enough
    with pytest.raises(ValueError, match="a face thrown"):
        fair_die_fit([0] * 10)


@pytest.mark.parametrize(
    ("sides", "groups", "first_run"),
    [
        (6, 6, "1"),
        (10, 10, "1"),
        (20, 20, "1"),
        (25, 13, "1-2"),
        (100, 20, "1-5"),
        (1000, 20, "1-50"),
    ],
)
def test_a_large_die_is_charted_in_runs_of_faces(sides: int, groups: int, first_run: str) -> None:
    fit = fair_die_fit([face for face in range(1, sides + 1)])  # face k fell k times
    shown = face_groups(fit)
    assert len(shown) == groups and shown[0].label == first_run
    assert sum(g.observed for g in shown) == fit.faces
    assert sum(g.expected for g in shown) == pytest.approx(fit.faces)
    assert shown[-1].last == sides
