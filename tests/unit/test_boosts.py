"""After Sundown's boosts: powers raise attributes and skills above 6 + Potency and the Edge-based
skill maximum, as a temporary change with its source, shown on the sheet and ended by an
action (or, for a scene's, by the scene's end)."""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.character import change, parse_changes
from dicepool.sheet.events import Event, Kind, apply
from dicepool.sheet.lines import read_sheet_line
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import stored_status
from dicepool.sheet.view import condition

from .sheets import table


def genevra() -> CampaignState:
    """Genevra, "a Vampire with Potency 1": her Strength at its maximum, 7, and 13 Power."""
    state = table("sundown", Genevra="Potency=1 Strength=7 Brawl=6 Stealth=6")
    return apply(state, Event(Kind.POWER_REGAINED, {"character": "Genevra", "points": 13}))


def boost(state: CampaignState, trait: str, dots: int, source: str = "Vigor", **more: Any) -> Any:
    data = {"character": "Genevra", "trait": trait, "dots": dots, "source": source, **more}
    return apply(state, Event(Kind.BOOSTED, data))


def end(state: CampaignState, source: str = "Vigor", trait: str | None = None) -> CampaignState:
    data = {"character": "Genevra", "source": source, "trait": trait}
    return apply(state, Event(Kind.BOOST_ENDED, data))


def numbers(state: CampaignState, line: str) -> str:
    return read_sheet_line(line, state, "Genevra").numbers


def shown(state: CampaignState) -> dict[str, Any]:
    return condition(state.character("Genevra"), state.now)


def test_vigor_raises_strength_above_six_plus_potency_for_a_scene() -> None:
    # "she has the Vigor ability from the Clout discipline, and can spend Power Points to
    # increase her Strength for a scene"; "some of their disciplines ... further increase
    # their attributes or skills"
    state = genevra()
    with pytest.raises(SheetError, match=r"Strength 8 is outside 1\.\.7"):
        change(state.character("Genevra"), parse_changes("Strength=8"))  # the sheet's limit
    state = boost(state, "strength", 2, scene=True, power=1)
    assert numbers(state, "Strength + Brawl") == "sundown 9+6"  # 9: above 6 + Potency
    assert state.character("Genevra").traits["Strength"] == 7  # the sheet is as it was
    assert shown(state)["power"]["points"] == 12
    assert shown(state)["boosts"] == [
        {"trait": "Strength", "dots": 2, "source": "Vigor", "scene": True, "rating": 9}
    ]
    scene = apply(state, Event(Kind.BOUNDARY_BEGUN, {"unit": "scene", "rolls": []}))
    assert numbers(scene, "Strength") == "sundown 7" and "boosts" not in shown(scene)
    turn = apply(state, Event(Kind.BOUNDARY_BEGUN, {"unit": "turn", "rolls": []}))
    assert numbers(turn, "Strength") == "sundown 9"  # a turn is no end of the scene


def test_a_skill_above_the_edge_based_maximum_until_ended() -> None:
    # Edge 0: skills up to 6 (ruling 15); a power raises Stealth to 9 until it is ended
    state = boost(genevra(), "Stealth", 3, "Obfuscate")
    assert numbers(state, "Stealth") == "sundown 9"
    state = boost(state, "Stealth", 1, "Cloak of Night")  # another source adds to it
    assert numbers(state, "Stealth") == "sundown 10"
    state = end(state, "obfuscate")
    assert numbers(state, "Stealth") == "sundown 7"
    with pytest.raises(SheetError, match="no boost of Obfuscate holds; the boosts that do: "):
        end(state, "Obfuscate")


def test_the_rules_own_limits_hold() -> None:
    state = genevra()
    with pytest.raises(SheetError, match="Edge is a special attribute: no power raises it"):
        boost(table("sundown", Genevra="Edge=2"), "Edge", 1)
    with pytest.raises(SheetError, match="Potency is a special attribute"):
        boost(state, "Potency", 1)
    with pytest.raises(SheetError, match="no trait `Firearms` on the sheet"):
        boost(state, "Firearms", 1)
    with pytest.raises(SheetError, match="Vigor boosts Strength already"):
        boost(boost(state, "Strength", 2), "Strength", 1)
    with pytest.raises(SheetError, match=r"at most 10 dots to a trait"):
        boost(boost(state, "Strength", 8), "Strength", 3, "Potence")
    with pytest.raises(SheetError, match=r"a boost adds 1\.\.10 dots"):
        boost(state, "Strength", 0)
    with pytest.raises(SheetError, match="holds 13 of 13 points: 14 cannot be spent"):
        boost(state, "Strength", 1, power=14)  # refused whole: no boost without its points
    with pytest.raises(SheetError, match="After Sundown's"):
        boost(table("hubris", Genevra="Strength=2"), "Strength", 1)


def test_a_boost_is_kept_and_read_back() -> None:
    state = boost(boost(genevra(), "Strength", 2, scene=True), "Brawl", 1, "Potence")
    sheet = state.character("Genevra")
    assert stored_status(sheet.status.stored(), sheet.traits) == sheet.status
    assert change(sheet, parse_changes("Strength=6")).traits["Strength"] == 6
    lowered = change(sheet, parse_changes("Strength=6"))
    assert condition(lowered, state.now)["boosts"][0]["rating"] == 8  # it follows the sheet
