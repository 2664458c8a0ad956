"""Changes written the way players say them: ``parse_changes``."""

from __future__ import annotations

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.character import MAX_CHANGES, Change, SpecialtyChange, parse_changes


def test_set_add_and_subtract() -> None:
    assert parse_changes("Dexterity=3 Stealth+=1 Firearms-=2") == (
        Change("Dexterity", "=", 3),
        Change("Stealth", "+", 1),
        Change("Firearms", "-", 2),
    )


def test_spaces_around_operators_and_commas_between_changes() -> None:
    assert parse_changes("  Dexterity = 3,  Stealth += 1 ") == (
        Change("Dexterity", "=", 3),
        Change("Stealth", "+", 1),
    )


def test_specialties_added_alone_or_after_a_rating() -> None:
    assert parse_changes("Firearms=4 (Sniping, Pistols) Stealth (Rooftops)") == (
        Change("Firearms", "=", 4),
        SpecialtyChange("Firearms", "Sniping"),
        SpecialtyChange("Firearms", "Pistols"),
        SpecialtyChange("Stealth", "Rooftops"),
    )


def test_a_minus_before_a_specialty_takes_it_away() -> None:
    assert parse_changes("Firearms (-Sniping, Rifles)") == (
        SpecialtyChange("Firearms", "Sniping", add=False),
        SpecialtyChange("Firearms", "Rifles", add=True),
    )


def test_names_with_spaces_hyphens_and_apostrophes() -> None:
    assert parse_changes("Animal Ken=2 Sleight-of-Hand+=1 Jack o' Lantern (Big  Smile)") == (
        Change("Animal Ken", "=", 2),
        Change("Sleight-of-Hand", "+", 1),
        SpecialtyChange("Jack o' Lantern", "Big Smile"),
    )


def test_each_change_reads_back_from_its_text() -> None:
    changes = parse_changes("Animal Ken=2 Stealth+=1 Occult-=3 Firearms (Sniping) Melee (-Knives)")
    assert parse_changes(" ".join(str(c) for c in changes)) == changes


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("Stealth", "cannot read `Stealth`"),
        ("Stealth=abc", "cannot read `Stealth=abc`"),
        ("=3", "cannot read `=3`"),
        ("3Stealth=1", "cannot read `3Stealth=1`"),
        ("Dexterity=3 Stealth", "cannot read `Stealth`"),
        ("Stealth=1234567", "at most 6 digits"),
        ("Stealth ()", "names no specialty"),
        ("Stealth=2 ( , )", "names no specialty"),
        ("", "no change given"),
        ("   ", "no change given"),
        ("Stealth (9lives)", "cannot be a specialty name"),
        (f"{'A' * 41}=1", "at most 40 characters"),
    ],
)
def test_bad_text_is_refused_naming_the_part_at_fault(text: str, fault: str) -> None:
    with pytest.raises(SheetError) as caught:
        parse_changes(text)
    assert fault in str(caught.value)


def test_too_many_changes_at_once() -> None:
    text = " ".join(f"Trait{i}=1" for i in range(MAX_CHANGES + 1))
    with pytest.raises(SheetError, match=f"over the limit of {MAX_CHANGES}"):
        parse_changes(text)
    assert len(parse_changes(" ".join(f"Trait{i}=1" for i in range(MAX_CHANGES)))) == MAX_CHANGES
