"""Lines at no table: storypath's Momentum dice in `odds` and `compare` (refused at a table,
where they are spent from its pool), and a custom pool of several parts echoed as one count of
dice."""

from __future__ import annotations

import json
import math

import click
from click.testing import CliRunner

from dicepool.cli.main import cli

from .conftest import Table, run_dicepool


def invoke(*args: str) -> str:
    done = CliRunner().invoke(cli, list(args))
    assert done.exit_code == 0, done.output
    return done.output


def no_success(dice: int) -> float:
    """A storypath roll's chance of no success at all, closed form: every die below 8 (no
    success, so no 10 to roll again)."""
    return 0.7**dice


def test_odds_takes_momentum_dice_as_dice_of_the_pool() -> None:
    asked = json.loads(invoke("odds", "storypath 5 momentum 2", "--json"))
    assert asked["notation"] == "storypath 5+2"  # as a table's roll adds the dice it spends
    assert math.isclose(asked["outcomes"]["success"], 1 - no_success(7), rel_tol=1e-12)
    glued = json.loads(invoke("odds", "storypath", "5", "diff", "2", "momentum2", "--json"))
    assert glued["notation"] == "storypath 5+2 diff 2"
    shown = click.unstyle(invoke("odds", "storypath 5 momentum 2"))
    assert shown.splitlines()[0] == "storypath 5+2"


def test_compare_says_what_two_momentum_dice_change() -> None:
    answer = json.loads(invoke("compare", "storypath 5", "storypath 5 momentum 2", "--json"))
    assert answer["second"]["notation"] == "storypath 5+2"
    gained = no_success(5) - no_success(7)
    assert math.isclose(answer["at_least_one_change"], gained, rel_tol=1e-12)
    assert math.isclose(answer["mean_change"], answer["second"]["mean"] * 2 / 7, rel_tol=1e-12)


def test_a_bad_momentum_count_is_one_line(home: dict[str, str]) -> None:
    done = run_dicepool(("odds", "storypath 5 momentum 0"), home)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == "error: column 22: a count of Momentum dice is 1..10000, not 0\n"
    done = run_dicepool(("odds", "storypath 5 diff 2; momentum 1"), home)
    assert done.returncode == 2
    assert "`momentum` belongs to the whole roll: write it before the first `;`" in done.stderr


def test_at_a_table_momentum_dice_are_spent_not_written(table: Table) -> None:
    table.ok("campaign", "create", "Saga", "--system", "storypath", "--players", "2")
    table.ok("char", "create", "Ana", "--set", "Dexterity=3 Athletics=2")
    line = table.refused("roll", "--char", "Ana", "Dexterity + Athletics momentum 2")
    assert line == (
        "error: at a table, Momentum dice are spent from the table's pool: take `momentum` out "
        "of the line and spend them with --spend momentum N"
    )
    assert not [e for e in table.json("log") if e["kind"] == "rolled"]  # nothing was rolled


def test_a_custom_trait_pool_is_echoed_as_one_count_of_dice(table: Table) -> None:
    table.ok("campaign", "create", "Home", "--system", "custom")
    table.ok("char", "create", "Ana", "--set", "Strength=3 Brawl=2")
    rolled = table.json("roll", "--char", "Ana", "Strength + Brawl", "--dice", "8 1 9 3 10")
    assert rolled["notation"] == "custom (3+2)d10 t8"  # five d10: never 3 plus 2d10
    assert rolled["successes"] == 3  # 8, 9 and 10 at t8
    again = table.json("roll", "--char", "Ana", rolled["notation"], "--dice", "8 1 9 3 10")
    assert again["notation"] == rolled["notation"]  # the echo rolls again as written
    small = table.json("roll", "--char", "Ana", "3d6", "--dice", "4 5 6")
    assert small["notation"] == "custom 3d6 t5"  # the target follows the die: 5 and 6 of a d6
    assert small["successes"] == 2
