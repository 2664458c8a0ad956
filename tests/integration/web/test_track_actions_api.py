"""The tracks' one-tap actions over the JSON API, in-process, on SQLite and PostgreSQL: a
chronicles, classic and custom table's damage, healing and Willpower taken as a player and as the
storyteller, what each seat is offered, the refusals in one line, and undo."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .test_actions_api import offers
from .test_sheets_api import Table, opened, refused, seated


def track(table: Table, token: str, name: str, character: str = "Ana") -> dict[str, Any]:
    """A track of a character's sheet, as the API shows it."""
    tracks: list[dict[str, Any]] = table.state(token, character)["tracks"]
    return next(t for t in tracks if t["name"] == name)


def test_a_chronicles_player_takes_wounds_heals_and_spends_willpower_one_call_each(
    client: TestClient,
) -> None:
    table, bo = seated(client, "chronicles", "Stamina=2 Resolve=2 Composure=1")
    assert {"damage", "heal", "spend", "regain"} <= set(offers(table, bo))
    # no track named: Health for damage and healing, Willpower for points
    table.done(bo, "damage", points=2, kind="lethal")
    table.done(bo, "damage", points=1, kind="bashing")
    table.done(bo, "damage", points=1, kind="aggravated")
    assert track(table, bo, "Health")["boxes"] == [
        "aggravated",
        "lethal",
        "lethal",
        "bashing",
        None,
        None,
        None,
    ]
    table.done(bo, "heal", points=1)  # the least severe first
    table.done(bo, "heal", points=1, kind="aggravated")
    assert track(table, bo, "Health")["boxes"][:3] == ["lethal", "lethal", None]
    for left in (2, 1, 0):
        table.done(bo, "spend")
        assert track(table, bo, "Willpower")["points"] == left
    refused(table.act(bo, "spend"), 422, "Willpower has 0 of 3 points: 1 cannot be spent")
    last = table.done(bo, "regain", points=2)
    assert track(table, bo, "Willpower")["points"] == 2
    assert table.undo(table.storyteller, last).status_code == 201  # undone like any change
    assert track(table, bo, "Willpower")["points"] == 0


def test_the_storyteller_damages_a_classic_character_and_a_player_only_their_own(
    client: TestClient,
) -> None:
    table, bo = seated(client, "classic", "Fortitude=3 Willpower=4")
    assert table.create(table.storyteller, "Cid", "Willpower=2").status_code == 201
    table.done(table.storyteller, "damage", character="Cid", points=8, kind="bashing")
    # seven boxes (the text's heading says no more): the eighth point upgrades a bashing
    assert track(table, table.storyteller, "Health", "Cid")["boxes"] == ["lethal"] + ["bashing"] * 6
    refused(table.act(bo, "damage", character="Cid", points=1, kind="lethal"), 403, "Ana")
    refused(
        table.act(bo, "damage", points=1, kind="lethal", resistant=True),
        422,
        "resistant is for a hubris table's damage, not a classic one",
    )
    refused(table.act(bo, "damage", points=1, kind="fire"), 422, "kind", "lethal")
    table.done(bo, "spend", points=3, track="willpower")  # any case
    assert track(table, bo, "Willpower")["points"] == 1


def test_a_custom_table_acts_on_the_tracks_it_defined_and_asks_which_when_several(
    client: TestClient,
) -> None:
    table = opened(client, "custom")
    st = table.storyteller
    assert table.create(st, "Ana", "Body=3").status_code == 201
    refused(
        table.act(st, "damage", character="Ana", points=1, kind="lethal"), 422, "no damage track"
    )
    for name, kind, size in (("Hull", "damage", 4), ("Vitae", "points", 5), ("Ammo", "points", 6)):
        table.done(st, "track-define", character="Ana", track=name, kind=kind, size=size)
    table.done(st, "damage", character="Ana", points=5, kind="lethal")  # the only damage track
    assert track(table, st, "Hull")["boxes"] == ["aggravated", "lethal", "lethal", "lethal"]
    refused(
        table.act(st, "spend", character="Ana"),
        422,
        "Ana has more than one track of points (Vitae, Ammo): name the one meant",
    )
    table.done(st, "spend", character="Ana", track="Ammo", points=6)
    refused(table.act(st, "spend", character="Ana", track="Ammo"), 422, "Ammo has 0 of 6 points")
    refused(table.act(st, "spend", character="Ana", track="Hull"), 422, "Hull is a damage track")


@pytest.mark.parametrize("system", ["chronicles", "classic"])
def test_with_the_default_tracks_off_nothing_is_damaged_until_a_track_is_defined(
    client: TestClient, system: str
) -> None:
    table, bo = seated(client, system, "")
    table.done(table.storyteller, "default-tracks", switch="off")
    refused(
        table.act(bo, "damage", points=1, kind="bashing"),
        422,
        "Ana carries no damage track: give them one first (New track)",
    )
    table.done(table.storyteller, "default-tracks", switch="on")
    table.done(bo, "damage", points=1, kind="bashing")
    assert track(table, bo, "Health")["boxes"][0] == "bashing"
