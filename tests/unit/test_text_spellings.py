"""A rules text's own spelling of a trait it names is that trait: classic's heading spells
Fortitude "Fortitute". Read so in a sheet edit, at a sheet's creation and in a roll line; a
slip at creation says what to write."""

from __future__ import annotations

import pytest

from dicepool.errors import FieldError
from dicepool.sheet.character import new_character
from dicepool.sheet.edit import edited, in_our_names, read_edit
from dicepool.sheet.lines import read_sheet_line
from dicepool.sheet.traits import SHEETS, sheet_rules

from .sheets import table


def test_every_spelling_names_a_trait_the_system_names() -> None:
    for rules in SHEETS.values():
        for text, ours in rules.spellings.items():
            assert ours in rules.attributes and text not in rules.attributes, (text, ours)
    assert sheet_rules("classic").our_name("FORTITUTE") == "Fortitude"
    assert sheet_rules("chronicles").our_name("Fortitute") == "Fortitute"  # classic's alone


def test_an_edit_in_the_texts_spelling_changes_our_trait() -> None:
    mara = new_character("Mara", "classic")
    edit = in_our_names(read_edit("Fortitute=3 fortitute (Endurance)", "Fortitute+=1"), "classic")
    assert [c.trait for c in (*edit.changes, *edit.added)] == ["Fortitude"] * 3
    after = edited(mara, edit, creating=True)
    assert after.traits["Fortitude"] == 4 and "Fortitute" not in after.traits
    assert after.specialties["Fortitude"] == ("Endurance",)


def test_a_slip_at_creation_says_what_to_write() -> None:
    mara = new_character("Mara", "classic")
    with pytest.raises(FieldError) as caught:
        edited(mara, in_our_names(read_edit("Fortitde=3"), "classic"), creating=True)
    said = str(caught.value)
    assert caught.value.field == "changes"
    assert said.startswith("Mara has no trait `Fortitde`: did you mean `Fortitude`? Write ")
    assert "`Fortitude=3`." in said and '(`--add "Fortitde=3"`)' in said
    assert '"add a trait" field' not in said  # a create form has none
    with pytest.raises(FieldError) as later:  # the sheet's own edit form has the field
        edited(mara, read_edit("Fortitde=3"))
    assert '"add a trait" field' in str(later.value)


def test_a_roll_line_names_the_trait_in_either_spelling() -> None:
    state = table("classic", Mara="Fortitude=3 Firearms=4")
    for line in ("Fortitute + Firearms", "fortitude + firearms", "Fortitu + Fir"):
        assert read_sheet_line(line, state, "Mara").numbers == "classic 3+4", line
