"""Limits that follow a trait, in any order of changes and undos (ruling 19): a hubris
character never holds more Intimacies than Resolve + 3, and a change of Resolve is refused
exactly when it would break that (or leave 1..10); the log replayed equals the live state."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dicepool.sheet.character import change, new_character, parse_changes
from dicepool.sheet.events import Event, Kind, campaign_event, changed_event, created_event
from dicepool.sheet.hubris.conscience import INTIMACIES_OVER_RESOLVE
from dicepool.sheet.status import conscience_of

from .logs import Log

TEXTS = ("my sister", "the band", "Oskar", "the dog", "my mother", "Lena", "the crew", "Ivo")

steps = st.one_of(
    st.tuples(st.sampled_from(["add", "remove"]), st.sampled_from(TEXTS)),
    st.tuples(st.just("resolve"), st.integers(0, 4)),
    st.tuples(st.just("undo"), st.integers(1, 3)),
)


def _event(kind: str, value: str | int) -> Event:
    if kind == "resolve":
        return changed_event("Ana", parse_changes(f"Resolve={value}"))
    made = Kind.INTIMACY_ADDED if kind == "add" else Kind.INTIMACY_REMOVED
    return Event(made, {"character": "Ana", "intimacy": value})


@given(st.lists(steps, max_size=40))
def test_intimacies_never_pass_resolve_plus_three(moves: list[tuple[str, str | int]]) -> None:
    ana = change(new_character("Ana", "hubris"), parse_changes("Resolve=2"))
    held = [_event("add", text) for text in TEXTS[:5]]  # Resolve 2 + 3: the room is full
    log = Log([campaign_event("T", "hubris"), created_event(ana), *held])
    for kind, value in moves:
        if kind == "undo":
            assert isinstance(value, int)
            log.undo(value)
            continue
        held = len(conscience_of(log.live.character("Ana").status).intimacies)
        if not log.append(_event(kind, value)) and kind == "resolve":
            assert isinstance(value, int)  # refused: out of 1..10, or too low for them
            assert value < 1 or held > value + INTIMACIES_OVER_RESOLVE
        sheet = log.live.character("Ana")
        room = sheet.traits["Resolve"] + INTIMACIES_OVER_RESOLVE
        assert len(conscience_of(sheet.status).intimacies) <= room
    assert log.replayed() == log.live
