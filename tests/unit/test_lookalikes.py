"""Names that can pass for others: what looks alike and what does not."""

from __future__ import annotations

import pytest

from dicepool.sheet.lookalikes import RESERVED_SEATS, folded, looks_like

ALIKE = [
    ("storyteIler", "storyteller"),  # a capital I for an l
    ("\u0455toryteller", "storyteller"),  # a Cyrillic dze for an s
    ("M0", "Mo"),  # a zero for an O
    ("\u0410na", "Ana"),  # a Cyrillic A
    ("\uff21na", "Ana"),  # a fullwidth A (NFKC)
    ("ANA", "Ana"),  # case
    ("Ca\u0301t", "Cát"),  # a combining accent, composed by NFKC
]

APART = [
    ("Cy", "Cid"),
    ("Bo", "Di"),
    ("Vera", "Vero"),
    ("Ana", "Anna"),
    ("storyteller2", "storyteller"),
]


@pytest.mark.parametrize(("name", "other"), ALIKE)
def test_a_name_that_looks_like_another_is_found(name: str, other: str) -> None:
    assert looks_like(name, ["Somebody", other]) == other
    assert looks_like(other, [name]) == name  # alike both ways


@pytest.mark.parametrize(("name", "other"), APART)
def test_names_that_differ_to_the_eye_pass(name: str, other: str) -> None:
    assert looks_like(name, [other]) is None


def test_the_table_keeps_its_own_names_and_folds_compatibility_forms() -> None:
    assert looks_like("Invitation", RESERVED_SEATS) == "invitation"
    assert folded("\uff22o") == folded("BO") == "bo"
