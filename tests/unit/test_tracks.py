"""Named tracks as pure transitions: points, boxes of damage, defaults, the events."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dicepool.errors import CampaignError, SheetError
from dicepool.sheet.character import change, parse_changes
from dicepool.sheet.events import Event, Kind, apply, replay
from dicepool.sheet.health import Wound
from dicepool.sheet.state import CampaignState, stored_story
from dicepool.sheet.status import Status, stored_status
from dicepool.sheet.tracks import (
    MAX_TRACKS,
    Operation,
    Track,
    TrackKind,
    Tracks,
    damage,
    default_tracks,
    define_track,
    gain,
    heal,
    new_track,
    remove_track,
    set_max,
    shown,
    spend,
    stored_tracks,
)
from dicepool.sheet.view import condition

from .sheets import table

B, L, A = Wound.BASHING, Wound.LETHAL, Wound.AGGRAVATED


def boxes(track: Track) -> list[str | None]:
    shown_ = track.to_dict()["boxes"]
    assert isinstance(shown_, list)
    return shown_


# Points.


def test_a_points_track_starts_full_and_spends_and_gains_within_its_maximum() -> None:
    vitae = new_track("Vitae", "points", 10)
    assert (vitae.points, vitae.max) == (10, 10)
    vitae = spend(vitae, 4)
    assert vitae.points == 6
    assert gain(vitae, 3).points == 9
    assert gain(vitae, 50).points == 10  # never above the maximum: the rest is lost
    assert spend(vitae, 6).points == 0


def test_a_spend_above_the_points_there_and_a_gain_on_a_full_track_are_refused() -> None:
    ammo = spend(new_track("Ammunition", "points", 6), 5)
    with pytest.raises(SheetError, match=r"Ammunition has 1 of 6 points: 2 cannot be spent"):
        spend(ammo, 2)
    with pytest.raises(SheetError, match=r"Ammunition is full \(6 of 6\): nothing to gain"):
        gain(new_track("Ammunition", "points", 6), 1)
    with pytest.raises(SheetError, match=r"a spend is 1\.\.100 points, not 0"):
        spend(ammo, 0)


def test_points_are_not_damaged_and_boxes_are_not_spent() -> None:
    with pytest.raises(SheetError, match="Vitae is a track of points: spend or gain them"):
        damage(new_track("Vitae", "points", 5), 1, B)
    with pytest.raises(SheetError, match="Health is a damage track: damage or heal it"):
        spend(new_track("Health", "damage", 7), 1)


def test_a_smaller_maximum_takes_the_points_above_it_and_a_larger_one_brings_none() -> None:
    vitae = spend(new_track("Vitae", "points", 10), 2)  # 8 of 10
    smaller = set_max(vitae, 5)
    assert (smaller.points, smaller.max) == (5, 5)
    assert (set_max(smaller, 9).points, set_max(smaller, 9).max) == (5, 9)


# Damage.


def test_seven_boxes_two_lethal_then_six_bashing() -> None:
    health = damage(new_track("Health", "damage", 7), 2, L)
    health = damage(health, 6, B)
    # five bashing fill the boxes; the sixth finds none and upgrades a bashing to lethal
    assert boxes(health) == ["lethal"] * 3 + ["bashing"] * 4


def test_damage_on_a_full_track_displaces_and_upgrades_as_the_health_track() -> None:
    health = damage(new_track("Health", "damage", 3), 3, L)
    assert boxes(health) == ["lethal"] * 3
    health = damage(health, 1, B)  # no bashing to upgrade: a lethal becomes aggravated
    assert boxes(health) == ["aggravated", "lethal", "lethal"]
    # a more severe point takes the least severe wound's box, and that wound upgrades another
    health = damage(damage(new_track("Health", "damage", 3), 3, B), 1, A)
    assert boxes(health) == ["aggravated", "lethal", "bashing"]  # as the Health track (ruling 13)


def test_a_track_full_of_aggravated_takes_no_more_damage_but_may_be_healed() -> None:
    structure = damage(new_track("Structure", "damage", 2), 2, A)
    with pytest.raises(SheetError, match="Structure is full of aggravated wounds"):
        damage(structure, 1, B)
    assert boxes(heal(structure, 1)) == ["aggravated", None]  # a table's track is mended


def test_healing_takes_the_least_severe_first_or_the_kind_named() -> None:
    health = damage(damage(new_track("Health", "damage", 5), 1, A), 2, B)
    assert boxes(heal(health, 1)) == ["aggravated", "bashing", None, None, None]
    assert boxes(heal(health, 9, A)) == ["bashing", "bashing", None, None, None]
    with pytest.raises(SheetError, match="Health holds no lethal wound to heal"):
        heal(health, 1, L)
    with pytest.raises(SheetError, match="Health holds no wound to heal"):
        heal(new_track("Health", "damage", 5), 1)


def test_a_smaller_damage_track_deals_its_wounds_again() -> None:
    health = damage(damage(new_track("Health", "damage", 5), 2, L), 3, B)
    assert boxes(set_max(health, 4)) == ["lethal", "lethal", "lethal", "bashing"]
    assert boxes(set_max(health, 6))[-1] is None


# Bounds.


@pytest.mark.parametrize(
    ("name", "kind", "size", "message"),
    [
        ("Vitae", "points", 0, r"Vitae: a points track holds 1\.\.100 points, not 0"),
        ("Vitae", "points", 101, r"1\.\.100 points, not 101"),
        ("Health", "damage", 31, r"Health: a damage track holds 1\.\.30 boxes, not 31"),
        ("Vitae", "bucket", 3, "`bucket` is not a kind of track: write points or damage"),
        ("x" * 31, "points", 3, "a track name is at most 30 characters"),
        ("", "points", 3, "a track needs a name"),
        ("3 Vitae", "points", 3, "cannot be a track name"),
    ],
)
def test_bad_tracks_are_refused_in_one_line(name: str, kind: str, size: int, message: str) -> None:
    with pytest.raises(SheetError, match=message) as caught:
        new_track(name, kind, size)
    assert "\n" not in str(caught.value)


def test_a_character_carries_at_most_twenty_tracks_of_its_own_and_no_two_of_one_name() -> None:
    tracks = Tracks()
    for n in range(MAX_TRACKS):
        tracks = define_track(tracks, f"Track {n}", "points", 3)
    with pytest.raises(SheetError, match="has 20 tracks of its own"):
        define_track(tracks, "One more", "points", 3)
    with pytest.raises(SheetError, match="already has a track Track 1"):
        define_track(Tracks(), "Track 1", "points", 3, (new_track("track 1", "points", 1),))


# Defaults.


def test_chronicles_defaults_follow_stamina_size_resolve_and_composure() -> None:
    health, willpower = default_tracks("chronicles", {"Stamina": 3, "Resolve": 2, "Composure": 3})
    assert (health.name, health.kind, health.max) == ("Health", TrackKind.DAMAGE, 8)  # 3 + 5
    assert (willpower.kind, willpower.max, willpower.points) == (TrackKind.POINTS, 5, 5)
    assert default_tracks("chronicles", {"Stamina": 3, "Size": 2})[0].max == 5


def test_classic_defaults_are_seven_boxes_and_the_sheets_willpower() -> None:
    health, willpower = default_tracks("classic", {"Willpower": 4})
    assert (health.max, willpower.max) == (7, 4)
    assert default_tracks("hubris", {"Stamina": 3}) == ()


def test_a_new_chronicles_and_classic_character_shows_its_default_tracks() -> None:
    for system, health, willpower in (("chronicles", 6, 2), ("classic", 7, 1)):
        state = table(system, Ana="")
        shown_ = condition(state.character("Ana"), state.now)["tracks"]
        assert shown_ == [
            {
                "name": "Health",
                "kind": "damage",
                "max": health,
                "boxes": [None] * health,
                "default": True,
                "follows": "Stamina + Size" if system == "chronicles" else "7",
            },
            {
                "name": "Willpower",
                "kind": "points",
                "max": willpower,
                "points": willpower,
                "default": True,
                "follows": "Resolve + Composure" if system == "chronicles" else "Willpower",
            },
        ]
        assert state.character("Ana").status == Status()  # at rest: nothing stored


def test_other_systems_show_no_tracks_until_one_is_defined() -> None:
    state = table("hubris", Ana="")
    assert "tracks" not in condition(state.character("Ana"), state.now)
    state = act(state, Kind.TRACK_DEFINED, track="Vitae", kind="points", max=10)
    assert condition(state.character("Ana"), state.now)["tracks"] == [
        {
            "name": "Vitae",
            "kind": "points",
            "max": 10,
            "points": 10,
            "default": False,
            "follows": None,
        }
    ]


# Events.


def act(state: CampaignState, what: Kind, **data: object) -> CampaignState:
    return apply(state, Event(what, {"character": "ana", **data}))


def changed(
    state: CampaignState, track: str, operation: str, points: int, wound: str | None = None
) -> CampaignState:
    return act(
        state, Kind.TRACK_CHANGED, track=track, operation=operation, points=points, wound=wound
    )


def tracks(state: CampaignState) -> list[dict[str, object]]:
    found = condition(state.character("Ana"), state.now).get("tracks", [])
    assert isinstance(found, list)
    return found


def test_a_hurt_default_is_stored_and_back_at_rest_it_is_not() -> None:
    state = changed(table("chronicles", Ana="Stamina=2"), "health", "damage", 2, "lethal")
    assert tracks(state)[0]["boxes"] == ["lethal", "lethal", None, None, None, None, None]
    stored = state.character("Ana").stored()
    assert stored["status"] == {
        "tracks": {
            "defaults": [{"name": "Health", "kind": "damage", "max": 7, "boxes": ["lethal"] * 2}]
        }
    }
    status = stored_status(stored["status"], {})  # type: ignore[arg-type]
    assert status == state.character("Ana").status
    state = changed(state, "Health", "heal", 2)
    assert state.character("Ana").status == Status()


def test_a_default_max_follows_the_traits_unless_set_by_hand() -> None:
    state = changed(table("chronicles", Ana="Resolve=2 Composure=2"), "Willpower", "spend", 1)
    assert tracks(state)[1]["points"] == 3
    ana = change(state.character("Ana"), parse_changes("Resolve=3"))
    state = state.with_character(ana)
    assert (tracks(state)[1]["max"], tracks(state)[1]["points"]) == (5, 3)  # no point with it
    ana = change(ana, parse_changes("Resolve=1 Composure=1"))  # 2: the points above it go
    assert tracks(state.with_character(ana))[1]["points"] == 2
    state = changed(state, "Willpower", "set-max", 6)
    assert tracks(state)[1]["follows"] is None
    ana = change(state.character("Ana"), parse_changes("Resolve=1"))
    assert tracks(state.with_character(ana))[1]["max"] == 6  # by hand: it stays


def test_a_smaller_stamina_deals_the_wounds_of_a_hurt_health_again() -> None:
    state = changed(table("chronicles", Ana="Stamina=2"), "Health", "damage", 7, "bashing")
    ana = change(state.character("Ana"), parse_changes("Stamina=1"))
    assert tracks(state.with_character(ana))[0]["boxes"] == ["lethal"] + ["bashing"] * 5


def test_the_house_rule_off_hides_the_defaults_and_keeps_what_they_hold() -> None:
    state = changed(table("classic", Ana=""), "Health", "damage", 1, "lethal")
    off = apply(state, Event(Kind.DEFAULT_TRACKS_SET, {"on": False}))
    assert tracks(off) == []
    assert off.character("Ana") == state.character("Ana")  # nothing else changes
    with pytest.raises(SheetError, match=r"Ana has no track `Health` \(tracks: none yet\)"):
        changed(off, "Health", "damage", 1, "lethal")
    with pytest.raises(SheetError, match="already off"):
        apply(off, Event(Kind.DEFAULT_TRACKS_SET, {"on": False}))
    on = apply(off, Event(Kind.DEFAULT_TRACKS_SET, {"on": True}))
    assert tracks(on)[0]["boxes"][0] == "lethal"
    assert stored_story("classic", off.now.stored()).default_tracks is False


def test_the_house_rule_belongs_to_systems_with_defaults() -> None:
    with pytest.raises(SheetError, match="default tracks are chronicles and classic's"):
        apply(table("hubris", Ana=""), Event(Kind.DEFAULT_TRACKS_SET, {"on": False}))


def test_a_removed_default_goes_from_that_character_only_and_may_be_defined_anew() -> None:
    state = table("chronicles", Ana="", Bo="")
    state = act(state, Kind.TRACK_REMOVED, track="willpower")
    assert [t["name"] for t in tracks(state)] == ["Health"]
    assert "Willpower" in str(condition(state.character("Bo"), state.now))
    state = act(state, Kind.TRACK_DEFINED, track="Willpower", kind="points", max=9)
    assert tracks(state)[1] == {
        "name": "Willpower",
        "kind": "points",
        "max": 9,
        "points": 9,
        "default": False,
        "follows": None,
    }
    state = act(state, Kind.TRACK_REMOVED, track="Willpower")
    assert [t["name"] for t in tracks(state)] == ["Health"]


def test_names_the_system_keeps_are_refused() -> None:
    with pytest.raises(SheetError, match="hubris keeps Health by its own rules"):
        act(table("hubris", Ana=""), Kind.TRACK_DEFINED, track="health", kind="damage", max=7)


def test_a_change_of_a_track_not_carried_names_those_carried() -> None:
    with pytest.raises(SheetError, match=r"Ana has no track `Vitae` \(tracks: Health, Willpower\)"):
        changed(table("chronicles", Ana=""), "Vitae", "spend", 1)
    with pytest.raises(CampaignError, match="no character `Zed`"):
        apply(
            table("chronicles", Ana=""),
            Event(Kind.TRACK_REMOVED, {"character": "Zed", "track": "Health"}),
        )


def test_removing_an_own_track_drops_it_and_a_default_is_taken_off() -> None:
    defaults = default_tracks("classic", {})
    held = define_track(Tracks(), "Vitae", "points", 5, defaults)
    assert remove_track(held, "VITAE", defaults) == Tracks()
    off = remove_track(held, "health", defaults)
    assert off.removed == {"health"}
    assert [t.name for t in shown(off, defaults)] == ["Willpower", "Vitae"]
    with pytest.raises(SheetError, match=r"Bo has no track `Health` \(tracks: Willpower, Vitae\)"):
        remove_track(off, "Health", defaults, "Bo")


def test_stored_tracks_read_back_what_they_stored() -> None:
    held = Tracks(
        (spend(new_track("Vitae", "points", 10), 3), damage(new_track("Hull", "damage", 4), 2, L)),
        (replace(set_max(default_tracks("classic", {})[1], 3), by_hand=True),),
        frozenset({"health"}),
    )
    assert stored_tracks(held.stored()) == held
    assert [t.name for t in shown(held, default_tracks("classic", {}))] == [
        "Willpower",
        "Vitae",
        "Hull",
    ]


def test_replay_rebuilds_the_tracks_and_without_a_struck_event_leaves_it_out() -> None:
    made = [
        Event(
            Kind.CAMPAIGN_CREATED,
            {"name": "T", "system": "chronicles", "players": None, "house_rules": ""},
            id=1,
        ),
        Event(
            Kind.CHARACTER_CREATED,
            {"character": table("chronicles", Ana="").character("Ana").to_dict()},
            id=2,
        ),
        Event(
            Kind.TRACK_CHANGED,
            {
                "character": "Ana",
                "track": "Health",
                "operation": "damage",
                "points": 3,
                "wound": "bashing",
            },
            id=3,
        ),
        Event(
            Kind.TRACK_CHANGED,
            {
                "character": "Ana",
                "track": "Health",
                "operation": "heal",
                "points": 1,
                "wound": None,
            },
            id=4,
        ),
    ]
    state = replay(made)
    assert tracks(state)[0]["boxes"][:3] == ["bashing", "bashing", None]
    undone = replay([*made, Event(Kind.UNDONE, {"event": 4}, id=5)])
    assert tracks(undone)[0]["boxes"][:4] == ["bashing"] * 3 + [None]


def test_operations_and_kinds_of_wound_are_checked() -> None:
    state = table("chronicles", Ana="")
    with pytest.raises(SheetError, match="damage needs its kind"):
        changed(state, "Health", "damage", 1)
    with pytest.raises(SheetError, match="a kind of wound belongs to damage and healing"):
        changed(state, "Willpower", "spend", 1, "lethal")
    assert Operation("set-max") is Operation.SET_MAX
