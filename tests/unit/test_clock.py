"""A campaign's clock: durations, story time, and the boundaries of play."""

from __future__ import annotations

import pytest

from dicepool.errors import SheetError
from dicepool.sheet.clock import (
    MAX_MINUTES,
    Clock,
    advance,
    begin,
    crossed,
    parse_duration,
    stored_clock,
)


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("15m", 15), ("3h", 180), ("2d", 2880), ("1w", 10080), ("1w2d", 12960), ("1D 3H", 1620)],
)
def test_durations_read_as_minutes(text: str, minutes: int) -> None:
    assert parse_duration(text) == minutes


@pytest.mark.parametrize("text", ["", "15", "2x", "d", "2d1w", "-3m", "1.5h"])
def test_a_bad_duration_says_how_to_write_one(text: str) -> None:
    with pytest.raises(SheetError, match="like 15m, 3h, 2d, 1w or 1w2d"):
        parse_duration(text)


def test_a_duration_is_at_most_ten_years() -> None:
    with pytest.raises(SheetError, match="ten years"):
        parse_duration("999999w")
    for long in ("10000000m", "9" * 5000 + "d", "1w" + "9" * 30 + "h"):  # a duration, too long
        with pytest.raises(SheetError, match="longer than ten years"):
            parse_duration(long)
    assert parse_duration("0" * 5000 + "15m") == 15
    with pytest.raises(SheetError, match="at a time"):
        advance(Clock("hubris"), MAX_MINUTES + 1)


def test_story_time_adds_up_and_leaves_the_boundaries() -> None:
    clock = advance(advance(Clock("hubris"), parse_duration("1w")), parse_duration("2d"))
    assert clock.minutes == 12960 and clock.count("scene") == 1


def test_a_boundary_begins_every_smaller_one() -> None:
    clock = begin(begin(begin(Clock("chronicles"), "turn"), "turn"), "round")
    assert (clock.count("turn"), clock.count("round")) == (1, 2)
    clock = begin(begin(clock, "turn"), "scene")
    assert clock.to_dict() == {
        "minutes": 0,
        "turn": 1,
        "round": 1,
        "scene": 2,
        "session": 1,
        "chronicle": 1,
    }


def test_storypath_names_its_own_boundaries() -> None:
    clock = begin(Clock("storypath"), "episode")
    assert clock.count("episode") == 2
    assert begin(clock, "session").count("act") == 2  # an Act is a session
    with pytest.raises(SheetError, match="chronicles has no `episode`"):
        begin(Clock("chronicles"), "episode")


def test_a_limit_resets_when_its_boundary_or_a_larger_one_is_crossed() -> None:
    start = Clock("hubris")
    assert crossed(start, begin(start, "turn"), "turn")
    assert crossed(start, begin(start, "scene"), "turn")  # a new scene is a new turn
    assert not crossed(start, begin(start, "turn"), "scene")
    assert not crossed(start, advance(start, 60), "turn")  # story time is not play


def test_a_mark_changes_when_its_unit_or_a_larger_one_begins() -> None:
    clock = Clock("hubris")
    turn, scene = clock.mark("turn"), clock.mark("scene")
    later = begin(clock, "turn")
    assert later.mark("turn") != turn and later.mark("scene") == scene
    after_scene = begin(later, "scene")
    assert after_scene.mark("turn") not in (turn, later.mark("turn"))
    assert after_scene.mark("scene") != scene


def test_a_stored_clock_reads_back_equal() -> None:
    clock = begin(begin(advance(Clock("storypath"), 90), "episode"), "turn")
    assert stored_clock("storypath", clock.stored()) == clock
    assert stored_clock("hubris", {}) == Clock("hubris")
