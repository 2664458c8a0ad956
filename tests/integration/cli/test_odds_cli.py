"""`dicepool odds` and `dicepool compare`: end to end through the console script, and CliRunner."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from dicepool.cli.main import cli
from dicepool.core.request import ContestRequest
from dicepool.errors import DicepoolError, OddsError
from dicepool.notation import parse
from dicepool.odds import Distribution, contest, distribution, specialty_advice
from dicepool.odds.prolonged import prolonged_conflict
from dicepool.odds.several import extended_action, first_to

DICEPOOL = Path(sys.executable).parent / "dicepool"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed console script, as a user runs it."""
    return subprocess.run([str(DICEPOOL), *args], capture_output=True, text=True, check=False)


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def as_json(*args: str) -> dict[str, Any]:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    payload: dict[str, Any] = json.loads(result.output)
    return payload


# --- end to end: the console script -----------------------------------------------------------


def test_console_script_json_agrees_with_the_library() -> None:
    done = run("odds", "chronicles", "8", "--json")
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    exact = distribution(parse("chronicles 8"))
    assert payload["notation"] == "chronicles 8"
    assert payload["outcomes"] == pytest.approx(exact.outcomes, abs=1e-15)
    assert payload["mean"] == pytest.approx(8 / 3, abs=1e-12)  # each die: 0.3 / (1 - 0.1)
    assert payload["sd"] == pytest.approx(exact.sd, abs=1e-15)
    assert payload["distribution"]["0"] == pytest.approx(0.7**8, abs=1e-15)
    assert all(key.isdigit() for key in payload["distribution"])
    assert math.fsum(payload["distribution"].values()) == pytest.approx(1.0, abs=1e-12)
    assert 0 <= payload["tail_bound"] <= 1e-15


def test_console_script_contest_json_and_first_to() -> None:
    done = run("odds", "storypath 5 vs storypath 4", "--goal", "3", "--json")
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    exact = contest(parse("storypath 5 vs storypath 4"))
    assert payload["winner"] == pytest.approx(exact.winner, abs=1e-15)
    assert payload["winner"]["tie"] == 0.0  # storypath ties go to the defender
    margin = {int(k): p for k, p in payload["margin"].items()}
    assert sum(p for k, p in margin.items() if k > 0) == pytest.approx(
        payload["winner"]["attacker"], abs=1e-12
    )
    race = first_to("storypath", exact.attacker.pmf, exact.defender.pmf, 3)
    assert payload["first_to"]["winner"] == pytest.approx(race.winner, abs=1e-15)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["odds", "chronicles"], "column"),
        (["odds", "chronicles", "5", "--milestones", "2", "--intervals", "3"], "storypath"),
        (["odds", "classic 5 vs classic 4", "--goal", "20000"], "1<=x<=10000"),
    ],
)
def test_console_script_bad_input_exits_2_with_one_line(args: list[str], words: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: ")
    assert len(done.stderr.strip().splitlines()) == 1
    assert words in done.stderr


def test_console_script_option_mistake_is_a_usage_error() -> None:
    done = run("odds", "classic", "5", "--rolls", "3")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "--rolls needs --goal" in done.stderr.strip().splitlines()[-1]


# --- single rolls ------------------------------------------------------------------------------


def test_terminal_table_shows_outcomes_distribution_and_summary() -> None:
    result = invoke("odds", "classic", "3", "diff", "6")
    assert result.exit_code == 0, result.output
    exact = distribution(parse("classic 3 diff 6"))
    out = result.output
    assert "classic 3" in out.splitlines()[0]
    for name, p in exact.outcomes.items():
        assert any(
            name.replace("_", " ") in line and f"{100 * p:.2f}%" in line
            for line in out.splitlines()
        )
    assert "█" in out
    assert f"mean {exact.mean:.3f}" in out
    assert f"sd {exact.sd:.3f}" in out
    # A row per total: exactly and at least for 3 successes (all three dice succeed, no ones).
    p3 = (5 / 10) ** 3
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["3"])
    assert row[1] == f"{100 * p3:.2f}%"  # exactly 3
    assert f"{100 * p3:.2f}%" in row[2:]  # and at least 3, the same


def test_alias_expansion_is_shown() -> None:
    result = invoke("odds", "8cod")
    assert result.exit_code == 0, result.output
    assert "8cod -> chronicles 8" in result.output.splitlines()[0]
    assert "chronicles 8" in result.output.splitlines()[1]


def test_goal_adds_at_least() -> None:
    payload = as_json("odds", "chronicles", "6", "--goal", "2")
    exact = distribution(parse("chronicles 6"))
    assert payload["goal"] == {"goal": 2, "at_least": pytest.approx(exact.at_least(2), abs=1e-15)}
    assert payload["goal"]["at_least"] == pytest.approx(
        math.fsum(p for k, p in payload["distribution"].items() if int(k) >= 2), abs=1e-12
    )
    text = invoke("odds", "chronicles", "6", "--goal", "2").output
    assert f"P(at least 2 successes) = {100 * exact.at_least(2):.2f}%" in text


def test_goal_with_a_classic_specialty_gives_the_advice() -> None:
    payload = as_json("odds", "classic", "7", "spec", "--goal", "4")
    request = parse("classic 7 spec")
    advice = specialty_advice(request, 4)  # type: ignore[arg-type]
    assert payload["specialty"]["best"] == advice.best
    assert payload["specialty"]["gain"] == pytest.approx(advice.gain, abs=1e-15)
    assert payload["specialty"]["chances"] == pytest.approx(advice.chances, abs=1e-15)
    assert payload["specialty"]["chances"]["always"] + advice.gain == pytest.approx(
        advice.chances[advice.best], abs=1e-15
    )
    text = invoke("odds", "classic", "7", "spec", "--goal", "4").output
    assert f"best: {advice.best}" in text


def test_extended_action_matches_a_brute_force_sum() -> None:
    payload = as_json("odds", "sundown", "3", "--goal", "3", "--rolls", "2")
    # Hits on 3d6 are binomial(3, 1/3); the sum of two rolls is binomial(6, 1/3).
    exact = sum(math.comb(6, k) * (1 / 3) ** k * (2 / 3) ** (6 - k) for k in range(3, 7))
    assert payload["extended"]["chance"] == pytest.approx(exact, abs=1e-14)
    assert payload["extended"]["goal"] == 3 and payload["extended"]["rolls"] == 2
    needed = {int(k): p for k, p in payload["extended"]["needed"].items()}
    assert needed[1] + needed[2] == pytest.approx(exact, abs=1e-14)
    text = invoke("odds", "sundown", "3", "--goal", "3", "--rolls", "2").output
    assert f"P(3 hits within 2 rolls) = {100 * exact:.2f}%" in text


def test_extended_action_agrees_with_the_library_for_an_exploding_pool() -> None:
    payload = as_json("odds", "chronicles", "4", "--goal", "5", "--rolls", "3")
    exact = extended_action(distribution(parse("chronicles 4")).pmf, 5, 3)
    assert payload["extended"]["chance"] == pytest.approx(exact.chance, abs=1e-15)
    assert payload["extended"]["expected_rolls"] == pytest.approx(exact.expected_rolls)


def test_storypath_complex_action_is_binomial_in_the_interval_success() -> None:
    payload = as_json(
        "odds", "storypath", "6", "diff", "2", "--milestones", "3", "--intervals", "5"
    )
    p = payload["outcomes"]["success"]
    assert p == pytest.approx(distribution(parse("storypath 6 diff 2")).at_least(2), abs=1e-15)
    binomial = sum(math.comb(5, m) * p**m * (1 - p) ** (5 - m) for m in range(3, 6))
    action = payload["complex_action"]
    assert action["chance"] == pytest.approx(binomial, abs=1e-14)
    assert action["interval_success"] == pytest.approx(p)
    assert action["expected_intervals"] == pytest.approx(3 / p)


def test_storypath_opposed_complex_action() -> None:
    payload = as_json("odds", "storypath 5 vs storypath 5", "--milestones", "2", "--intervals", "1")
    # One Interval, two Milestones needed: no one finishes; the leader after one Interval wins,
    # level goes to the defender. Same pools: the attacker leads when it succeeds and the defender
    # does not.
    p = payload["attacker"]["outcomes"]["success"]
    race = payload["opposed_complex_action"]
    assert race["unresolved"] == pytest.approx(1.0)
    assert race["final"]["attacker"] == pytest.approx(p * (1 - p), abs=1e-15)
    assert race["final"]["defender"] == pytest.approx(1 - p * (1 - p), abs=1e-15)


def test_milestones_need_a_storypath_line() -> None:
    result = invoke("odds", "classic", "5", "--milestones", "2", "--intervals", "3")
    assert isinstance(result.exception, OddsError)
    assert "storypath" in str(result.exception)


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "classic", "5", "--rolls", "2"],
        ["odds", "storypath", "5", "--milestones", "2"],
        ["odds", "storypath", "5", "--intervals", "2"],
        ["odds", "hubris", "5", "--resistance", "3,2"],
        ["odds", "hubris 5 vs hubris 4", "--resistance", "3"],
        ["odds", "hubris 5 vs hubris 4", "--resistance", "0,2"],
        ["odds", "classic", "5", "--seed", "3"],
        ["odds", "classic", "5", "--simulate", "0"],
    ],
)
def test_option_mistakes_are_usage_errors(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert "Error" in result.output


# --- contests ----------------------------------------------------------------------------------


def test_contest_terminal_view_shows_the_winner_and_margin() -> None:
    result = invoke("odds", "chronicles 5 vs chronicles 5")
    assert result.exit_code == 0, result.output
    exact = contest(parse("chronicles 5 vs chronicles 5"))
    out = result.output
    assert exact.winner["attacker"] == pytest.approx(exact.winner["defender"], abs=1e-12)
    assert f"{100 * exact.winner['tie']:.2f}%" in out
    assert "equal totals are a tie in chronicles" in out
    assert "Margin" in out
    assert f"{100 * exact.margin[0]:.2f}%" in out


def test_first_to_with_a_round_limit() -> None:
    payload = as_json("odds", "chronicles 4 vs chronicles 3", "--goal", "4", "--rolls", "3")
    exact = contest(parse("chronicles 4 vs chronicles 3"))
    race = first_to("chronicles", exact.attacker.pmf, exact.defender.pmf, 4, 3)
    assert payload["first_to"]["rounds"] == 3
    assert payload["first_to"]["winner"] == pytest.approx(race.winner, abs=1e-15)
    assert payload["first_to"]["unresolved"] == pytest.approx(race.unresolved, abs=1e-15)


def test_prolonged_conflict() -> None:
    payload = as_json("odds", "hubris 5 vs hubris 4", "--resistance", "3,2")
    w = payload["winner"]
    exact = prolonged_conflict(w["attacker"], w["defender"], w["tie"], 3, 2)
    conflict = payload["prolonged_conflict"]
    assert conflict["resistance"] == {"attacker": 3, "defender": 2}
    assert conflict["prevails"]["attacker"] == pytest.approx(exact.attacker, abs=1e-15)
    assert conflict["prevails"]["attacker"] + conflict["prevails"]["defender"] == pytest.approx(1)
    assert conflict["expected_contests"] >= 2
    text = invoke("odds", "hubris 5 vs hubris 4", "--resistance", "3,2").output
    assert f"{100 * exact.attacker:.2f}%" in text


# --- simulation --------------------------------------------------------------------------------


def test_simulation_is_reported_beside_the_exact_figures_and_is_seeded() -> None:
    args = ("odds", "chronicles", "5", "--simulate", "20000", "--seed", "11")
    payload = as_json(*args)
    again = as_json(*args)
    simulated = payload["simulated"]
    assert simulated == again["simulated"]
    assert simulated["trials"] == 20000 and simulated["seed"] == 11
    for name, p in payload["outcomes"].items():
        bound = 6 * math.sqrt(p * (1 - p) / 20000) + 1 / 20000
        assert abs(simulated["outcomes"].get(name, 0.0) - p) < bound
    text = invoke(*args).output
    assert "simulated" in text
    assert "seed 11" in text


def test_simulated_contest() -> None:
    payload = as_json("odds", "sundown 4 vs sundown 3", "--simulate", "20000", "--seed", "5")
    for side, p in payload["winner"].items():
        bound = 6 * math.sqrt(p * (1 - p) / 20000) + 1 / 20000
        assert abs(payload["simulated"]["winner"][side] - p) < bound


# --- compare -----------------------------------------------------------------------------------


def test_compare_willpower_json() -> None:
    result = invoke("compare", "classic 4 diff 7", "classic 4 diff 7 wp", "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    plain = distribution(parse("classic 4 diff 7"))
    wp = distribution(parse("classic 4 diff 7 wp"))
    assert payload["first"]["notation"] == "classic 4 diff 7"
    for key in plain.outcomes:
        expected = wp.outcomes.get(key, 0.0) - plain.outcomes[key]
        assert payload["change"][key] == pytest.approx(expected, abs=1e-15)
    assert payload["change"]["botch"] == pytest.approx(-plain.outcomes["botch"])  # wp: no botch
    assert payload["mean_change"] == pytest.approx(wp.mean - plain.mean, abs=1e-12)


def test_compare_table() -> None:
    result = invoke("compare", "chronicles 5", "chronicles 5 rote")
    assert result.exit_code == 0, result.output
    plain = distribution(parse("chronicles 5"))
    rote = distribution(parse("chronicles 5 rote"))
    delta = 100 * (rote.outcomes["exceptional"] - plain.outcomes["exceptional"])
    assert f"{delta:+.2f}" in result.output
    assert f"{plain.mean:.3f}" in result.output and f"{rote.mean:.3f}" in result.output


def test_compare_contests_and_refuse_a_mix() -> None:
    payload = json.loads(
        invoke("compare", "hubris 5 vs hubris 5", "hubris 6 vs hubris 5", "--json").output
    )
    assert payload["change"]["attacker"] > 0 > payload["change"]["defender"]
    mixed = invoke("compare", "hubris 5", "hubris 5 vs hubris 4")
    assert isinstance(mixed.exception, DicepoolError)
    assert "one of each" in str(mixed.exception)


def test_help_lists_the_odds_commands() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    for name in ("odds", "compare", "chart", "plot"):
        assert any(line.split()[:1] == [name] for line in result.output.splitlines())


def test_a_contests_tie_rule_reaches_the_odds_the_race_and_the_screen() -> None:
    line = "hubris 4 vs hubris 4 ties attacker"
    payload = as_json("odds", line, "--goal", "3")
    request = parse(line)
    assert isinstance(request, ContestRequest)
    exact = contest(request)
    assert payload["notation"] == line
    assert payload["ties"] == "attacker" and payload["winner"]["tie"] == 0.0
    assert payload["winner"] == pytest.approx(exact.winner, abs=1e-15)
    race = first_to("hubris", exact.attacker.pmf, exact.defender.pmf, 3, ties=exact.ties)
    assert payload["first_to"]["winner"] == pytest.approx(race.winner, abs=1e-15)
    assert payload["first_to"]["ties"] == "attacker"
    shown = invoke("odds", line)
    assert shown.exit_code == 0
    assert "equal totals go to the attacker (ties attacker)" in shown.output
    assert " tie " not in shown.output.split("Margin")[0]


def test_team_odds_on_the_command_line() -> None:
    payload = as_json("odds", "hubris 3 team 4 team 2 diff 1 min 1")
    exact = distribution(parse("hubris 3 team 4 team 2 diff 1 min 1"))
    assert isinstance(exact, Distribution)
    assert payload["outcomes"] == pytest.approx(exact.outcomes, abs=1e-15)
    assert payload["outcomes"]["success"] == 1.0
