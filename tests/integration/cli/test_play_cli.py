"""The state rules from the command line: the clock, harm and healing, undo and db check."""

from __future__ import annotations

import pytest

from .conftest import Table


@pytest.fixture
def hubris(any_table: Table) -> Table:
    """A hubris campaign with Ana (Stamina 2: seven Health boxes)."""
    any_table.ok("campaign", "create", "Night", "--system", "hubris")
    any_table.ok("char", "create", "Ana", "--set", "Stamina=2")
    return any_table


def health(table: Table, name: str = "Ana") -> dict[str, object]:
    shown = table.json("char", "show", name)["health"]
    assert isinstance(shown, dict)
    return shown


def test_damage_stamina_rolls_time_and_undo_on_both_databases(hubris: Table) -> None:
    table = hubris
    table.ok("damage", "Ana", "3", "lethal")
    out = table.ok("damage", "ana", "4", "bashing")
    assert "[X][X][X][/][/][/][/]" in click_free(out) and "Stamina" in out
    assert health(table)["state"] == "unconscious_risk"
    made = table.json("next", "turn", "--dice", "2,4")  # Stamina 2: two dice, both fail
    assert made["rolls"][0]["successes"] == 0 and made["rolls"][0]["purpose"] == "Stamina"
    assert health(table)["state"] == "unconscious"
    table.ok("clock", "advance", "30m")  # two bashing points heal: the last box clears
    shown = health(table)
    assert shown["boxes"] == ["lethal"] * 3 + ["bashing"] * 2 + [None] * 2
    assert shown["state"] == "ok"
    assert table.json("clock")["minutes"] == 30
    table.ok("undo")  # the time back: unconscious again
    assert health(table)["state"] == "unconscious"
    assert "agree with the log" in table.ok("db", "check")
    log = table.ok("log")
    assert "Ana takes 3 lethal" in log and "Ana rolls Stamina" in log


def test_bleeding_until_stabilized(hubris: Table) -> None:
    table = hubris
    table.ok("damage", "Ana", "7", "lethal")
    assert health(table)["bleeding"] is True
    table.ok("clock", "advance", "2m")
    assert health(table)["boxes"][:2] == ["aggravated", "aggravated"]
    table.ok("stabilize", "Ana")
    table.ok("clock", "advance", "1h")
    shown = health(table)
    assert shown["state"] == "incapacitated" and shown["bleeding"] is False
    assert shown["boxes"] == ["aggravated"] * 2 + ["lethal"] * 5


def test_healing_by_care_skips_resistant_wounds(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "hubris")
    table.ok("char", "create", "Ana")
    table.ok("damage", "Ana", "1", "lethal", "--resistant")
    table.ok("damage", "Ana", "1", "lethal")
    table.ok("heal", "Ana", "2")
    assert health(table)["boxes"][:2] == ["lethal", None]
    assert "resistant wounds heal with time only" in table.refused("heal", "Ana", "1")


def test_healing_time_belongs_to_its_wound_and_undo_gives_the_count_back(
    hubris: Table,
) -> None:
    # ruling 13: "a wound that is taken ... starts the count of the point that now heals next
    # from zero": a day on a lethal point does not heal a fresh bashing one in a minute
    table = hubris
    table.ok("damage", "Ana", "1", "lethal")
    table.ok("clock", "advance", "1d")
    table.ok("damage", "Ana", "1", "bashing")
    table.ok("clock", "advance", "14m")
    assert health(table)["boxes"][:3] == ["lethal", "bashing", None]
    table.ok("clock", "advance", "1m")
    assert health(table)["boxes"][:2] == ["lethal", None]
    table.ok("clock", "advance", "1d")
    assert health(table)["boxes"][0] == "lethal"  # its first day went with the new wound
    for _ in range(4):  # undo the time, the bashing wound and the time after it
        table.ok("undo")
    table.ok("clock", "advance", "1d")  # the day before comes back with the count
    assert health(table)["boxes"][0] is None
    assert "agree with the log" in table.ok("db", "check")


def test_a_full_track_gives_the_more_severe_point_a_box_and_undo_takes_it_back(
    table: Table,
) -> None:
    # ruling 13: Stamina 1, full of bashing: six aggravated points kill, as they kill the unhurt
    table.ok("campaign", "create", "Night", "--system", "hubris")
    table.ok("char", "create", "Ana", "--set", "Stamina=1")
    table.ok("char", "create", "Bo", "--set", "Stamina=1")
    table.ok("damage", "Ana", "6", "bashing")
    table.ok("damage", "Ana", "3", "aggravated")
    assert health(table)["boxes"] == ["aggravated"] * 3 + ["lethal"] * 3
    killing = table.json("damage", "Ana", "3", "aggravated")["event"]
    table.ok("damage", "Bo", "6", "aggravated")
    assert health(table)["state"] == health(table, "Bo")["state"] == "dead"
    table.ok("undo", str(killing))
    assert health(table)["boxes"] == ["aggravated"] * 3 + ["lethal"] * 3
    assert health(table, "Bo")["state"] == "dead"
    assert "agree with the log" in table.ok("db", "check")


def test_care_downgrades_a_treatable_resistant_wound_and_undo_restores_it(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "hubris")
    table.ok("char", "create", "Ana")
    table.ok("damage", "Ana", "1", "aggravated", "--resistant", "--treatable")
    table.ok("damage", "Ana", "1", "aggravated", "--resistant")
    assert "Ana takes 1 aggravated (resistant, treatable)" in table.ok("log")
    table.ok("heal", "Ana", "1")  # the treatable one, a step down; the other untouched
    shown = health(table)
    assert shown["boxes"][:3] == ["aggravated", "lethal", None]
    assert shown["resistant"][:2] == [True, True] and shown["treatable"][:2] == [False, True]
    table.ok("damage", "Ana", "1", "bashing")
    table.ok("heal", "Ana", "2")  # the plain bashing heals, the resistant lethal downgrades
    assert "Ana heals 1; care takes 1 resistant wound a step down" in table.ok("log")
    table.ok("undo")
    table.ok("undo")
    table.ok("heal", "Ana", "1", "lethal")
    assert health(table)["boxes"][:3] == ["aggravated", "bashing", None]
    told = table.ok("log")  # what the care did, not "heals"
    assert told.count("care takes Ana's 1 resistant wound a step down") == 2
    assert "resistant wounds heal with time only" in table.refused("heal", "Ana", "1")
    table.ok("undo")
    assert health(table)["boxes"][:2] == ["aggravated", "lethal"]
    assert "mark them resistant too" in table.refused("damage", "Ana", "1", "lethal", "--treatable")
    assert "agree with the log" in table.ok("db", "check")


def test_the_out_of_action_act_not_and_undo_wakes_them(hubris: Table) -> None:
    # ruling 18: unconscious, Ana rolls nothing, spends no Willpower, does not rest
    table = hubris
    table.ok("char", "set", "Ana", "Willpower=2")
    table.ok("damage", "Ana", "7", "bashing")
    table.ok("next", "turn", "--dice", "1,1")  # the Stamina roll fails
    assert health(table)["state"] == "unconscious"
    for args, words in [
        (("roll", "--char", "Ana", "Stamina"), "no roll"),
        (("roll", "--char", "Ana", "Stamina", "--spend", "willpower"), "no roll"),
        (("mitigate", "Ana"), "no Willpower spent"),
        (("damage", "Ana", "1", "bashing", "--mitigate"), "no Willpower spent"),
        (("rest", "Ana"), "no rest"),
        (("vice", "Ana"), "no Vice"),
        (("virtue", "Ana"), "no Virtue"),
    ]:
        assert (
            f"Ana is unconscious: one out of action takes no action of their own, so {words}"
            in (table.refused(*args))
        ), args
    table.ok("heal", "Ana", "1")  # others still act on her: care clears the last box
    assert health(table)["state"] == "ok"
    table.ok("undo")
    table.ok("undo")  # the failed Stamina roll struck too: awake, at risk
    assert health(table)["state"] == "unconscious_risk"
    table.ok("roll", "--char", "Ana", "Stamina", "--dice", "8,8")
    table.ok("damage", "Ana", "14", "aggravated")  # dead
    assert "Ana is dead: damage to the dead is refused (ruling 18)" in table.refused(
        "damage", "Ana", "1", "bashing"
    )
    assert "Ana is dead" in table.refused("rest", "Ana")
    assert "agree with the log" in table.ok("db", "check")


def test_mitigate_harm_is_one_event_and_one_undo(hubris: Table) -> None:
    # ruling 21: damage 3 lethal --mitigate deals 2 and spends the point, in one event
    table = hubris
    made = table.json("damage", "Ana", "3", "lethal", "--mitigate")
    assert (made["points"], made["mitigated"]) == (3, True)
    assert health(table)["boxes"][:3] == ["lethal", "lethal", None]
    willpower = table.json("char", "show", "Ana")["willpower"]
    assert (willpower["points"], willpower["spent_this_turn"]) == (1, True)
    assert "Ana takes 2 lethal of 3, one mitigated with Willpower" in table.ok("log")
    assert "this turn" in table.refused("damage", "Ana", "1", "lethal", "--mitigate")
    table.ok("undo")
    assert health(table)["boxes"][0] is None
    assert table.json("char", "show", "Ana")["willpower"]["points"] == 2
    assert "agree with the log" in table.ok("db", "check")


def test_a_lower_stamina_upgrades_and_starts_the_count_again(hubris: Table) -> None:
    # ruling 19: "a smaller Health track takes the rightmost wounds' boxes by upgrading, as in
    # 13", and an upgrade starts the count of healing time again
    table = hubris
    table.ok("damage", "Ana", "7", "bashing")
    table.ok("clock", "advance", "10m")
    table.ok("char", "set", "Ana", "Stamina=1")
    assert health(table)["boxes"] == ["lethal"] + ["bashing"] * 5
    table.ok("clock", "advance", "14m")
    assert health(table)["boxes"] == ["lethal"] + ["bashing"] * 5
    table.ok("clock", "advance", "1m")
    assert health(table)["boxes"] == ["lethal"] + ["bashing"] * 4 + [None]
    table.ok("undo")
    table.ok("undo")
    table.ok("undo")  # Stamina 2 again: seven bashing wounds, ten minutes banked
    assert health(table)["boxes"] == ["bashing"] * 7
    table.ok("clock", "advance", "5m")
    assert health(table)["boxes"] == ["bashing"] * 6 + [None]


def test_story_time_begins_turns_and_scenes(hubris: Table) -> None:
    # ruling 17: after `clock advance 30d` a Willpower spend is no longer "already spent this
    # turn": thirty days are a new scene, so a new round and turn
    table = hubris
    table.ok("mitigate", "Ana")
    assert "already spent this turn" in table.refused("mitigate", "Ana")
    made = table.json("clock", "advance", "30d")
    assert made["begins"] == "scene"
    clock = table.json("clock")
    assert (clock["turn"], clock["scene"], clock["minutes"]) == (1, 2, 43200)
    assert "story time passes: 30d (a new scene)" in table.ok("log")
    table.ok("mitigate", "Ana")
    assert table.json("char", "show", "Ana")["willpower"]["points"] == 0
    assert "agree with the log" in table.ok("db", "check")


def test_a_rest_is_a_night_of_story_time_and_undo_takes_it_back(hubris: Table) -> None:
    # ruling 17: "a bashing point survives the night" no more: 8 hours pass with the rest
    table = hubris
    table.ok("damage", "Ana", "1", "bashing")
    made = table.json("rest", "Ana")
    assert (made["minutes"], made["begins"]) == (480, "round")
    assert health(table)["boxes"] == [None] * 7
    assert table.json("clock")["minutes"] == 480
    assert "Ana rests (8h)" in table.ok("log")
    refusal = table.refused("rest", "Ana", "--hours", "0")  # the night is not over
    assert "two rests need a full night (8h) between them" in refusal
    assert "dicepool clock advance 8h" in refusal
    assert "a rest lasts 0..24 hours" in table.refused("rest", "Ana", "--hours", "25")
    table.ok("undo")  # the night undone: the clock and the bashing point are back
    assert health(table)["boxes"][0] == "bashing"
    assert table.json("clock")["minutes"] == 0
    table.ok("clock", "advance", "8h")  # or the night on the clock, and a rest of no time
    table.ok("rest", "Ana", "--hours", "0")
    assert table.json("clock")["minutes"] == 480
    assert "agree with the log" in table.ok("db", "check")


def test_a_prolonged_conflict_counts_the_losses_to_defeat(hubris: Table) -> None:
    # ruling 22: a contest roll naming its arena counts its loser's loss; at the arena's
    # Resistance attribute (Stamina for physical) the loser must accept defeat
    table = hubris
    table.ok("char", "create", "Bo", "--set", "Stamina=1 Strength=2")
    table.ok("char", "set", "Ana", "Strength=2")
    brawl = ("roll", "Ana: Strength vs Bo: Strength", "--arena", "physical", "--dice", "8,2,2,2")
    made = table.json(*brawl)
    assert made["effects"]["conflict"] == {"character": "Bo", "arena": "physical"}
    shown = table.json("char", "show", "Bo")["conflict"]
    assert shown == {"physical": {"lost": 1, "resistance": 1, "defeat": True}}
    assert "Conflict   physical 1 of 1 lost: must accept defeat" in click_free(
        table.ok("char", "show", "Bo")
    )
    assert "Bo has lost 1 physical contest of this conflict" in table.refused(*brawl)
    assert "Bo loses a physical contest of the conflict" in table.ok("log")
    table.ok("undo")  # the roll: its loss goes with it
    assert "conflict" not in table.json("char", "show", "Bo")
    out = click_free(table.ok(*brawl))
    assert "Bo loses: physical 1 of 1 lost: must accept defeat" in out
    table.ok("undo")
    table.ok("conflict", "lose", "Ana", "social")  # a contest rolled away from the log
    assert table.json("char", "show", "Ana")["conflict"]["social"]["lost"] == 1
    table.ok("conflict", "end")
    assert "conflict" not in table.json("char", "show", "Ana")
    assert "there is none to end" in table.refused("conflict", "end")
    assert "no arena of a conflict" in table.refused("conflict", "lose", "Ana", "spiritual")
    assert "hubris contest" in table.refused(
        "roll", "--char", "Ana", "Strength", "--arena", "mental"
    )
    assert "agree with the log" in table.ok("db", "check")


def test_a_storypath_campaign_has_its_own_boundaries(table: Table) -> None:
    table.ok("campaign", "create", "Saga", "--system", "storypath")
    table.ok("next", "episode")
    table.ok("next", "session")  # an Act
    clock = table.json("clock")
    assert clock["episode"] == 2 and clock["act"] == 2 and clock["scene"] == 1
    shown = table.json("campaign", "show")
    assert shown["clock"] == clock and shown["momentum"]["points"] == 0
    assert "episode 2, act 2, scene 1" in table.ok("campaign", "show")
    table.ok("campaign", "players", "2")
    table.ok("char", "create", "Ana", "--set", "Legend=1")
    table.ok("roll", "--char", "Ana", "3", "--dice", "2,3,4")  # a failure: one Momentum
    assert table.json("char", "show", "Ana")["momentum"] == {
        "points": 1,
        "capacity": 4,
        "players": 2,
        "sized_by": "storyteller",
        "seated": 0,
    }
    assert "◆◇◇◇ 1/4" in table.ok("char", "show", "Ana")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("damage", "Ana", "2", "fire"), "not a kind of damage"),
        (("damage", "Ana", "0", "lethal"), "damage is 1..1000"),
        (("damage", "Ana", "99999", "lethal"), "damage is 1..1000"),
        (("damage", "Nobody", "1", "lethal"), "no character `Nobody`"),
        (("heal", "Ana", "1"), "no wound to heal"),
        (("clock", "advance", "10000000m"), "longer than ten years"),
        (
            ("roll", "--char", "Ana", "Stamina", "--spend", "willpower", "--spend", "willpower"),
            "twice",
        ),
        (("stabilize", "Ana"), "nothing to stabilize"),
        (("clock", "advance", "2x"), "not a duration"),
        (("clock", "advance", "99999w"), "longer than ten years"),
        (("next", "century"), "no `century`"),
        (("next", "turn", "--dice", "1,2,3"), "faces given"),
    ],
)
def test_bad_input_is_one_line_and_stores_nothing(
    table: Table, args: tuple[str, ...], words: str
) -> None:
    table.ok("campaign", "create", "Night", "--system", "hubris")
    table.ok("char", "create", "Ana", "--set", "Stamina=2")
    before = table.ok("log", "--json")
    assert words in table.refused(*args)
    assert table.ok("log", "--json") == before


def test_the_dead_are_not_healed_and_roll_nothing_as_years_pass(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "hubris")
    table.ok("char", "create", "Ana", "--set", "Stamina=1 Willpower=3")
    table.ok("damage", "Ana", "6", "lethal")  # bleeding: dead within minutes
    table.ok("willpower", "Ana", "lose", "1")
    table.ok("soul", "Ana", "lost")
    made = table.json("clock", "advance", "520w", "--seed", "1")
    assert made["rolls"] == []  # no soul roll a day, no dot back a month: she bled out
    shown = table.json("char", "show", "Ana")
    assert shown["health"]["state"] == "dead"
    assert (shown["willpower"]["points"], shown["willpower"]["dots"]) == (2, 2)
    assert "no care or power heals the dead" in table.refused("heal", "Ana", "1000")
    assert "agree with the log" in table.ok("db", "check")


def test_harm_outside_hubris_takes_the_sheets_damage_track(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "cofd")
    table.ok("char", "create", "Ana", "--set", "Stamina=2")  # Health: Stamina + Size, 7 boxes
    out = click_free(table.ok("damage", "Ana", "1", "lethal"))
    assert "Ana's Health takes 1 lethal" in out and "[X][ ][ ][ ][ ][ ][ ]" in out
    assert "hubris" in table.refused("damage", "Ana", "1", "lethal", "--resistant")
    # Willpower: Resolve + Composure, 1 + 1 on a sheet without them
    assert "Willpower  ●○ 1/2" in click_free(table.ok("track", "spend", "Ana"))
    assert "Willpower  ○○ 0/2" in click_free(table.ok("track", "spend", "Ana"))
    assert table.refused("track", "spend", "Ana") == (
        "error: Willpower has 0 of 2 points: 1 cannot be spent"
    )
    assert "[ ][ ][ ]" in click_free(table.ok("heal", "Ana", "1", "--track", "health"))


def click_free(text: str) -> str:
    """Text without terminal styles (the tests' runner prints none, but be sure)."""
    import click

    return click.unstyle(text)
