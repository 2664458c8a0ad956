"""hubris prolonged conflicts (ruling 22), with forced dice: the contests lost are counted per
character and arena, defeat comes at the arena's Resistance attribute, and the count ends with
the conflict."""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.core.roll import resolve_any
from dicepool.errors import SheetError
from dicepool.notation.parser import parse
from dicepool.sheet.character import change, parse_changes
from dicepool.sheet.events import Event, Kind, apply
from dicepool.sheet.lines import read_sheet_line
from dicepool.sheet.spends import NO_SPENDS, Spends, effects, prepare
from dicepool.sheet.state import CampaignState, stored_story
from dicepool.sheet.view import condition

from .sheets import table


def start() -> CampaignState:
    return table(
        "hubris",
        Ana="Presence=3 Composure=2 Stamina=1 Strength=2",
        Bo="Wits=2 Composure=3 Stamina=2 Strength=2",
    )


def contest(
    state: CampaignState, line: str, faces: list[int], spends: Spends = NO_SPENDS
) -> tuple[CampaignState, Any, dict[str, Any]]:
    """A contest logged as :func:`dicepool.campaign.rolls.roll` logs it."""
    read = read_sheet_line(line, state)
    rollers = tuple(state.character(r) if r else None for r in read.rollers)
    request = prepare(rollers[0], parse(read.numbers), spends, rollers=rollers, state=state)
    source = ForcedDice(faces)
    result = resolve_any(request, source)
    source.check_all_used()
    done = effects(rollers[0], request, result, spends, rollers=rollers, state=state)
    return apply(state, Event(Kind.ROLLED, {"effects": done})), result, done


def lost(state: CampaignState, name: str, arena: str) -> CampaignState:
    data = {"character": name, "arena": arena}
    return apply(state, Event(Kind.CONFLICT_LOST, data))


def shown(state: CampaignState, name: str = "Ana") -> dict[str, Any]:
    found = condition(state.character(name), state.now).get("conflict", {})
    assert isinstance(found, dict)
    return found


SOCIAL = Spends(arena="social")
DEBATE = "Ana: Presence vs Bo: Wits + Composure"


def test_a_contest_roll_naming_its_arena_counts_its_losers_loss() -> None:
    # Ana 3 dice (8, 2, 3: one success) against Bo's 5 (8, 9, 2, 2, 2: two): Bo wins
    state, result, done = contest(start(), DEBATE, [8, 2, 3, 8, 9, 2, 2, 2], SOCIAL)
    assert result.winner.value == "defender"
    assert done["conflict"] == {"character": "Ana", "arena": "social"}
    assert shown(state) == {"social": {"lost": 1, "resistance": 2, "defeat": False}}
    assert shown(state, "Bo") == {}


def test_defeat_at_the_arenas_resistance_attribute() -> None:
    # "once a character has lost contests within a certain arena equal to the relevant
    # Resistance attribute (... Composure for social), that character ... must accept defeat"
    state, _, _ = contest(start(), DEBATE, [8, 2, 3, 8, 9, 2, 2, 2], SOCIAL)
    state, _, _ = contest(state, DEBATE, [2, 2, 3, 8, 2, 2, 2, 2], SOCIAL)
    assert shown(state)["social"] == {"lost": 2, "resistance": 2, "defeat": True}
    with pytest.raises(SheetError, match=r"Ana has lost 2 social contests .* must accept defeat"):
        contest(state, DEBATE, [8, 8, 8, 2, 2, 2, 2, 2], SOCIAL)
    with pytest.raises(SheetError, match="must accept defeat"):
        lost(state, "Ana", "social")
    # another arena counts on its own: physical is Stamina's (1)
    physical = Spends(arena="physical")
    state, _, _ = contest(state, "Ana: Strength vs Bo: Strength", [2, 2, 8, 2], physical)
    assert shown(state)["physical"] == {"lost": 1, "resistance": 1, "defeat": True}


def test_a_tie_is_lost_by_no_one_and_a_win_by_the_actor_counts_the_defenders() -> None:
    state, result, done = contest(start(), DEBATE, [8, 2, 3, 8, 2, 2, 2, 2], SOCIAL)
    assert result.winner.value == "tie" and "conflict" not in done
    state, _, done = contest(state, DEBATE, [8, 9, 3, 8, 2, 2, 2, 2], SOCIAL)
    assert done["conflict"]["character"] == "Bo"


def test_the_arena_is_for_a_hubris_contest() -> None:
    with pytest.raises(SheetError, match="counts the loser of a hubris contest"):
        contest(start(), "Ana: Presence", [8, 2, 3], SOCIAL)
    with pytest.raises(SheetError, match="no arena of a conflict"):
        contest(start(), DEBATE, [8, 2, 3, 8, 9, 2, 2, 2], Spends(arena="spiritual"))
    with pytest.raises(SheetError, match="counts a loss in a campaign's conflict"):
        prepare(None, parse("hubris 3 vs hubris 2"), SOCIAL)
    with pytest.raises(SheetError, match="hubris's rule"):
        lost(table("chronicles", Ana=""), "Ana", "social")


def test_the_count_ends_with_the_scene_or_when_the_storyteller_ends_it() -> None:
    state = lost(lost(start(), "Ana", "social"), "Bo", "mental")
    scene = apply(state, Event(Kind.BOUNDARY_BEGUN, {"unit": "scene", "rolls": []}))
    assert shown(scene) == {} and shown(scene, "Bo") == {}
    turn = apply(state, Event(Kind.BOUNDARY_BEGUN, {"unit": "turn", "rolls": []}))
    assert shown(turn)["social"]["lost"] == 1  # a turn is no end of the conflict
    ended = apply(state, Event(Kind.CONFLICT_ENDED, {}))
    assert shown(ended) == {} and shown(ended, "Bo") == {}
    with pytest.raises(SheetError, match="there is none to end"):
        apply(ended, Event(Kind.CONFLICT_ENDED, {}))
    after_a_day = {"duration": "1d", "minutes": 1440, "begins": "scene", "rolls": []}
    assert shown(apply(state, Event(Kind.CLOCK_ADVANCED, after_a_day))) == {}  # ruling 17
    assert stored_story("hubris", state.now.stored()) == state.now


def test_a_lower_resistance_leaves_the_character_defeated() -> None:
    state = lost(start(), "Bo", "social")
    bo = change(state.character("Bo"), parse_changes("Composure=1"))
    assert condition(bo, state.now)["conflict"] == {
        "social": {"lost": 1, "resistance": 1, "defeat": True}
    }
