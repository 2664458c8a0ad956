"""Each system's sheet limits, with the rule that sets them named in the refusal (ruling 15)."""

from __future__ import annotations

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.character import change, check_sheet, new_character, parse_changes
from dicepool.sheet.traits import SHEETS, sheet_rules

from .sheets import sheet


def refused(system: str, changes: str, before: str = "") -> str:
    """The message of the SheetError that ``changes`` meet on a sheet set up by ``before``."""
    with pytest.raises(SheetError) as caught:
        change(sheet(system, changes=before), parse_changes(changes))
    return str(caught.value)


def test_sundown_attribute_is_one_to_six_without_potency() -> None:
    assert sheet("sundown", changes="Strength=6").traits["Strength"] == 6
    message = refused("sundown", "Strength=7")
    assert "Strength 7 is outside 1..6" in message
    assert "Potency" in message and "ruling 15" in message
    assert "outside 1..6" in refused("sundown", "Agility=0")


@pytest.mark.parametrize("potency", [1, 4, 10])
def test_sundown_potency_raises_the_attribute_maximum(potency: int) -> None:
    top = 6 + potency
    made = sheet("sundown", changes=f"Potency={potency} Charisma={top}")
    assert made.traits["Charisma"] == top
    assert f"outside 1..{top}" in refused("sundown", f"Charisma={top + 1}", f"Potency={potency}")


def test_potency_and_attribute_in_one_update_are_checked_on_the_result() -> None:
    """The order inside one update does not matter: limits hold on the sheet it ends with."""
    assert sheet("sundown", changes="Strength=8 Potency=2").traits["Strength"] == 8


def test_lowering_potency_below_what_an_attribute_needs_is_refused_whole() -> None:
    before = sheet("sundown", changes="Potency=2 Strength=8 Logic=7")
    with pytest.raises(SheetError, match=r"Strength 8 is outside 1\.\.7"):
        change(before, parse_changes("Potency=1 Stealth=3"))
    # the sheet given is untouched, and no part of the refused update was made elsewhere
    assert before.traits["Potency"] == 2 and "Stealth" not in before.traits
    assert change(before, parse_changes("Strength=7 Potency=1")).traits["Potency"] == 1


@pytest.mark.parametrize(("edge", "top"), [(0, 6), (1, 6), (2, 7), (3, 7), (4, 8), (5, 8), (6, 9)])
def test_sundown_edge_raises_the_skill_maximum(edge: int, top: int) -> None:
    assert sheet("sundown", changes=f"Edge={edge} Stealth={top}").traits["Stealth"] == top
    message = refused("sundown", f"Stealth={top + 1}", f"Edge={edge}")
    assert f"0..{top} with Edge {edge}" in message and "ruling 15" in message


def test_sundown_edge_is_zero_to_six() -> None:
    assert "Edge 7 is outside 0..6" in refused("sundown", "Edge=7")
    assert "Edge -1 is outside 0..6" in refused("sundown", "Edge-=1")


@pytest.mark.parametrize("written", ["Power=13", "power=0", "Power+=1", "Power (Blood)"])
def test_the_power_reserve_is_no_trait_of_the_sheet(written: str) -> None:
    # ruling 19: "The Power Reserve's points are the character's state, never a trait typed on
    # the sheet" (its limit, 10 + 3 x Potency, is the reserve's: tests/unit/test_edge.py)
    assert "Power" not in sheet("sundown").traits
    message = refused("sundown", written)
    assert "the Power Reserve is not a trait of the sheet" in message and "ruling 19" in message
    assert "power Ana regain N" in message
    assert sheet("chronicles", changes="Power=3").traits["Power"] == 3  # sundown's name alone


def test_sundown_potency_is_zero_to_ten() -> None:
    assert sheet("sundown", changes="Potency=10").traits["Potency"] == 10
    assert "Potency 11 is outside 0..10" in refused("sundown", "Potency=11")


def test_hubris_morality_is_zero_to_five_and_starts_at_five() -> None:
    assert new_character("Bo", "hubris").traits["Morality"] == 5
    assert sheet("hubris", changes="Morality=0").traits["Morality"] == 0
    assert "Morality 6 is outside 0..5" in refused("hubris", "Morality+=1")
    assert "Morality -1 is outside 0..5" in refused("hubris", "Morality=-1")


@pytest.mark.parametrize("system", ["chronicles", "hubris", "classic"])
def test_an_attribute_is_at_least_one(system: str) -> None:
    attribute = SHEETS[system].attributes[0]
    assert new_character("Cy", system).traits[attribute] == 1
    assert f"{attribute} 0 is outside 1..10" in refused(system, f"{attribute}-=1")
    assert f"{attribute} 11 is outside 1..10" in refused(system, f"{attribute}=11")


@pytest.mark.parametrize("system", ["chronicles", "classic", "storypath", "hubris", "custom"])
def test_other_traits_are_zero_to_ten(system: str) -> None:
    assert sheet(system, changes="Occult=0 Crafts=10").traits["Crafts"] == 10
    assert "Occult 11 is outside 0..10" in refused(system, "Occult=11")
    assert "Occult -1 is outside 0..10" in refused(system, "Occult=-1")


def test_classic_rules_allow_two_traits_and_specialties_from_four() -> None:
    rules = sheet_rules("classic")
    assert rules.pool_traits == 2 and rules.specialty_rating == 4


def test_new_sheets_start_within_their_limits() -> None:
    for system, rules in SHEETS.items():
        made = new_character("Cy", system)
        check_sheet(system, made.traits, made.specialties)
        assert list(made.traits)[: len(rules.attributes)] == list(rules.attributes)


def test_a_specialty_must_stay_on_a_trait_of_the_sheet() -> None:
    with pytest.raises(SheetError, match="not on the sheet"):
        check_sheet("chronicles", {"Wits": 1}, {"Stealth": ["Rooftops"]})


def test_taking_away_a_specialty_not_held_is_refused() -> None:
    with pytest.raises(SheetError, match="no specialty `Pistols`"):
        sheet("chronicles", changes="Firearms=2 (Sniping) Firearms (-Pistols)")


def test_specialties_are_added_once_whatever_the_case_and_removed() -> None:
    made = sheet("chronicles", changes="Firearms=2 (Sniping) Firearms (sniping, Pistols)")
    assert made.specialties["Firearms"] == ("Sniping", "Pistols")
    after = change(made, parse_changes("firearms (-SNIPING, -Pistols)"))
    assert "Firearms" not in after.specialties
    assert after.traits["Firearms"] == 2  # the trait stays, spelled as first written
