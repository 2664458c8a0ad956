"""What a character may do now (each action's ``applies``), and the words a player reads: each
action's explanation from the rules, its fields' labels, the system's own examples.

"Applies now" asks the rules themselves, so the page offers an action exactly when its event
would be taken: where it says no, applying the event is refused, in the same words (the rules
texts' rulings 13, 14, 15, 16, 18 and 22 in shared/rules/README.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.campaign.actions import ACTIONS
from dicepool.campaign.catalogue import ALL, Type, always
from dicepool.campaign.trait_examples import EXAMPLES, examples_of
from dicepool.errors import SheetError
from dicepool.sheet.events import Event, Kind, apply
from dicepool.sheet.payloads import TrackerStarted
from dicepool.sheet.state import CampaignState
from dicepool.sheet.traits import sheet_rules

from .sheets import act, table


def hubris(traits: str = "Willpower=2 Resolve=1 Morality=3 Stamina=1") -> CampaignState:
    return table("hubris", Ana=traits)


def failed_crisis() -> CampaignState:
    """Ana in a crisis over a sin rated 3, whose crisis roll at rest failed (1, 2, 3)."""
    in_crisis = act(hubris(), Kind.SINNED, rating=3, what="the guard")
    return act(in_crisis, Kind.RESTED, (1, 2, 3))


def dead() -> CampaignState:
    return act(hubris(), Kind.DAMAGED, points=6, wound="aggravated", resistant=False)


def sundown(traits: str = "Agility=3") -> CampaignState:
    return table("sundown", Ana=traits)


def four_passes() -> CampaignState:
    state = sundown()
    for _ in range(4):
        state = act(state, Kind.PASS_TAKEN, edge=False, bonus=3)
    return state


def now(name: str, state: CampaignState, character: str | None = "Ana") -> str | None:
    return ACTIONS[name].why_not(state, character)


# Where an action does not apply, its rule refuses it in the same words

REFUSED: list[tuple[str, CampaignState, Kind, dict[str, Any], tuple[int, ...]]] = [
    ("degenerate", hubris(), Kind.DEGENERATED, {}, ()),
    ("stabilize", hubris(), Kind.STABILIZED, {}, ()),
    ("heal", hubris(), Kind.HEALED, {"points": 1}, ()),
    ("vice", hubris(), Kind.VICE, {}, ()),
    ("virtue", hubris(), Kind.VIRTUE, {}, ()),
    ("atone", hubris(), Kind.ATONED, {"strides": False}, (9, 9, 9)),
    ("mitigate", hubris("Willpower=0"), Kind.MITIGATED, {}, ()),
    ("sin", hubris("Morality=0"), Kind.SINNED, {"rating": 1, "what": "the guard"}, ()),
    ("willpower", hubris("Willpower=0"), Kind.WILLPOWER_LOST, {"dots": 1}, ()),
    ("damage", dead(), Kind.DAMAGED, {"points": 1, "wound": "bashing"}, ()),
    ("rest", dead(), Kind.RESTED, {"minutes": 480}, ()),
    ("mitigate", dead(), Kind.MITIGATED, {}, ()),
    ("edge", sundown(), Kind.EDGE_SPENT, {"use": "escape", "for": ""}, ()),
    ("pass", four_passes(), Kind.PASS_TAKEN, {"edge": False, "bonus": 3}, ()),
    ("legend", table("storypath", Ana="Legend=2"), Kind.LEGEND_REGAINED, {"points": 1}, ()),
]


@pytest.mark.parametrize(
    ("name", "state", "kind", "data", "faces"),
    REFUSED,
    ids=[f"{case[0]}-{i}" for i, case in enumerate(REFUSED)],
)
def test_what_does_not_apply_now_its_rule_refuses_in_the_same_words(
    name: str, state: CampaignState, kind: Kind, data: dict[str, Any], faces: tuple[int, ...]
) -> None:
    why = now(name, state)
    assert why, f"{name} should not apply here"
    with pytest.raises(SheetError) as refused:
        act(state, kind, faces, **data)
    assert str(refused.value) == why


@pytest.mark.parametrize(
    ("name", "state", "kind", "data", "words"),
    [
        (
            "intimacy-roll",
            hubris(),
            Kind.INTIMACY_ROLLED,
            {"intimacy": "my sister"},
            "Ana holds no Intimacy: add one first",
        ),
        ("boost-end", sundown(), Kind.BOOST_ENDED, {"source": "Vigor"}, "Ana: no boost holds"),
        (
            "track",
            sundown(),
            Kind.TRACK_CHANGED,
            {"track": "Vitae", "operation": "spend", "points": 1, "wound": None},
            "Ana carries no track",
        ),
    ],
)
def test_what_does_not_apply_says_why_and_its_rule_refuses_it(
    name: str, state: CampaignState, kind: Kind, data: dict[str, Any], words: str
) -> None:
    why = now(name, state)
    assert why is not None and why.startswith(words), why
    with pytest.raises(SheetError):
        act(state, kind, (9,), **data)


def test_the_table_wide_storypath_actions_say_why_not_without_a_character() -> None:
    state = table("storypath", Ana="Legend=2")
    assert now("momentum", state, None) == "the Momentum pool holds 0, not 1: spend at most 0"
    with pytest.raises(SheetError, match="holds 0, not 1"):
        act(state, Kind.MOMENTUM_SPENT, points=1, **{"for": ""})
    assert now("complex-buy", state, None) == (
        "no Complex Action under way whose Intervals Momentum can buy (a point each)"
    )
    assert now("complex-award", state, None) == "no Complex Action is under way: start one first"
    heist = TrackerStarted("Heist", "complex", 3, ("Ana",), 5, 2)
    started = apply(state, Event(Kind.TRACKER_STARTED, heist.data()))
    assert now("complex-award", started, None) is None
    assert now("complex-buy", started, None) is not None  # the pool is empty: no point to pay


# Degenerate (ruling 14): only right after a failed crisis roll


def test_degenerate_applies_only_right_after_a_failed_crisis_roll() -> None:
    assert now("degenerate", hubris()) == "Ana: degenerate only right after a failed crisis roll"
    in_crisis = act(hubris(), Kind.SINNED, rating=3, what="the guard")
    assert now("degenerate", in_crisis) is not None  # in crisis, but no roll failed yet
    assert now("atone", in_crisis) is None
    failed = failed_crisis()
    assert now("degenerate", failed) is None
    degenerated = act(failed, Kind.DEGENERATED)
    assert now("degenerate", degenerated) is not None  # once: the crisis has ended
    rolled_well = act(in_crisis, Kind.RESTED, (9, 1, 1))
    assert now("degenerate", rolled_well) is not None  # a crisis roll that succeeded


def test_willpower_spends_and_gains_follow_the_points_and_the_clock() -> None:
    full = hubris()
    assert now("mitigate", full) is None
    assert now("vice", full) is not None and "full" in str(now("vice", full))
    spent = act(full, Kind.MITIGATED)
    assert now("mitigate", spent) == (
        "Ana: a Willpower point was already spent this turn: one spend a turn, until the "
        "storyteller begins the next"
    )
    assert now("vice", spent) is None and now("virtue", spent) is None
    once = act(spent, Kind.VICE)  # a point back: Vice is used up for the scene
    again = act(act(once, Kind.BOUNDARY_BEGUN, unit="turn"), Kind.MITIGATED)
    assert now("vice", again) == (
        "Ana: Vice already gave a Willpower point this scene: once a scene"
    )
    assert now("vice", act(again, Kind.BOUNDARY_BEGUN, unit="scene")) is None


def test_the_health_actions_follow_the_track() -> None:
    bleeding = act(hubris(), Kind.DAMAGED, points=6, wound="lethal", resistant=False)
    assert now("stabilize", bleeding) is None and now("heal", bleeding) is None
    assert now("stabilize", act(bleeding, Kind.STABILIZED)) is not None
    assert now("heal", dead()) == "the character is dead: no care or power heals the dead"
    assert now("rest", bleeding) is not None  # incapacitated: no rest of their own (ruling 18)


def test_sundown_edge_and_passes_follow_the_spends_of_the_chronicle_and_the_round() -> None:
    luminary = sundown("Agility=3 Edge=1")
    assert now("edge", luminary) is None and now("reroll", luminary) is None
    spent = act(luminary, Kind.EDGE_SPENT, use="escape", **{"for": ""})
    assert now("edge", spent) is not None and now("reroll", spent) is not None
    assert now("pass", sundown()) is None


def test_an_action_of_a_character_not_in_the_state_is_left_to_its_rule() -> None:
    assert now("degenerate", hubris(), "Nobody") is None  # the rule names who is here


# The words a player reads


def test_every_action_explains_itself_in_one_line_from_the_rules() -> None:
    for action in ACTIONS.values():
        words = action.explanation
        assert words and words == " ".join(words.split()), action.name
        assert (words[0].isupper() or words[0].isdigit()) and words.endswith("."), words
        assert len(words) <= 170, (action.name, len(words))  # one line on a phone or two


@pytest.mark.parametrize("system", sorted(ALL))
def test_every_field_of_every_action_a_system_offers_has_a_label(system: str) -> None:
    for action in ACTIONS.values():
        if system not in action.systems:
            continue
        assert action.explanation, (system, action.name)
        for param in action.web_params():
            label = param.words
            assert label and label[0].isupper(), (system, action.name, param.name)
            assert "_" not in label, (system, action.name, label)
            example = param.example(system)
            if param.type is Type.TEXT and not param.choices(system) and param.name != "notes":
                # a field typed free: an example beside its words (a name, a duration...)
                named = ("changes", "add", "track", "trait", "source", "rules", "for", "what")
                if param.name in named:
                    assert example, (system, action.name, param.name)


def test_an_action_without_a_rule_of_its_own_always_applies() -> None:
    assert ACTIONS["sheet"].applies is always
    assert ACTIONS["next"].why_not(hubris()) is None


@pytest.mark.parametrize("system", sorted(ALL))
def test_examples_name_the_systems_own_traits(system: str) -> None:
    examples = examples_of(system)
    attributes = sheet_rules(system).attributes
    if attributes:  # a system whose text names its attributes: one of them
        assert examples.attribute in attributes, (system, examples.attribute)
    for shown in (examples.pool, examples.line, examples.traits, examples.changes):
        assert examples.attribute in shown and examples.skill in shown
    changes = ACTIONS["sheet"].params[1]
    assert changes.name == "changes" and changes.example(system) == examples.changes


def test_a_sundown_table_is_never_shown_dexterity() -> None:
    sundown_words = examples_of("sundown")
    for shown in (sundown_words.pool, sundown_words.traits, sundown_words.changes):
        assert "Dexterity" not in shown
    assert sundown_words.line == "Agility + Stealth # sneaking"
    assert set(EXAMPLES) == ALL
    assert examples_of("no such system") == EXAMPLES["custom"]


def test_a_conflict_ends_only_when_a_contest_was_lost_in_it() -> None:
    state = hubris()
    assert now("conflict-end", state, None) == (
        "no contest has been lost in the current conflict: there is none to end"
    )
    with pytest.raises(SheetError, match="there is none to end"):
        apply(state, Event(Kind.CONFLICT_ENDED, {}))
    lost = act(state, Kind.CONFLICT_LOST, arena="mental")
    assert now("conflict-end", lost, None) is None
