"""A sheet edit: the guard against slips in trait names, additions on purpose, and notes."""

from __future__ import annotations

import pytest

from dicepool.errors import FieldError, SheetError
from dicepool.sheet.character import Change, Character, SpecialtyChange, change
from dicepool.sheet.edit import (
    MAX_NOTE_LINES,
    MAX_NOTES,
    Edit,
    check_notes,
    edited,
    read_edit,
    resembled,
)
from dicepool.sheet.events import (
    Kind,
    apply,
    campaign_event,
    changed_event,
    character_from,
    created_event,
)
from dicepool.sheet.transfer import export, read_export

from .sheets import sheet


def edit(
    system: str, changes: str = "", add: str = "", notes: str | None = None, start: str = ""
) -> Character:
    """The sheet of a new ``system`` character (its traits set by ``start``) after the edit."""
    return edited(sheet(system, changes=start), read_edit(changes, add, notes))


def refused(system: str, changes: str = "", add: str = "", start: str = "") -> FieldError:
    """The error of an edit that must be refused."""
    with pytest.raises(FieldError) as caught:
        edit(system, changes, add, start=start)
    return caught.value


def test_an_abbreviation_of_a_system_trait_is_refused_with_a_suggestion() -> None:
    error = refused("chronicles", "Dex=3")
    assert error.field == "changes"
    assert "did you mean `Dexterity`?" in str(error)
    assert '--add "Dex=3"' in str(error) and '"add a trait" field' in str(error)


def test_a_near_spelling_of_a_system_trait_is_refused() -> None:
    for slip, meant in [
        ("Dexteriy", "Dexterity"),
        ("Strenght", "Strength"),
        ("Composre", "Composure"),
    ]:
        assert f"did you mean `{meant}`?" in str(refused("chronicles", f"{slip}=3"))


def test_a_near_spelling_of_a_trait_on_the_sheet_is_refused() -> None:
    error = refused("chronicles", "Stelth+=1", start="Stealth=2")
    assert "did you mean `Stealth`?" in str(error)
    assert "did you mean `Firearms`?" in str(refused("custom", "Firearm=2", start="Firearms=1"))


def test_case_alone_makes_no_new_trait() -> None:
    after = edit("chronicles", "dexterity=3 DEXTERITY+=1")
    assert after.traits["Dexterity"] == 4
    assert [t for t in after.traits if t.casefold() == "dexterity"] == ["Dexterity"]
    assert edit("chronicles", "stealth+=1", start="Stealth=2").traits["Stealth"] == 3


def test_a_new_name_that_resembles_none_is_added() -> None:
    after = edit("chronicles", "Stealth=2 Animal Ken=1")
    assert after.traits["Stealth"] == 2 and after.traits["Animal Ken"] == 1


def test_a_slip_given_as_an_addition_is_added_as_asked() -> None:
    after = edit("chronicles", add="Dex=2")
    assert after.traits["Dex"] == 2 and after.traits["Dexterity"] == 1


def test_an_addition_is_known_to_the_changes_of_the_same_edit() -> None:
    after = edit("chronicles", "Dex+=1", add="Dex=2")
    assert after.traits["Dex"] == 2  # the changes first (Dex 0+1), then the additions (Dex=2)


def test_an_addition_of_a_trait_already_there_sets_it() -> None:
    assert edit("chronicles", add="dexterity=3").traits["Dexterity"] == 3


def test_a_new_name_earlier_in_the_edit_is_known() -> None:
    assert "did you mean `Stealth`?" in str(refused("chronicles", "Stealth=2 Stelth+=1"))


def test_a_prefix_of_several_traits_suggests_one_of_them() -> None:
    error = refused("chronicles", "St=2")
    assert any(f"`{t}`" in str(error) for t in ("Strength", "Stamina"))


def test_one_letter_is_no_abbreviation() -> None:
    assert edit("chronicles", "D=1").traits["D"] == 1


def test_specialties_follow_their_trait() -> None:
    after = edit("classic", "Firearms=4 (Sniping)")
    assert after.specialties == {"Firearms": ("Sniping",)}
    error = refused("classic", "Firarms (Pistols)", start="Firearms=4")
    assert "did you mean `Firearms`?" in str(error) and '--add "Firarms (Pistols)"' in str(error)
    assert edit("classic", "firearms (Pistols)", start="Firearms=4").specialties == {
        "Firearms": ("Pistols",)
    }


def test_custom_and_storypath_name_no_trait_so_any_new_name_is_fine() -> None:
    for system in ("custom", "storypath"):
        assert edit(system, "Dex=2 Might=3").traits == {"Dex": 2, "Might": 3}


def test_a_rule_broken_is_laid_at_the_field_that_broke_it() -> None:
    assert refused("hubris", "Morality=7").field == "changes"
    assert refused("hubris", add="Occult=12").field == "add"
    assert refused("chronicles", "Dexterity=").field == "changes"
    assert refused("chronicles", add="(x)").field == "add"
    assert isinstance(refused("chronicles", "Dex=1"), SheetError)


def test_an_edit_asking_nothing_is_refused() -> None:
    with pytest.raises(FieldError, match="nothing to change") as caught:
        read_edit("  ", "", None)
    assert caught.value.field == "changes"
    assert read_edit(notes="") == Edit(notes="")


def test_resembled() -> None:
    known = ["Dexterity", "Strength", "Stamina", "Animal Ken"]
    assert resembled("dex", known) == ["Dexterity"]
    assert resembled("Animal", known) == ["Animal Ken"]
    assert sorted(resembled("st", known)) == ["Stamina", "Strength"]
    assert resembled("Stealth", known) == []
    assert resembled("Dexterity", known) == []  # a name is not its own likeness
    assert resembled("Science", ["Presence"]) == []


def test_the_skills_the_texts_use_are_not_taken_for_slips() -> None:
    skills = (
        "Academics Athletics Brawl Computer Crafts Drive Empathy Expression Firearms "
        "Intimidation Investigation Larceny Medicine Occult Persuasion Politics Science "
        "Socialize Stealth Streetwise Subterfuge Survival Weaponry Melee Dodge Perception"
    )
    for system in ("chronicles", "hubris", "classic", "sundown"):
        after = edit(system, " ".join(f"{s}=1" for s in skills.split()))
        assert set(skills.split()) <= set(after.traits)


# notes


def test_notes_are_set_tidied_and_cleared() -> None:
    after = edit("chronicles", notes="  Owes Bo a favour.  \r\nAfraid of dogs.\r\n\n")
    assert after.notes == "Owes Bo a favour.\nAfraid of dogs."
    assert after.to_dict()["notes"] == after.notes
    assert edited(after, read_edit(notes="")).notes == ""
    assert edited(after, read_edit("Wits=2")).notes == after.notes  # None: unchanged


@pytest.mark.parametrize("char", ["\x07", "\t", "\x1b", "\u202e", "\u2028", "\x00", "\x85"])
def test_notes_refuse_control_characters(char: str) -> None:
    with pytest.raises(FieldError, match="control character") as caught:
        check_notes(f"a{char}b")
    assert caught.value.field == "notes"


def test_notes_keep_text_of_any_script_and_emoji_joiners() -> None:
    family = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # emoji joined by ZWJ
    persian = "\u0646\u06cc\u0645\u200c\u0641\u0627\u0635\u0644\u0647"  # a ZWNJ inside
    text = f"Zoë ♥ {family} {persian}"
    assert check_notes(text) == text


def test_notes_have_limits() -> None:
    assert check_notes("x" * MAX_NOTES) == "x" * MAX_NOTES
    with pytest.raises(FieldError, match=f"at most {MAX_NOTES} characters"):
        check_notes("x" * (MAX_NOTES + 1))
    assert check_notes("\n".join("x" * MAX_NOTE_LINES))
    with pytest.raises(FieldError, match=f"at most {MAX_NOTE_LINES} lines"):
        check_notes("\n".join("x" * (MAX_NOTE_LINES + 1)))
    with pytest.raises(FieldError) as caught:
        read_edit(notes="x" * (MAX_NOTES + 1))
    assert caught.value.field == "notes"


# the event and the sheet's JSON


def test_the_event_holds_changes_additions_and_notes_and_replays() -> None:
    state = apply(None, campaign_event("Night", "chronicles"))
    ana = sheet("chronicles")
    state = apply(state, created_event(ana))
    made = read_edit("Dexterity=3", "Dex=2", "Owes Bo.")
    event = changed_event("Ana", made.changes, made.added, made.notes)
    assert event.kind is Kind.CHARACTER_CHANGED
    assert event.data == {
        "character": "Ana",
        "changes": [{"trait": "Dexterity", "op": "=", "value": 3}],
        "add": [{"trait": "Dex", "op": "=", "value": 2}],
        "notes": "Owes Bo.",
    }
    assert apply(state, event).character("Ana") == edited(ana, made)


def test_an_event_without_additions_or_notes_is_as_before() -> None:
    event = changed_event("Ana", [Change("Wits", "=", 2), SpecialtyChange("Wits", "Lies")])
    assert set(event.data) == {"character", "changes"}


def test_notes_travel_in_the_sheet_json_and_the_export_file() -> None:
    ana = edit("chronicles", "Stealth=2", notes="Line one\nline two")
    assert character_from(ana.stored(), "chronicles") == ana
    assert read_export(export(ana), "chronicles") == ana
    older = {k: v for k, v in export(ana).items() if k != "notes"}  # a file from before notes
    assert read_export(older, "chronicles").notes == ""
    with pytest.raises(SheetError, match="`notes` is not text"):
        read_export({**export(ana), "notes": 3}, "chronicles")
    with pytest.raises(SheetError, match="control character"):
        read_export({**export(ana), "notes": "a\x1bb"}, "chronicles")


def test_the_edit_makes_the_sheet_its_event_replays() -> None:
    # changes alone would break a limit (Firearms 7 needs Edge 2); with the addition they do not
    start = "Edge=2 Firearms=7"
    after = edit("sundown", "Edge=0", add="Firearms=6", start=start)
    assert after.traits["Edge"] == 0 and after.traits["Firearms"] == 6
    made = read_edit("Edge=0", "Firearms=6")
    assert after == change(sheet("sundown", changes=start), (*made.changes, *made.added))
    assert refused("sundown", "Edge=0", add="Stealth=1", start=start).field == "changes"
    assert refused("sundown", "Edge=3", add="Stealth=8", start=start).field == "add"
