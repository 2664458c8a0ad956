"""edit_sheet and create_character's guard, on SQLite and PostgreSQL: one event, or nothing."""

from __future__ import annotations

import re

import pytest

from dicepool.campaign import (
    change_character,
    check,
    create_campaign,
    create_character,
    edit_sheet,
    find_character,
    log,
    undo,
)
from dicepool.campaign.campaigns import load_campaign
from dicepool.campaign.summaries import summary
from dicepool.errors import CampaignError, FieldError
from dicepool.sheet.events import Kind
from dicepool.store.database import Database
from dicepool.store.log import campaign_events, find_campaign


def seqs(db: Database, campaign: str) -> list[int]:
    with db.read() as conn:
        row = find_campaign(conn, campaign)
        assert row is not None
        return [e.seq for e in campaign_events(conn, row.id)]


@pytest.fixture
def night(db: Database) -> Database:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "st", changes="Dexterity=3 Stealth=2")
    return db


def test_an_edit_is_one_event_holding_changes_additions_and_notes(night: Database) -> None:
    done = edit_sheet(night, "Night", "ana", "Stealth+=1", "Dex=1", "Owes Bo.", actor="kim")
    assert done.sheet.traits["Stealth"] == 3 and done.sheet.traits["Dex"] == 1
    assert done.sheet.notes == "Owes Bo."
    assert done.event.id > 0 and done.event.seq == seqs(night, "Night")[-1]
    assert done.event.kind is Kind.CHARACTER_CHANGED and done.event.actor == "kim"
    assert done.event.data["add"] == [{"trait": "Dex", "op": "=", "value": 1}]
    assert find_character(night, "Night", "Ana") == done.sheet
    assert check(night) == []


def test_notes_alone_and_cleared_are_stored_and_replayed(night: Database) -> None:
    edit_sheet(night, "Night", "Ana", notes="Afraid of dogs.\nOwes Bo.", actor="st")
    assert find_character(night, "Night", "Ana").notes == "Afraid of dogs.\nOwes Bo."
    assert find_character(night, "Night", "Ana").traits["Dexterity"] == 3
    edit_sheet(night, "Night", "Ana", notes="", actor="st")
    assert find_character(night, "Night", "Ana").notes == ""
    assert check(night) == []
    lines = [summary(e.event) for e in log(night, "Night")]
    assert 'changed Ana: notes "Afraid of dogs. Owes Bo."' in lines
    assert "changed Ana: notes cleared" in lines


def test_a_refused_edit_stores_nothing(night: Database) -> None:
    before = seqs(night, "Night")
    refusals = [
        ({"changes": "Dex=4"}, "changes", "did you mean `Dexterity`?"),
        ({"changes": "Dexteriy=4"}, "changes", "did you mean `Dexterity`?"),
        ({"changes": "Stelth+=1"}, "changes", "did you mean `Stealth`?"),
        ({"changes": "Stealth+=1", "add": "Occult=11"}, "add", "outside 0..10"),
        ({"changes": "Stealth+=1", "notes": "a\x07"}, "notes", "control character"),
        ({}, "changes", "nothing to change"),
    ]
    for fields, field, message in refusals:
        with pytest.raises(FieldError, match=re.escape(message)) as caught:
            edit_sheet(night, "Night", "Ana", **fields, actor="st")
        assert caught.value.field == field
    assert seqs(night, "Night") == before
    assert find_character(night, "Night", "Ana").traits["Stealth"] == 2
    with pytest.raises(CampaignError, match="no character `Cy`"):
        edit_sheet(night, "Night", "Cy", "Stealth=1", actor="st")


def test_case_alone_sets_the_trait_there(night: Database) -> None:
    sheet = change_character(night, "Night", "Ana", "dexterity=4 STEALTH+=1", "st")
    assert sheet.traits["Dexterity"] == 4 and sheet.traits["Stealth"] == 3
    assert "dexterity" not in sheet.traits and check(night) == []


def test_change_character_keeps_its_ways_and_gains_the_guard(night: Database) -> None:
    sheet = change_character(night, "Night", "Ana", "Firearms=4 (Sniping)", "st")
    assert sheet.specialties == {"Firearms": ("Sniping",)}
    with pytest.raises(FieldError, match=re.escape("did you mean `Firearms`?")):
        change_character(night, "Night", "Ana", "Firearm+=1", "st")


def test_creation_has_the_same_guard_and_takes_additions(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    before = seqs(db, "Night")
    with pytest.raises(FieldError, match=re.escape("did you mean `Dexterity`?")) as caught:
        create_character(db, "Night", "Ana", "st", changes="Dex=3 Stealth=2")
    assert caught.value.field == "changes" and seqs(db, "Night") == before
    with pytest.raises(FieldError) as caught:
        create_character(db, "Night", "Ana", "st", add="Dex=")
    assert caught.value.field == "add" and seqs(db, "Night") == before
    ana = create_character(db, "Night", "Ana", "st", changes="Dexterity=3", add="Dex=1")
    assert ana.traits["Dexterity"] == 3 and ana.traits["Dex"] == 1
    assert check(db) == []


def test_an_undone_edit_takes_its_notes_away(night: Database) -> None:
    edit_sheet(night, "Night", "Ana", notes="first", actor="st")
    edit_sheet(night, "Night", "Ana", "Stealth=4", notes="second", actor="st")
    undo(night, "Night", "st")
    sheet = load_campaign(night, "Night").character("Ana")
    assert sheet.notes == "first" and sheet.traits["Stealth"] == 2
    assert check(night) == []
