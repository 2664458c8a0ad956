"""hubris Willpower and conscience from the command line: spends, rests, crises, the soul."""

from __future__ import annotations

import pytest

from .conftest import Table


@pytest.fixture
def ana(table: Table) -> Table:
    """A hubris campaign with Ana: Willpower 2, Morality 3, Resolve 1."""
    table.ok("campaign", "create", "Night", "--system", "hubris")
    table.ok("char", "create", "Ana", "--set", "Willpower=2 Morality=3")
    return table


def willpower(table: Table) -> tuple[int, int]:
    shown = table.json("char", "show", "Ana")["willpower"]
    return shown["points"], shown["dots"]


def test_a_refused_spend_logs_nothing_on_both_databases(any_table: Table) -> None:
    table = any_table
    table.ok("campaign", "create", "Night", "--system", "hubris")
    table.ok("char", "create", "Ana", "--set", "Willpower=1 Resolve=2")
    rolled = table.json("roll", "--char", "Ana", "Resolve", "--spend", "willpower", "--seed", "2")
    assert rolled["numbers"] == "hubris 2 wp" and rolled["effects"]["willpower"]
    table.ok("next", "turn")
    before = table.ok("log", "--json")
    words = table.refused("roll", "--char", "Ana", "Resolve wp", "--seed", "2")
    assert "no Willpower point left" in words
    assert table.ok("log", "--json") == before
    table.ok("undo", "4")  # the spending roll: its point comes back
    assert table.json("char", "show", "Ana")["willpower"]["points"] == 1
    assert "agree with the log" in table.ok("db", "check")


def test_the_crisis_cycle_with_dice_rolled_by_hand(ana: Table) -> None:
    table = ana
    out = table.ok("sin", "Ana", "3", "--what", "the guard")
    assert "in crisis over `the guard`" in out
    out = table.ok("rest", "Ana", "--dice", "1,2,3")
    assert "rolls crisis (hubris 3): 1 2 3" in out and willpower(table) == (1, 2)
    table.ok("degenerate", "Ana")
    shown = table.json("char", "show", "Ana")
    assert shown["morality"] == 2 and shown["crisis"] is None and willpower(table) == (2, 2)
    assert shown["traits"]["Morality"] == 2
    table.ok("sin", "Ana", "2", "--what", "again")
    table.ok("rest", "Ana", "--dice", "8,1")
    table.ok("rest", "Ana", "--dice", "9,3")
    assert table.json("char", "show", "Ana")["crisis"] is None
    log = table.ok("log")
    assert "Ana rests (8h); Ana rolls crisis" in log and "Ana degenerates" in log
    assert "agree with the log" in table.ok("db", "check")


def test_vice_virtue_intimacy_soul_and_the_month(ana: Table) -> None:
    table = ana
    table.ok("mitigate", "Ana")
    table.ok("vice", "Ana")
    assert "once a scene" in table.refused("vice", "Ana")
    table.ok("willpower", "Ana", "lose", "1")
    assert willpower(table) == (1, 1)
    table.ok("clock", "advance", "30d")
    assert willpower(table) == (1, 2)
    table.ok("intimacy", "Ana", "add", "my sister")
    table.ok("next", "turn")  # the mitigation spent this turn's point
    table.ok("roll", "--char", "Ana", "Resolve", "--spend", "willpower", "--seed", "1")
    out = table.ok("intimacy-roll", "Ana", "my sister", "--dice", "9,9,9")
    assert "rolls Intimacy (hubris 3)" in out and willpower(table) == (1, 2)
    table.ok("soul", "Ana", "lost")
    out = table.ok("clock", "advance", "1d", "--dice", "8,8")
    assert "rolls soul (hubris 2)" in out and willpower(table) == (1, 1)
    assert table.json("char", "show", "Ana")["soul"] is False
    shown = table.ok("char", "show", "Ana")
    assert "soulless" in shown and "my sister" in shown and "Willpower" in shown


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("sin", "Ana", "4", "--what", "x"), "no crime at Morality 3"),
        (("sin", "Ana", "9"), "is not in the range"),
        (("degenerate", "Ana"), "right after a failed crisis roll"),
        (("atone", "Ana"), "in no crisis"),
        (("intimacy", "Ana", "remove", "nobody"), "no Intimacy `nobody`"),
        (("intimacy-roll", "Ana", "nobody"), "no Intimacy `nobody`"),
        (("soul", "Ana", "restored"), "nothing to restore"),
        (("supernatural", "Ana", "Blood Potency"), "no trait Blood Potency"),
        (("rest", "Ana", "--dice", "9"), "faces given"),
        (("virtue", "Ana"), "Virtue would gain nothing"),
        (("roll", "--char", "Ana", "Resolve", "--spend", "luck"), "not a resource"),
        (("roll", "--char", "Ana", "Resolve", "--spend", "edge"), "Edge"),
    ],
)
def test_bad_input_is_one_line_and_stores_nothing(
    ana: Table, args: tuple[str, ...], words: str
) -> None:
    before = ana.ok("log", "--json")
    assert words in ana.refused(*args)
    assert ana.ok("log", "--json") == before


def test_resolve_is_not_lowered_below_the_intimacies_held(ana: Table) -> None:
    # ruling 19: Resolve 2 allows five Intimacies; lowering it to 1 (four) is refused until
    # one is let go, and undoing the letting go is refused while the lower Resolve stands
    table = ana
    table.ok("char", "set", "Ana", "Resolve=2")
    for text in ("my sister", "the band", "Oskar", "the dog", "Lena"):
        table.ok("intimacy", "Ana", "add", text)
    refusal = table.refused("char", "set", "Ana", "Resolve=1")
    assert "Resolve 1 allows 4 Intimacies and 5 are held" in refusal
    assert "dicepool intimacy Ana remove TEXT" in refusal
    table.ok("intimacy", "Ana", "remove", "Oskar")
    removal = table.json("log", "--json")[-1]["seq"]
    table.ok("char", "set", "Ana", "Resolve=1")
    assert "depends on it" in table.refused("undo", str(removal))  # Oskar would not fit
    table.ok("undo")  # Resolve 2 again
    table.ok("undo")  # and Oskar with it
    assert len(table.json("char", "show", "Ana")["intimacies"]) == 5
    assert "agree with the log" in table.ok("db", "check")


def test_vice_is_hubris_only_and_a_chronicles_point_comes_off_the_track(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "cofd")
    table.ok("char", "create", "Ana")
    assert "hubris's rule" in table.refused("vice", "Ana")
    words = table.ok(
        "roll", "--char", "Ana", "Resolve", "--spend", "willpower", "--dice", "1,2,3,4"
    )
    assert "chronicles 1 wp" in words  # ruling 23: three dice more, a point of the track
    assert "Ana spends a Willpower point: ◆◇ 1/2" in words
