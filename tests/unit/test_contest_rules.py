"""Contest winners: each system's rule, in the resolver, the exact odds and the simulation."""

from __future__ import annotations

import itertools

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.core.hubris import HubrisRequest
from dicepool.core.pool import Pool
from dicepool.core.request import ContestRequest
from dicepool.core.result import Outcome, Winner
from dicepool.core.roll import resolve_contest
from dicepool.errors import NotationError, RulesError
from dicepool.notation import parse
from dicepool.odds import contest, first_to, simulate

from .forced import contest as forced_contest


def line(text: str) -> ContestRequest:
    request = parse(text)
    assert isinstance(request, ContestRequest)
    return request


def test_a_resisted_sundown_attack_must_keep_its_threshold() -> None:
    # 1 hit against threshold 2 never succeeds, even if the resister rolls nothing
    result = forced_contest(line("sundown 3 thr 2 vs sundown 2"), 5, 1, 1, 1, 1)
    assert result.winner is Winner.DEFENDER
    # 3 hits, 1 resisted: 2 left, threshold 2 met
    result = forced_contest(line("sundown 3 thr 2 vs sundown 2"), 5, 6, 5, 5, 1)
    assert (result.winner, result.margin) == (Winner.ATTACKER, 2)


def test_a_storypath_attacker_must_meet_its_own_difficulty() -> None:
    result = forced_contest(line("storypath 2 diff 3 vs storypath 2"), 8, 8, 1, 1)
    assert result.winner is Winner.DEFENDER
    assert result.margin == 2


@pytest.mark.parametrize(
    "text",
    [
        "sundown 2 thr 2 vs sundown 2",
        "storypath 2 diff 2 vs storypath 1",
        "chronicles 2 noagain vs chronicles 2 noagain",
    ],
)
def test_exact_contest_odds_match_every_forced_roll(text: str) -> None:
    request = line(text)
    sides = 6 if text.startswith("sundown") else 10
    dice = 4 if text.startswith("sundown") or "noagain" in text else 3
    explodes = sides == 10 and "noagain" not in text
    tally = {w.value: 0.0 for w in Winner}
    weight = 1 / sides**dice
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        if explodes and 10 in faces:
            continue  # storypath 10s explode: counted below by the exact engine instead
        tally[resolve_contest(request, ForcedDice(faces)).winner.value] += weight
    odds = contest(request)
    if not explodes:
        for side, p in tally.items():
            assert odds.winner[side] == pytest.approx(p, abs=1e-12)
    else:  # with explosions, the rolls without a 10 give lower bounds
        for side, p in tally.items():
            assert odds.winner[side] >= p - 1e-12
    assert sum(odds.winner.values()) == pytest.approx(1.0, abs=1e-12)


def test_the_simulation_settles_contests_by_the_same_rule() -> None:
    request = line("storypath 3 diff 2 vs storypath 2")
    exact = contest(request).winner
    estimate = simulate(request, 200_000, seed=5).winner
    for side in ("attacker", "defender"):
        sigma = (exact[side] * (1 - exact[side]) / 200_000) ** 0.5
        assert abs(estimate[side] - exact[side]) < 5 * sigma


def test_totals_too_unlikely_for_a_float_are_left_out_without_changing_the_margin() -> None:
    # a 1 on a d1000 fails: P(few successes of 120 dice) underflows to exact zeros
    request = line("custom 120d1000 t2 vs custom 100d1000 t2")
    odds = contest(request)
    a, d = odds.attacker.pmf, odds.defender.pmf
    assert a[:9].sum() == 0.0 < a[9:].min()  # the attacker's lowest totals underflow
    for m in range(-5, 30):
        direct = sum(a[i] * d[i - m] for i in range(a.size) if 0 <= i - m < d.size)
        assert odds.margin.get(m, 0.0) == pytest.approx(direct, rel=1e-9, abs=1e-18)
    assert sum(odds.margin.values()) == pytest.approx(1.0, abs=1e-12)


# --- the tie rule written after the defender (ruling 11) ------------------------------------


@pytest.mark.parametrize(
    ("ties", "winner"),
    [("", Winner.TIE), (" ties attacker", Winner.ATTACKER), (" ties defender", Winner.DEFENDER)],
)
def test_a_tie_goes_where_the_line_says(ties: str, winner: Winner) -> None:
    request = line(f"hubris 2 vs hubris 2{ties}")
    result = forced_contest(request, 8, 3, 9, 4)
    assert (result.winner, result.margin, result.ties) == (winner, 0, request.tie_rule)
    # a lead still wins either way
    assert forced_contest(request, 8, 9, 9, 4).winner is Winner.ATTACKER
    assert forced_contest(request, 2, 3, 9, 4).winner is Winner.DEFENDER


def test_a_tie_rule_equal_to_the_systems_is_no_override() -> None:
    plain = ContestRequest(HubrisRequest(Pool.of(3)), HubrisRequest(Pool.of(2)))
    assert ContestRequest(plain.attacker, plain.defender, Winner.TIE) == plain
    assert line("hubris 3 vs hubris 2 ties tie") == plain
    told = line("storypath 3 vs storypath 2 ties defender")
    assert told.ties is None and told.tie_rule is Winner.DEFENDER


@pytest.mark.parametrize("system", ["storypath", "sundown"])
def test_systems_that_settle_ties_by_their_rules_refuse_another_rule(system: str) -> None:
    plain = line(f"{system} 3 vs {system} 2")
    with pytest.raises(RulesError, match=f"^{system} gives equal totals to the defender"):
        ContestRequest(plain.attacker, plain.defender, Winner.ATTACKER)
    with pytest.raises(NotationError, match="remove `ties tie`"):
        parse(f"{system} 3 vs {system} 2 ties tie")


@pytest.mark.parametrize("ties", [Winner.ATTACKER, Winner.DEFENDER])
def test_exact_odds_simulation_and_first_to_follow_the_lines_tie_rule(ties: Winner) -> None:
    request = line(f"chronicles 3 vs chronicles 3 ties {ties}")
    plain = contest(ContestRequest(request.attacker, request.defender))
    odds = contest(request)
    assert odds.ties is ties and odds.winner["tie"] == 0.0
    # equal totals go to ``ties``, except 0 against 0 when the attacker takes ties
    both_zero = float(odds.attacker.pmf[0] * odds.defender.pmf[0])
    moved = plain.winner["tie"] - (both_zero if ties is Winner.ATTACKER else 0.0)
    assert odds.winner[ties] == pytest.approx(plain.winner[ties] + moved, abs=1e-15)
    assert odds.margin == plain.margin
    estimate = simulate(request, 200_000, seed=3).winner
    for side in ("attacker", "defender"):
        sigma = (odds.winner[side] * (1 - odds.winner[side]) / 200_000) ** 0.5
        assert abs(estimate[side] - odds.winner[side]) < 5 * sigma
    race = first_to("chronicles", odds.attacker.pmf, odds.defender.pmf, 3, ties=ties)
    even = first_to("chronicles", odds.attacker.pmf, odds.defender.pmf, 3)
    assert race.winner["tie"] == 0.0 and race.ties is ties
    assert race.winner[ties] == pytest.approx(even.winner[ties] + even.winner["tie"], abs=1e-15)
    # (in a race both sides have reached the goal, so equal totals are never 0 against 0)


# --- sundown resistance: the resister takes hits off, the attack is judged by what is left ---


def test_a_resisted_attack_is_labelled_by_the_hits_left() -> None:
    result = forced_contest(line("sundown 4 thr 2 vs sundown 2"), 5, 6, 5, 1, 5, 1)
    attack, resistance = result.attacker, result.defender
    assert dict(attack.counts) == {"hits": 3, "resisted": 1, "hits_left": 2, "net_hits": 0}
    assert attack.outcome is Outcome.SUCCESS
    assert attack.label.startswith("Professional.")  # 2 hits left
    assert resistance.total == 3 - 2 and dict(resistance.counts) == {"hits": 1}
    assert resistance.outcome is Outcome.FAILURE  # the attack still lands
    assert resistance.label == "Resistance: 1 hit taken off the attack; 2 hits still land"
    assert (result.winner, result.margin) == (Winner.ATTACKER, 2)


def test_a_resistance_that_stops_the_attack_succeeds_and_claims_no_awesomeness() -> None:
    result = forced_contest(line("sundown 3 vs sundown 3"), 5, 6, 1, 5, 6, 6)
    attack, resistance = result.attacker, result.defender
    assert dict(attack.counts) == {"hits": 2, "resisted": 2, "hits_left": 0, "net_hits": 0}
    assert attack.outcome is Outcome.FAILURE
    assert attack.label.startswith("Not Awesome.")
    assert resistance.outcome is Outcome.SUCCESS
    assert resistance.label == "Resistance: 2 hits taken off the attack; the attack fails"
    assert "Pedestrian" not in resistance.label
    assert (result.winner, result.margin) == (Winner.DEFENDER, 1)


def test_a_resisted_attack_under_its_threshold_fails_with_hits_left() -> None:
    result = forced_contest(line("sundown 3 thr 2 vs sundown 2"), 5, 6, 1, 5, 1)
    assert result.attacker.outcome is Outcome.FAILURE
    assert result.attacker.counts["hits_left"] == 1
    assert result.attacker.label.startswith("Completely Pedestrian.")
    assert result.defender.outcome is Outcome.SUCCESS
    assert result.winner is Winner.DEFENDER


def test_an_attacker_taking_ties_still_needs_a_success_of_its_own() -> None:
    request = line("hubris 1 vs hubris 1 ties attacker")
    assert forced_contest(request, 3, 4).winner is Winner.DEFENDER  # 0 against 0
    assert forced_contest(request, 9, 8).winner is Winner.ATTACKER  # 1 against 1
    odds = contest(request)
    a, d = odds.attacker.pmf, odds.defender.pmf
    behind = sum(a[i] * d[j] for i in range(1, a.size) for j in range(i + 1, d.size))
    assert odds.winner["defender"] == pytest.approx(a[0] + behind, abs=1e-15)
