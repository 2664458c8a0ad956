"""Seals in a real campaign: every roll it records reads the open seal's stream, and a closed
seal's rolls check out against its revealed seed (on SQLite and PostgreSQL)."""

from __future__ import annotations

import hashlib

import pytest

from dicepool.campaign import create_campaign, create_character, roll
from dicepool.campaign.export import export_campaign
from dicepool.campaign.play import damage, next_boundary
from dicepool.campaign.seals import Sealed, close, seals_of
from dicepool.campaign.sundown import reroll
from dicepool.campaign.verify import Status, verify
from dicepool.core.dice import ForcedDice, SeededDice, SystemDice
from dicepool.errors import DiceError
from dicepool.store.database import Database


def _events(db: Database, name: str) -> list[dict[str, object]]:
    events: list[dict[str, object]] = export_campaign(db, name)["events"]
    return events


def test_a_closed_seals_rolls_of_every_kind_check_out_and_number_one_by_one(db: Database) -> None:
    create_campaign(db, "Night", "sundown", "st")
    create_character(db, "Night", "Ana", "st", changes="Strength=3 Firearms=2 Edge=2")
    first = roll(db, "Night", "Strength + Firearms", Sealed("table-1"), "kim", "Ana").event
    roll(db, "Night", "sundown 4 vs sundown 3", SystemDice(), "st")  # a contest, nonce ours
    roll(db, "Night", "sundown 2", ForcedDice([5, 6]), "st")  # typed: no number taken
    roll(db, "Night", "sundown 2", SeededDice(3), "st")  # seeded: no number either
    again = reroll(db, "Night", first.seq, SystemDice(), "kim").event
    assert [first.data["seal"]["roll_no"], again.data["seal"]["roll_no"]] == [1, 3]
    assert first.data["seal"]["nonce"] == "table-1"
    assert first.data["seal"]["sides"] == [[6, 5]]
    closed, opened = close(db, "Night", "st")
    assert hashlib.sha256(bytes.fromhex(closed.data["seed"])).hexdigest() == next(
        e["data"]["commitment"]  # type: ignore[index]
        for e in _events(db, "Night")
        if e["kind"] == "seal-open"
    )
    assert (closed.data["seal"], closed.data["rolls"], opened.data["seal"]) == (1, 3, 2)
    checked = verify(_events(db, "Night"))
    assert checked.ok and (checked.typed, checked.seeded) == (1, 1)
    [one, two] = checked.seals
    assert (one.status, one.checked) == (Status.VERIFIED, 3) and two.status is Status.OPEN
    later = roll(db, "Night", "sundown 1", SystemDice(), "st").event
    assert (later.data["seal"]["seal"], later.data["seal"]["roll_no"]) == (2, 1)
    assert [(s.number, s.rolls, s.seed is None) for s in seals_of(db, "Night")] == [
        (1, 3, False),
        (2, 1, True),
    ]


def test_a_rule_that_rolls_reads_the_stream_and_one_that_rolls_nothing_takes_no_number(
    db: Database,
) -> None:
    create_campaign(db, "Day", "hubris", "st")
    quiet = next_boundary(db, "Day", "turn", SystemDice(), "st").event
    assert "seal" not in quiet.data  # nobody at risk: no Stamina roll, no roll number
    create_character(db, "Day", "Bo", "st", changes="Stamina=2")
    damage(db, "Day", "Bo", 7, "bashing", "st")  # the last box bashed: Stamina rolls each turn
    rolled = next_boundary(db, "Day", "turn", SystemDice(), "st").event
    assert rolled.data["rolls"] and rolled.data["seal"]["roll_no"] == 1
    close(db, "Day", "st")
    checked = verify(_events(db, "Day"))
    assert checked.ok and checked.seals[0].checked == 1


def test_a_hidden_roll_never_has_an_empty_nonce(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    secret = roll(db, "Night", "chronicles 3", Sealed(""), "st", hidden=True).event
    nonce = secret.data["seal"]["nonce"]
    assert len(nonce) == 32 and int(nonce, 16) >= 0
    plain = roll(db, "Night", "chronicles 3", Sealed(""), "st").event
    assert plain.data["seal"]["nonce"] == ""  # the roller's choice, kept


def test_a_nonce_that_is_not_printable_ascii_is_refused() -> None:
    with pytest.raises(DiceError, match="printable ASCII"):
        Sealed("tab\there")


def test_faces_typed_by_hand_and_left_over_refuse_the_roll_and_take_no_number(
    db: Database,
) -> None:
    create_campaign(db, "Night", "sundown", "st")
    before = _events(db, "Night")
    with pytest.raises(DiceError, match=r"3 faces given, but the roll used 2; remove the last 1"):
        roll(db, "Night", "sundown 2", ForcedDice([5, 6, 1]), "st")
    assert _events(db, "Night") == before  # nothing logged
    assert seals_of(db, "Night")[-1].rolls == 0
