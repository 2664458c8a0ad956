"""The odds of a logged line: each side's die and exact expected total, against every face
enumerated by hand and against icepool, within a budget, read once per line."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from icepool import Again, d10

from dicepool.campaign.line_odds import (
    NO_ODDS,
    TOO_COSTLY,
    LineOdds,
    deviations,
    die_sides,
    total_of,
)
from dicepool.core.dice import ForcedDice
from dicepool.core.request import sides_of
from dicepool.core.roll import resolve
from dicepool.notation import parse, render
from dicepool.notation.record import record
from dicepool.odds import Budget


class Asked(ForcedDice):
    """Forced faces that keep the die size of every face the core asked for."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(faces)
        self.sizes: list[int] = []

    def roll(self, sides: int, count: int) -> list[int]:
        self.sizes += [sides] * count
        return super().roll(sides, count)


def brute_mean(line: str, dice: int, sides: int) -> Fraction:
    """The mean total of ``line`` over every sequence of ``dice`` faces, each as likely, read
    back from the roll's logged record as the statistics read it."""
    request = parse(line)
    total = Fraction(0)
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        logged = record(resolve(request, ForcedDice(faces)))
        found = total_of(logged)
        assert found is not None
        total += found
    return total / sides**dice


@pytest.mark.parametrize(
    ("line", "dice", "sides"),
    [
        ("sundown 3", 3, 6),
        ("sundown 2 thr 2", 2, 6),
        ("chronicles 2 noagain", 2, 10),
        ("classic 3 diff 6", 3, 10),  # ones cancel successes
        ("classic 2 diff 8 wp", 2, 10),  # Willpower's automatic success
        ("hubris 2 noagain auto 1", 2, 10),
        ("custom 3d6 t4", 3, 6),
        ("custom 2d8 t6 cancel 1", 2, 8),
    ],
)
def test_the_expected_total_against_every_face_enumerated(line: str, dice: int, sides: int) -> None:
    found = LineOdds().line(render(parse(line)))
    assert found is not None and found.means is not None
    assert found.sides == (sides,)
    assert found.means[0] == pytest.approx(float(brute_mean(line, dice, sides)), abs=1e-12)


def test_the_expected_total_against_icepool() -> None:
    def success(face: int) -> object:  # a d10's successes at 8+, 10-again
        return 1 + Again if face == 10 else int(face >= 8)

    die = d10.map(success, again_depth=30)
    for n in (1, 5, 12):
        found = LineOdds().line(f"chronicles {n}")
        assert found is not None and found.means is not None
        assert found.means[0] == pytest.approx((n @ die).mean(), abs=1e-9)
        assert found.variances[0] == pytest.approx((n @ die).variance(), abs=1e-9)


def test_a_contest_gives_each_side_its_own_expectation() -> None:
    found = LineOdds().line("sundown 4 vs sundown 3")
    assert found is not None and found.means is not None
    assert found.sides == (6, 6)
    assert found.means == pytest.approx((4 / 3, 1.0))


@pytest.mark.parametrize(
    ("line", "faces"),
    [
        ("sundown 2 edge 1", [5, 2, 6]),
        ("chronicles 0", [10]),  # a chance die
        ("chronicles 0 chance-again", [10, 3]),
        ("classic 2 spec", [10, 3, 4]),  # the specialty's extra die
        ("storypath 2 assist 2", [9, 3, 10, 1, 2]),
        ("hubris 2 team 2", [8, 3, 9, 1]),
        ("hubris 1 rote", [3, 8]),
        ("custom 2d12 t8 again 12", [12, 3, 5]),
    ],
)
def test_every_die_a_roll_rolls_is_of_its_lines_size(line: str, faces: list[int]) -> None:
    request = parse(line)
    source = Asked(faces)
    resolve(request, source)
    source.check_all_used()
    assert set(source.sizes) == {die_sides(side) for side in sides_of(request)}


def test_each_line_is_worked_out_once_and_charged_to_the_budget() -> None:
    budget = Budget()
    odds = LineOdds(budget)
    first = odds.line("chronicles 8")
    spent = budget.spent
    assert spent > 0
    assert odds.line("chronicles 8") is first and budget.spent == spent


def test_a_line_over_the_budget_is_not_compared_but_keeps_its_die() -> None:
    odds = LineOdds(Budget(seconds=1e-9))
    found = odds.line("chronicles 8")
    assert found is not None and found.means is None
    assert found.refused == TOO_COSTLY and found.sides == (10,)
    # the whole budget is left to the other lines, but no line takes more than its share
    capped = LineOdds(Budget(seconds=100.0), line_seconds=1e-9).line("sundown 5")
    assert capped is not None and capped.refused == TOO_COSTLY


def test_a_line_the_odds_engine_refuses_is_not_compared(monkeypatch: pytest.MonkeyPatch) -> None:
    from dicepool.campaign import line_odds
    from dicepool.errors import OddsError

    def refuse(*_: object) -> None:
        raise OddsError("no exact method for this")

    monkeypatch.setattr(line_odds, "distribution", refuse)
    found = LineOdds().line("sundown 5")
    assert found is not None and found.refused == NO_ODDS


def test_a_line_that_no_longer_reads_is_none() -> None:
    assert LineOdds().line("dnd 5") is None


def test_deviations() -> None:
    assert deviations(49, 51.3, 4.0) == pytest.approx(-1.15)
    assert deviations(3, 3.0, 0.0) is None
