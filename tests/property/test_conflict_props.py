"""hubris prolonged conflicts in any order of losses, scenes, ends and undos (ruling 22): a loss
is counted exactly when the loser has lost fewer contests of its arena than its Resistance
attribute, so the count never passes it; a new scene or the storyteller's end leaves no count;
the log replayed equals the live state."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dicepool.sheet.character import change, new_character, parse_changes
from dicepool.sheet.events import Event, Kind, campaign_event, created_event
from dicepool.sheet.hubris.conflict import ARENAS

from .logs import Log

NAMES = ("Ana", "Bo")

steps = st.one_of(
    st.tuples(st.just("lose"), st.sampled_from(NAMES), st.sampled_from(sorted(ARENAS))),
    st.tuples(st.just("next"), st.sampled_from(["turn", "scene", "session"]), st.just("")),
    st.tuples(st.just("end"), st.just(""), st.just("")),
    st.tuples(st.just("undo"), st.sampled_from(["1", "2"]), st.just("")),
)


@given(st.lists(steps, max_size=40))
def test_losses_stop_at_the_resistance_attribute(moves: list[tuple[str, str, str]]) -> None:
    ana = change(new_character("Ana", "hubris"), parse_changes("Resolve=2 Stamina=1 Composure=3"))
    bo = change(new_character("Bo", "hubris"), parse_changes("Resolve=1 Stamina=2 Composure=1"))
    log = Log([campaign_event("T", "hubris"), created_event(ana), created_event(bo)])
    for kind, what, arena in moves:
        story = log.live.now
        scene = story.clock.mark("scene")
        if kind == "undo":
            log.undo(int(what))
        elif kind == "lose":
            before = story.conflict.lost(what, arena, scene)
            attribute = log.live.character(what).traits[ARENAS[arena]]
            counted = log.append(Event(Kind.CONFLICT_LOST, {"character": what, "arena": arena}))
            assert counted == (before < attribute)  # "must accept defeat" at the attribute
            after = log.live.now.conflict.lost(what, arena, scene)
            assert after == before + counted <= attribute
        elif kind == "next":
            log.append(Event(Kind.BOUNDARY_BEGUN, {"unit": what, "rolls": []}))
            if what != "turn":  # a new scene or a larger unit: a new conflict
                now = log.live.now
                assert now.conflict.current(now.clock.mark("scene")) == ()
        else:
            ended = log.append(Event(Kind.CONFLICT_ENDED, {}))
            assert ended == bool(story.conflict.current(scene))
            assert log.live.now.conflict.current(scene) == ()
    assert log.replayed() == log.live
