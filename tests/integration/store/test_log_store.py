"""The log as stored: contiguous sequence numbers, projections equal to replay, undo."""

from __future__ import annotations

import pytest

from dicepool.campaign import (
    change_character,
    check,
    create_campaign,
    create_character,
    log,
    roll,
    undo,
)
from dicepool.campaign.campaigns import load_campaign
from dicepool.core.dice import ForcedDice
from dicepool.errors import CampaignError, SheetError
from dicepool.sheet.events import Kind, replay
from dicepool.store.database import Database
from dicepool.store.log import campaign_events, find_campaign


def events_of(db: Database, campaign: str) -> list[tuple[int, str]]:
    with db.read() as conn:
        row = find_campaign(conn, campaign)
        assert row is not None
        return [(e.seq, e.kind.value) for e in campaign_events(conn, row.id)]


def test_appending_gives_contiguous_sequence_numbers_per_campaign(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_campaign(db, "Day", "hubris", "st")
    create_character(db, "Night", "Ana", "kim", changes="Dexterity=3 Stealth=2")
    create_character(db, "Day", "Bo", "lee", changes="Wits=2 Occult=1")
    for faces in ([8, 2, 3, 4, 5], [10, 9, 1, 1, 1, 2]):
        roll(db, "Night", "Dexterity + Stealth", ForcedDice(faces), "kim", "Ana")
    change_character(db, "Night", "Ana", "Stealth+=1", "st")
    roll(db, "Day", "Wits + Occult", ForcedDice([8, 8, 2]), "lee", "Bo")
    night = events_of(db, "Night")
    assert [seq for seq, _ in night] == [1, 2, 3, 4, 5, 6]
    assert [kind for _, kind in night] == [
        Kind.CAMPAIGN_CREATED,
        Kind.SEAL_OPENED,
        Kind.CHARACTER_CREATED,
        Kind.ROLLED,
        Kind.ROLLED,
        Kind.CHARACTER_CHANGED,
    ]
    assert [seq for seq, _ in events_of(db, "Day")] == [1, 2, 3, 4]
    assert check(db) == []


def test_the_projection_equals_the_replayed_log(db: Database) -> None:
    create_campaign(db, "Night", "sundown", "st", players=3)
    create_character(db, "Night", "Ana", "kim", changes="Potency=1 Strength=7 Stealth=4")
    change_character(db, "Night", "Ana", "Edge=2 Stealth+=3 Firearms (Sniping)", "st")
    with db.read() as conn:
        row = find_campaign(conn, "night")
        assert row is not None
        rebuilt = replay(campaign_events(conn, row.id))
    assert load_campaign(db, "NIGHT") == rebuilt
    assert rebuilt.character("ana").traits["Stealth"] == 7
    assert check(db) == []


def test_a_refused_change_writes_nothing(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim", changes="Stealth=1")
    before = events_of(db, "Night")
    with pytest.raises(SheetError, match=r"Stealth -1 is outside 0\.\.10"):
        change_character(db, "Night", "Ana", "Stealth-=2", "st")
    assert events_of(db, "Night") == before
    assert load_campaign(db, "Night").character("Ana").traits["Stealth"] == 1


def test_undo_strikes_a_change_and_undoing_the_undo_brings_it_back(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim", changes="Stealth=1")
    changed = change_character(db, "Night", "Ana", "Stealth+=2", "st")
    assert changed.traits["Stealth"] == 3
    undone, target = undo(db, "Night", "st")
    assert target.kind is Kind.CHARACTER_CHANGED
    assert load_campaign(db, "Night").character("Ana").traits["Stealth"] == 1
    assert [e.struck for e in log(db, "Night")] == [False, False, False, True, False]
    assert check(db) == []
    undo(db, "Night", "st", undone.seq)
    assert load_campaign(db, "Night").character("Ana").traits["Stealth"] == 3
    assert [e.struck for e in log(db, "Night")] == [False, False, False, False, True, False]
    assert check(db) == []


def test_a_bare_undo_takes_the_latest_standing_event(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim", changes="Stealth=1")
    first = roll(db, "Night", "Stealth", ForcedDice([8]), "kim", "Ana").event
    second = roll(db, "Night", "Stealth", ForcedDice([2]), "kim", "Ana").event
    assert undo(db, "Night", "st")[1].seq == second.seq
    assert undo(db, "Night", "st")[1].seq == first.seq
    assert [e.struck for e in log(db, "Night")][3:] == [True, True, False, False]


def test_undoing_a_creation_that_later_events_depend_on_is_refused(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim", changes="Stealth=1")
    change_character(db, "Night", "Ana", "Stealth+=1", "st")
    created = log(db, "Night")[2].event
    assert created.kind is Kind.CHARACTER_CREATED
    before = events_of(db, "Night")
    with pytest.raises(CampaignError, match=f"cannot undo event {created.id}"):
        undo(db, "Night", "st", created.seq)
    assert events_of(db, "Night") == before
    assert load_campaign(db, "Night").character("Ana").traits["Stealth"] == 2
    assert check(db) == []


def test_undoing_a_creation_nothing_depends_on_removes_the_sheet(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim")
    undo(db, "Night", "st")
    assert load_campaign(db, "Night").characters == {}
    assert check(db) == []


def test_the_campaigns_creation_cannot_be_undone(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    with pytest.raises(CampaignError, match="creation cannot be undone"):
        undo(db, "Night", "st")  # a bare undo passes over the seal opened with it
    assert events_of(db, "Night") == [(1, Kind.CAMPAIGN_CREATED), (2, Kind.SEAL_OPENED)]


def test_a_seal_cannot_be_undone(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    opened = log(db, "Night")[1].event
    with pytest.raises(CampaignError, match="a seal cannot be undone"):
        undo(db, "Night", "st", opened.seq)
    assert events_of(db, "Night") == [(1, Kind.CAMPAIGN_CREATED), (2, Kind.SEAL_OPENED)]


def test_check_reports_a_projection_that_drifted_from_the_log(db: Database) -> None:
    """The check is not vacuous: a sheet edited behind the log's back is found."""
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim", changes="Stealth=1")
    ana = load_campaign(db, "Night").character("Ana")
    edited = {**ana.to_dict(), "traits": {**ana.traits, "Stealth": 4}}
    with db.write() as conn:
        conn.run("UPDATE characters SET sheet = :sheet", {"sheet": edited})
    assert check(db) == ["Night: character ana's sheet differs from the log's"]
