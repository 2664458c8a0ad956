"""Any sequence of rolls that spend Willpower at a chronicles or classic table (ruling 23),
with the track's gains, new maxima, the default tracks turned off and on, and undos: the point
never goes below 0, a roll with ``wp`` is refused exactly when none is left, an undone roll
gives its point back, and the log replayed equals the live state."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.core.dice import SeededDice
from dicepool.core.roll import resolve_any
from dicepool.errors import SheetError
from dicepool.notation.parser import parse
from dicepool.sheet.character import change, new_character, parse_changes
from dicepool.sheet.events import Event, Kind, campaign_event, created_event
from dicepool.sheet.lines import read_sheet_line
from dicepool.sheet.roll_willpower import willpower_track
from dicepool.sheet.spends import NO_SPENDS, Spends, effects, prepare
from dicepool.sheet.state import CampaignState
from tests.hypothesis_profiles import examples

from .logs import Log

TRAITS = {
    "classic": "Precision=2 Firearms=1 Willpower={n}",
    "chronicles": "Strength=2 Brawl=1 Resolve={n}",
}
LINES = {"classic": "Precision + Firearms", "chronicles": "Strength + Brawl"}

ROLL, GAIN, SET_MAX, DEFAULTS, UNDO = "roll", "gain", "set-max", "defaults", "undo"

steps = st.one_of(
    st.tuples(st.just(ROLL), st.sampled_from(["typed", "chosen", "both", "none"])),
    st.tuples(st.just(GAIN), st.integers(1, 3)),
    st.tuples(st.just(SET_MAX), st.integers(1, 6)),
    st.tuples(st.just(DEFAULTS), st.booleans()),
    st.tuples(st.just(UNDO), st.integers(1, 3)),
)


def points(state: CampaignState) -> tuple[int, int] | None:
    """Ana's Willpower points and their most; None where the table keeps no track."""
    track = willpower_track(state.character("Ana"), state.now.default_tracks)
    return None if track is None else (track.points, track.max)


def rolled(state: CampaignState, how: str, seed: int) -> Event:
    """Ana's roll, its point typed, chosen, both or neither, decided as a campaign decides it.

    Raises:
        SheetError: the rules refuse it before a die is rolled (nothing logged).
    """
    line = LINES[state.system] + (" wp" if how in ("typed", "both") else "")
    spends = Spends(willpower=True) if how in ("chosen", "both") else NO_SPENDS
    sheet_line = read_sheet_line(line, state, "Ana")
    ana = state.character("Ana")
    request = prepare(ana, parse(sheet_line.numbers), spends, rollers=(ana,), state=state)
    result = resolve_any(request, SeededDice(seed))
    done = effects(ana, request, result, spends, rollers=(ana,), state=state)
    return Event(Kind.ROLLED, {"effects": done, "rollers": ["Ana"]})


def _other(log: Log, step: tuple[str, Any]) -> None:
    """A step that is no roll: the track changed, the defaults turned, an undo."""
    kind, value = step
    if kind == UNDO:
        log.undo(value)
    elif kind == DEFAULTS:
        log.append(Event(Kind.DEFAULT_TRACKS_SET, {"on": value}))
    else:
        change = {"character": "Ana", "track": "Willpower", "operation": kind, "points": value}
        log.append(Event(Kind.TRACK_CHANGED, change))


@settings(max_examples=examples(150), deadline=None)
@given(
    st.sampled_from(sorted(TRAITS)),
    st.integers(1, 5),
    st.lists(st.tuples(steps, st.integers(0, 2**16)), max_size=30),
)
def test_willpower_never_below_zero_refused_at_zero_and_undo_gives_the_point_back(
    system: str, rating: int, moves: list[tuple[tuple[str, Any], int]]
) -> None:
    ana = change(new_character("Ana", system), parse_changes(TRAITS[system].format(n=rating)))
    log = Log([campaign_event("T", system), created_event(ana)])
    for step, seed in moves:
        before = log.live
        if step[0] != ROLL:
            _other(log, step)
        else:
            spending = step[1] != "none" and points(before) is not None
            try:
                event = rolled(before, step[1], seed)
            except SheetError as refused:  # refused before the roll: only for want of a point
                held = points(before)
                assert spending and held is not None and held[0] == 0, refused
                continue
            assert log.append(event)
            held, after = points(before), points(log.live)
            if spending:
                assert held is not None and after == (held[0] - 1, held[1])
                assert log.undo(1)  # undone at once: the point back, the table as before
                assert log.live == before and points(log.live) == held
                assert log.append(event)  # and rolled again, for the steps after
            else:
                assert after == held and log.live == before
        held = points(log.live)
        assert held is None or 0 <= held[0] <= held[1]
    assert log.replayed() == log.live
