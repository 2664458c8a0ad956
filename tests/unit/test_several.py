"""Odds over several rolls, against brute force, closed forms and a seeded Monte Carlo."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from dicepool.core.result import Winner
from dicepool.errors import LimitError, OddsError
from dicepool.odds.prolonged import prolonged_conflict
from dicepool.odds.several import (
    MAX_GOAL,
    MAX_ROLLS,
    TAIL,
    complex_action,
    extended_action,
    first_to,
    opposed_complex_action,
    success_chance,
)

ROLL_A = (Fraction(1, 2), Fraction(3, 10), Fraction(1, 5))
ROLL_B = (Fraction(3, 5), Fraction(1, 4), Fraction(1, 10), Fraction(1, 20))


def floats(pmf: tuple[Fraction, ...]) -> list[float]:
    return [float(p) for p in pmf]


def mc_bound(p: float, trials: int) -> float:
    """Six standard errors of a Monte Carlo frequency, plus one count for p near 0 or 1."""
    return 6 * math.sqrt(max(p * (1 - p), 1e-12) / trials) + 1 / trials


# --- extended action ---------------------------------------------------------------------------


def brute_extended(pmf: tuple[Fraction, ...], goal: int, rolls: int) -> Fraction:
    """P(sum of ``rolls`` totals >= goal) by listing every sequence of totals."""
    chance = Fraction(0)
    for totals in itertools.product(range(len(pmf)), repeat=rolls):
        if sum(totals) >= goal:
            chance += math.prod((pmf[t] for t in totals), start=Fraction(1))
    return chance


@pytest.mark.parametrize("pmf", [ROLL_A, ROLL_B])
@pytest.mark.parametrize(("goal", "rolls"), [(1, 1), (3, 2), (4, 3), (6, 4), (7, 3)])
def test_extended_action_matches_brute_force(
    pmf: tuple[Fraction, ...], goal: int, rolls: int
) -> None:
    result = extended_action(floats(pmf), goal, rolls)
    assert result.chance == pytest.approx(float(brute_extended(pmf, goal, rolls)), abs=1e-14)
    assert result.within(rolls) == pytest.approx(result.chance, abs=1e-15)


def test_extended_action_rolls_needed_is_a_distribution_with_the_brute_force_steps() -> None:
    result = extended_action(floats(ROLL_A), 4)
    assert result.needed[0] == 0.0
    assert result.needed.sum() + result.tail_bound == pytest.approx(1.0, abs=1e-15)
    assert result.tail_bound < TAIL
    assert result.chance == pytest.approx(1.0, abs=1e-14)
    for k in range(1, 5):
        exact = brute_extended(ROLL_A, 4, k) - (brute_extended(ROLL_A, 4, k - 1) if k > 1 else 0)
        assert result.needed[k] == pytest.approx(float(exact), abs=1e-14)


def test_extended_action_with_one_success_per_roll_is_a_negative_binomial() -> None:
    # A roll scoring 0 or 1 success: rolls needed for N successes is negative binomial.
    p, goal = 0.3, 4
    result = extended_action([1 - p, p], goal)
    for k in range(goal, 30):
        expected = math.comb(k - 1, goal - 1) * p**goal * (1 - p) ** (k - goal)
        assert result.needed[k] == pytest.approx(expected, rel=1e-12)
    assert result.expected_rolls == pytest.approx(goal / p, rel=1e-12)


def test_extended_action_reports_a_truncated_input_in_the_bound() -> None:
    # One roll's pmf missing 1e-6 (a truncated explosion): over 5 rolls the bound covers it.
    result = extended_action([0.5, 0.3, 0.2 - 1e-6], 3, 5)
    assert result.tail_bound >= 1e-6
    exact = float(brute_extended(ROLL_A, 3, 5))
    assert abs(result.chance - exact) <= result.tail_bound


def test_extended_action_refuses_a_goal_that_would_take_too_many_rolls() -> None:
    slow = [0.999, 0.001]  # a success every thousand rolls on average
    with pytest.raises(LimitError, match="rolls"):
        extended_action(slow, MAX_ROLLS // 100)
    with pytest.raises(LimitError, match="rolls"):
        first_to("chronicles", slow, slow, MAX_ROLLS // 10)
    # With a roll limit it still answers, and says nothing is known past the limit.
    limited = extended_action(slow, 1000, 3)
    assert limited.chance == 0.0
    assert limited.tail_bound == pytest.approx(1.0, abs=1e-15)


def test_extended_action_monte_carlo() -> None:
    rng = np.random.default_rng(20240601)
    pmf = floats(ROLL_B)
    trials, goal, rolls = 200_000, 5, 4
    totals = rng.choice(len(pmf), size=(trials, rolls), p=pmf).sum(axis=1)
    estimate = float(np.mean(totals >= goal))
    exact = extended_action(pmf, goal, rolls).chance
    assert abs(estimate - exact) < mc_bound(exact, trials)


@pytest.mark.parametrize(
    ("pmf", "goal", "rolls", "error"),
    [
        ([1.0], 3, 2, OddsError),
        ([1.0, 0.0], 3, None, OddsError),
        ([0.5, 0.5], 0, 2, OddsError),
        ([0.5, 0.5], 2, 0, OddsError),
        ([0.5, 0.5], 20_000, 2, LimitError),
        ([0.7, 0.7], 2, 2, OddsError),
        ([-0.1, 1.1], 2, 2, OddsError),
    ],
)
def test_extended_action_refuses_what_it_cannot_answer(
    pmf: list[float], goal: int, rolls: int | None, error: type[Exception]
) -> None:
    with pytest.raises(error):
        extended_action(pmf, goal, rolls)


# --- storypath complex action ------------------------------------------------------------------


@pytest.mark.parametrize(("p", "milestones", "intervals"), [(0.6, 3, 5), (0.25, 1, 1), (0.9, 4, 4)])
def test_complex_action_is_binomial(p: float, milestones: int, intervals: int) -> None:
    result = complex_action(p, milestones, intervals)
    binomial = [
        math.comb(intervals, m) * p**m * (1 - p) ** (intervals - m) for m in range(intervals + 1)
    ]
    assert result.gathered == pytest.approx(binomial, abs=1e-15)
    assert result.chance == pytest.approx(math.fsum(binomial[milestones:]), abs=1e-15)
    assert result.expected_intervals == pytest.approx(milestones / p)


def test_complex_action_by_enumerating_every_interval() -> None:
    p = Fraction(2, 5)
    exact = Fraction(0)
    for met in itertools.product((False, True), repeat=6):
        if sum(met) >= 4:
            exact += math.prod((p if m else 1 - p for m in met), start=Fraction(1))
    assert complex_action(float(p), 4, 6).chance == pytest.approx(float(exact), abs=1e-15)


def test_complex_action_edges() -> None:
    assert complex_action(0.5, 6, 5).chance == 0.0  # more Milestones than Intervals
    assert complex_action(1.0, 5, 5).chance == 1.0
    assert complex_action(0.0, 1, 5).expected_intervals == math.inf
    with pytest.raises(OddsError):
        complex_action(1.5, 1, 5)
    with pytest.raises(OddsError):
        complex_action(0.5, 0, 5)


# --- first to N --------------------------------------------------------------------------------


def brute_first_to(
    system: str,
    a: tuple[Fraction, ...],
    d: tuple[Fraction, ...],
    goal: int,
    rounds: int,
    ties: str | None = None,
) -> dict[str, Fraction]:
    """Exact outcome of a first-to-N contest by recursion over every round's pair of totals.

    Reaching the round limit undecided is reported as "unresolved" (split by nobody). ``ties``
    overrides the system's tie rule, as a line's ``ties`` does.
    """
    ties_to = ties or {"storypath": "defender", "sundown": "defender"}.get(system, "tie")

    @cache
    def go(have_a: int, have_d: int, left: int) -> dict[str, Fraction]:
        out = dict.fromkeys(("attacker", "defender", "tie", "unresolved"), Fraction(0))
        if left == 0:
            out["unresolved"] = Fraction(1)
            return out
        for (x, pa), (y, pd) in itertools.product(enumerate(a), enumerate(d)):
            na, nd, p = have_a + x, have_d + y, pa * pd
            if na >= goal or nd >= goal:
                if na >= goal and (nd < goal or na > nd):
                    out["attacker"] += p
                elif nd >= goal and (na < goal or nd > na):
                    out["defender"] += p
                else:
                    out[ties_to] += p
            else:
                for key, q in go(na, nd, left - 1).items():
                    out[key] += p * q
        return out

    return go(0, 0, rounds)


@pytest.mark.parametrize("system", ["chronicles", "storypath"])
@pytest.mark.parametrize(("goal", "rounds"), [(1, 1), (2, 3), (3, 4), (4, 2)])
def test_first_to_matches_brute_force(system: str, goal: int, rounds: int) -> None:
    exact = brute_first_to(system, ROLL_A, ROLL_B, goal, rounds)
    result = first_to(system, floats(ROLL_A), floats(ROLL_B), goal, rounds)
    for side in ("attacker", "defender", "tie"):
        assert result.winner[side] == pytest.approx(float(exact[side]), abs=1e-14)
    assert result.unresolved == pytest.approx(float(exact["unresolved"]), abs=1e-14)
    assert sum(result.winner.values()) + sum(result.leader.values()) == pytest.approx(1.0)
    assert result.leader["attacker"] + result.leader["defender"] + result.leader["tie"] == (
        pytest.approx(result.unresolved)
    )


@pytest.mark.parametrize("ties", [Winner.ATTACKER, Winner.DEFENDER, Winner.TIE])
def test_first_to_follows_a_lines_tie_rule(ties: Winner) -> None:
    exact = brute_first_to("hubris", ROLL_A, ROLL_B, 3, 4, ties.value)
    result = first_to("hubris", floats(ROLL_A), floats(ROLL_B), 3, 4, ties=ties)
    assert result.ties is ties
    for side in ("attacker", "defender", "tie"):
        assert result.winner[side] == pytest.approx(float(exact[side]), abs=1e-14)
    # the leader at the round limit: equal totals by the same rule, except that 0 against 0
    # is never the attacker's (it needs a success of its own)
    even = first_to("hubris", floats(ROLL_A), floats(ROLL_B), 3, 4)
    nothing = float(ROLL_A[0] ** 4 * ROLL_B[0] ** 4)
    moved = even.leader["tie"] - (nothing if ties is Winner.ATTACKER else 0.0)
    assert (result.leader["tie"] > 0) == (ties is Winner.TIE)
    if ties is not Winner.TIE:
        assert result.leader[ties] == pytest.approx(even.leader[ties] + moved, abs=1e-15)


def test_first_to_ties_go_to_the_defender_in_storypath_and_stand_in_chronicles() -> None:
    chronicles = first_to("chronicles", floats(ROLL_A), floats(ROLL_A), 3)
    storypath = first_to("storypath", floats(ROLL_A), floats(ROLL_A), 3)
    assert chronicles.winner["tie"] > 0.01
    assert storypath.winner["tie"] == 0.0
    assert storypath.winner["defender"] == pytest.approx(
        chronicles.winner["defender"] + chronicles.winner["tie"], abs=1e-15
    )
    # The same pmf on both sides: the attacker and defender are symmetric outside ties.
    assert chronicles.winner["attacker"] == pytest.approx(chronicles.winner["defender"], abs=1e-14)


def test_first_to_without_a_limit_runs_until_the_mass_left_is_negligible() -> None:
    exact = brute_first_to("chronicles", ROLL_A, ROLL_B, 3, 40)
    result = first_to("chronicles", floats(ROLL_A), floats(ROLL_B), 3)
    assert result.rounds is None
    assert result.tail_bound < 1e-14
    assert result.unresolved < TAIL
    assert sum(result.winner.values()) == pytest.approx(1.0, abs=1e-14)
    assert result.winner["attacker"] == pytest.approx(float(exact["attacker"]), abs=1e-12)


def test_first_to_opposed_complex_action_leader_at_the_interval_limit() -> None:
    # Milestones are 0/1 per Interval; with 2 Intervals and a goal of 3 no one can finish,
    # so the leader after two Intervals takes it: the attacker needs more Milestones.
    p_a, p_d = 0.7, 0.4
    result = first_to("storypath", [1 - p_a, p_a], [1 - p_d, p_d], 3, 2)
    assert result.unresolved == pytest.approx(1.0)
    a = [(1 - p_a) ** 2, 2 * p_a * (1 - p_a), p_a**2]
    d = [(1 - p_d) ** 2, 2 * p_d * (1 - p_d), p_d**2]
    ahead = sum(a[i] * d[j] for i in range(3) for j in range(3) if i > j)
    assert result.leader["attacker"] == pytest.approx(ahead, abs=1e-15)
    assert result.leader["tie"] == 0.0
    assert result.leader["defender"] == pytest.approx(1 - ahead, abs=1e-15)


def test_opposed_complex_action_by_enumerating_every_interval() -> None:
    # Two Milestones to win, three Intervals: first to two wins, else the most Milestones;
    # equal Milestones (both reaching two together, or level at the limit) go to the defender.
    p_a, p_d = Fraction(3, 5), Fraction(1, 2)
    attacker = Fraction(0)
    for met in itertools.product((False, True), repeat=6):
        prob = math.prod(
            (p if m else 1 - p for m, p in zip(met, [p_a, p_d] * 3, strict=True)),
            start=Fraction(1),
        )
        have_a = have_d = 0
        for a_met, d_met in zip(met[::2], met[1::2], strict=True):
            have_a, have_d = have_a + a_met, have_d + d_met
            if max(have_a, have_d) >= 2:
                break
        attacker += prob if have_a > have_d else 0
    result = opposed_complex_action(float(p_a), float(p_d), 2, 3)
    assert result.final["attacker"] == pytest.approx(float(attacker), abs=1e-15)
    assert result.final["defender"] == pytest.approx(1 - float(attacker), abs=1e-15)
    assert result.final["tie"] == 0.0
    with pytest.raises(OddsError):
        opposed_complex_action(1.2, 0.5, 2, 3)


def test_success_chance_counts_exceptional_successes() -> None:
    outcomes = {"exceptional": 0.1, "success": 0.5, "failure": 0.3, "dramatic_failure": 0.1}
    assert success_chance(outcomes) == pytest.approx(0.6)
    assert success_chance({"failure": 1.0}) == 0.0


def test_first_to_monte_carlo() -> None:
    rng = np.random.default_rng(7)
    a, d = floats(ROLL_A), floats(ROLL_B)
    trials, goal, rounds = 100_000, 4, 12
    acc_a = rng.choice(len(a), size=(trials, rounds), p=a).cumsum(axis=1)
    acc_d = rng.choice(len(d), size=(trials, rounds), p=d).cumsum(axis=1)
    done = (acc_a >= goal) | (acc_d >= goal)
    first = np.where(done.any(axis=1), done.argmax(axis=1), rounds - 1)
    fa, fd = acc_a[np.arange(trials), first], acc_d[np.arange(trials), first]
    attacker_won = done.any(axis=1) & (fa >= goal) & (fa > fd)
    estimate = float(attacker_won.mean())
    exact = first_to("chronicles", a, d, goal, rounds).winner["attacker"]
    assert abs(estimate - exact) < mc_bound(exact, trials)


def test_first_to_refuses_what_it_cannot_answer() -> None:
    with pytest.raises(OddsError):
        first_to("chronicles", [1.0], [1.0, 0.0], 3)
    with pytest.raises(LimitError):
        first_to("chronicles", [0.5, 0.5], [0.5, 0.5], MAX_GOAL + 1)
    with pytest.raises(OddsError):
        first_to("chronicles", [0.5, 0.5], [0.5, 0.5], 3, 0)
    # One side that can never score still loses in the end.
    one_sided = first_to("hubris", [1.0], [0.5, 0.5], 2)
    assert one_sided.winner["defender"] == pytest.approx(1.0, abs=1e-14)


# --- hubris prolonged conflict -----------------------------------------------------------------


def brute_prolonged(
    a: Fraction, d: Fraction, t: Fraction, res_a: int, res_d: int
) -> tuple[Fraction, Fraction, Fraction]:
    """P(attacker prevails), P(defender prevails), E[contests], exactly, by first-step analysis.

    From a state (losses of each side), a tie returns to the same state: so the value there is
    (a * V(win) + d * V(loss)) / (a + d), and the expected count gains 1 / (a + d).
    """

    @cache
    def go(lost_a: int, lost_d: int) -> tuple[Fraction, Fraction, Fraction]:
        if lost_d == res_d:
            return Fraction(1), Fraction(0), Fraction(0)
        if lost_a == res_a:
            return Fraction(0), Fraction(1), Fraction(0)
        win, loss = go(lost_a, lost_d + 1), go(lost_a + 1, lost_d)
        s = a + d
        return (
            (a * win[0] + d * loss[0]) / s,
            (a * win[1] + d * loss[1]) / s,
            (a * win[2] + d * loss[2]) / s + 1 / s,
        )

    assert a + d + t == 1
    return go(0, 0)


@pytest.mark.parametrize(
    ("a", "d", "res_a", "res_d"),
    [
        (Fraction(2, 5), Fraction(7, 20), 3, 2),
        (Fraction(1, 2), Fraction(1, 2), 1, 1),
        (Fraction(1, 10), Fraction(3, 5), 5, 4),
        (Fraction(3, 4), Fraction(0), 2, 3),
    ],
)
def test_prolonged_conflict_matches_first_step_analysis(
    a: Fraction, d: Fraction, res_a: int, res_d: int
) -> None:
    t = 1 - a - d
    exact = brute_prolonged(a, d, t, res_a, res_d)
    result = prolonged_conflict(float(a), float(d), float(t), res_a, res_d)
    assert result.attacker == pytest.approx(float(exact[0]), abs=1e-14)
    assert result.defender == pytest.approx(float(exact[1]), abs=1e-14)
    assert result.expected_contests == pytest.approx(float(exact[2]), rel=1e-13)


def test_prolonged_conflict_best_of_three_closed_form() -> None:
    # Resistance 2 each, no ties: the attacker wins 2 of 3 -> q^2 (3 - 2q).
    q = 0.6
    result = prolonged_conflict(q, 1 - q, 0.0, 2, 2)
    assert result.attacker == pytest.approx(q**2 * (3 - 2 * q), abs=1e-15)
    # Two contests when one side takes both, else three.
    assert result.expected_contests == pytest.approx(
        2 * (q**2 + (1 - q) ** 2) + 3 * 2 * q * (1 - q)
    )


def test_prolonged_conflict_large_resistance_stays_finite() -> None:
    result = prolonged_conflict(0.2, 0.3, 0.5, 100, 100)
    assert 0.0 < result.attacker < 0.5
    assert result.attacker + result.defender == pytest.approx(1.0, abs=1e-12)


def test_prolonged_conflict_monte_carlo() -> None:
    rng = np.random.default_rng(99)
    a, d, t, res_a, res_d, trials = 0.35, 0.4, 0.25, 3, 4, 40_000
    steps = rng.choice(3, size=(trials, 60), p=[a, d, t])  # 0: attacker wins, 1: defender wins
    lost_d = (steps == 0).cumsum(axis=1)
    lost_a = (steps == 1).cumsum(axis=1)
    ended = (lost_d >= res_d) | (lost_a >= res_a)
    assert ended[:, -1].all()
    end = ended.argmax(axis=1)
    attacker = float((lost_d[np.arange(trials), end] >= res_d).mean())
    contests = float((end + 1).mean())
    result = prolonged_conflict(a, d, t, res_a, res_d)
    assert abs(attacker - result.attacker) < mc_bound(result.attacker, trials)
    spread = float((end + 1).std())
    assert abs(contests - result.expected_contests) < 6 * spread / math.sqrt(trials)


def test_prolonged_conflict_refuses_what_it_cannot_answer() -> None:
    with pytest.raises(OddsError):
        prolonged_conflict(0.0, 0.0, 1.0, 2, 2)
    with pytest.raises(OddsError):
        prolonged_conflict(0.5, 0.5, 0.0, 0, 2)
    with pytest.raises(LimitError):
        prolonged_conflict(0.5, 0.5, 0.0, 2, 1000)
    with pytest.raises(OddsError):
        prolonged_conflict(-0.5, 0.5, 0.0, 2, 2)
