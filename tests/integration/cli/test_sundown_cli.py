"""After Sundown's Edge, passes and Power from the command line: spends, second chances,
Resistance Tests, undo and db check."""

from __future__ import annotations

from typing import Any

import click
import pytest

from .conftest import Table


def night(table: Table) -> Table:
    """A sundown campaign: Ana (Edge 2, Potency 1, 5 Power Points), Bo an Extra (Edge 0)."""
    table.ok("campaign", "create", "Night", "--system", "sundown")
    table.ok("char", "create", "Ana", "--set", "Edge=2 Potency=1 Agility=4 Strength=3")
    table.ok("power", "Ana", "regain", "5")  # the reserve's points are state (ruling 19)
    table.ok("char", "create", "Bo", "--set", "Agility=5 Firearms=4")
    return table


@pytest.fixture
def sundown(table: Table) -> Table:
    return night(table)


def edge(table: Table, name: str = "Ana") -> dict[str, Any]:
    shown = table.json("char", "show", name)["edge"]
    assert isinstance(shown, dict)
    return shown


def test_edge_on_rolls_a_second_chance_undo_and_db_check_on_both_databases(
    any_table: Table,
) -> None:
    table = night(any_table)
    made = table.json(
        "roll", "--char", "Ana", "Agility", "--spend", "edge", "--dice", "1,2,5,3,4,6"
    )
    assert made["numbers"] == "sundown 4 edge 2" and made["hits"] == 2
    assert made["effects"] == {"edge": {"spends": [{"character": "Ana", "use": "dice"}]}}
    missed = table.json("roll", "--char", "Ana", "Agility", "--dice", "1,5,2,3")
    again = table.json("reroll", str(missed["event"]), "--spend", "edge", "--dice", "6,5,1")
    assert again["rerolls"] == missed["event"] and again["hits"] == 3
    assert again["edge"]["left"] == 0
    log = table.ok("log")
    assert f"second chance on event {missed['event']}: Ana rerolls 3 misses, 2 net hits" in log
    assert "cannot undo" in table.refused("undo", str(missed["event"]))
    table.ok("undo")  # the second chance: the Edge comes back
    assert edge(table)["left"] == 1
    assert "agree with the log" in table.ok("db", "check")


def test_a_roll_without_edge_left_is_refused_and_nothing_is_logged(sundown: Table) -> None:
    table = sundown
    table.ok("spend", "Ana", "edge", "--escape")
    table.ok("roll", "--char", "Ana", "Agility edge 2", "--seed", "1")  # typed: a spend too
    assert edge(table) == {
        "rating": 2,
        "spent": 2,
        "left": 0,
        "spends": [{"use": "escape", "for": ""}, {"use": "dice", "for": ""}],
    }
    before = table.ok("log", "--json")
    assert "all 2 spends" in table.refused("roll", "--char", "Ana", "Agility", "--spend", "edge")
    assert "all 2 spends" in table.refused("roll", "--char", "Ana", "Agility second-chance")
    assert table.ok("log", "--json") == before
    table.ok("next", "chronicle")
    assert edge(table)["left"] == 2


def test_ruling_2_a_pool_at_zero_rolls_the_edge_score(sundown: Table) -> None:
    table = sundown
    assert "cannot be made" in table.refused("roll", "--char", "Ana", "Agility - 5")
    made = table.json("roll", "--char", "Ana", "Agility - 5", "--spend", "edge", "--dice", "5,1")
    assert made["hits"] == 1 and "Edge is the pool" in made["notes"][0]


def test_the_second_chance_is_refused_where_ruling_1_gives_none(sundown: Table) -> None:
    table = sundown
    hit = table.json("roll", "--char", "Ana", "Agility", "--dice", "5,6,5,6")["event"]
    plain = table.json("roll", "sundown 3", "--campaign", "Night", "--dice", "1,1,1")["event"]
    contest = table.json("roll", "Bo: Agility vs Ana: Strength", "--seed", "2")["event"]
    missed = table.json("roll", "--char", "Ana", "Agility", "--dice", "1,1,1,1")["event"]
    assert "there are none" in table.refused("reroll", str(hit), "--spend", "edge")
    assert "no character's roll" in table.refused("reroll", str(plain), "--spend", "edge")
    assert "a contest" in table.refused("reroll", str(contest), "--spend", "edge")
    assert "not a roll" in table.refused("reroll", "2", "--spend", "edge")
    assert "no event 999" in table.refused("reroll", "999", "--spend", "edge")
    assert "bought with Edge" in table.refused("reroll", str(missed))
    assert "faces given" in table.refused("reroll", str(missed), "--spend", "edge", "--dice", "1")
    table.ok("reroll", str(missed), "--spend", "edge", "--dice", "1,2,3,4")
    assert "rerolled already" in table.refused("reroll", str(missed), "--spend", "edge")
    table.ok("undo", str(missed + 1))  # the second chance undone...
    table.ok("undo", str(missed))  # ...then the roll
    assert "is undone" in table.refused("reroll", str(missed), "--spend", "edge")
    assert "bring that back first" in table.refused("undo", str(missed + 2))
    assert "agree with the log" in table.ok("db", "check")


def test_an_undone_second_chance_comes_back_only_while_its_roll_has_no_other(
    sundown: Table,
) -> None:
    table = sundown
    missed = table.json("roll", "--char", "Ana", "Agility", "--dice", "1,1,1,1")["event"]
    table.ok("reroll", str(missed), "--spend", "edge", "--dice", "1,2,3,4")
    table.ok("undo", str(missed + 1))  # the first second chance undone (event missed + 2)
    table.ok("reroll", str(missed), "--spend", "edge", "--dice", "6,6,1,1")  # a new one
    refused = table.refused("undo", str(missed + 2))  # the first one brought back: two
    assert f"event {missed + 3} is the second chance of roll {missed} now" in refused
    table.ok("undo", str(missed + 3))
    table.ok("undo", str(missed + 2))  # with the other one undone, it comes back
    assert "rerolled already" in table.refused("reroll", str(missed), "--spend", "edge")
    assert "agree with the log" in table.ok("db", "check")


def test_a_chronicles_roll_takes_no_second_chance(table: Table) -> None:
    table.ok("campaign", "create", "Dusk", "--system", "chronicles")
    table.ok("char", "create", "Ana", "--set", "Dexterity=2")
    event = table.json("roll", "--char", "Ana", "Dexterity", "--dice", "1,1")["event"]
    assert "a chronicles roll" in table.refused("reroll", str(event), "--spend", "edge")
    assert "After Sundown's" in table.refused("roll", "--char", "Ana", "Dex", "--spend", "edge")
    assert "After Sundown's" in table.refused("pass", "Ana")


def test_resistance_tests_add_edge_free_and_a_soak_armor(sundown: Table) -> None:
    table = sundown
    made = table.json("roll", "--char", "Ana", "Strength", "--resist", "--seed", "1")
    assert made["numbers"] == "sundown 3+2"
    assert made["effects"]["resist"] == {"character": "Ana", "edge": 2, "soak": False, "armor": 0}
    soak = table.json(
        "roll", "Bo: Agility + Firearms vs Ana: Strength", "--armor", "1", "--seed", "5"
    )
    assert soak["numbers"] == "sundown 5+4 vs sundown 3+3"
    assert soak["effects"]["resist"]["soak"] is True
    out = click.unstyle(table.ok("roll", "--char", "Ana", "Strength", "--soak", "--seed", "1"))
    assert "Ana soaks: Edge 2 added free" in out
    assert edge(table)["left"] == 2  # free
    assert "--armor is 0..50" in table.refused("roll", "--char", "Ana", "Str", "--armor", "51")
    assert "add --char NAME" in table.refused("roll", "sundown 3", "--resist")


def test_passes_a_round_with_an_edge_pass_and_next_round(sundown: Table) -> None:
    table = sundown
    table.ok("pass", "Ana")
    assert "normal Initiative Passes taken" in table.refused("pass", "Ana")
    out = click.unstyle(table.ok("pass", "ana", "--edge"))
    assert "▶▶▷▷ 2 this round" in out and "✦✧ 1 of 2 left" in out
    assert table.json("char", "show", "Ana")["passes"] == 2
    table.ok("next", "round")
    assert table.json("char", "show", "Ana")["passes"] == 0
    for _ in range(4):
        table.ok("pass", "Ana", "--bonus", "3")
    assert "no one takes more" in table.refused("pass", "Ana", "--edge", "--bonus", "3")
    assert "--bonus is 0..3" in table.refused("pass", "Ana", "--bonus", "4")
    assert "only after the last one" in table.refused("pass", "Bo", "--edge")
    table.ok("pass", "Bo")
    assert "Extra has no Edge" in table.refused("pass", "Bo", "--edge")


def test_power_spent_and_regained_within_its_maximum(sundown: Table) -> None:
    table = sundown
    assert "██░░░░░░░░░░░ 2/13" in click.unstyle(table.ok("power", "Ana", "spend", "3"))
    assert "holds 2 of 13" in table.refused("power", "Ana", "spend", "3")
    shown = table.json("power", "Ana", "regain", "20")
    assert shown["points"] == 20
    assert table.json("char", "show", "Ana")["power"] == {"points": 13, "max": 13}
    table.ok("char", "set", "Ana", "Potency=0")  # the reserve's maximum falls: 3 points lost
    assert table.json("char", "show", "Ana")["power"] == {"points": 10, "max": 10}
    table.ok("undo")
    table.ok("undo")
    assert table.json("char", "show", "Ana")["power"] == {"points": 2, "max": 13}
    assert "agree with the log" in table.ok("db", "check")


def test_the_power_reserve_is_state_and_follows_potency(sundown: Table) -> None:
    # ruling 19: the reserve's points are state, never typed on the sheet; a lower Potency
    # keeps the points that fit under the new maximum and takes only those above it
    table = sundown

    def power() -> tuple[int, int]:
        shown = table.json("char", "show", "Ana")["power"]
        return shown["points"], shown["max"]

    refusal = table.refused("char", "set", "Ana", "Power=13")
    assert "the Power Reserve is not a trait of the sheet" in refusal
    assert "power Ana regain N" in refusal
    assert "Power" not in table.json("char", "show", "Ana")["traits"]
    table.ok("power", "Ana", "regain", "8")
    table.ok("power", "Ana", "spend", "5")
    assert power() == (8, 13)
    table.ok("char", "set", "Ana", "Potency=0")  # 8 points left fit under 10: kept
    assert power() == (8, 10)
    table.ok("power", "Ana", "regain", "5")
    table.ok("char", "set", "Ana", "Potency=1")  # a higher maximum adds no point
    assert power() == (10, 13)
    for _ in range(3):
        table.ok("undo")
    assert power() == (8, 13)
    assert "agree with the log" in table.ok("db", "check")


def test_a_power_boosts_a_trait_above_its_maximum_until_ended(sundown: Table) -> None:
    # "some of their disciplines ... further increase their attributes or skills": a boost
    # is a temporary change with its source, shown on the sheet, ended by an action
    table = sundown  # Ana: Potency 1, Strength 3 (at most 7), 5 Power Points
    table.ok("char", "set", "Ana", "Strength=7")
    assert "outside 1..7" in table.refused("char", "set", "Ana", "Strength=8")
    out = table.ok("boost", "add", "Ana", "Strength", "2", "--source", "Vigor", "--power", "1")
    assert "Ana's Strength +2 by Vigor (1 Power spent)" in out
    made = table.json("roll", "--char", "Ana", "Strength", "--dice", "5,6,1,2,3,4,5,6,1")
    assert made["numbers"] == "sundown 9"  # 7 + 2: above 6 + Potency
    shown = table.json("char", "show", "Ana")
    assert shown["boosts"] == [
        {"trait": "Strength", "dots": 2, "source": "Vigor", "scene": False, "rating": 9}
    ]
    assert shown["traits"]["Strength"] == 7 and shown["power"]["points"] == 4
    assert "Boost      Strength 9 (+2 Vigor)" in click.unstyle(table.ok("char", "show", "Ana"))
    assert "special attribute" in table.refused(
        "boost", "add", "Ana", "Edge", "1", "--source", "Luck"
    )
    table.ok("boost", "end", "Ana", "--source", "Vigor")
    assert "boosts" not in table.json("char", "show", "Ana")
    table.ok("undo")  # the end undone: the boost holds again
    assert table.json("char", "show", "Ana")["boosts"][0]["rating"] == 9
    table.ok("boost", "add", "Ana", "Agility", "3", "--source", "Celerity", "--scene")
    table.ok("next", "scene")  # a scene's boost ends with it
    assert [b["trait"] for b in table.json("char", "show", "Ana")["boosts"]] == ["Strength"]
    assert "agree with the log" in table.ok("db", "check")


def test_the_sheet_draws_edge_power_and_passes(sundown: Table) -> None:
    table = sundown
    table.ok("spend", "Ana", "edge", "--for", "a lucky break")
    out = click.unstyle(table.ok("char", "show", "Ana"))
    assert "Edge       ✦✧ 1 of 2 left this chronicle" in out
    assert "Power      █████░░░░░░░░ 5/13" in out
    assert "Passes     ▷▷▷▷ 0 this round" in out
    assert "Edge       none (an Extra)" in click.unstyle(table.ok("char", "show", "Bo"))
    assert "Ana spends Edge: a lucky break" in table.ok("log")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("spend", "Ana", "edge"), "say what an `other` Edge spend is for"),
        (("spend", "Ana", "wp", "--for", "x"), "`wp` is not spent here"),
        (("spend", "Ana", "edge", "--for", "a\x1bb"), "control character"),
        (("spend", "Ana", "edge", "--for", "x" * 81), "at most 80 characters"),
        (("spend", "Nobody", "edge", "--escape"), "no character `Nobody`"),
        (("spend", "Bo", "edge", "--escape"), "Extra has no Edge"),
        (("power", "Ana", "eat", "2"), "write spend or regain"),
        (("power", "Ana", "spend", "0"), "1..40 Power Points"),
        (("power", "Ana", "regain", "99999999999999999999"), "1..40 Power Points"),
        (("power", "Ana", "spend", "two"), "not a valid integer"),
        (("pass", "Ana", "--bonus", "-1"), "--bonus is 0..3"),
        (("reroll", "-5", "--spend", "edge"), "no such option"),
        (("reroll", "99999999999999999999999", "--spend", "edge"), "no event"),
        (("roll", "--char", "Ana", "Agility edge 5"), "Ana's Edge is 2"),
        (("roll", "--char", "Ana", "Agility edge 2", "--spend", "edge"), "spends Edge already"),
        (("roll", "--char", "Bo", "Agility", "--spend", "edge"), "Extra has no Edge"),
        (("roll", "--char", "Ana", "Agility", "--spend", "edge=2"), "takes no amount"),
        (("roll", "--char", "Ana", "Strength", "--armor", "-1"), "--armor is 0..50"),
    ],
)
def test_bad_input_is_one_line_and_stores_nothing(
    sundown: Table, args: tuple[str, ...], words: str
) -> None:
    before = sundown.ok("log", "--json")
    assert words in sundown.refused(*args)
    assert sundown.ok("log", "--json") == before
