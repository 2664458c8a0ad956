"""Story time and the units of play together (ruling 17): the clock's advance begins a round
or a scene, and a rest is a full night's sleep whose hours pass for the whole table."""

from __future__ import annotations

from typing import Any

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.clock import begins_after, parse_duration
from dicepool.sheet.events import Event, Kind, apply
from dicepool.sheet.hubris.willpower import NIGHT_MINUTES
from dicepool.sheet.state import CampaignState
from dicepool.sheet.view import condition

from .sheets import decided, table


def start() -> CampaignState:
    return table("hubris", Ana="Willpower=3 Stamina=1 Morality=3", Bo="Stamina=1")


def act(state: CampaignState, kind: Kind, faces: tuple[int, ...] = (), **data: Any) -> Event:
    """The event as the use case decides it (its rules' rolls made from ``faces``)."""
    return decided(state, kind, faces, data)


def advance(state: CampaignState, duration: str, *faces: int) -> CampaignState:
    """``clock advance DURATION`` as its use case logs it."""
    minutes = parse_duration(duration)
    data = {"duration": duration, "minutes": minutes, "begins": begins_after(minutes)}
    return apply(state, act(state, Kind.CLOCK_ADVANCED, faces, **data))


def rest(state: CampaignState, name: str = "Ana", hours: int = 8, *faces: int) -> CampaignState:
    """``rest NAME --hours H`` as its use case logs it."""
    minutes = hours * 60
    data = {"character": name, "minutes": minutes, "begins": begins_after(minutes)}
    return apply(state, act(state, Kind.RESTED, faces, **data))


def spend(state: CampaignState) -> CampaignState:
    return apply(state, Event(Kind.ROLLED, {"effects": {"willpower": {"character": "Ana"}}}))


def shown(state: CampaignState, name: str = "Ana") -> dict[str, Any]:
    return condition(state.character(name), state.now)


def damage(state: CampaignState, name: str, points: int, wound: str) -> CampaignState:
    data = {"character": name, "points": points, "wound": wound}
    return apply(state, Event(Kind.DAMAGED, data))


def test_a_minute_or_more_begins_a_round_and_a_day_a_scene() -> None:
    assert [begins_after(m) for m in (0, 1, 59, 1439)] == [None, "round", "round", "round"]
    assert [begins_after(m) for m in (1440, 43200)] == ["scene", "scene"]


def test_a_month_of_story_time_begins_a_new_scene_and_its_turn() -> None:
    # the issue's case: after `clock advance 30d` a Willpower spend was refused as "already
    # spent this turn"; thirty days are a new scene, so a new turn
    state = spend(start())
    with pytest.raises(SheetError, match="already spent this turn"):
        spend(state)
    state = advance(state, "30d")
    clock = state.now.clock.to_dict()
    assert (clock["minutes"], clock["turn"], clock["round"], clock["scene"]) == (43200, 1, 1, 2)
    assert shown(spend(state))["willpower"]["points"] == 1


def test_a_minute_is_a_new_turn_but_the_same_scene() -> None:
    state = spend(start())
    state = apply(state, act(state, Kind.VICE, character="Ana"))  # Vice: once a scene
    state = advance(state, "1m")
    assert state.now.clock.count("round") == 2 and state.now.clock.count("scene") == 1
    state = spend(state)  # "at most one Willpower point ... in any turn": a new turn
    assert shown(state)["willpower"]["points"] == 2
    with pytest.raises(SheetError, match="once a scene"):
        apply(state, act(state, Kind.VICE, character="Ana"))
    later = advance(state, "23h59m")  # a day in all, but never a day at once: same scene
    assert later.now.clock.count("scene") == 1


def test_no_time_begins_nothing() -> None:
    state = spend(start())
    state = advance(state, "0m")
    assert state.now.clock.to_dict()["turn"] == 1
    with pytest.raises(SheetError, match="already spent this turn"):
        spend(state)


def test_a_new_turn_by_the_clock_rolls_stamina_for_one_at_risk() -> None:
    # ruling 13: bashing in the last box means a Stamina roll as each turn begins; a minute of
    # story time begins one, so the roll is made (one die: Stamina 1), after the minute
    state = damage(start(), "Bo", 6, "bashing")
    event = act(state, Kind.CLOCK_ADVANCED, (3,), duration="1m", minutes=1, begins="round")
    assert [(r["character"], r["purpose"]) for r in event.data["rolls"]] == [("Bo", "Stamina")]
    assert shown(apply(state, event), "Bo")["health"]["state"] == "unconscious"


def test_a_rest_is_a_night_whose_wounds_heal_for_the_whole_table() -> None:
    # "today `rest` passes no story time, so a bashing point survives the night"
    state = damage(damage(start(), "Ana", 1, "bashing"), "Bo", 2, "bashing")
    state = spend(state)
    state = rest(state)
    assert state.now.clock.minutes == NIGHT_MINUTES == 480
    assert shown(state)["health"]["boxes"] == [None] * 6  # 15 minutes a bashing point
    assert shown(state, "Bo")["health"]["boxes"] == [None] * 6  # the clock is the table's
    assert shown(state)["willpower"]["points"] == 3  # the point, after the night
    assert state.now.clock.count("round") == 2  # eight hours: a new round, the same scene
    assert state.now.clock.count("scene") == 1


def test_a_lethal_wound_does_not_heal_in_a_night() -> None:
    state = rest(damage(start(), "Ana", 1, "lethal"))  # two days a lethal point
    assert shown(state)["health"]["boxes"][0] == "lethal"


def test_two_rests_need_a_full_night_between_them() -> None:
    state = rest(spend(start()))
    again = rest(state)  # another eight hours pass with it: a night between their ends
    assert again.now.clock.minutes == 960
    with pytest.raises(SheetError, match="need a full night"):
        rest(state, hours=0)  # woken at this very minute
    with pytest.raises(SheetError, match=r"let 1m pass first"):
        rest(advance(state, "7h59m"), hours=0)
    assert advance(state, "8h").now.clock.minutes == 960
    rest(advance(state, "8h"), hours=0)  # the night passed on the clock: the storyteller's 0


def test_the_storyteller_gives_a_rest_another_length() -> None:
    state = advance(start(), "8h")  # the whole table's night on the clock
    state = rest(rest(state, "Ana", 0), "Bo", 0)  # each sleeps it: no more time passes
    assert state.now.clock.minutes == 480
    state = rest(state, "Ana", 10)
    assert state.now.clock.minutes == 1080


def test_a_crisis_roll_comes_after_the_night() -> None:
    state = apply(start(), Event(Kind.SINNED, {"character": "Ana", "rating": 2, "what": "x"}))
    event = act(state, Kind.RESTED, (9, 1), character="Ana", minutes=480, begins="round")
    assert [r["purpose"] for r in event.data["rolls"]] == ["crisis"]
    assert shown(apply(state, event))["crisis"]["successes"] == 1


def test_events_logged_before_the_ruling_replay_as_they_were() -> None:
    # a log written before ruling 17 must rebuild the state it made: its advances began no
    # boundary, its rests passed no time and were not spaced
    state = spend(start())
    data = {"duration": "30d", "minutes": 43200}
    state = apply(state, act(state, Kind.CLOCK_ADVANCED, **data))
    assert state.now.clock.to_dict()["scene"] == 1
    state = apply(state, act(state, Kind.RESTED, character="Ana"))
    state = apply(state, act(state, Kind.RESTED, character="Ana"))
    assert state.now.clock.minutes == 43200
