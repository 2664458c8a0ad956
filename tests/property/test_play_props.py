"""Any sequence of the state rules' events and undos: the log replayed equals the live state,
and a character out of action (ruling 18) is refused its own actions, never others' on it."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.sheet.character import new_character, parse_changes
from dicepool.sheet.events import (
    Event,
    Kind,
    campaign_event,
    changed_event,
    created_event,
)
from dicepool.sheet.health import BASE_BOXES, State
from dicepool.sheet.hubris.out_of_action import OUT_OF_ACTION
from dicepool.sheet.play import at_risk
from dicepool.sheet.status import health_of
from tests.hypothesis_profiles import examples

from .logs import Log

NAMES = ("Ana", "Bo")

events = st.one_of(
    st.builds(
        lambda n, p, w, r, t, m: Event(
            Kind.DAMAGED,
            {
                "character": n,
                "points": p,
                "wound": w,
                "resistant": r,
                "treatable": r and t,
                "mitigated": m,
            },
        ),
        st.sampled_from(NAMES),
        st.integers(1, 8),
        st.sampled_from(["bashing", "lethal", "aggravated"]),
        st.booleans(),
        st.booleans(),
        st.booleans(),
    ),
    st.builds(lambda n: Event(Kind.MITIGATED, {"character": n}), st.sampled_from(NAMES)),
    st.builds(
        lambda n, w: Event(
            Kind.ROLLED,
            {"rollers": [n], "effects": {"willpower": {"character": n}} if w else {}},
        ),
        st.sampled_from(NAMES),
        st.booleans(),
    ),
    st.builds(
        lambda n, p, w: Event(Kind.HEALED, {"character": n, "points": p, "wound": w}),
        st.sampled_from(NAMES),
        st.integers(1, 4),
        st.sampled_from([None, "bashing", "lethal"]),
    ),
    st.builds(lambda n: Event(Kind.STABILIZED, {"character": n}), st.sampled_from(NAMES)),
    st.builds(
        lambda m: Event(Kind.CLOCK_ADVANCED, {"duration": f"{m}m", "minutes": m}),
        st.sampled_from([1, 15, 60, 2880, 10080]),
    ),
    st.builds(
        lambda n, ok: Event(
            Kind.BOUNDARY_BEGUN,
            {"unit": "turn", "rolls": [], "stamina rolls succeed": ok},
        ),
        st.sampled_from(NAMES),
        st.booleans(),
    ),
    st.builds(
        lambda n, s: changed_event(n, parse_changes(f"Stamina={s}")),
        st.sampled_from(NAMES),
        st.integers(1, 5),
    ),
)


def _acting(event: Event) -> str | None:
    """The character whose own action the event is (a roll, a Willpower point spent), if any."""
    if event.kind is Kind.ROLLED:
        return str(event.data["rollers"][0])
    if event.kind is Kind.MITIGATED or (event.kind is Kind.DAMAGED and event.data.get("mitigated")):
        return str(event.data["character"])
    return None


def _start() -> list[Event]:
    return [campaign_event("T", "hubris")] + [
        created_event(new_character(n, "hubris")) for n in NAMES
    ]


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.tuples(events, st.integers(0, 6)), max_size=30))
def test_the_log_replayed_equals_the_live_state_and_tracks_stay_sorted(
    steps: list[tuple[Event, int]],
) -> None:
    log = Log(_start())
    for event, undo_back in steps:
        if undo_back:  # now and then, undo a recent event instead
            log.undo(undo_back)
            continue
        if event.kind is Kind.BOUNDARY_BEGUN:  # the Stamina rolls of those at risk now
            ok = int(event.data["stamina rolls succeed"])
            made = [
                {"character": c.name, "purpose": "Stamina", "roll": {}, "successes": ok}
                for c in at_risk(log.live)
            ]
            event = replace(event, data={**event.data, "rolls": made})
        acting = _acting(event)
        before = log.live
        if not log.append(event):
            continue  # refused (out of action, no Willpower left, nothing to heal...)
        if acting is not None:  # the character's own action went through: it could act
            sheet = before.character(acting)
            assert health_of(sheet.status, sheet.traits["Stamina"]).state not in OUT_OF_ACTION
        if event.kind is Kind.DAMAGED:  # damage to the dead is refused
            sheet = before.character(event.data["character"])
            assert health_of(sheet.status, sheet.traits["Stamina"]).state is not State.DEAD
        for sheet in log.live.characters.values():
            stamina = sheet.traits["Stamina"]
            track = health_of(sheet.status, stamina)
            assert track.size == BASE_BOXES + stamina and len(track.boxes) <= track.size
            assert [b.wound for b in track.boxes] == sorted(
                (b.wound for b in track.boxes), reverse=True
            )
    assert log.replayed() == log.live
