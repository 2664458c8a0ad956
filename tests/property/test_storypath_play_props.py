"""Any sequence of storypath's events (Momentum, Consolations, Legend, Feats, trackers, the
players set or followed as they sit down and leave) and undos: the log replayed equals the live
state, the pool stays within 0..capacity."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

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
from dicepool.sheet.status import legend_of
from dicepool.sheet.storypath.play import pool_of
from tests.hypothesis_profiles import examples

from .logs import Log

NAMES = ("Ana", "Bo")
names = st.sampled_from(NAMES)


def _rolled(**effects: Any) -> Event:
    return Event(Kind.ROLLED, {"line": "x", "characters": [], "effects": effects})


regains = st.builds(
    lambda n, p: Event(Kind.LEGEND_REGAINED, {"character": n, "points": p}),
    names,
    st.integers(1, 3),
)
feats = st.builds(
    lambda n, w: _rolled(feat={"character": n, "within": w}),
    names,
    st.sampled_from(["title", "calling"]),
)

SEATS = ("kim", "Lou", "max")
seats = st.sampled_from(SEATS)


def _move(seat: str, after: str | None) -> dict[str, Any]:
    return {"seat_id": SEATS.index(seat) + 1, "seat": seat, "before": None, "after": after}


seat_events = st.one_of(
    st.builds(
        lambda seat, n: Event(
            Kind.CHARACTER_TAKEN, {"seat": seat, "character": n, "moves": [_move(seat, n)]}
        ),
        seats,
        names,
    ),
    st.builds(
        lambda seat: Event(
            Kind.CHARACTER_HANDED,
            {"character": "Ana", "seat": None, "from": seat, "moves": [_move(seat, None)]},
        ),
        seats,
    ),
    st.builds(
        lambda seat: Event(Kind.SEAT_REVOKED, {"seat": seat.upper(), "character": None}), seats
    ),
)

events = st.one_of(
    feats,
    regains,
    seat_events,
    st.builds(
        lambda n: Event(Kind.PLAYERS_SET, {"players": n}), st.one_of(st.none(), st.integers(1, 4))
    ),
    st.builds(lambda n: Event(Kind.MOMENTUM_SPENT, {"points": n, "for": ""}), st.integers(1, 4)),
    st.builds(
        lambda n, p: Event(Kind.LEGEND_REGAINED, {"character": n, "points": p}),
        names,
        st.integers(1, 3),
    ),
    st.builds(
        lambda n, k: changed_event(n, parse_changes(f"Legend={k}")), names, st.integers(0, 3)
    ),
    st.builds(
        lambda p: _rolled(consolation={"choice": "momentum", "points": p}), st.integers(1, 4)
    ),
    st.builds(
        lambda n: _rolled(
            consolation={"choice": "advantage", "points": 1, "character": n, "what": "a lead"}
        ),
        names,
    ),
    st.builds(
        lambda n, e: _rolled(advantage={"character": n, "from": e}), names, st.integers(4, 40)
    ),
    st.builds(lambda p: _rolled(momentum={"points": p}), st.integers(1, 3)),
    st.builds(
        lambda n, w, p: _rolled(momentum={"points": p}, feat={"character": n, "within": w}),
        names,
        st.sampled_from(["title", "calling"]),
        st.integers(1, 2),
    ),
    st.builds(
        lambda k, t, lim: Event(
            Kind.TRACKER_STARTED,
            {
                "name": "Heist",
                "kind": k,
                "sides": list(NAMES[: 1 if k == "complex" else 2]),
                "target": t,
                "limit": lim,
                "difficulty": 2,
            },
        ),
        st.sampled_from(["complex", "opposed"]),
        st.integers(1, 3),
        st.one_of(st.none(), st.integers(1, 3)),
    ),
    st.builds(
        lambda n, s: _rolled(tracker={"name": "heist", "character": n, "successes": s}),
        names,
        st.integers(0, 4),
    ),
    st.builds(
        lambda n: Event(Kind.INTERVALS_BOUGHT, {"tracker": "Heist", "intervals": n}),
        st.integers(1, 2),
    ),
    st.builds(
        lambda n: Event(
            Kind.MILESTONES_AWARDED, {"tracker": "Heist", "character": n, "milestones": 1}
        ),
        names,
    ),
)


def _start(players: int | None = 2) -> list[Event]:
    made = [campaign_event("T", "storypath", players)]
    made += [created_event(new_character(n, "storypath")) for n in NAMES]
    return made + [changed_event(n, parse_changes("Legend=2")) for n in NAMES]


def _oldest(event: Event, live: Any) -> Event:
    """A roll using an Advantage names the roller's oldest, as the roll's effects do."""
    used = event.data.get("effects", {}).get("advantage")
    if used is None:
        return event
    held = live.now.advantages.of(used["character"])
    chosen = {**used, "from": {"seq": held[0].event if held else 1}}
    return replace(event, data={**event.data, "effects": {"advantage": chosen}})


@settings(max_examples=examples(200), deadline=None)
@given(
    st.one_of(st.none(), st.integers(1, 4)),
    st.lists(st.tuples(events, st.integers(0, 6)), max_size=40),
)
def test_the_log_replayed_equals_the_live_state_and_the_pool_stays_in_bounds(
    players: int | None, steps: list[tuple[Event, int]]
) -> None:
    log = Log(_start(players))
    for event, undo_back in steps:
        if undo_back:  # now and then, undo a recent event
            log.undo(undo_back)
        else:
            before = pool_of(log.live)
            log.append(_oldest(event, log.live))
            after = pool_of(log.live)
            if event.kind is Kind.CHARACTER_TAKEN:  # a player sitting down never costs a point
                assert after.points == before.points and after.capacity >= before.capacity
        pool = pool_of(log.live)
        assert 0 <= pool.points <= pool.capacity
        expected = len(log.live.now.seated) if log.live.players is None else log.live.players
        assert pool.capacity == 2 * expected
        assert len(log.live.now.seated) <= len(SEATS)
        for sheet in log.live.characters.values():
            legend = legend_of(sheet.status, sheet.traits.get("Legend", 0))
            assert 0 <= legend.points <= legend.rating
        assert len(log.live.now.advantages.pending) <= len(log.events)
    assert log.replayed() == log.live
