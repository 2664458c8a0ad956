"""A roll as Discord shows it, in each system and in a contest: the result on the first line in
the rules text's words, the dice marked so the marks survive copying (``*`` a success, ``-`` a
one that counts against the roll, failures plain), one code block within Discord's 2,000
characters that pings no one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dicepool.campaign.table import SeenEvent
from dicepool.core.dice import ForcedDice
from dicepool.core.roll import resolve_any
from dicepool.notation.parser import parse
from dicepool.notation.record import record
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import Drawn, Rolled
from dicepool.web.discord_rolls import die_text
from dicepool.web.discord_words import CONTENT, event_lines, message, rolled_text


def seen(
    line: str,
    numbers: str,
    faces: list[int],
    rollers: tuple[str | None, ...] = ("Ana",),
    hidden: bool = False,
) -> SeenEvent:
    """Roll #12, by seat Bo: ``line`` rolled as ``numbers`` reading ``faces`` (typed by hand)."""
    source = ForcedDice(faces)
    logged = record(resolve_any(parse(numbers), source))
    source.check_all_used()
    characters = tuple(r for r in rollers if r)
    comment = line.partition("#")[2].strip() or None
    rolled = Rolled(
        line,
        str(logged["notation"]),
        logged,
        characters,
        rollers,
        comment,
        "",
        {},
        hidden,
        Drawn(typed=True),
    )
    return SeenEvent(replace(event_of(Kind.ROLLED, rolled), seq=12, actor="Bo"))


def dice_of(text: str, group: str = "rolled") -> list[str]:
    """The dice of a group's line, as written."""
    line = next(x for x in text.splitlines() if x.split()[:1] == [group])
    return line.split()[1:]


ANSWERS = [
    (  # 10-again: the 10 added a die
        seen("Dexterity + Stealth # the lock", "chronicles 3+2", [10, 8, 3, 1, 5, 7]),
        "Ana — Dexterity + Stealth: 2 successes (Success)",
        ["10!*", "8*", "3", "1", "5"],
    ),
    (  # ones cancel the highest success, and say so
        seen("Dexterity + Stealth", "classic 3+2 diff 6", [10, 7, 1, 3, 6]),
        "Ana — Dexterity + Stealth: 2 successes (Success)",
        ["(10)", "7*", "1-", "3", "6*"],
    ),
    (
        seen("Dexterity + Stealth", "hubris 3+2", [8, 9, 2, 1, 10, 4]),
        "Ana — Dexterity + Stealth: 3 successes (Success)",
        ["8*", "9*", "2", "1", "10!*"],
    ),
    (
        seen("Agility + Sneaking", "sundown 3+2", [5, 6, 1, 2, 3]),
        "Ana — Agility + Sneaking: 1 net hit (Professional. Don't try this at home.)",
        ["5*", "6*", "1", "2", "3"],
    ),
    (  # a botch: its one marked
        seen("storypath 3", "storypath 3", [1, 2, 3], (None,)),
        "Bo — storypath 3: 0 successes (Botch: 3 Momentum is the only Consolation)",
        ["1-", "2", "3"],
    ),
]


@pytest.mark.parametrize(("rolled", "first", "dice"), ANSWERS)
def test_a_roll_says_its_result_first_then_its_dice_marked(
    rolled: SeenEvent, first: str, dice: list[str]
) -> None:
    text = rolled_text(rolled)
    lines = text.splitlines()
    assert lines[0] == first
    assert lines[1].startswith("  #12 by Bo") and "typed" in lines[1]
    assert dice_of(text) == dice
    sent = message(text)
    assert len(sent["content"]) <= CONTENT and sent["allowed_mentions"] == {"parse": []}
    assert sent["content"].count("```") == 2


def test_the_line_names_the_numbers_and_the_comment_where_they_differ() -> None:
    text = rolled_text(ANSWERS[0][0])
    assert text.splitlines()[1] == "  #12 by Bo · chronicles 3+2 · typed · # the lock"
    assert dice_of(text, "exploded") == ["7"]
    plain = rolled_text(ANSWERS[4][0]).splitlines()[1]
    assert plain == "  #12 by Bo · typed"  # `storypath 3` twice says nothing more


def test_a_chance_die_and_its_dramatic_failure() -> None:
    text = rolled_text(seen("chronicles 1 - 2", "chronicles 1-2", [1]))
    assert text.splitlines()[0] == "Ana — chronicles 1 - 2: 0 successes (Dramatic failure)"
    assert dice_of(text, "chance") == ["1-"]


def test_a_contest_names_each_side_and_the_winner() -> None:
    line = "Ana: Dexterity + Stealth vs Guard: Wits + Composure"
    rolled = seen(
        line, "chronicles 5 vs chronicles 4", [8, 9, 2, 1, 3, 2, 8, 4, 5], ("Ana", "Guard")
    )
    lines = rolled_text(rolled).splitlines()
    assert lines[0] == "Ana vs Guard — Dexterity + Stealth vs Wits + Composure: Ana wins by 1"
    assert lines[2:] == [
        "  Ana    2 successes (Success)",
        "    rolled  8* 9* 2 1 3",
        "  Guard  1 success (Success)",
        "    rolled  2 8* 4 5",
    ]


def test_a_contest_of_unnamed_sides_and_a_tie() -> None:
    rolled = seen("hubris 2 vs hubris 2", "hubris 2 vs hubris 2", [8, 2, 9, 3], (None, None))
    first = rolled_text(rolled).splitlines()[0]
    assert first == "the attacker vs the defender — hubris 2 vs hubris 2: a tie"


def test_a_hidden_roll_tells_the_storyteller_how_to_reveal_it() -> None:
    text = rolled_text(seen("hubris 4 # ambush", "hubris 4", [8, 9, 2, 1], (None,), hidden=True))
    assert text.splitlines()[0] == "Bo — hubris 4: 2 successes (Success)"
    assert "hidden" in text.splitlines()[1]
    assert text.splitlines()[-1] == "only you see it: /reveal seq:12 shows it to the table"


def test_a_revealed_roll_in_the_channel_says_so() -> None:
    shown = replace(seen("hubris 4", "hubris 4", [8, 9, 2, 1], (None,), hidden=True), revealed=True)
    assert event_lines(shown)[1].startswith("  #12 by Bo, revealed")


def test_a_large_roll_fits_one_message_its_result_first_its_dice_wrapped() -> None:
    rolled = seen("chronicles 400 # @everyone ```", "chronicles 400", [5] * 399 + [8])
    text = rolled_text(rolled)
    assert text.splitlines()[0] == "Ana — chronicles 400: 1 success (Success)"
    assert all(len(line) <= 60 for line in text.splitlines()[2:])
    sent = message(text)
    assert len(sent["content"]) <= CONTENT and sent["content"].count("```") == 2
    assert sent["allowed_mentions"] == {"parse": []}


def test_another_event_says_what_it_did_then_its_number_and_who() -> None:
    event = Event(Kind.HOUSE_RULES_SET, {"house_rules": "9again"}, seq=7, actor="storyteller")
    assert event_lines(SeenEvent(event)) == ["house rules: 9again  (#7 by storyteller)"]


@pytest.mark.parametrize(
    ("die", "shown"),
    [
        ({"face": 10, "successes": 2, "standing": 2, "events": ["exploded"]}, "10x2!*"),
        ({"face": 3, "successes": 0, "standing": 0, "events": ["rerolled"]}, "[3]"),
        ({"face": 7, "successes": 1, "standing": 0, "events": ["cancelled"]}, "(7)"),
        ({"face": 1, "successes": 0, "standing": 0, "events": ["one", "cancels"]}, "1-"),
        ({"face": 4, "successes": 0, "standing": 0, "events": []}, "4"),
    ],
)
def test_each_look_of_a_die_has_one_mark(die: dict[str, object], shown: str) -> None:
    assert die_text(die) == shown
