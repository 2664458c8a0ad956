"""How an event names an earlier one (issue 28): by seq from now on, by the database's id in an
event logged before; each read, resolved within its log and shown by seq."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dicepool.sheet.events import Event, Kind, by_seq, refs_of, struck, undo_event
from dicepool.sheet.refs import EventRef, indexed, named_in
from dicepool.sheet.storypath.payloads import AdvantageUsed, CarriedUsed

ROLL = Event(Kind.ROLLED, {}, id=5432, seq=12)
"""A roll at seq 12 of its log, id 5432 in a database other tables share."""


def test_a_reference_reads_both_forms_and_writes_its_own() -> None:
    new, old = EventRef.of({"seq": 12}), EventRef.of(5432)
    assert (new, old) == (EventRef(seq=12), EventRef(id=5432))
    assert (new.data(), old.data()) == ({"seq": 12}, 5432)
    assert EventRef.to(ROLL) == new and not new.old and old.old
    assert new.names(ROLL) and old.names(ROLL)
    assert not EventRef(seq=5432).names(ROLL) and not EventRef(id=12).names(ROLL)
    with pytest.raises(TypeError):
        EventRef.of(True)


def test_an_old_reference_is_put_by_seq_and_never_shown_by_id() -> None:
    old = EventRef(id=5432)
    assert old.by_seq({5432: 12}) == EventRef(seq=12)
    assert old.by_seq({}) == old and EventRef(seq=3).by_seq({3: 9}) == EventRef(seq=3)
    assert (EventRef(seq=12).words(), old.words(), old.words("roll")) == (
        "event 12",
        "an earlier event",
        "an earlier roll",
    )


def test_an_event_is_found_by_either_reference() -> None:
    found = indexed([ROLL])
    assert found[EventRef(seq=12)] is ROLL and found[EventRef(id=5432)] is ROLL
    assert named_in({EventRef(id=5432)}, ROLL) and named_in({EventRef(seq=12)}, ROLL)
    assert not named_in({EventRef(seq=5432), EventRef(id=12)}, ROLL)


@pytest.mark.parametrize(
    ("kind", "old", "new"),
    [
        (Kind.UNDONE, {"event": 5432}, {"event": {"seq": 12}}),
        (Kind.REVEALED, {"event": 5432}, {"event": {"seq": 12}}),
        (Kind.REROLLED, {"event": 5432, "misses": 1}, {"event": {"seq": 12}, "misses": 1}),
        (Kind.STUNT_BOUGHT, {"event": 5432, "level": 1}, {"event": {"seq": 12}, "level": 1}),
        (Kind.DRAWBACK_CARRIED, {"event": 5432, "what": ""}, {"event": {"seq": 12}, "what": ""}),
    ],
)
def test_an_old_event_is_read_as_it_would_be_logged_now(
    kind: Kind, old: dict[str, object], new: dict[str, object]
) -> None:
    full = {"character": "Ana", "effect": "difficulty", "successes": 2, "result": {}}
    logged = Event(kind, {**full, **old}, id=6000, seq=20)
    assert refs_of(logged) == (EventRef(id=5432),)
    shown = by_seq(logged, {5432: 12})
    assert shown.data == {**full, **new} and (shown.id, shown.seq) == (6000, 20)
    assert refs_of(shown) == (EventRef(seq=12),) and by_seq(shown, {5432: 12}) is shown


def test_a_rolls_effects_name_the_rolls_they_draw_on_in_either_form() -> None:
    effects = {
        "advantage": {"character": "Ana", "from": 5432},
        "carried": {"used": [["stunt", "enhancement", 1, "Ana", 5433]]},
        "momentum": {"points": 1},
    }
    logged = Event(Kind.ROLLED, {"line": "x", "effects": effects}, id=6000, seq=20)
    assert refs_of(logged) == (EventRef(id=5432), EventRef(id=5433))
    shown = by_seq(logged, {5432: 12, 5433: 13})
    assert shown.data["effects"] == {
        "advantage": {"character": "Ana", "from": {"seq": 12}},
        "carried": {"used": [["stunt", "enhancement", 1, "Ana", {"seq": 13}]]},
        "momentum": {"points": 1},
    }
    assert AdvantageUsed.of(shown.data["effects"]["advantage"]).earned_by == EventRef(seq=12)
    used = CarriedUsed.of(shown.data["effects"]["carried"])
    assert used.used == (("stunt", "enhancement", 1, "Ana", EventRef(seq=13)),)


def test_undos_of_either_form_strike_in_one_log() -> None:
    log = [
        replace(ROLL, id=100, seq=1),
        replace(ROLL, id=105, seq=2),
        Event(Kind.UNDONE, {"event": 100}, id=110, seq=3),  # logged before: by id
        replace(undo_event(replace(ROLL, seq=3)), id=120, seq=4),  # now: by seq
        replace(undo_event(replace(ROLL, seq=2)), id=130, seq=5),
    ]
    assert log[3].data == {"event": {"seq": 3}}
    assert struck(log) == {110, 105}  # the old undo struck by the new; the roll 105 by seq
