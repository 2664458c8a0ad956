"""Storypath through the CLI: complications and stunts (ruling 10), teamwork, Scale and mixed
actions, as `dicepool roll` and `dicepool odds` show them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dicepool.cli.main import cli
from dicepool.notation import parse
from dicepool.odds import distribution

from .conftest import Run


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def as_json(*args: str) -> dict[str, object]:
    code, output = invoke(*args, "--json")
    assert code == 0, output
    payload: dict[str, object] = json.loads(output)
    return payload


def test_no_stunts_while_a_complication_stands() -> None:
    roll = as_json("roll", "storypath 3 comp 3", "--dice", "8,8,8")
    assert roll["threshold_successes"] == 2
    assert roll["complications_left"] == 1
    assert roll["stunt_successes"] == 0
    assert roll["label"] == "Normal"
    _, text = invoke("roll", "storypath 3 comp 3", "--dice", "8,8,8")
    assert "1 complication left" in text and "stunt" not in text


def test_the_assistants_dice_show_in_the_terminal_and_the_json() -> None:
    line, faces = "storypath 2 diff 2 assist 2 assist 1 scale 1", "8,10,9,9,2,7"
    roll = as_json("roll", line, "--dice", faces)
    dice = roll["dice"]
    assert isinstance(dice, list)
    assert [(d["origin"], d["roller"], d["roll"]) for d in dice] == [
        ("rolled", 0, 0),
        ("rolled", 0, 0),
        ("exploded", 0, 0),
        ("rolled", 1, 0),
        ("rolled", 1, 0),
        ("rolled", 2, 0),
    ]
    assert (roll["rolled"], roll["teamwork"], roll["scale"], roll["successes"]) == (3, 1, 1, 5)
    code, text = invoke("roll", line, "--dice", faces)
    assert code == 0
    assert "assist 1 rolled  9 2" in text and "assist 2 rolled  7" in text
    assert "1 teamwork" in text and "1 scale" in text
    # an assistant's explosion is grouped under the assistant, as a team member's is
    _, text = invoke("roll", line, "--dice", "8,10,9,10,2,7,3")
    assert "assist 1 rolled    10! 2" in text and "assist 1 exploded  7" in text


def test_a_mixed_roll_lists_each_challenge() -> None:
    line = "storypath 4 diff 2 enh 1; diff 3 comp 1"
    roll = as_json("roll", line, "--dice", "8,9,3,1")
    assert roll["notation"] == line
    assert roll["outcome"] == "failure"
    challenges = roll["challenges"]
    assert isinstance(challenges, list)
    assert [(c["outcome"], c["successes"], c["complications_left"]) for c in challenges] == [
        ("success", 3, 0),
        ("failure", 2, 1),
    ]
    assert [c["label"] for c in challenges] == [
        "Competent",
        "Failure: a Consolation, or 1 Momentum",
    ]
    _, text = invoke("roll", line, "--dice", "8,9,3,1")
    assert "challenge 1: SUCCESS" in text and "challenge 2: FAILURE" in text
    assert "1 of 2 challenges met" in text


def test_mixed_odds_give_each_challenges_outcomes() -> None:
    line = "storypath 4 diff 2 enh 1; diff 3 comp 1"
    payload = as_json("odds", line, "--simulate", "2000", "--seed", "3")
    exact = distribution(parse(line))  # type: ignore[arg-type]
    challenges = payload["challenges"]
    assert isinstance(challenges, list)
    assert [c["outcomes"] for c in challenges] == [dict(c) for c in exact.challenges]
    assert payload["outcomes"] == exact.outcomes
    simulated = payload["simulated"]
    assert isinstance(simulated, dict) and len(simulated["challenges"]) == 2
    code, text = invoke("odds", line)
    assert code == 0 and "Each challenge of the mixed action" in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("roll", "storypath 4; diff 2 vs storypath 3"), "cannot be a side of a contest"),
        (("odds", "storypath 4 vs storypath 3; diff 2"), "cannot be a side of a contest"),
        (("roll", "storypath 4; tn 7"), "belongs to the whole roll"),
        (("roll", "storypath 5000 assist 5001"), "over the limit of 10000"),
    ],
)
def test_bad_storypath_lines_get_one_line_and_exit_two(
    dicepool: Run, args: tuple[str, ...], needle: str
) -> None:
    done = dicepool(*args)
    assert done.returncode == 2
    assert needle in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
