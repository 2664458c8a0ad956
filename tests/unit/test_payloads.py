"""The events' typed records: the JSON they write is the log's, key for key and in order."""

from __future__ import annotations

import json

import pytest

from dicepool.sheet.character import Change, SpecialtyChange
from dicepool.sheet.events import Event, Kind, event_of, payload
from dicepool.sheet.payloads import (
    BehindTheScreen,
    CharacterChanged,
    Drawn,
    Rolled,
    RuleRoll,
    SealRef,
    Undone,
)
from dicepool.sheet.refs import EventRef
from dicepool.sheet.storypath.payloads import Consoled
from dicepool.sheet.sundown.edge import EdgeUse
from dicepool.sheet.sundown.payloads import EdgeSpent


def test_a_roll_writes_its_keys_in_the_logs_order() -> None:
    seal = SealRef(1, 3, "n", ((10, 2),))
    rolled = Rolled("Ana: 3", "hubris 3", {"total": 1}, ("Ana",), ("Ana",), None, "", {}, True)
    assert list(rolled.data()) == [
        "line",
        "numbers",
        "characters",
        "rollers",
        "comment",
        "house_rules",
        "result",
        "hidden",
    ]
    sealed = Rolled(
        "3", "hubris 3", {}, effects={"willpower": {"character": "Ana"}}, drawn=Drawn(seal)
    )
    assert json.dumps(sealed.data()).endswith(
        '"effects": {"willpower": {"character": "Ana"}}, '
        '"seal": {"seal": 1, "roll_no": 3, "nonce": "n", "sides": [[10, 2]]}}'
    )
    assert list(Rolled("3", "hubris 3", {}, drawn=Drawn(typed=True)).data())[-1] == "typed"


def test_optional_keys_are_written_only_when_set() -> None:
    plain = CharacterChanged("Ana", (Change("Dex", "=", 2),))
    assert list(plain.data()) == ["character", "changes"]
    full = CharacterChanged("Ana", (), (SpecialtyChange("Dex", "Fast", True),), "")
    assert list(full.data()) == ["character", "changes", "add", "notes"]
    assert CharacterChanged.of(full.data()) == full
    assert list(Consoled("momentum", 1, refused="advantage").data()) == [
        "choice",
        "points",
        "refused",
    ]


def test_old_events_read_with_the_defaults_their_readers_gave() -> None:
    old = Rolled.of({"line": "3", "numbers": "cofd 3", "result": {}})
    assert (old.characters, old.rollers, old.effects, old.hidden, old.drawn) == (
        (),
        (),
        {},
        False,
        Drawn(),
    )
    assert EdgeSpent.of({"character": "Ana", "use": "other"}).purpose == ""


def test_a_roll_behind_the_screen_reads_as_its_seal_and_number() -> None:
    whole = Rolled("3", "hubris 3", {}, hidden=True, drawn=Drawn(SealRef(2, 5, "n", ((10, 3),))))
    screened = BehindTheScreen.of(whole.data())
    assert screened.data() == {"hidden": True, "seal": {"seal": 2, "roll_no": 5}}
    assert payload(Event(Kind.ROLLED, screened.data())) == screened
    assert payload(Event(Kind.ROLLED, whole.data())) == whole


def test_an_event_holds_its_kinds_record_only() -> None:
    assert event_of(Kind.UNDONE, Undone(EventRef(seq=3))) == Event(
        Kind.UNDONE, {"event": {"seq": 3}}
    )
    with pytest.raises(TypeError):
        event_of(Kind.REVEALED, Undone(EventRef(seq=3)))
    edge = EdgeSpent("Ana", EdgeUse.ESCAPE)
    assert event_of(Kind.EDGE_SPENT, edge).data == {"character": "Ana", "use": "escape", "for": ""}


def test_a_rule_roll_reads_back() -> None:
    roll = RuleRoll("Ana", "Stamina", {"dice": []}, 0)
    assert list(roll.data()) == ["character", "purpose", "roll", "successes"]
    assert RuleRoll.of(roll.data()) == roll
