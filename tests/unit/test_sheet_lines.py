"""Roll lines written with a sheet's traits, made into numbers: ``read_sheet_line``."""

from __future__ import annotations

import pytest

from dicepool.errors import CampaignError, NotationError, SheetError
from dicepool.sheet.lines import read_sheet_line

from .sheets import table

CHRONICLES = table(
    "chronicles",
    Ana="Dexterity=3 Stealth=2 Streetwise=1 Firearms=4 (Sniping) Animal Ken=2",
    Guard="Composure=3 Wits=2",
)


def numbers(line: str, roller: str | None = "Ana") -> str:
    return read_sheet_line(line, CHRONICLES, roller).numbers


def test_traits_become_their_ratings_with_the_system_first() -> None:
    made = read_sheet_line("Dexterity + Stealth", CHRONICLES, "Ana")
    assert made.numbers == "chronicles 3+2"
    assert made.characters == ("Ana",) and made.rollers == ("Ana",)
    assert made.comment is None


def test_names_in_any_case_and_options_after_the_pool() -> None:
    assert numbers("DEXTERITY + stealth 9again") == "chronicles 3+2 9again"


def test_an_unambiguous_beginning_names_a_trait() -> None:
    assert numbers("dex + stea") == "chronicles 3+2"
    assert numbers("Dexterity + animal k") == "chronicles 3+2"  # as many words as the name
    assert numbers("Dexterity + Animal Ken") == "chronicles 3+2"


def test_an_ambiguous_beginning_is_refused_listing_the_candidates() -> None:
    with pytest.raises(SheetError) as caught:
        numbers("Dexterity + St")
    message = str(caught.value)
    for candidate in ("Stamina", "Stealth", "Streetwise", "Strength"):
        assert candidate in message
    assert "Dexterity" not in message


def test_an_unknown_trait_is_refused_with_a_suggestion() -> None:
    with pytest.raises(SheetError, match="no trait `Stelth`; did you mean `Stealth`"):
        numbers("Dexterity + Stelth")
    with pytest.raises(SheetError, match='char set "Ana" "Xyzzy=N"'):
        numbers("Dexterity + xyzzy")


def test_numbers_mix_in_with_traits() -> None:
    assert numbers("Dexterity + Stealth - 2") == "chronicles 3+2-2"
    assert numbers("2 + Dexterity+1") == "chronicles 2+3+1"
    assert numbers("Dexterity-1") == "chronicles 3-1"


def test_another_characters_trait_resists() -> None:
    made = read_sheet_line("Dexterity + Stealth - Guard.Composure", CHRONICLES, "Ana")
    assert made.numbers == "chronicles 3+2-3"
    assert made.characters == ("Ana", "Guard") and made.rollers == ("Ana",)


def test_a_contest_names_its_roller_on_each_side() -> None:
    made = read_sheet_line("Ana: Dexterity + Stealth vs Guard: Wits + Composure", CHRONICLES)
    assert made.numbers == "chronicles 3+2 vs chronicles 2+3"
    assert made.rollers == ("Ana", "Guard")
    assert made.characters == ("Ana", "Guard")


def test_a_trait_without_a_roller_asks_whose() -> None:
    with pytest.raises(SheetError, match="but whose"):
        numbers("Dexterity + Stealth", roller=None)


def test_a_character_not_in_the_campaign_is_refused_listing_those_here() -> None:
    with pytest.raises(CampaignError, match=r"no character `Bob`.*here: Ana, Guard"):
        numbers("Bob: Dexterity")


def test_the_comment_is_kept_apart() -> None:
    assert read_sheet_line("Dex + Stealth # sneaking", CHRONICLES, "Ana").comment == "sneaking"


def test_the_system_word_is_optional_but_another_system_is_refused() -> None:
    assert numbers("chronicles Dexterity + Stealth") == numbers("Dexterity + Stealth")
    with pytest.raises(NotationError, match="plays chronicles, not sundown"):
        numbers("sundown Dexterity + Stealth")


CLASSIC = table(
    "classic",
    Ana="Reflexes=3 Stealth=3 (Rooftops) Firearms=4 (Sniping) Melee=5",
)


def classic(line: str) -> str:
    return read_sheet_line(line, CLASSIC, "Ana").numbers


def test_classic_pool_adds_at_most_two_traits() -> None:
    assert classic("Reflexes + Melee + 1") == "classic 3+5+1"
    with pytest.raises(SheetError, match="at most 2 traits"):
        classic("Reflexes + Stealth + Melee")


def test_classic_spec_needs_a_specialty_on_a_trait_of_the_pool() -> None:
    with pytest.raises(SheetError, match="no specialty on Reflexes or Melee"):
        classic("Reflexes + Melee spec")


def test_classic_spec_is_refused_below_rating_four_and_taken_at_four() -> None:
    with pytest.raises(SheetError, match=r"rated 4 or more \(ruling 4\); Ana has Stealth 3"):
        classic("Reflexes + Stealth spec")
    assert classic("Reflexes + Firearms diff 6 spec") == "classic 3+4 diff 6 spec"


STORYPATH = table(
    "storypath",
    Ana="Might=2 Athletics=1 (Climbing) Close Combat=2",
    Bob="Might=3 Athletics=2 (Running)",
)


def test_storypath_spec_needs_a_specialty_on_a_pool_trait_at_any_rating() -> None:
    assert read_sheet_line("Might + Athletics spec", STORYPATH, "Ana").numbers == (
        "storypath 2+1 spec"
    )
    with pytest.raises(SheetError, match="no specialty on Might or Close Combat"):
        read_sheet_line("Might + Close Combat spec", STORYPATH, "Ana")


def test_storypath_spec_counts_only_the_rollers_own_added_traits() -> None:
    """Bob's specialty does not let Ana use `spec`, even when his trait is in her pool."""
    with pytest.raises(SheetError, match="no specialty on Might"):
        read_sheet_line("Might + Bob.Athletics spec", STORYPATH, "Ana")


def test_a_custom_campaign_rolls_its_pools_of_sided_dice() -> None:
    custom = table("custom", Ana="Dexterity=3")
    assert read_sheet_line("3d6 t5", custom, None).numbers == "custom 3d6 t5"
    made = read_sheet_line("custom 2d10  t8 # luck", custom, "Ana")
    assert made.numbers == "custom 2d10 t8" and made.rollers == ("Ana",)
    assert made.comment == "luck"


@pytest.mark.parametrize(
    ("line", "roller"), [("chronicle 5", None), ("chronicle 5", "Ana"), ("Ana: chronicle 5", None)]
)
def test_a_mistyped_system_is_said_so_not_read_as_a_trait(line: str, roller: str | None) -> None:
    with pytest.raises(NotationError, match="did you mean `chronicles`"):
        read_sheet_line(line, CHRONICLES, roller)
    with pytest.raises(SheetError, match="did you mean `Stealth`"):  # a trait's near miss first
        read_sheet_line("Stelth + 2", CHRONICLES, "Ana")
