"""A character file: export, read back, and each bad field named."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.transfer import export, read_export

from .sheets import sheet

ANA = sheet("chronicles", changes="Dexterity=3 Stealth=2 Firearms=4 (Sniping, Pistols)")


def exported(**changed: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(export(ANA)))  # as a file holds it
    data.update(changed)
    return data


def test_export_then_read_gives_back_the_same_sheet() -> None:
    assert read_export(exported(), "chronicles") == ANA


def test_a_sheet_with_a_player_round_trips() -> None:
    bo = sheet("hubris", "Bo", "Morality=3 Occult=2 (Ghosts)")
    bo = type(bo)(bo.name, bo.system, "Kim", bo.traits, bo.specialties)
    data = json.loads(json.dumps(export(bo)))
    assert read_export(data, "hubris") == bo


def test_export_names_its_format_and_version() -> None:
    data = export(ANA)
    assert data["format"] == "dicepool-character" and data["version"] == 1


def without(name: str) -> dict[str, Any]:
    data = exported()
    del data[name]
    return data


@pytest.mark.parametrize(
    ("data", "fault"),
    [
        (without("name"), "no `name` field"),
        (exported(name=7), "`name` is not text"),
        (exported(system="classic"), "`system` is classic, the campaign plays chronicles"),
        (without("system"), "no `system` field"),
        (exported(version=2), "`version` is 2; this dicepool reads 1"),
        (exported(version="1"), "`version` is not a whole number"),
        (exported(version=True), "`version` is not a whole number"),
        (exported(format="something"), "`format` is not `dicepool-character`"),
        (exported(traits={"Stealth": "2"}), "`traits.Stealth` is not a whole number"),
        (exported(traits={"Stealth": True}), "`traits.Stealth` is not a whole number"),
        (exported(traits={"Stealth": 2.5}), "`traits.Stealth` is not a whole number"),
        (exported(traits=[1, 2]), "`traits` is not an object of names"),
        (exported(player=3), "`player` is not text or null"),
        (exported(specialties=[]), "`specialties` is not an object of names"),
        (exported(specialties={"Stealth": "Rooftops"}), "`specialties.Stealth` is not a list"),
        (
            exported(traits={"Stealth": 11, "Firearms": 4}),
            "the file's sheet: Stealth 11 is outside 0..10",
        ),
        (exported(traits={"Wits": 0, "Firearms": 4}), "the file's sheet: Wits 0 is outside 1..10"),
        ([1, 2], "expected a JSON object"),
    ],
)
def test_each_bad_field_is_named(data: object, fault: str) -> None:
    with pytest.raises(SheetError) as caught:
        read_export(data, "chronicles")
    assert fault in str(caught.value)
