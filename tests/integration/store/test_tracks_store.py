"""The named tracks' use cases on both databases: one transaction each, undo, db check."""

from __future__ import annotations

import pytest

from dicepool.campaign import check, create_campaign, create_character, log, undo
from dicepool.campaign.campaigns import load_campaign
from dicepool.campaign.characters import change_character
from dicepool.campaign.tracks import change_track, define_track, remove_track, set_default_tracks
from dicepool.errors import CampaignError, SheetError
from dicepool.sheet.events import Kind
from dicepool.sheet.state import CampaignState
from dicepool.sheet.view import condition
from dicepool.store.database import Database


def tracks(state: CampaignState, name: str = "Ana") -> dict[str, dict[str, object]]:
    shown = condition(state.character(name), state.now).get("tracks", [])
    assert isinstance(shown, list)
    return {str(t["name"]): t for t in shown}


def kinds(db: Database) -> list[str]:
    return [e.event.kind.value for e in log(db, "Night", last=100)]


def test_a_chronicles_character_spends_takes_damage_and_the_log_agrees(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim", changes="Stamina=2 Resolve=2 Composure=3")
    acted = change_track(db, "Night", "ana", "HEALTH", "damage", 2, "lethal", "st")
    assert acted.event.kind is Kind.TRACK_CHANGED
    assert dict(acted.event.data) == {
        "character": "Ana",
        "track": "Health",
        "operation": "damage",
        "points": 2,
        "wound": "lethal",
    }
    acted = change_track(db, "Night", "Ana", "Health", "damage", 6, "bashing", "st")
    assert tracks(acted.state)["Health"]["boxes"] == ["lethal"] * 3 + ["bashing"] * 4
    acted = change_track(db, "Night", "Ana", "willpower", "spend", 2, None, "kim")
    assert tracks(acted.state)["Willpower"]["points"] == 3
    assert load_campaign(db, "Night") == acted.state
    assert check(db) == []


def test_defined_tracks_are_changed_and_removed_and_undo_brings_them_back(db: Database) -> None:
    create_campaign(db, "Night", "hubris", "st")
    create_character(db, "Night", "Ana", "kim")
    acted = define_track(db, "Night", "ana", "Vitae", "points", 10, "st")
    assert dict(acted.event.data) == {
        "character": "Ana",
        "track": "Vitae",
        "kind": "points",
        "max": 10,
    }
    define_track(db, "Night", "Ana", "Hull", "damage", 4, "st")
    change_track(db, "Night", "Ana", "vitae", "spend", 4, None, "kim")
    acted = change_track(db, "Night", "Ana", "Vitae", "gain", 1, None, "kim")
    assert tracks(acted.state)["Vitae"]["points"] == 7
    undone, target = undo(db, "Night", "st")  # the gain
    assert target.kind is Kind.TRACK_CHANGED
    assert tracks(load_campaign(db, "Night"))["Vitae"]["points"] == 6
    acted = remove_track(db, "Night", "Ana", "HULL", "st")
    assert acted.event.data["track"] == "Hull" and "Hull" not in tracks(acted.state)
    undo(db, "Night", "st")  # the removal: the track back
    assert tracks(load_campaign(db, "Night"))["Hull"]["boxes"] == [None] * 4
    undo(db, "Night", "st", undone.seq)  # the undo of the gain: the gain back
    assert tracks(load_campaign(db, "Night"))["Vitae"]["points"] == 7
    assert check(db) == []


def test_undoing_a_definition_a_later_change_needs_is_refused(db: Database) -> None:
    create_campaign(db, "Night", "custom", "st")
    create_character(db, "Night", "Ana", "kim")
    defined = define_track(db, "Night", "Ana", "Ammo", "points", 6, "st").event
    change_track(db, "Night", "Ana", "Ammo", "spend", 1, None, "kim")
    with pytest.raises(CampaignError, match=f"cannot undo event {defined.id}"):
        undo(db, "Night", "st", defined.seq)
    assert check(db) == []


def test_refused_changes_store_nothing(db: Database) -> None:
    create_campaign(db, "Night", "classic", "st")
    create_character(db, "Night", "Ana", "kim", changes="Willpower=2")
    before = kinds(db)
    refusals = [
        (lambda: change_track(db, "Night", "Ana", "Willpower", "spend", 3, None, "kim"),
         r"Willpower has 2 of 2 points: 3 cannot be spent"),
        (lambda: change_track(db, "Night", "Ana", "Willpower", "gain", 1, None, "kim"),
         r"Willpower is full"),
        (lambda: change_track(db, "Night", "Ana", "Health", "damage", 1, "fire", "st"),
         r"`fire` is not a kind of damage"),
        (lambda: change_track(db, "Night", "Ana", "Health", "burn", 1, None, "st"),
         r"`burn` is no change of a track"),
        (lambda: change_track(db, "Night", "Ana", "Health", "damage", 101, "lethal", "st"),
         r"damage is 1\.\.100 points, not 101"),
        (lambda: change_track(db, "Night", "Ana", "Health", "set-max", 31, None, "st"),
         r"Health: a damage track holds 1\.\.30 boxes, not 31"),
        (lambda: define_track(db, "Night", "Ana", "Health", "points", 3, "st"),
         r"Ana already has a track Health"),
        (lambda: define_track(db, "Night", "Ana", "Vitae", "points", 0, "st"),
         r"1\.\.100 points, not 0"),
        (lambda: remove_track(db, "Night", "Ana", "Vitae", "st"), r"Ana has no track `Vitae`"),
        (lambda: set_default_tracks(db, "Night", True, "st"), "already on"),
    ]  # fmt: skip
    for call, message in refusals:
        with pytest.raises(SheetError, match=message):
            call()
    with pytest.raises(CampaignError, match="no character `Zed`"):
        change_track(db, "Night", "Zed", "Health", "heal", 1, None, "st")
    assert kinds(db) == before
    assert check(db) == []


def test_the_house_rule_off_removes_the_defaults_from_the_view_only(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim")
    assert set(tracks(load_campaign(db, "Night"))) == {"Health", "Willpower"}
    change_track(db, "Night", "Ana", "Health", "damage", 1, "aggravated", "st")
    acted = set_default_tracks(db, "Night", False, "st")
    assert dict(acted.event.data) == {"on": False}
    assert tracks(acted.state) == {}
    create_character(db, "Night", "Bo", "lee")
    assert tracks(load_campaign(db, "Night"), "Bo") == {}
    acted = set_default_tracks(db, "Night", True, "st")
    assert tracks(acted.state)["Health"]["boxes"][0] == "aggravated"
    assert set(tracks(acted.state, "Bo")) == {"Health", "Willpower"}
    assert check(db) == []


def test_a_default_maximum_follows_a_change_of_the_sheet(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    create_character(db, "Night", "Ana", "kim", changes="Stamina=2")
    change_track(db, "Night", "Ana", "Health", "damage", 7, "bashing", "st")
    change_character(db, "Night", "Ana", "Stamina=3 Size=4", "st")
    shown = tracks(load_campaign(db, "Night"))["Health"]
    assert shown["max"] == 7 and shown["boxes"] == ["bashing"] * 7
    change_character(db, "Night", "Ana", "Size=3", "st")  # 6 boxes: one bashing upgrades
    assert tracks(load_campaign(db, "Night"))["Health"]["boxes"] == ["lethal"] + ["bashing"] * 5
    assert check(db) == []
