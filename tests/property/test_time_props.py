"""Story time and the units of play, in any order (ruling 17): an advance of a minute or more
always begins a new turn, of a day a new scene, and never anything for no time; two rests of
one character always end a full night apart, and a rest is refused only when they would not or
when the character is out of action (ruling 18), as damage is only to the dead; the log
replayed equals the live state."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dicepool.core.dice import SeededDice
from dicepool.errors import SheetError
from dicepool.sheet.character import change, new_character, parse_changes
from dicepool.sheet.clock import SCENE_AFTER, begins_after
from dicepool.sheet.events import ROLLING, Event, Kind, campaign_event, created_event
from dicepool.sheet.health import State
from dicepool.sheet.hubris.out_of_action import out_of_action
from dicepool.sheet.hubris.willpower import NIGHT_MINUTES
from dicepool.sheet.rule_dice import RuleDice
from dicepool.sheet.state import CampaignState

from .logs import Log

ADVANCE, REST = "advance", "rest"

steps = st.one_of(
    st.tuples(st.just(ADVANCE), st.sampled_from([0, 1, 59, 479, 480, 1439, 1440, 43200])),
    st.tuples(st.just(ADVANCE), st.integers(0, 3 * SCENE_AFTER)),
    st.tuples(st.just(REST), st.sampled_from([0, 0, 1, 7, 8, 8, 24])),
    st.tuples(st.just("damage"), st.integers(1, 3)),
    st.tuples(st.just("undo"), st.integers(1, 3)),
)


def _event(state: CampaignState, kind: str, n: int, seed: int) -> Event:
    """The event as the use case decides it, its rules' rolls made from ``seed``."""
    if kind == "damage":
        return Event(Kind.DAMAGED, {"character": "Ana", "points": n, "wound": "bashing"})
    minutes = n if kind == ADVANCE else n * 60
    data: dict[str, object] = {"minutes": minutes, "begins": begins_after(minutes)}
    if kind == ADVANCE:
        made = Kind.CLOCK_ADVANCED
        data["duration"] = f"{minutes}m"
    else:
        made = Kind.RESTED
        data["character"] = "Ana"
    dice = RuleDice(SeededDice(seed))
    ROLLING[made](state, data, dice)
    data["rolls"] = dice.recorded
    return Event(made, data)


@given(st.lists(st.tuples(steps, st.integers(0, 2**16)), max_size=30))
def test_time_begins_the_units_and_rests_are_a_night_apart(
    moves: list[tuple[tuple[str, int], int]],
) -> None:
    ana = change(new_character("Ana", "hubris"), parse_changes("Willpower=3 Stamina=2"))
    log = Log([campaign_event("T", "hubris"), created_event(ana)])
    for (kind, n), seed in moves:
        if kind == "undo":
            log.undo(n)
            continue
        before = log.live.now.clock
        woke = log.live.character("Ana").status.willpower
        last = woke.woke if woke is not None else None
        out = out_of_action(log.live.character("Ana"))
        try:
            event = _event(log.live, kind, n, seed)
        except SheetError as exc:
            assert kind == REST, exc
            if out is None:  # one out of action rests not at all (ruling 18)
                assert last is not None
                assert before.minutes + n * 60 - last < NIGHT_MINUTES  # refused for the night
            continue
        # only the dead take no more damage (ruling 18); time passes for everyone
        assert log.append(event) == (kind != "damage" or out is not State.DEAD)
        after = log.live.now.clock
        if kind == "damage":
            continue
        minutes = n if kind == ADVANCE else n * 60
        assert after.minutes == before.minutes + minutes
        assert (after.mark("turn") != before.mark("turn")) == (minutes >= 1)
        assert (after.mark("scene") != before.mark("scene")) == (minutes >= SCENE_AFTER)
        assert after.mark("session") == before.mark("session")  # never the clock's to begin
        if kind == REST:
            rested = log.live.character("Ana").status.willpower
            assert rested is not None and rested.woke == after.minutes
            assert last is None or after.minutes - last >= NIGHT_MINUTES
    assert log.replayed() == log.live
