"""`dicepool stats` through the installed command, on a real SQLite file."""

from __future__ import annotations

import pytest

from dicepool.campaign.dice_stats import p_words
from dicepool.cli.render_stats import p_style
from dicepool.store.database import Database

from ...tables_faces import Faces, roll
from .conftest import Table


@pytest.fixture
def night(table: Table) -> Table:
    """A chronicles campaign with Ana, and two rolls logged with known faces."""
    table.ok("campaign", "create", "Night", "--system", "cofd")
    table.ok("char", "create", "Ana", "--set", "Dexterity=3 Stealth=2")
    db = Database(f"sqlite:///{table.path}")
    try:
        roll(db, "Night", "chronicles 3", Faces(8, 9, 2), "mo")
        roll(db, "Night", "Dexterity", Faces(10, 1, 1, 7), "bo", "Ana")
    finally:
        db.close()
    return table


def test_stats_json_has_every_field(night: Table) -> None:
    stats = night.json("stats")
    assert stats["campaign"] == "Night" and stats["system"] == "chronicles"
    assert stats["counted"] == "successes" and stats["character"] is None
    assert stats["left_out"] == {}
    table = stats["table"]
    assert table["actor"] is None and table["rolls"] == 2
    (d10,) = table["dice"]
    assert d10["sides"] == 10 and d10["faces"] == 7 and d10["dof"] == 9
    assert d10["observed"] == {
        "1": 2, "2": 1, "3": 0, "4": 0, "5": 0, "6": 0, "7": 1, "8": 1, "9": 1, "10": 1
    }  # fmt: skip
    assert d10["expected"] == pytest.approx(0.7) and d10["reliable"] is False
    assert 0 < d10["p_value"] <= 1 and d10["chi_square"] > 0
    lines = table["lines"]
    assert lines["compared"] == 2 and lines["observed"] == 3 and lines["not_compared"] == {}
    assert lines["expected"] == pytest.approx(2.0)  # 3 dice twice, each die 0.3 / 0.9 (10-again)
    assert lines["sd"] > 0 and lines["deviations"] is not None
    assert [a["actor"] for a in stats["actors"]] == ["bo", "mo"]
    assert stats["actors"][0]["dice"][0]["faces"] == 4
    ana = night.json("stats", "--char", "ana")
    assert ana["character"] == "Ana" and ana["table"]["rolls"] == 1


def test_stats_in_the_terminal_says_the_p_value_and_the_sentence(night: Table) -> None:
    out = night.ok("stats", "--campaign", "Night")
    assert "d10: 7 faces" in out and "p-value" in out and "rough" in out
    assert "The table rolled 2 lines whose exact expected successes total" in out
    assert "and got 3" in out
    assert "bo's rolls" in out and "mo's rolls" in out


def test_a_roll_at_the_terminal_counts_every_face_it_shows(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "cofd")
    rolled = table.json("roll", "chronicles 6 8again", "--campaign", "Night")
    stats = table.json("stats")
    assert stats["table"]["dice"][0]["faces"] == len(rolled["dice"])
    assert stats["table"]["lines"]["observed"] == rolled["successes"]


def test_stats_errors_are_one_line(table: Table) -> None:
    assert "no campaign yet" in table.refused("stats")
    table.ok("campaign", "create", "Night", "--system", "cofd")
    assert "no character `Nobody`" in table.refused("stats", "--char", "Nobody")
    assert "no campaign `Day`" in table.refused("stats", "--campaign", "Day")
    empty = table.json("stats")
    assert empty["table"]["rolls"] == 0 and empty["table"]["dice"] == []
    assert "rolled no line to compare" in table.ok("stats")


def test_p_values_are_coloured_red_then_yellow_and_said_in_words_too() -> None:
    assert (p_style(0.009), p_style(0.04), p_style(0.5)) == ("red", "yellow", "")
    assert (p_words(0.009), p_words(0.04), p_words(0.5)) == ("rare for fair dice", "unusual", "")
