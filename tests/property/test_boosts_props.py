"""After Sundown's boosts in any order of boosts, ends, scenes, sheet changes and undos: a roll
reads each trait as the sheet's rating plus the boosts that hold (a scene's only in its scene),
never more than 10 dots above it, Edge and Potency never boosted, the sheet's own limits kept;
the log replayed equals the live state."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dicepool.sheet.character import change, new_character, parse_changes
from dicepool.sheet.events import Event, Kind, campaign_event, changed_event, created_event
from dicepool.sheet.lines import read_sheet_line
from dicepool.sheet.status import boosts_of
from dicepool.sheet.sundown.boosts import MAX_BOOST

from .logs import Log

TRAITS = ("Strength", "Agility", "Stealth", "Edge", "Potency")
SOURCES = ("Vigor", "Celerity", "Potence")

steps = st.one_of(
    st.tuples(
        st.just("boost"),
        st.sampled_from(TRAITS),
        st.integers(1, 6),
        st.sampled_from(SOURCES),
        st.booleans(),
    ),
    st.tuples(st.just("end"), st.sampled_from(SOURCES), st.just(0), st.just(""), st.just(False)),
    st.tuples(
        st.just("next"), st.sampled_from(["turn", "scene"]), st.just(0), st.just(""), st.just(False)
    ),
    st.tuples(
        st.just("set"), st.sampled_from(TRAITS[:3]), st.integers(1, 7), st.just(""), st.just(False)
    ),
    st.tuples(st.just("undo"), st.just(""), st.integers(1, 2), st.just(""), st.just(False)),
)


@given(st.lists(steps, max_size=30))
def test_a_roll_reads_the_sheet_plus_the_boosts_that_hold(
    moves: list[tuple[str, str, int, str, bool]],
) -> None:
    ana = change(
        new_character("Ana", "sundown"), parse_changes("Potency=1 Edge=2 Strength=5 Stealth=4")
    )
    log = Log([campaign_event("T", "sundown"), created_event(ana)])
    for kind, what, n, source, scene in moves:
        if kind == "undo":
            log.undo(n)
        elif kind == "boost":
            data = {"character": "Ana", "trait": what, "dots": n, "source": source, "scene": scene}
            accepted = log.append(Event(Kind.BOOSTED, data))
            assert not (accepted and what in ("Edge", "Potency"))  # the text's own limits
        elif kind == "end":
            log.append(Event(Kind.BOOST_ENDED, {"character": "Ana", "source": what}))
        elif kind == "next":
            log.append(Event(Kind.BOUNDARY_BEGUN, {"unit": what, "rolls": []}))
        else:
            log.append(changed_event("Ana", parse_changes(f"{what}={n}")))
        state = log.live
        sheet = state.character("Ana")
        scene_mark = state.now.clock.mark("scene")
        held = boosts_of(sheet.status).active(scene_mark)
        for trait in ("Strength", "Agility", "Stealth"):
            added = sum(b.dots for b in held if b.trait == trait)
            assert 0 <= added <= MAX_BOOST
            line = read_sheet_line(trait, state, "Ana").numbers
            assert line == f"sundown {sheet.traits.get(trait, 0) + added}"
        assert sheet.traits["Strength"] <= 6 + sheet.traits["Potency"]  # the sheet's limit
    assert log.replayed() == log.live
