"""`dicepool roll` through the installed entry point, and its rendering through click."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from dicepool.cli.main import cli

from .conftest import Run

EXAMPLES = [
    "chronicles 7",
    "chronicles 7 9again rote",
    "chronicles 5+2-3",
    "chronicles 0",
    "classic 5 diff 6",
    "classic 7 diff 8 thr 1 spec",
    "classic 7 spec until 3",
    "sundown 12 thr 3",
    "sundown 12 thr 3 edge 2",
    "sundown 12 thr 3 second-chance",
    "storypath 7 tn 7 diff 2 enh 1 comp 1",
    "storypath 5 diff 2 assist 3 assist 2 scale 1",
    "hubris 6 edge 2 diff 1 rote",
    "hubris 4 wp auto 1",
    "custom 8d10 t8 again 10 cancel 1 botch",
]
CONTESTS = ["chronicles 6 vs chronicles 4", "storypath 5 diff 1 vs storypath 6"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def invoke(*args: str, color: bool = False) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), color=color)
    return result.exit_code, result.output


def check_roll_object(roll: dict[str, object], system: str) -> None:
    assert roll["system"] == system
    assert roll["outcome"] in {"success", "failure", "botch", "exceptional", "dramatic_failure"}
    assert isinstance(roll["label"], str) and roll["label"]
    dice = roll["dice"]
    assert isinstance(dice, list) and dice
    assert all(1 <= d["face"] <= (6 if system == "sundown" else 10) for d in dice)
    total = sum(d["standing"] for d in dice)
    if system == "sundown":
        assert roll["hits"] == total
        assert "successes" not in roll
    else:
        extra = roll.get("auto", 0) + roll.get("enhancement", 0) + roll.get("scale", 0)  # type: ignore[operator]
        assert roll["successes"] == total + extra


@pytest.mark.parametrize("line", EXAMPLES)
def test_every_example_line_rolls_through_the_real_entry_point(dicepool: Run, line: str) -> None:
    done = dicepool("roll", line, "--seed", "7", "--json")
    assert done.returncode == 0, done.stderr
    roll = json.loads(done.stdout)
    check_roll_object(roll, line.split()[0])
    assert roll["notation"].split()[0] == line.split()[0]


@pytest.mark.parametrize("line", CONTESTS)
def test_contests_print_both_rolls_the_winner_and_margin(dicepool: Run, line: str) -> None:
    done = dicepool("roll", line, "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    contest = json.loads(done.stdout)
    system = line.split()[0]
    check_roll_object(contest["attacker"], system)
    check_roll_object(contest["defender"], system)
    a, d = contest["attacker"]["successes"], contest["defender"]["successes"]
    assert contest["margin"] == abs(a - d)
    expected = "attacker" if a > d else "defender" if d > a else "tie"
    if system == "storypath" and a == d:
        expected = "defender"
    assert contest["winner"] == expected


def test_faces_rolled_by_hand_resolve_the_classic_example(dicepool: Run) -> None:
    done = dicepool("roll", "classic 5 diff 6", "--dice", "1,3,4,6,7", "--json")
    assert done.returncode == 0, done.stderr
    roll = json.loads(done.stdout)
    assert [d["face"] for d in roll["dice"]] == [1, 3, 4, 6, 7]
    assert roll["successes"] == 1
    assert roll["outcome"] == "success"
    assert roll["notation"] == "classic 5"


def test_too_few_faces_say_how_many_more(dicepool: Run) -> None:
    done = dicepool("roll", "classic 7 diff 8 spec", "--dice", "2,3,3,5,7,8,10")
    assert done.returncode == 2
    assert "at least 1 more" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_left_over_faces_are_refused(dicepool: Run) -> None:
    done = dicepool("roll", "chronicles 2", "--dice", "3,4,5")
    assert done.returncode == 2
    assert "remove the last 1 (5)" in done.stderr


def test_the_sniper_example_by_hand_shows_the_specialty_die() -> None:
    code, output = invoke("roll", "classic 7 diff 8 spec", "--dice", "2 3 3 5 7 8 10 1")
    assert code == 0
    assert "specialty" in output
    assert "1 successes" in output or "1 success" in output


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("classic 5 diff 11", "column"),
        ("chronicles seven", "column"),
        ("pokemon 5", "unknown system"),
        ("chronicles 10001", "10000"),
        ("chronicles " + "1+" * 300 + "1", "500"),
    ],
)
def test_bad_lines_get_one_line_and_exit_two(dicepool: Run, line: str, needle: str) -> None:
    done = dicepool("roll", line)
    assert done.returncode == 2
    assert needle in done.stderr.replace(",", "")
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_a_seed_makes_the_roll_reproducible() -> None:
    first = invoke("roll", "chronicles 12 8again", "--seed", "42", "--json")
    again = invoke("roll", "chronicles 12 8again", "--seed", "42", "--json")
    other = invoke("roll", "chronicles 12 8again", "--seed", "43", "--json")
    assert first == again
    assert json.loads(first[1])["dice"] != json.loads(other[1])["dice"]


def test_without_seed_or_dice_the_secure_generator_rolls() -> None:
    rolls = [json.loads(invoke("roll", "chronicles 20", "--json")[1]) for _ in range(3)]
    faces = [[d["face"] for d in roll["dice"]] for roll in rolls]
    assert all(1 <= f <= 10 for fs in faces for f in fs)
    assert len({tuple(fs) for fs in faces}) > 1


def test_seed_and_dice_together_are_refused(dicepool: Run) -> None:
    done = dicepool("roll", "chronicles 2", "--seed", "1", "--dice", "3,4")
    assert done.returncode == 2
    assert "--seed and --dice cannot be used together" in done.stderr


def test_a_face_that_is_not_a_number_is_refused(dicepool: Run) -> None:
    done = dicepool("roll", "chronicles 2", "--dice", "3,x")
    assert done.returncode == 2
    assert "`x` (number 2) is not a face" in done.stderr


def test_an_alias_is_echoed_with_its_expansion() -> None:
    code, output = invoke("roll", "8cod", "--seed", "1")
    assert code == 0
    assert "8cod -> chronicles 8" in output


def test_the_line_can_be_typed_without_quotes() -> None:
    code, output = invoke("roll", "classic", "5", "--dice", "1,3,4,6,7", "--json")
    assert code == 0
    assert json.loads(output)["successes"] == 1


def test_dice_are_coloured_by_what_happened_to_them() -> None:
    code, output = invoke("roll", "classic 5 diff 6", "--dice", "1,3,4,6,7", color=True)
    assert code == 0
    assert "\x1b[31m\x1b[1m1" in output  # the one, red
    assert "\x1b[32m\x1b[1m7" in output  # the standing success, green
    assert "\x1b[9m" in output  # the cancelled 6 struck through
    plain = ANSI.sub("", output)
    assert "SUCCESS" in plain and "Success: just barely" in plain


def test_without_colour_marks_still_show_what_happened() -> None:
    code, output = invoke("roll", "classic 4 thr 1", "--dice", "6,7,1,10")
    assert code == 0
    assert "(6) (7) 1 10" in output  # removed by the threshold, cancelled by the one
    code, output = invoke("roll", "hubris 2 rote", "--dice", "3,9,10,8")
    assert "[3] [9]" in output and "10!" in output  # the first roll was not kept
    code, output = invoke("roll", "storypath 2 double", "--dice", "10,3")
    assert "10x2" in output and "2 successes" in output


@pytest.mark.parametrize("face", ["²", "\u0661", "7.5", "-1"])
def test_faces_must_be_plain_numbers(dicepool: Run, face: str) -> None:
    done = dicepool("roll", "classic 3", "--dice", f"1,2,{face}")
    assert done.returncode == 2
    assert f"`{face}` (number 3) is not a face" in done.stderr


def test_a_negative_pool_typed_without_quotes_gets_a_hint(dicepool: Run) -> None:
    done = dicepool("roll", "chronicles", "-5")
    assert done.returncode == 2
    assert 'put the roll line in quotes, e.g. dicepool roll "chronicles -5"' in done.stderr


def test_two_lines_typed_without_quotes_get_a_hint(dicepool: Run) -> None:
    done = dicepool("compare", "classic", "6", "diff", "7")
    assert done.returncode == 2
    assert "put each roll line in quotes" in done.stderr


# --- hubris rote on a chance die, teamwork, the minimum; contests' tie rule; resistance ------


@pytest.mark.parametrize(
    ("line", "outcome"),
    [
        ("hubris 1 diff 4 rote keep first", "failure"),  # the first chance die, a 5, stands
        ("hubris 1 diff 4 wp", "failure"),  # the better roll: the 5 over the 1
        ("hubris 1 diff 4 rote keep second", "dramatic_failure"),
    ],
)
def test_rote_on_a_chance_die_keeps_the_chosen_roll(line: str, outcome: str) -> None:
    code, output = invoke("roll", line, "--dice", "5,1", "--json")
    assert code == 0, output
    assert json.loads(output)["outcome"] == outcome


def test_team_members_dice_show_by_roller_with_the_rolls_not_applied_discarded() -> None:
    line = "hubris 3 team 4 team 2 diff 1"
    code, output = invoke("roll", line, "--dice", "8,2,9,9,10,3,5", "--json")
    assert code == 0, output
    roll = json.loads(output)
    check_roll_object(roll, "hubris")
    assert roll["notation"] == "hubris 3 diff 1 team 4 team 2"
    assert (roll["successes"], roll["applied"]) == (3, 1)
    assert [d["roller"] for d in roll["dice"]] == [0, 0, 1, 1, 1, 1, 2]
    discarded = ["discarded" in d["events"] for d in roll["dice"]]
    assert discarded == [True, True, False, False, False, False, True]
    code, output = invoke("roll", line, "--dice", "8,2,9,9,10,3,5")
    assert "team 1 rolled    9 9 10!" in output and "team 2 rolled    [5]" in output
    assert "team 1's roll applies" in output and "applied" not in output.split("=")[1][:30]


def test_a_minimum_is_counted_and_shown() -> None:
    code, output = invoke("roll", "hubris 3 min 2 auto 1", "--dice", "8,2,2", "--json")
    roll = json.loads(output)
    assert (roll["successes"], roll["rolled"], roll["auto"], roll["minimum"]) == (2, 1, 1, 2)
    code, output = invoke("roll", "hubris 3 min 2", "--dice", "8,2,2")
    assert code == 0
    assert "2 successes, 1 rolled, 2 minimum" in output


def test_a_contests_tie_rule_is_written_back_and_shown() -> None:
    line = "hubris 2 vs hubris 2 ties attacker"
    code, output = invoke("roll", line, "--dice", "8,3,9,4", "--json")
    contest = json.loads(output)
    assert contest["notation"] == line
    assert (contest["winner"], contest["margin"], contest["ties"]) == ("attacker", 0, "attacker")
    code, output = invoke("roll", line, "--dice", "8,3,9,4")
    assert "the attacker wins the tie" in output
    assert "(equal totals go to the attacker: ties attacker)" in output
    code, output = invoke("roll", "chronicles 1 vs chronicles 1", "--dice", "8,9", "--json")
    assert code == 0
    assert json.loads(output)["ties"] == "tie"


def test_a_sundown_resister_says_what_it_took_off() -> None:
    code, output = invoke("roll", "sundown 3 vs sundown 3", "--dice", "5,6,1,5,6,6")
    assert code == 0
    assert "2 hits, 2 resisted, 0 hits left, 0 net hits" in output
    assert "SUCCESS  Resistance: 2 hits taken off the attack; the attack fails" in output
    assert "Completely Pedestrian" not in output
    code, output = invoke("roll", "sundown 3 vs sundown 3", "--dice", "5,6,5,5,1,1", "--json")
    contest = json.loads(output)
    attacker, resister = contest["attacker"], contest["defender"]
    assert (attacker["hits_left"], attacker["outcome"], contest["winner"]) == (
        2,
        "success",
        "attacker",
    )
    assert attacker["label"].startswith("Professional.")
    assert resister["label"] == "Resistance: 1 hit taken off the attack; 2 hits still land"
