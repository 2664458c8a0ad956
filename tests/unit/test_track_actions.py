"""The tracks' one-tap actions (damage, heal, spend, regain) at chronicles, classic and custom
tables: the transitions they log with the sheet's state forced, the track each takes when none is
named, and "applies now" in the rule's own words (the wounds follow ruling 13 of
shared/rules/README.md, which every damage track shares; chronicles' and classic's texts have
only the headings Health and Willpower)."""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.campaign.actions import ACTIONS
from dicepool.campaign.catalogue import arguments
from dicepool.errors import ParameterError, SheetError
from dicepool.sheet.events import Event, Kind, apply
from dicepool.sheet.state import CampaignState
from dicepool.sheet.tracks import TrackKind
from dicepool.sheet.tracks_play import carried, track_for

from .sheets import act, table


def chronicles(traits: str = "Stamina=2 Resolve=2 Composure=1") -> CampaignState:
    """Ana: Health Stamina + Size = 2 + 5 = 7 boxes, Willpower Resolve + Composure = 3."""
    return table("chronicles", Ana=traits)


def change(state: CampaignState, operation: str, points: int = 1, **more: Any) -> CampaignState:
    """The event the action logs: a change of the track it names (Ana's Health by default)."""
    track = more.pop("track", "Willpower" if operation in ("spend", "gain") else "Health")
    data = {"track": track, "operation": operation, "points": points, "wound": None, **more}
    return act(state, Kind.TRACK_CHANGED, **data)


def hurt(state: CampaignState, points: int, wound: str, track: str = "Health") -> CampaignState:
    return change(state, "damage", points, wound=wound, track=track)


def shown(state: CampaignState, name: str) -> dict[str, Any]:
    sheet = state.character("Ana")
    found = next(t for t in carried(sheet, state.now.default_tracks) if t.name == name)
    return found.to_dict()


def boxes(state: CampaignState, name: str = "Health") -> list[str | None]:
    return list(shown(state, name)["boxes"])


def willpower(state: CampaignState) -> tuple[int, int]:
    held = shown(state, "Willpower")
    return held["points"], held["max"]


def define(state: CampaignState, track: str, kind: str, size: int) -> CampaignState:
    """A track of the table's own on Ana."""
    data = {"character": "Ana", "track": track, "kind": kind, "max": size}
    return apply(state, Event(Kind.TRACK_DEFINED, data))


def why_not(name: str, state: CampaignState, track: str | None = None) -> str | None:
    return ACTIONS[name].why_not(state, "Ana", track)


B, L, A = "bashing", "lethal", "aggravated"


# Damage, its three kinds, and a full track (ruling 13)


def test_each_kind_of_damage_fills_the_boxes_most_severe_on_the_left() -> None:
    state = hurt(chronicles(), 1, B)
    assert boxes(state) == [B, None, None, None, None, None, None]
    state = hurt(state, 1, L)
    assert boxes(state) == [L, B, None, None, None, None, None]
    state = hurt(state, 2, A)
    assert boxes(state) == [A, A, L, B, None, None, None]


def test_a_full_track_displaces_the_least_severe_wound_and_upgrades_with_what_is_left() -> None:
    full = hurt(chronicles(), 7, B)
    assert boxes(full) == [B] * 7
    # the lethal point takes a bashing's box; that bashing, left without one, upgrades another
    assert boxes(hurt(full, 1, L)) == [L, L, B, B, B, B, B]
    lethal = hurt(chronicles(), 7, L)
    # a bashing point finds no box and no wound it outranks: it upgrades a lethal (none bashing)
    assert boxes(hurt(lethal, 1, B)) == [A, L, L, L, L, L, L]
    dead = hurt(chronicles(), 7, A)
    refused = "Health is full of aggravated wounds: more damage changes nothing"
    assert why_not("damage", dead) == refused
    with pytest.raises(SheetError) as caught:
        hurt(dead, 1, L)
    assert str(caught.value) == refused


def test_classic_health_is_seven_boxes_whatever_the_traits() -> None:
    state = table("classic", Ana="Fortitude=5 Willpower=4")
    assert boxes(hurt(state, 8, B)) == [L] + [B] * 6  # the eighth point upgrades a bashing
    assert willpower(state) == (4, 4)


# Healing


def test_healing_takes_the_least_severe_first_or_the_kind_tapped() -> None:
    state = hurt(hurt(chronicles(), 1, A), 2, L)
    state = hurt(state, 1, B)
    assert boxes(change(state, "heal")) == [A, L, L, None, None, None, None]
    assert boxes(change(state, "heal", wound=A)) == [L, L, B, None, None, None, None]
    nothing = "Health holds no wound to heal"
    assert why_not("heal", chronicles()) == nothing
    with pytest.raises(SheetError, match=nothing):
        change(chronicles(), "heal")
    with pytest.raises(SheetError, match="Health holds no bashing wound to heal"):
        change(hurt(chronicles(), 1, L), "heal", wound=B)


# Willpower: spent to 0, then refused; regained to full, then refused


def test_willpower_is_spent_down_to_zero_and_then_refused_in_the_same_words() -> None:
    state = chronicles()
    assert willpower(state) == (3, 3)
    assert why_not("regain", state) == "Willpower is full (3 of 3): nothing to gain"
    for left in (2, 1, 0):
        assert why_not("spend", state) is None
        state = change(state, "spend")
        assert willpower(state) == (left, 3)
    refused = "Willpower has 0 of 3 points: 1 cannot be spent"
    assert why_not("spend", state) == refused
    with pytest.raises(SheetError) as caught:
        change(state, "spend")
    assert str(caught.value) == refused
    assert why_not("regain", state) is None
    assert willpower(change(state, "gain", 5)) == (3, 3)  # never above the maximum


# The track an action takes, and the tracks it is drawn for


def test_with_no_track_named_health_and_willpower_or_the_only_one_are_taken() -> None:
    state = chronicles()
    assert track_for(state, "Ana", None, TrackKind.DAMAGE)[1].name == "Health"
    assert track_for(state, "Ana", None, TrackKind.POINTS)[1].name == "Willpower"
    custom = table("custom", Ana="")
    assert why_not("damage", custom) == (
        "Ana carries no damage track: give them one first (New track)"
    )
    hull = define(custom, "Hull", "damage", 4)
    assert track_for(hull, "Ana", None, TrackKind.DAMAGE)[1].name == "Hull"
    assert ACTIONS["damage"].tracks_of(hull, "Ana") == ("Hull",)
    both = define(hull, "Vitae", "points", 5)
    both = define(both, "Ammunition", "points", 6)
    assert why_not("spend", both) == (
        "Ana has more than one track of points (Vitae, Ammunition): name the one meant"
    )
    assert why_not("spend", both, "Ammunition") is None
    assert ACTIONS["spend"].tracks_of(both, "Ana") == ("Vitae", "Ammunition")


def test_each_track_of_a_kind_is_judged_on_its_own() -> None:
    state = define(chronicles(), "Vitae", "points", 2)
    state = change(state, "spend", 2, track="Vitae")
    assert ACTIONS["spend"].tracks_of(state, "Ana") == ("Willpower", "Vitae")
    assert why_not("spend", state, "Willpower") is None
    assert why_not("spend", state, "Vitae") == "Vitae has 0 of 2 points: 1 cannot be spent"
    assert why_not("spend", state, "Health") == (
        "Health is a damage track: damage or heal it (only points are spent)"
    )


def test_hubris_health_is_its_own_rules_and_its_willpower_no_track() -> None:
    hubris = table("hubris", Ana="Stamina=2 Willpower=3")
    assert ACTIONS["damage"].tracks_of(hubris, "Ana") == ()  # one form: hubris's Health
    assert why_not("damage", hubris) is None
    assert why_not("heal", hubris) is not None  # no wound yet
    assert why_not("spend", hubris) == (
        "Ana carries no track of points: hubris keeps Willpower by its own rules, not on a track"
    )


def test_the_default_tracks_turned_off_leave_nothing_to_damage_or_spend() -> None:
    off = act(chronicles(), Kind.DEFAULT_TRACKS_SET, on=False)
    assert ACTIONS["damage"].tracks_of(off, "Ana") == ()
    assert why_not("damage", off) == "Ana carries no damage track: give them one first (New track)"
    assert why_not("spend", off) is not None


# Parameters of one system's tables


def test_a_hubris_wounds_choices_are_refused_at_another_table_and_default_elsewhere() -> None:
    damage = ACTIONS["damage"]
    given = {"character": "Ana", "points": 1, "kind": "lethal"}
    taken = arguments(damage, {**given, "resistant": False}, "chronicles")
    assert taken["resistant"] is False and taken["track"] is None
    with pytest.raises(ParameterError) as caught:
        arguments(damage, {**given, "resistant": True}, "chronicles")
    assert str(caught.value) == "resistant is for a hubris table's damage, not a chronicles one"
    with pytest.raises(ParameterError, match="--track is for a"):
        arguments(damage, {**given, "track": "Health"}, "hubris", cli=True)
    assert [p.name for p in damage.web_params("classic")] == [
        "character",
        "points",
        "kind",
        "track",
    ]
