"""A roll's Willpower point at chronicles and classic tables (ruling 23), as pure transitions:
rules examples with forced dice, the point off the sheet's Willpower track, refusals.

Each roll goes the way a campaign roll goes (:func:`dicepool.campaign.rolls.roll_to_make`,
then the result's effects applied as the ``rolled`` event), without a database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.core.request import Request
from dicepool.core.result import ContestResult, Outcome, RollResult
from dicepool.core.roll import resolve_any
from dicepool.errors import DiceError, NotationError, SheetError
from dicepool.notation.house import read_house_rules
from dicepool.notation.parser import parse
from dicepool.sheet.events import Event, Kind, apply
from dicepool.sheet.lines import read_sheet_line
from dicepool.sheet.roll_willpower import WillpowerOnRoll, spend_point
from dicepool.sheet.spends import NO_SPENDS, Spends, effects, prepare
from dicepool.sheet.state import CampaignState
from dicepool.sheet.traits import name_key
from dicepool.sheet.view import condition

from .sheets import table

WP = Spends(willpower=True)


@dataclass(frozen=True)
class Rolled:
    """A roll made at a table: the table after it, its result, what was rolled, its effects."""

    state: CampaignState
    result: RollResult | ContestResult
    request: Request
    effects: dict[str, object]


def roll(
    state: CampaignState,
    line: str,
    faces: list[int],
    roller: str | None = "Ana",
    spends: Spends = NO_SPENDS,
    hidden: bool = False,
) -> Rolled:
    """``line`` rolled at ``state``'s table for ``roller`` with ``faces``, as a campaign rolls."""
    sheet_line = read_sheet_line(line, state, roller)
    request = read_house_rules(state.system, state.house_rules).apply(parse(sheet_line.numbers))
    rollers = tuple(state.characters.get(name_key(r or "")) for r in sheet_line.rollers)
    request = prepare(rollers[0], request, spends, rollers=rollers, state=state, hidden=hidden)
    result = resolve_any(request, ForcedDice(faces))
    done = (
        {} if hidden else effects(rollers[0], request, result, spends, rollers=rollers, state=state)
    )
    event = Event(Kind.ROLLED, {"effects": done, "rollers": list(sheet_line.rollers)})
    return Rolled(apply(state, event), result, request, done)


def willpower(state: CampaignState, name: str = "Ana") -> tuple[int, int]:
    """The points and the most of a character's Willpower track, as its sheet shows them."""
    tracks = condition(state.character(name), state.now).get("tracks", [])
    assert isinstance(tracks, list)
    (track,) = [t for t in tracks if str(t["name"]).casefold() == "willpower"]
    return track["points"], track["max"]


def classic(house_rules: str = "", **more: str) -> CampaignState:
    return table("classic", house_rules, Ana="Precision=3 Firearms=2 Willpower=2", **more)


def chronicles(house_rules: str = "", **more: str) -> CampaignState:
    return table("chronicles", house_rules, Ana="Strength=2 Brawl=1 Resolve=1 Composure=2", **more)


# classic: one automatic success, a point of the Willpower track


def test_classic_wp_is_one_automatic_success_and_a_point_off_the_track() -> None:
    state = classic()
    assert willpower(state) == (2, 2)
    made = roll(state, "Precision + Firearms wp", [1, 2, 3, 4, 5])
    # no die succeeds and a 1 would botch: Willpower's success stands, uncancelled
    assert isinstance(made.result, RollResult)
    assert made.result.counts["successes"] == 1 and made.result.counts["auto"] == 1
    assert made.result.outcome is Outcome.SUCCESS
    assert made.effects == {"willpower": {"character": "Ana"}}
    assert willpower(made.state) == (1, 2)
    plain = roll(state, "Precision + Firearms", [1, 2, 3, 4, 5])
    assert isinstance(plain.result, RollResult) and plain.result.outcome is Outcome.BOTCH
    assert plain.effects == {} and willpower(plain.state) == (2, 2)


def test_the_chosen_point_and_the_typed_wp_are_one_spend() -> None:
    state = classic()
    typed = roll(state, "Precision + Firearms wp", [7, 7, 1, 2, 3])
    chosen = roll(state, "Precision + Firearms", [7, 7, 1, 2, 3], spends=WP)
    both = roll(state, "Precision + Firearms wp", [7, 7, 1, 2, 3], spends=WP)
    assert typed.request == chosen.request == both.request
    assert typed.effects == chosen.effects == both.effects
    assert typed.state == chosen.state == both.state  # one point, however it was asked
    assert willpower(both.state) == (1, 2)


def test_no_point_left_refuses_the_roll_in_one_line() -> None:
    state = roll(roll(classic(), "Precision wp", [2, 2, 2]).state, "Precision wp", [2, 2, 2]).state
    assert willpower(state) == (0, 2)
    for spends, line in ((NO_SPENDS, "Precision + Firearms wp"), (WP, "Precision + Firearms")):
        with pytest.raises(SheetError) as caught:
            roll(state, line, [9] * 5, spends=spends)
        assert str(caught.value) == (
            "Ana has no Willpower point left (0 of 2): roll without Willpower (`wp`), "
            "or regain a point first"
        )
    assert willpower(roll(state, "Precision + Firearms", [9] * 5).state) == (0, 2)  # no `wp`


def test_the_point_is_the_transition_of_the_rolls_effect_and_refused_there_too() -> None:
    spent = Event(Kind.ROLLED, {"effects": {"willpower": WillpowerOnRoll("Ana").data()}})
    state = apply(apply(classic(), spent), spent)
    assert willpower(state) == (0, 2)
    with pytest.raises(SheetError, match="no Willpower point left"):
        apply(state, spent)  # a log that spends a point not there does not replay


# chronicles: three dice (ruling 23)


def test_chronicles_willpower_adds_three_dice() -> None:
    state = chronicles()
    assert willpower(state) == (3, 3)  # Resolve + Composure
    made = roll(state, "Strength + Brawl", [8, 2, 3, 9, 10, 1, 4], spends=WP)
    assert isinstance(made.result, RollResult)
    assert len(made.result.dice) == 7  # 3 + 3 dice, and the 10's explosion
    assert made.result.counts["successes"] == 3
    assert made.request == parse("chronicles 2+1 wp")
    assert willpower(made.state) == (2, 3)
    with pytest.raises(DiceError, match="needs at least 1 more"):  # six dice, not three
        roll(state, "Strength + Brawl", [2] * 5, spends=WP)


def test_chronicles_willpower_at_a_chance_die_rolls_the_dice_instead() -> None:
    made = roll(chronicles(), "Strength - 2 wp", [8, 8, 2])
    assert isinstance(made.result, RollResult)
    assert [d.face for d in made.result.dice] == [8, 8, 2]  # 0 + 3 dice: no chance die
    assert made.result.counts["successes"] == 2


# where no point is spent


def test_a_plain_line_spends_nothing_and_keeps_the_rule() -> None:
    state = classic()
    made = roll(state, "classic 3 wp", [1, 2, 3], roller=None)
    assert isinstance(made.result, RollResult) and made.result.counts["auto"] == 1
    assert made.effects == {} and made.state == state
    with pytest.raises(SheetError, match="a Willpower point is a character's to spend"):
        roll(state, "classic 3", [1, 2, 3], roller=None, spends=WP)


def test_a_character_whose_table_keeps_no_willpower_track_spends_nothing() -> None:
    off = apply(classic(), Event(Kind.DEFAULT_TRACKS_SET, {"on": False}))
    made = roll(off, "Precision + Firearms wp", [1, 2, 3, 4, 5])
    assert isinstance(made.result, RollResult) and made.result.counts["auto"] == 1
    assert made.effects == {} and made.state == off
    with pytest.raises(SheetError, match="keeps no Willpower track"):
        spend_point(off, "Ana")


def test_a_track_the_table_named_willpower_is_the_one_spent() -> None:
    state = apply(classic(), Event(Kind.TRACK_REMOVED, {"character": "Ana", "track": "Willpower"}))
    assert roll(state, "Precision wp", [2, 2, 2]).effects == {}
    named = {"character": "Ana", "track": "willpower", "kind": "points", "max": 4}
    state = apply(state, Event(Kind.TRACK_DEFINED, named))
    assert willpower(roll(state, "Precision wp", [2, 2, 2]).state) == (3, 4)


def test_a_hidden_roll_takes_no_point() -> None:
    with pytest.raises(SheetError, match="a hidden roll spends nothing"):
        roll(classic(), "Precision + Firearms wp", [9] * 5, hidden=True)
    made = roll(classic(), "classic 3 wp", [9] * 3, roller=None, hidden=True)
    assert made.effects == {}  # no sheet: nothing to tell


# contests: each side its own roller's point


def test_each_side_of_a_contest_spends_its_own_point() -> None:
    state = classic(Bo="Precision=2 Willpower=1")
    made = roll(state, "Ana: Precision wp vs Bo: Precision wp", [2, 2, 2, 2, 2])
    assert made.effects == {"willpower": {"character": "Ana", "versus": "Bo"}}
    assert willpower(made.state) == (1, 2) and willpower(made.state, "Bo") == (0, 1)
    alone = roll(state, "Ana: Precision vs Bo: Precision wp", [2, 2, 2, 2, 2])
    assert alone.effects == {"willpower": {"character": "Bo"}}
    with pytest.raises(SheetError, match="Bo has no Willpower point left"):
        roll(alone.state, "Ana: Precision vs Bo: Precision wp", [2, 2, 2, 2, 2])


# the house rule


def test_the_house_rule_wp_off_refuses_willpower_typed_or_chosen() -> None:
    for state, line in ((classic("wp off"), "Precision"), (chronicles("wp off"), "Strength")):
        for spends, typed in ((NO_SPENDS, f"{line} wp"), (WP, line)):
            with pytest.raises(NotationError, match=r"house rules turn Willpower off \(`wp off`"):
                roll(state, typed, [9] * 5, spends=spends)
        assert roll(state, line, [9] * 5).effects == {}  # the rest of the table rolls on


@pytest.mark.parametrize(
    ("system", "rules", "message"),
    [
        ("hubris", "wp off", "hubris's Willpower is its text's rule (ruling 14)"),
        ("storypath", "wp off", "storypath spends no Willpower"),
        ("classic", "wp", "`wp` spends the roller's Willpower point, which is the roll's to say"),
        ("chronicles", "willpower", "a house rule may turn it off: `wp off`"),
    ],
)
def test_house_rules_refuse_a_point_for_every_roll_and_wp_off_where_it_does_not_apply(
    system: str, rules: str, message: str
) -> None:
    with pytest.raises(NotationError, match=f"^house rules: .*{re.escape(message)}"):
        read_house_rules(system, rules)


def test_wp_off_is_written_back_in_its_place() -> None:
    rules = read_house_rules("chronicles", "9again  Willpower OFF ties attacker")
    assert rules.text == "9again wp off ties attacker" and not rules.willpower
    assert read_house_rules("classic", "").willpower


def test_hubris_keeps_its_own_rule_on_either_side_of_a_contest() -> None:
    state = table("hubris", Ana="Strength=2 Willpower=2", Bo="Strength=2 Willpower=1")
    made = roll(state, "Ana: Strength vs Bo: Strength wp", [2] * 12)  # 2; 5 and a rote of 5
    assert isinstance(made.result, ContestResult)
    assert made.effects == {"willpower": {"character": "Bo"}}  # ruling 14: the defender's own
    points = condition(made.state.character("Bo"), made.state.now)["willpower"]
    assert isinstance(points, dict) and (points["points"], points["spent_this_turn"]) == (0, True)
    with pytest.raises(SheetError, match="a hidden roll spends nothing"):
        roll(state, "Strength wp", [2] * 10, hidden=True)


@pytest.mark.parametrize("system", ["classic", "chronicles", "hubris"])
def test_a_wp_house_rule_kept_from_before_ruling_23_still_reads_without_its_point(
    system: str,
) -> None:
    # a table's log from before ruling 23 may hold `wp` among its house rules (then a free
    # option like any): replayed, and rolled with, it reads without it; given anew, it is refused
    kept = {"classic": "wp spec double", "chronicles": "9again wp", "hubris": "wp"}[system]
    rules = read_house_rules(system, kept, stored=True)
    assert "wp" not in rules.text.split() and rules.willpower
    with pytest.raises(NotationError, match="`wp` spends the roller's Willpower point"):
        read_house_rules(system, kept)
    old = table(system, Ana="Willpower=2")
    event = Event(Kind.HOUSE_RULES_SET, {"house_rules": kept})
    replayed = apply(old, event)  # the log replays
    assert replayed.house_rules == kept and read_house_rules(system, kept, stored=True).willpower
    assert read_house_rules("classic", "wp off", stored=True).willpower is False  # kept as is
