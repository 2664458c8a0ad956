"""storypath's Momentum, Consolations, Legend, Feats of Scale and the trackers as transitions
of a campaign (rulings 6, 10 and 16; the chronicles extended actions)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dicepool.core.dice import ForcedDice
from dicepool.core.roll import resolve_any
from dicepool.errors import CampaignError, SheetError
from dicepool.notation import parse
from dicepool.sheet.character import change, parse_changes
from dicepool.sheet.events import Event, Kind, apply, concerns
from dicepool.sheet.spends import Spends, effects, prepare
from dicepool.sheet.state import CampaignState, stored_story
from dicepool.sheet.status import legend_of, stored_status
from dicepool.sheet.storypath.play import pool_of
from dicepool.sheet.view import condition

from .sheets import table


def saga(players: int | None = 2) -> CampaignState:
    state = table("storypath", Ana="Dexterity=3 Athletics=2 Legend=2", Bo="Dexterity=2")
    return replace(state, players=players)


def event(what: Kind, id: int = 0, **data: Any) -> Event:
    return Event(what, data, id=id, seq=id)


def rolled(
    state: CampaignState, line: str, faces: list[int], spends: Spends, who: str | None = "Ana"
) -> tuple[CampaignState, dict[str, Any]]:
    """A campaign roll as :func:`dicepool.campaign.rolls.roll` makes it, logged as event 99."""
    spender = state.character(who) if who else None
    request = prepare(spender, parse(line), spends, state=state)
    source = ForcedDice(faces)
    result = resolve_any(request, source)
    source.check_all_used()
    done = effects(spender, request, result, spends, state=state)
    after = apply(state, event(Kind.ROLLED, 99, effects=done))
    return after, done


def test_a_failure_adds_its_consolation_to_the_pool_and_gains_over_capacity_are_lost() -> None:
    state, done = rolled(saga(), "storypath 3", [2, 3, 4], Spends())
    assert done["consolation"] == {"choice": "momentum", "points": 1}
    assert pool_of(state).points == 1
    state, done = rolled(state, "storypath 3 spec", [1, 3, 4], Spends())  # a botch: 1+1+2
    assert done["consolation"]["points"] == 4
    assert (pool_of(state).points, pool_of(state).capacity) == (4, 4)  # 1 lost


def test_a_success_gives_no_consolation_and_a_pool_sized_for_nobody_keeps_nothing() -> None:
    state, done = rolled(saga(), "storypath 3", [8, 3, 4], Spends(consolation="advantage"))
    assert "consolation" not in done
    state, done = rolled(saga(None), "storypath 3", [2, 3, 4], Spends())
    assert done["consolation"]["points"] == 1 and state.now.momentum == 0


def test_a_botch_gives_only_momentum_whatever_was_asked() -> None:
    state, done = rolled(saga(), "storypath 3", [1, 3, 4], Spends(consolation="meeting"))
    assert done["consolation"] == {"choice": "momentum", "points": 3, "refused": "meeting"}
    assert pool_of(state).points == 3


def test_an_advantage_is_kept_for_a_later_roll_and_used_as_enhancement_one() -> None:
    state, done = rolled(saga(), "storypath 3", [2, 3, 4], Spends(consolation="advantage"))
    assert done["consolation"]["what"] == "after failing storypath 3"
    (held,) = state.now.advantages.of("ana")
    assert held.event == 99 and pool_of(state).points == 0  # the roll's own event
    request = prepare(
        state.character("Ana"), parse("storypath 3 enh 2"), Spends(advantage=True), state=state
    )
    assert request.enhancement == 3  # typed Enhancement plus the Advantage's 1
    state, done = rolled(state, "storypath 3", [8, 3, 4], Spends(advantage=True))
    assert done["advantage"] == {"character": "Ana", "from": {"seq": 99}}
    assert state.now.advantages.pending == ()
    with pytest.raises(SheetError, match="no Advantage pending"):
        rolled(state, "storypath 3", [8, 3, 4], Spends(advantage=True))


def test_another_consolation_needs_a_character_and_a_word_of_the_text() -> None:
    with pytest.raises(SheetError, match="a character's"):
        rolled(saga(), "storypath 3", [2, 3, 4], Spends(consolation="advantage"), who=None)
    with pytest.raises(SheetError, match="is no Consolation"):
        rolled(saga(), "storypath 3", [2, 3, 4], Spends(consolation="money"))


def test_momentum_buys_dice_and_is_refused_when_the_pool_holds_fewer() -> None:
    state = replace(saga(), story=replace(saga().now, momentum=2))
    state, done = rolled(state, "storypath 3", [8, 3, 4, 8, 9], Spends(momentum=2))
    assert done["momentum"] == {"points": 2} and pool_of(state).points == 0
    with pytest.raises(SheetError, match="holds 0, not 1"):
        rolled(state, "storypath 3", [8, 3, 4, 8], Spends(momentum=1))


def test_momentum_is_storypath_s() -> None:
    state = table("chronicles", Ana="Dexterity=3")
    with pytest.raises(SheetError, match="storypath roll of one side, not chronicles"):
        prepare(state.character("Ana"), parse("chronicles 3"), Spends(momentum=1), state=state)


def test_a_feat_of_scale_costs_legend_within_the_title_and_momentum_outside() -> None:
    state = replace(saga(), story=replace(saga().now, momentum=2))
    state, done = rolled(state, "storypath 3", [8, 3, 4], Spends(feat="calling"))
    assert done["feat"] == {"character": "Ana", "within": "calling"}
    assert pool_of(state).points == 0
    assert legend_of(state.character("Ana").status, 2).points == 1
    with pytest.raises(SheetError, match="2 Momentum"):  # nothing spent: Legend stays
        rolled(state, "storypath 3", [8, 3, 4], Spends(feat="calling"))
    state, _ = rolled(state, "storypath 3", [8, 3, 4], Spends(feat="title"))
    assert legend_of(state.character("Ana").status, 2).points == 0
    with pytest.raises(SheetError, match="1 Legend"):
        rolled(state, "storypath 3", [8, 3, 4], Spends(feat="title"))


def test_a_feat_adds_one_scale_and_needs_legend() -> None:
    state = saga()
    request = prepare(
        state.character("Ana"), parse("storypath 3 scale 2"), Spends(feat="title"), state=state
    )
    assert request.scale == 3
    with pytest.raises(SheetError, match="Bo has no Legend"):
        rolled(state, "storypath 3", [8, 3, 4], Spends(feat="title"), who="Bo")
    with pytest.raises(SheetError, match="no Feat of Scale"):
        rolled(state, "storypath 3", [8, 3, 4], Spends(feat="divine"))


def test_an_enhancement_above_three_needs_a_drawback_named() -> None:
    with pytest.raises(SheetError, match="--drawback"):
        rolled(saga(), "storypath 3 enh 4", [8, 3, 4], Spends())
    with pytest.raises(SheetError, match="--drawback"):  # the Advantage's 1 counts too
        state, _ = rolled(saga(), "storypath 3", [2, 3, 4], Spends(consolation="advantage"))
        rolled(state, "storypath 3 enh 3", [8, 3, 4], Spends(advantage=True))
    with pytest.raises(SheetError, match="--drawback"):  # each challenge of a mixed action
        rolled(saga(), "storypath 3 enh 1; diff 1 enh 5", [8, 3, 4], Spends())
    _, done = rolled(
        saga(), "storypath 3 enh 4", [8, 3, 4], Spends(drawback=" add a  Complication")
    )
    assert done["drawback"] == {"character": "Ana", "text": "add a Complication"}


def test_players_set_sizes_the_pool_and_a_smaller_one_loses_what_it_cannot_hold() -> None:
    state = replace(saga(3), story=replace(saga().now, momentum=6))
    state = apply(state, event(Kind.PLAYERS_SET, players=2))
    assert state.players == 2 and pool_of(state).points == 4
    with pytest.raises(SheetError, match=r"1\.\.100 players"):
        apply(state, event(Kind.PLAYERS_SET, players=0))


def taken(seat: str, before: str | None, after: str | None, seq: int = 0) -> Event:
    """A seat's ``character-taken`` (its seat id: the seat's name's length, any number)."""
    move = {"seat_id": len(seat), "seat": seat, "before": before, "after": after}
    return event(Kind.CHARACTER_TAKEN, seq, seat=seat, character=after, moves=[move])


def test_the_pool_follows_the_players_who_sit_with_a_character() -> None:
    state = apply(saga(None), taken("kim", None, "Ana"))
    assert (pool_of(state).capacity, state.now.seated) == (2, frozenset({"kim"}))
    state = apply(state, taken("Lou", None, "Bo"))
    state, _ = rolled(state, "storypath 3", [1, 3, 4], Spends())  # a botch: 3 Momentum
    assert (pool_of(state).points, pool_of(state).capacity) == (3, 4)
    state = apply(state, taken("KIM", "Ana", "Bo"))  # a seat changing character: still seated
    assert pool_of(state).capacity == 4
    handed = {"seat_id": 3, "seat": "Lou", "before": "Bo", "after": None}
    state = apply(
        state,
        event(Kind.CHARACTER_HANDED, character="Bo", seat=None, moves=[handed], **{"from": "Lou"}),
    )
    assert (pool_of(state).points, pool_of(state).capacity) == (2, 2)  # one seat: one lost
    state = apply(state, event(Kind.SEAT_REVOKED, seat="Kim", character="Bo", ends=[3]))
    assert (state.now.seated, pool_of(state).points, pool_of(state).capacity) == (frozenset(), 0, 0)


def test_a_number_the_storyteller_sets_stands_until_they_follow_the_seats_again() -> None:
    state = apply(apply(saga(None), taken("kim", None, "Ana")), taken("lou", None, "Bo"))
    state = apply(state, event(Kind.PLAYERS_SET, players=5))
    state = apply(state, event(Kind.SEAT_REVOKED, seat="lou", character="Bo"))
    assert pool_of(state).players_words() == "5 (set by the storyteller)"
    state = replace(state, story=replace(state.now, momentum=7))
    state = apply(state, event(Kind.PLAYERS_SET, players=None))  # the seats again: one seated
    assert (state.players, pool_of(state).points, pool_of(state).capacity) == (None, 2, 2)
    assert pool_of(state).players_words() == "1 (the seated players)"


def test_the_seated_players_round_trip_through_the_projection() -> None:
    state = apply(apply(saga(None), taken("Kim", None, "Ana")), taken("lou", None, "Bo"))
    assert stored_story("storypath", state.now.stored()) == state.now
    assert state.now.stored()["seated"] == ["kim", "lou"]


def test_momentum_spent_on_a_knack() -> None:
    state = replace(saga(), story=replace(saga().now, momentum=3))
    assert (
        pool_of(apply(state, event(Kind.MOMENTUM_SPENT, points=2, **{"for": "Knack"}))).points == 1
    )
    with pytest.raises(SheetError, match="holds 3, not 4"):
        apply(state, event(Kind.MOMENTUM_SPENT, points=4))


def test_legend_is_regained_within_the_rating_and_follows_a_lower_rating() -> None:
    state, _ = rolled(saga(), "storypath 3", [8, 3, 4], Spends(feat="title"))
    state, _ = rolled(state, "storypath 3", [8, 3, 4], Spends(feat="title"))
    assert condition(state.character("Ana"), state.now)["legend"] == {"rating": 2, "points": 0}
    back = apply(state, event(Kind.LEGEND_REGAINED, character="ana", points=5))
    assert back.character("Ana").status.legend is None  # all back: at rest
    with pytest.raises(SheetError, match="nothing to regain"):
        apply(back, event(Kind.LEGEND_REGAINED, character="Ana", points=1))
    lowered = change(state.character("Ana"), parse_changes("Legend=1"))
    assert legend_of(lowered.status, 1).points == 0
    assert lowered.status == stored_status(lowered.status.stored(), lowered.traits)


def test_an_interval_is_rolled_at_its_difficulty_and_gains_a_milestone() -> None:
    start = dict(name="Heist", kind="complex", sides=["ana"], target=2, limit=2, difficulty=2)
    state = apply(saga(), event(Kind.TRACKER_STARTED, **start))
    assert concerns(event(Kind.TRACKER_STARTED, **start)) == ["ana"]
    assert state.now.trackers.find("heist").sides == ("Ana",)
    request = prepare(
        state.character("Ana"), parse("storypath 3"), Spends(complex="heist"), state=state
    )
    assert request.difficulty == 2
    with pytest.raises(SheetError, match="has Difficulty 2"):
        rolled(state, "storypath 3 diff 3", [8, 3, 4], Spends(complex="Heist"))
    with pytest.raises(SheetError, match="count it with --complex"):
        rolled(state, "storypath 3", [8, 3, 4], Spends(extended="Heist"))
    # ruling 20: Bo, who did not start it, performs an Interval of it too
    state, done = rolled(state, "storypath 3", [8, 3, 4], Spends(complex="heist"), who="Bo")
    counted = {"name": "Heist", "character": "Bo", "successes": 1, "progress": 0, "target": 2}
    assert done["tracker"] == counted  # short of the Difficulty: no Milestone of the 2 yet
    assert done["consolation"]["points"] == 1  # one success short of the Interval's 2
    state, _ = rolled(state, "storypath 3", [8, 9, 4], Spends(complex="heist"))
    assert state.now.trackers.find("Heist").to_dict()["status"] == "failed"


def test_momentum_buys_an_interval_and_milestones_are_awarded() -> None:
    start = dict(name="Heist", kind="complex", sides=["Ana"], target=2, limit=1, difficulty=1)
    state = apply(
        replace(saga(), story=replace(saga().now, momentum=1)), event(Kind.TRACKER_STARTED, **start)
    )
    state, _ = rolled(state, "storypath 3", [2, 3, 4], Spends(complex="heist"))  # +1 Momentum
    assert state.now.trackers.find("Heist").outcome == "failed" and pool_of(state).points == 2
    state = apply(state, event(Kind.INTERVALS_BOUGHT, tracker="Heist", intervals=2))
    assert state.now.trackers.find("Heist").limit == 3 and pool_of(state).points == 0
    with pytest.raises(SheetError, match="holds 0"):
        apply(state, event(Kind.INTERVALS_BOUGHT, tracker="Heist", intervals=1))
    state = apply(
        state, event(Kind.MILESTONES_AWARDED, tracker="Heist", character="Ana", milestones=2)
    )
    assert state.now.trackers.find("Heist").outcome == "complete"


def test_an_opposed_action_waits_for_the_other_side() -> None:
    start = dict(
        name="Race", kind="opposed", sides=["Ana", "Bo"], target=1, limit=None, difficulty=1
    )
    state = apply(saga(), event(Kind.TRACKER_STARTED, **start))
    state, _ = rolled(state, "storypath 3", [8, 3, 4], Spends(complex="Race"))
    with pytest.raises(SheetError, match="Bo rolls next"):
        rolled(state, "storypath 3", [8, 3, 4], Spends(complex="Race"))
    state, _ = rolled(state, "storypath 2", [8, 9], Spends(complex="Race"), who="Bo")
    assert state.now.trackers.find("Race").outcome == "won by Bo"  # a tie: to the defender


def test_a_contested_extended_action_is_chronicles_and_counts_successes() -> None:
    night = table("chronicles", Cy="Intelligence=2", Di="Intelligence=2")
    start = dict(name="Research", kind="contested", sides=["Cy", "Di"], target=3, limit=None)
    with pytest.raises(SheetError, match="follows a chronicles rule"):
        apply(saga(), event(Kind.TRACKER_STARTED, **{**start, "sides": ["Ana", "Bo"]}))
    with pytest.raises(CampaignError, match="no character `Zed`"):
        apply(night, event(Kind.TRACKER_STARTED, **{**start, "sides": ["Cy", "Zed"]}))
    state = apply(night, event(Kind.TRACKER_STARTED, **start))
    state, done = rolled(state, "chronicles 2", [8, 9], Spends(extended="research"), who="Cy")
    counted = {"name": "Research", "character": "Cy", "successes": 2, "progress": 2, "target": 3}
    assert done == {"tracker": counted}
    state, _ = rolled(state, "chronicles 2", [10, 9, 8], Spends(extended="research"), who="Di")
    assert state.now.trackers.find("Research").outcome == "won by Di"


def test_the_story_s_pieces_round_trip_through_the_projection() -> None:
    state, _ = rolled(saga(), "storypath 3", [2, 3, 4], Spends(consolation="advantage"))
    state = apply(
        state,
        event(
            Kind.TRACKER_STARTED,
            name="Heist",
            kind="complex",
            sides=["Ana"],
            target=2,
            limit=None,
            difficulty=1,
        ),
    )
    state, _ = rolled(state, "storypath 3", [1, 3, 4], Spends(complex="Heist"))
    assert stored_story("storypath", state.now.stored()) == state.now
