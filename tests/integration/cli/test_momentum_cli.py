"""storypath's Momentum, Consolations, Legend, Feats of Scale and stunts, Complex Actions and
chronicles extended actions from the command line: undo and db check agree."""

from __future__ import annotations

import click
import pytest

from dicepool.campaign.seats import Role, Seat, join_table, seat_from, take_character
from dicepool.store.database import Database
from dicepool.store.log import find_campaign
from dicepool.store.seats import campaign_seats

from .conftest import Table


@pytest.fixture
def saga(table: Table) -> Table:
    """A storypath campaign of two players with Ana (Legend 2) and Bo."""
    table.ok("campaign", "create", "Saga", "--system", "storypath", "--players", "2")
    table.ok("char", "create", "Ana", "--set", "Dexterity=3 Athletics=2 Legend=2")
    table.ok("char", "create", "Bo", "--set", "Dexterity=2 Athletics=2")
    return table


def invitation(db: Database, campaign: str) -> Seat:
    """The working invitation of a campaign's web table (players join with it)."""
    with db.read() as conn:
        row = find_campaign(conn, campaign)
        assert row is not None
        found = [s for s in campaign_seats(conn, row.id) if s.role == Role.INVITE]
    return seat_from(next(s for s in found if not s.revoked), row.name, row.system, None)


def events(table: Table) -> int:
    return len(table.json("log", "--last", "1000"))


def test_the_pool_fills_with_consolations_buys_dice_and_undoes_on_both_databases(
    any_table: Table,
) -> None:
    table = any_table
    table.ok("campaign", "create", "Saga", "--system", "storypath")
    table.ok("char", "create", "Ana", "--set", "Dexterity=3 Athletics=2")
    assert "campaign players N" in table.ok("momentum")
    out = table.ok("roll", "--char", "Ana", "Dexterity + Athletics", "--dice", "2,2,3,4,5")
    assert "1 Momentum, lost" in click.unstyle(out)  # nobody seated: the pool keeps nothing
    out = click.unstyle(table.ok("campaign", "players", "2"))
    assert "Momentum ◇◇◇◇ 0/4, players: 2 (set by the storyteller)" in out
    table.ok("roll", "--char", "Ana", "Dexterity + Athletics", "--dice", "1,2,3,4,5")  # botch: 3
    out = click.unstyle(table.ok("roll", "--char", "Ana", "Dex + Athletics", "--dice", "1,2,3,4,5"))
    assert "+1 Momentum (2 lost: the pool is full)" in out
    assert table.json("momentum") == {
        "points": 4,
        "capacity": 4,
        "players": 2,
        "sized_by": "storyteller",
        "seated": 0,
        "advantages": [],
        "carries": [],
    }
    made = table.json(
        "roll",
        "--char",
        "Ana",
        "Dexterity + Athletics",
        "--spend",
        "momentum",
        "3",
        "--dice",
        "8,2,3,4,5,9,9,9",
    )
    assert made["numbers"] == "storypath 3+2+3" and made["successes"] == 4
    assert made["pool"] == {
        "points": 1,
        "capacity": 4,
        "players": 2,
        "sized_by": "storyteller",
        "seated": 0,
    }
    before = events(table)
    refused = table.refused(
        "roll",
        "--char",
        "Ana",
        "Dex + Athletics",
        "--spend",
        "momentum=2",
        "--dice",
        "1,1,1,1,1,1,1",
    )
    assert "holds 1, not 2" in refused and events(table) == before  # nothing logged
    table.ok("undo")  # the three dice back
    assert table.json("momentum")["points"] == 4
    table.ok("campaign", "players", "1")  # a smaller table: the pool loses what it cannot hold
    assert table.json("momentum")["points"] == 2
    table.ok("undo")
    assert table.json("momentum")["points"] == 4 and table.json("campaign", "show")["players"] == 2
    table.ok("momentum", "spend", "1", "--for", "Knack: Blitz")
    assert "agree with the log" in table.ok("db", "check")
    log = table.ok("log")
    assert "Consolation 3 Momentum" in log and "1 Momentum spent on Knack: Blitz" in log
    assert "2 players at the table" in log


def test_feats_of_scale_spend_legend_which_is_regained(saga: Table) -> None:
    table = saga
    assert table.json("char", "show", "Ana")["legend"] == {"rating": 2, "points": 2}
    made = table.json(
        "roll", "--char", "Ana", "Dexterity + Athletics", "--feat", "title", "--dice", "8,2,3,4,5"
    )
    assert made["scale"] == 1 and made["successes"] == 2
    before = events(table)
    assert "2 Momentum" in table.refused(
        "roll", "--char", "Ana", "Dex + Athletics", "--feat", "calling", "--dice", "8,2,3,4,5"
    )
    assert events(table) == before  # refused: no Legend spent either
    assert table.json("char", "show", "Ana")["legend"]["points"] == 1
    shown = click.unstyle(table.ok("char", "show", "Ana"))
    assert "Legend     ✦✧ 1/2" in shown
    out = click.unstyle(table.ok("legend", "Ana", "regain", "3"))
    assert "✦✦ 2/2" in out and "full" in out
    assert "nothing to regain" in table.refused("legend", "Ana", "regain")
    assert "Bo has no Legend" in table.refused("legend", "Bo", "regain", "1")
    assert "regains 3 Legend" in table.ok("log")
    assert "agree with the log" in table.ok("db", "check")


def test_an_advantage_a_drawback_and_stunts(saga: Table) -> None:
    table = saga
    out = click.unstyle(
        table.ok(
            "roll",
            "--char",
            "Ana",
            "Dex + Athletics",
            "--consolation",
            "advantage",
            "--dice",
            "2,2,3,4,5",
        )
    )
    assert "an Unlooked-for Advantage for Ana" in out
    held = table.json("momentum")
    assert held["points"] == 0 and held["advantages"][0]["character"] == "Ana"
    assert "a botch gives only Momentum" in click.unstyle(
        table.ok(
            "roll",
            "--char",
            "Bo",
            "Dex + Athletics",
            "--consolation",
            "meeting",
            "--dice",
            "1,2,3,4",
        )
    )
    assert "--drawback" in table.refused(
        "roll", "--char", "Ana", "Dex + Athletics enh 3", "--advantage", "--dice", "8,2,3,4,5"
    )
    out = click.unstyle(
        table.ok(
            "roll",
            "--char",
            "Ana",
            "Dex + Athletics enh 3",
            "--advantage",
            "--drawback",
            "add a Complication",
            "--dice",
            "8,2,3,4,5",
        )
    )
    assert "uses the Unlooked-for Advantage" in out and "Drawback: add a Complication" in out
    assert "Stunts: 4 stunt successes" in out
    assert table.json("momentum")["advantages"] == []
    assert "no Advantage pending" in table.refused(
        "roll", "--char", "Ana", "Dex + Athletics", "--advantage", "--dice", "8,2,3,4,5"
    )
    out = table.ok(
        "roll",
        "--char",
        "Ana",
        "Dex + Athletics",
        "--consolation",
        "encounter",
        "--dice",
        "8,2,3,4,5",
    )
    assert "no Consolation to take" in out
    table.ok("undo", "7")  # the roll that used the Advantage: it is pending again
    assert len(table.json("momentum")["advantages"]) == 1
    assert "agree with the log" in table.ok("db", "check")


def test_a_complex_action_counts_intervals_buys_one_and_undoes(saga: Table) -> None:
    table = saga
    started = table.json(
        "complex",
        "start",
        "Heist",
        "--milestones",
        "2",
        "--intervals",
        "2",
        "--difficulty",
        "2",
        "--char",
        "Ana",
    )
    assert started["progress"] == {"Ana": 0} and started["limit"] == 2
    made = table.json(
        "roll", "--char", "Ana", "Dex + Athletics", "--complex", "heist", "--dice", "8,2,3,4,5"
    )
    assert made["numbers"] == "storypath 3+2 diff 2" and made["outcome"] == "failure"
    assert (
        made["tracker"]["rolls"] == {"Ana": 1}
        and made["pool"]["points"] == 1
        and made["momentum"] == 1
    )
    assert "Difficulty 2" in table.refused(
        "roll",
        "--char",
        "Ana",
        "Dex + Athletics diff 3",
        "--complex",
        "Heist",
        "--dice",
        "8,8,8,8,8",
    )
    table.ok(
        "roll", "--char", "Ana", "Dex + Athletics", "--complex", "heist", "--dice", "8,8,3,4,5"
    )
    assert table.json("complex", "show", "Heist")["status"] == "failed"
    bought = click.unstyle(table.ok("complex", "buy", "Heist"))
    assert "in progress" in bought and "Intervals 2/3" in bought and "0/4" in bought
    assert "holds 0" in table.refused("complex", "buy", "Heist")
    out = click.unstyle(
        table.ok(
            "roll", "--char", "Ana", "Dex + Athletics", "--complex", "heist", "--dice", "8,8,3,4,5"
        )
    )
    assert "complete" in out and "●● 2/2 Milestones" in out
    assert "finished (complete)" in table.refused(
        "roll", "--char", "Ana", "Dex + Athletics", "--complex", "heist", "--dice", "8,8,3,4,5"
    )
    table.ok("undo")
    assert table.json("complex", "list")[0]["status"] == "in_progress"
    table.ok("complex", "award", "Heist")
    assert table.json("complex", "show", "heist")["status"] == "complete"
    assert "agree with the log" in table.ok("db", "check")
    log = table.ok("log", "--char", "Ana")
    assert "complex action Heist begins: Ana, 2 to reach in 2" in log
    assert "counts toward Heist" in log and "1 Milestone(s) of Heist" in log


def test_two_characters_perform_intervals_of_one_complex_action(saga: Table) -> None:
    # ruling 20: "Can have different characters perform different Intervals" of a Complex
    # Action whose Milestones are the table's, each roll counted where it is made
    table = saga
    table.ok("complex", "start", "Heist", "--milestones", "2", "--intervals", "3", "--char", "Ana")
    made = table.json(
        "roll", "--char", "Bo", "Dex + Athletics", "--complex", "Heist", "--dice", "8,2,3,4"
    )
    assert made["effects"]["tracker"]["character"] == "Bo"
    assert made["tracker"]["progress"] == {"Ana": 1} and made["tracker"]["rolls"] == {"Ana": 1}
    table.ok(
        "roll", "--char", "Ana", "Dex + Athletics", "--complex", "Heist", "--dice", "2,2,3,4,5"
    )
    table.ok("roll", "--char", "Bo", "Dex + Athletics", "--complex", "Heist", "--dice", "9,2,3,4")
    shown = table.json("complex", "show", "Heist")
    assert shown["status"] == "complete" and shown["rolls"] == {"Ana": 3}
    table.ok("undo")  # Bo's second Interval undone: in progress again, one Interval left
    assert table.json("complex", "show", "Heist")["progress"] == {"Ana": 1}
    assert "Bo: Dex + Athletics" in table.ok("log", "--char", "Bo")
    assert "agree with the log" in table.ok("db", "check")


def test_stunts_bought_on_a_roll_wait_for_the_rolls_they_go_to(saga: Table) -> None:
    # ruling 20: "A Complication, Enhancement or Difficulty Stunt bought on a logged roll stays
    # with the table until used"
    table = saga
    made = table.json("roll", "--char", "Ana", "Dex + Athletics", "--dice", "8,9,10,8,2,3")
    event, out = str(made["event"]), ""
    assert made["stunt_successes"] == 3  # 8, 9, 10, 8: four successes against Difficulty 1
    out = table.ok("stunt", event, "difficulty", "--on", "Bo", "--level", "2", "--what", "mud")
    assert f"Ana buys a Difficulty Stunt 2 on Bo with the stunt successes of event {event}" in out
    table.ok("stunt", event, "enhancement")
    assert "0 stunt successes left (of 3)" in table.refused(
        "stunt", event, "difficulty", "--on", "Bo"
    )
    assert "name them (--on NAME)" in table.refused("stunt", event, "complication")
    assert "depends on it" in table.refused("undo", event)  # its Stunts stand on it
    waiting = table.json("char", "show", "Bo")["waiting"]
    assert [(w["effect"], w["level"], w["by"]) for w in waiting] == [("difficulty", 2, "Ana")]
    assert "Bo's next roll: Difficulty Stunt 2 (Ana, event" in table.ok("momentum")
    bo = table.json("roll", "--char", "Bo", "Dex + Athletics", "--dice", "8,8,2,3")
    assert bo["numbers"].endswith("diff 3") and bo["outcome"] == "failure"  # 2 of 3
    assert bo["effects"]["carried"]["used"] == [
        ["stunt", "difficulty", 2, "Bo", {"seq": int(event)}]
    ]
    assert "waiting" not in table.json("char", "show", "Bo")
    ana = table.json(
        "roll", "--char", "Ana", "Dex + Athletics", "--stunt", event, "--dice", "8,2,2,2,2"
    )
    assert (ana["enhancement"], ana["successes"]) == (1, 2)  # the Enhancement Stunt, named
    assert "no Enhancement Stunt from event" in table.refused(
        "roll", "--char", "Ana", "Dex + Athletics", "--stunt", event, "--dice", "8,2,2,2,2"
    )
    table.ok("undo")  # Ana's roll: her Stunt waits again
    table.ok("undo", str(bo["event"]))  # Bo's roll: his Difficulty Stunt waits again
    assert len(table.json("momentum")["carries"]) == 2
    assert "Difficulty Stunt 2 of event" in table.ok("log", "--char", "Bo")
    assert "agree with the log" in table.ok("db", "check")


def test_a_drawback_carried_to_a_later_action(saga: Table) -> None:
    # the Drawbacks table: "Increase the Difficulty of another action"
    table = saga
    line = "Dex + Athletics enh 4"
    made = table.json("roll", "--char", "Ana", line, "--drawback", "drunk", "--dice", "8,2,2,2,2")
    event = str(made["event"])
    assert "the roll's own" in table.refused("drawback", event, "complication")
    out = table.ok("drawback", event, "difficulty")
    assert f"Ana's Drawback of event {event} carried: difficulty 1 on Ana's next roll" in out
    assert "carried already" in table.refused("drawback", event, "difficulty")
    plain = table.json("roll", "--char", "Bo", "Dex + Athletics", "--dice", "8,2,2,2")
    assert "named no Drawback" in table.refused("drawback", str(plain["event"]), "difficulty")
    later = table.json("roll", "--char", "Ana", "Dex + Athletics", "--dice", "8,2,2,2,2")
    assert later["numbers"].endswith("diff 2") and later["outcome"] == "failure"
    assert "agree with the log" in table.ok("db", "check")


def test_an_opposed_complex_action_between_two_characters(saga: Table) -> None:
    table = saga
    table.ok("complex", "start", "Race", "--milestones", "2", "--char", "Ana", "--versus", "Bo")
    table.ok("roll", "--char", "Ana", "Dex + Athletics", "--complex", "Race", "--dice", "8,2,3,4,5")
    assert "Bo rolls next" in table.refused(
        "roll", "--char", "Ana", "Dex + Athletics", "--complex", "Race", "--dice", "8,2,3,4,5"
    )
    table.ok("roll", "--char", "Bo", "Dex + Athletics", "--complex", "Race", "--dice", "8,2,3,4")
    table.ok("roll", "--char", "Ana", "Dex + Athletics", "--complex", "Race", "--dice", "8,2,3,4,5")
    table.ok("roll", "--char", "Bo", "Dex + Athletics", "--complex", "Race", "--dice", "9,2,3,4")
    shown = table.json("complex", "show", "Race")
    assert shown["progress"] == {"Ana": 2, "Bo": 2} and shown["winner"] == "Bo"  # the defender
    assert "won by Bo" in click.unstyle(table.ok("complex", "list"))
    assert "say whose with --char" in table.refused("complex", "award", "Race")


def test_a_contested_extended_action_in_chronicles(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "chronicles")
    table.ok("char", "create", "Cy", "--set", "Intelligence=2 Academics=1")
    table.ok("char", "create", "Di", "--set", "Intelligence=2 Academics=1")
    assert "storypath rule" in table.refused(
        "complex", "start", "X", "--milestones", "2", "--char", "Cy"
    )
    assert "--char" in table.refused("extended", "start", "Research", "--goal", "3")
    table.ok("extended", "start", "Research", "--goal", "3", "--char", "Cy", "--versus", "Di")
    table.ok(
        "roll",
        "--char",
        "Cy",
        "Intelligence + Academics",
        "--extended",
        "research",
        "--dice",
        "8,9,1",
    )
    out = click.unstyle(
        table.ok(
            "roll",
            "--char",
            "Di",
            "Intelligence + Academics",
            "--extended",
            "Research",
            "--dice",
            "8,9,1",
        )
    )
    assert "in progress" in out and "2/3 successes" in out
    table.ok("roll", "--char", "Cy", "Int + Academics", "--extended", "Research", "--dice", "8,1,1")
    table.ok("roll", "--char", "Di", "Int + Academics", "--extended", "Research", "--dice", "8,8,1")
    assert table.json("extended", "show", "Research")["outcome"] == "won by Di"
    table.ok("extended", "start", "Solo", "--goal", "2", "--rolls", "1", "--char", "Cy")
    table.ok("roll", "--char", "Cy", "Int + Academics", "--extended", "Solo", "--dice", "8,1,1")
    assert [t["outcome"] for t in table.json("extended", "list")] == ["won by Di", "failed"]
    assert "storypath's" in table.refused("momentum")
    assert "plays chronicles" in table.refused("momentum", "spend", "1")
    assert "--spend momentum is for a storypath roll" in table.refused(
        "roll", "--char", "Cy", "Int + Academics", "--spend", "momentum", "1", "--dice", "8,1,1,1"
    )
    assert "agree with the log" in table.ok("db", "check")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("roll", "--char", "Ana", "Dex", "--spend", "momentum=0"), "1..100 points"),
        (("roll", "--char", "Ana", "Dex", "--spend", "momentum=500"), "1..100 points"),
        (("roll", "--char", "Ana", "Dex", "--spend", "momentum", "99999"), "1..100 points"),
        (("roll", "--char", "Ana", "Dex", "--spend", "momentum=" + "0" * 5000), "1..100 points"),
        (("roll", "--char", "Ana", "Dex", "--spend", "momentum=" + "9" * 5000), "1..100 points"),
        (
            ("roll", "--char", "Ana", "Dex", "--spend", "momentum", "1", "--spend", "momentum"),
            "given twice: give `--spend momentum N` once",
        ),
        (("roll", "--char", "Ana", "Dex", "--consolation", "money"), "is no Consolation"),
        (("roll", "--char", "Ana", "Dex", "--feat", "\x1b[2J"), "no Feat of Scale"),
        (("roll", "storypath 3", "--campaign", "Saga", "--advantage"), "--advantage is a char"),
        (("roll", "storypath 3", "--feat", "title"), "--feat is for a character's roll"),
        (("roll", "--char", "Ana", "Dex", "--complex", "Nope"), "no tracker `Nope`"),
        (("roll", "--char", "Ana", "Dex", "--complex", "a", "--extended", "b"), "one action"),
        (("roll", "--char", "Ana", "Dex enh 4", "--drawback", "x" * 200), "at most 100"),
        (("roll", "Ana: Dex vs Bo: Dex", "--spend", "momentum"), "not a contest"),
        (("campaign", "players", "0"), "1..100 players"),
        (("campaign", "players", "101"), "1..100 players"),
        (("legend", "Ana", "regain", "0"), "1..100"),
        (("legend", "Ana", "lose", "1"), "regain"),
        (("momentum", "spend", "1", "--for", "x" * 101), "at most 100"),
        (("complex", "start", "H", "--milestones", "0", "--char", "Ana"), "1..20"),
        (
            ("complex", "start", "H", "--milestones", "2", "--intervals", "99", "--char", "Ana"),
            "1..50",
        ),
        (
            ("complex", "start", "H", "--milestones", "2", "--difficulty", "0", "--char", "Bo"),
            "1..10",
        ),
        (("complex", "start", "\x1b]0;x", "--milestones", "2", "--char", "Ana"), "tracker name"),
        (("complex", "start", "H", "--milestones", "2", "--char", "Ana", "--versus", "ana"), "two"),
        (("complex", "start", "H", "--milestones", "2", "--char", "Zed"), "no character `Zed`"),
        (("complex", "buy", "Nope"), "no tracker"),
        (("complex", "start", "H"), "--milestones N"),
        (("complex", "start", "Old", "--milestones", "2", "--char", "Bo"), "finish it first"),
    ],
)
def test_bad_input_is_one_line_saying_how_to_fix_it(
    saga: Table, args: tuple[str, ...], words: str
) -> None:
    saga.ok("complex", "start", "Old", "--milestones", "2", "--char", "Ana")
    before = saga.ok("log", "--json")
    line = saga.refused(*args)
    assert words in line and "\x1b" not in line and "remove" not in line
    assert saga.ok("log", "--json") == before


def test_the_pool_follows_the_players_seated_at_the_web_table_on_both_databases(
    any_table: Table,
) -> None:
    """Made on the command line and played on the web: the pool holds twice the players who
    sit with a character, until the storyteller says another number; the command line says
    where the number comes from."""
    table = any_table
    made = click.unstyle(table.ok("campaign", "create", "Saga", "--system", "storypath"))
    assert "(storypath, players: the seated players)" in made
    assert "the pool holds twice the seated players" in made
    table.ok("char", "create", "Ana", "--set", "Dexterity=3 Athletics=2")
    table.ok("char", "create", "Bo", "--set", "Dexterity=2 Athletics=2")
    shown = click.unstyle(table.ok("momentum"))
    assert "0/0, players: 0 (the seated players: nobody sits with a character yet)" in shown
    table.ok("campaign", "link", "Saga")  # the web table's seats, and an invitation
    db = Database(table.url if "://" in table.url else f"sqlite:///{table.url}")
    try:
        for seat, character in (("kim", "Ana"), ("lou", "Bo")):
            player, _token = join_table(db, invitation(db, "Saga"), seat)
            take_character(db, player, character)
    finally:
        db.close()
    assert table.json("momentum")["capacity"] == 4
    assert "0/4, players: 2 (the seated players)" in click.unstyle(table.ok("momentum"))
    table.ok("roll", "--char", "Ana", "Dexterity + Athletics", "--dice", "1,2,3,4,5")  # botch: 3
    table.ok("seat", "revoke", "lou")  # Bo's player leaves: the pool holds 2, 1 is lost
    assert table.json("momentum")["points"] == 2
    out = click.unstyle(table.ok("campaign", "players", "3"))
    assert "Momentum ◆◆◇◇◇◇ 2/6, players: 3 (set by the storyteller)" in out
    assert table.json("campaign", "show")["players"] == 3
    out = click.unstyle(table.ok("campaign", "players", "--seats"))
    assert "2/2, players: 1 (the seated players)" in out
    assert "the seated players" in table.ok("log", "--last", "1")
    assert "agree with the log" in table.ok("db", "check")
    assert "--seats" in table.refused("campaign", "players")
