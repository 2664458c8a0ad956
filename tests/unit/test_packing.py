"""A large roll's dice packed in its record: nothing lost, either form read, damage named."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicepool.core.dice import SeededDice
from dicepool.core.roll import resolve_any
from dicepool.notation import parse
from dicepool.notation.packing import (
    PACK_OVER,
    PackingError,
    dice_of,
    faces_of,
    pack_dice,
    packed,
    unpacked,
)
from dicepool.notation.record import record
from dicepool.sheet.events import Kind, event_of
from dicepool.sheet.payloads import Rolled


def sides(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [result["attacker"], result["defender"]] if "winner" in result else [result]


@pytest.mark.parametrize(
    "line",
    [
        "chronicles 300 8again rote",
        "classic 400 diff 7 spec thr 2",
        "storypath 200 assist 150 assist 120 double spec",
        "hubris 300 team 200 rote 9again",
        "sundown 500 edge 3",
        "custom 300d1000 again 900 rote cancel 1",
        "chronicles 200 vs chronicles 150",
    ],
)
def test_a_large_roll_packs_and_unpacks_to_the_same_dice(line: str) -> None:
    made = record(resolve_any(parse(line), SeededDice(11)))
    stored = packed(made)
    for before, after in zip(sides(made), sides(stored), strict=True):
        assert isinstance(after["dice"], dict) and after["dice"]["packed"] == len(before["dice"])
        assert dice_of(after) == before["dice"]
        assert faces_of(after) == [d["face"] for d in before["dice"]]
        assert {k: v for k, v in after.items() if k != "dice"} == {
            k: v for k, v in before.items() if k != "dice"
        }
    assert len(json.dumps(stored)) * 10 < len(json.dumps(made))  # 2-3 bytes a die, not 90


def test_a_table_sized_roll_keeps_its_list_of_dice() -> None:
    made = record(resolve_any(parse(f"custom {PACK_OVER}d10"), SeededDice(3)))
    assert packed(made) == made
    assert dice_of(made) == made["dice"] and len(faces_of(made)) == PACK_OVER


def test_a_logged_roll_packs_its_dice_and_reads_back_whole() -> None:
    made = record(resolve_any(parse("chronicles 1000"), SeededDice(5)))
    event = event_of(Kind.ROLLED, Rolled("chronicles 1000", "chronicles 1000", made))
    logged = Rolled.of(event.data).result
    assert isinstance(logged["dice"], dict)
    assert dice_of(logged) == made["dice"]


die_rest = st.fixed_dictionaries(
    {
        "origin": st.sampled_from(["rolled", "exploded", "rerolled"]),
        "roll": st.integers(0, 1),
        "events": st.lists(st.sampled_from(["exploded", "one", "cancelled"]), max_size=2),
    }
)


@given(st.lists(st.tuples(st.integers(0, 70_000), die_rest), min_size=1, max_size=300))
def test_any_dice_round_trip(dice: list[tuple[int, dict[str, Any]]]) -> None:
    listed = [{"face": face, **rest} for face, rest in dice]
    packed_dice = pack_dice(listed)
    assert unpacked(packed_dice) == listed
    assert unpacked(json.loads(json.dumps(packed_dice))) == listed  # as the log reads it back


@pytest.mark.parametrize(
    ("damaged", "said"),
    [
        ({"packed": 0, "faces": "", "kinds": [], "kind": ""}, "no count of dice"),
        ({"packed": 2, "faces": "123", "kinds": [{}], "kind": "00"}, "not 2 numerals"),
        ({"packed": 2, "faces": "1!", "kinds": [{}], "kind": "00"}, "no base-36 digit"),
        ({"packed": 2, "faces": "12", "kinds": {}, "kind": "00"}, "no list of kinds"),
        ({"packed": 2, "faces": "12", "kinds": [{}], "kind": "01"}, "of kind 1, of 1 listed"),
    ],
)
def test_damaged_packed_dice_say_what_is_wrong(damaged: dict[str, Any], said: str) -> None:
    with pytest.raises(PackingError, match=said):
        unpacked(damaged)
