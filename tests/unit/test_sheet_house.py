"""House rules: a campaign's options on every roll; the line's own option wins."""

from __future__ import annotations

import pytest

from dicepool.core.request import ContestRequest, RollRequest
from dicepool.core.result import Winner
from dicepool.errors import NotationError
from dicepool.notation.house import read_house_rules
from dicepool.notation.parser import parse
from dicepool.notation.renderer import render


def applied(system: str, rules: str, line: str) -> str:
    return render(read_house_rules(system, rules).apply(parse(line)))


def test_a_house_rule_is_applied_to_a_plain_roll() -> None:
    assert applied("chronicles", "9again", "chronicles 5") == "chronicles 5 9again"
    assert applied("classic", "diff 7", "classic 4") == "classic 4 diff 7"


def test_the_lines_own_option_wins() -> None:
    assert applied("chronicles", "9again", "chronicles 5 8again") == "chronicles 5 8again"
    assert applied("classic", "diff 7", "classic 4 diff 5") == "classic 4 diff 5"


def test_a_house_rule_applies_to_both_sides_of_a_contest() -> None:
    assert applied("chronicles", "9again", "chronicles 5 vs chronicles 4") == (
        "chronicles 5 9again vs chronicles 4 9again"
    )


def test_each_side_of_a_contest_keeps_its_own_option() -> None:
    assert applied("chronicles", "9again", "chronicles 5 8again vs chronicles 4") == (
        "chronicles 5 8again vs chronicles 4 9again"
    )


def test_ties_apply_to_contests_only() -> None:
    rules = read_house_rules("hubris", "ties attacker")
    assert rules.ties is Winner.ATTACKER and rules.text == "ties attacker"
    single = rules.apply(parse("hubris 5"))
    assert isinstance(single, RollRequest) and single == parse("hubris 5")
    contest = rules.apply(parse("hubris 5 vs hubris 4"))
    assert isinstance(contest, ContestRequest) and contest.tie_rule is Winner.ATTACKER


def test_a_contests_own_ties_win_over_the_house_rule() -> None:
    contest = read_house_rules("hubris", "ties attacker").apply(
        parse("hubris 5 vs hubris 4 ties defender")
    )
    assert isinstance(contest, ContestRequest) and contest.tie_rule is Winner.DEFENDER


def test_house_rules_are_written_back_in_canonical_form() -> None:
    rules = read_house_rules("chronicles", "  9AGAIN   ties  attacker ")
    assert rules.text == "9again ties attacker"
    assert rules.fields == {"again": 9}
    assert read_house_rules("chronicles", "").text == ""


@pytest.mark.parametrize(
    ("system", "text"),
    [("chronicles", "diff 7 bogus"), ("storypath", "ties attacker"), ("sundown", "10again")],
)
def test_an_option_the_system_does_not_have_is_refused(system: str, text: str) -> None:
    with pytest.raises(NotationError):
        read_house_rules(system, text)
