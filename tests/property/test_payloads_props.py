"""Every kind of event has a typed record, and each record reads back what it writes, through
JSON as the log stores it."""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.sheet.events import PAYLOADS, Event, Kind, Payload, payload
from dicepool.sheet.payloads import RuleRoll
from dicepool.sheet.refs import EventRef
from tests.hypothesis_profiles import examples

JSON_LEAVES = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
OBJECTS = st.dictionaries(st.text(max_size=6), JSON, max_size=4)
"""A JSON object: a roll's record, a sheet, an effect."""

st.register_type_strategy(RuleRoll, st.builds(RuleRoll, roll=OBJECTS))
st.register_type_strategy(
    EventRef,
    st.builds(EventRef, seq=st.integers(1, 2**31 - 1))  # as events name others now
    | st.builds(EventRef, id=st.integers(1, 2**62)),  # as an old event named them
)


def _is_mapping(hint: object) -> bool:
    origin = typing.get_origin(hint)
    return origin is not None and isinstance(origin, type) and issubclass(origin, Mapping)


def records(cls: type[Payload]) -> st.SearchStrategy[Payload]:
    """Any record of ``cls``: JSON objects for its mappings, the rest by their types."""
    hints = typing.get_type_hints(cls)
    overrides: dict[str, st.SearchStrategy[Any]] = {}
    for item in dataclasses.fields(cls):  # type: ignore[arg-type]
        hint = hints[item.name]
        if _is_mapping(hint):
            inner = typing.get_args(hint)[1]
            overrides[item.name] = (
                st.dictionaries(st.text(max_size=6), OBJECTS, max_size=3)
                if _is_mapping(inner)
                else OBJECTS
            )
    return st.builds(cls, **overrides)


def test_every_kind_has_a_record() -> None:
    assert set(PAYLOADS) == set(Kind), "a kind of event without its record"
    for kind, cls in PAYLOADS.items():
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", list(Kind))
@settings(max_examples=examples(40))
@given(drawn=st.data())
def test_a_record_reads_back_what_it_writes(kind: Kind, drawn: st.DataObject) -> None:
    cls = PAYLOADS[kind]
    record = drawn.draw(records(cls))
    assert cls.of(record.data()) == record
    stored = json.loads(json.dumps(record.data()))  # as the log keeps it
    assert cls.of(stored) == record
    assert payload(Event(kind, stored)) == record
    assert json.dumps(cls.of(stored).data()) == json.dumps(record.data())
