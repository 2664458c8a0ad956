"""State invariants of sheets and the log, over random changes (hypothesis).

The limits are written again here from ruling 15 and the sheet's docstring, not read from
:mod:`dicepool.sheet.traits`, so a slip in either shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dicepool.errors import SheetError
from dicepool.sheet.character import (
    AnyChange,
    Change,
    Character,
    SpecialtyChange,
    change,
    new_character,
    parse_changes,
)
from dicepool.sheet.events import (
    CampaignState,
    Event,
    Kind,
    apply,
    campaign_event,
    changed_event,
    created_event,
    replay,
    undo_event,
)
from dicepool.sheet.traits import CLASSIC_ATTRIBUTES, SUNDOWN_ATTRIBUTES, check_name
from tests.hypothesis_profiles import examples

from .strategies import Draw

NINE = ("Intelligence", "Wits", "Resolve", "Strength", "Dexterity", "Stamina", "Presence")
NINE += ("Manipulation", "Composure")
ATTRIBUTES = {
    "sundown": SUNDOWN_ATTRIBUTES,
    "chronicles": NINE,
    "classic": CLASSIC_ATTRIBUTES,
    "storypath": (),
    "hubris": NINE,
    "custom": (),
}
SKILLS = ("Stealth", "Animal Ken")
SPECIALTIES = ("Sniping", "Rooftops", "Big Cats", "Ghosts")


def expected_limit(system: str, trait: str, traits: Mapping[str, int]) -> tuple[int, int]:
    """A trait's lowest and highest rating, from the rules texts and rulings (the oracle)."""
    if system == "sundown":
        potency, edge = traits.get("Potency", 0), traits.get("Edge", 0)
        special = {"Edge": (0, 6), "Potency": (0, 10)}  # the Power Reserve: state (ruling 19)
        if trait in special:
            return special[trait]
        if trait in SUNDOWN_ATTRIBUTES:
            return 1, 6 + potency
        return 0, {0: 6, 1: 6, 2: 7, 3: 7, 4: 8, 5: 8, 6: 9}[edge]
    if system == "hubris" and trait == "Morality":
        return 0, 5
    return (1, 10) if trait in ATTRIBUTES[system] else (0, 10)


def within_limits(sheet: Character) -> bool:
    return all(
        low <= rating <= high
        for trait, rating in sheet.traits.items()
        for low, high in [expected_limit(sheet.system, trait, sheet.traits)]
    )


def trait_names(system: str) -> tuple[str, ...]:
    specials = {"sundown": ("Edge", "Potency"), "hubris": ("Morality",)}
    return ATTRIBUTES[system] + specials.get(system, ()) + SKILLS


@st.composite
def changes_for(draw: Draw, system: str) -> AnyChange:
    trait = draw(st.sampled_from(trait_names(system)))
    if draw(st.integers(0, 5)) == 0:
        return SpecialtyChange(trait, draw(st.sampled_from(SPECIALTIES)), draw(st.booleans()))
    op = draw(st.sampled_from(["=", "+", "-"]))
    value = draw(st.integers(-1, 11) if op == "=" else st.integers(0, 3))
    return Change(trait, op, value)


@st.composite
def histories(draw: Draw) -> tuple[str, list[list[AnyChange]]]:
    """A system and a list of updates (each one to three changes) for one character."""
    system = draw(st.sampled_from(sorted(ATTRIBUTES)))
    update = st.lists(changes_for(system), min_size=1, max_size=3)
    return system, draw(st.lists(update, max_size=25))


def accepted(system: str, updates: list[list[AnyChange]]) -> tuple[Character, list[Event]]:
    """Make every update the rules accept; the sheet, and the log that records it."""
    sheet = new_character("Ana", system)
    log = [campaign_event("T", system), created_event(sheet)]
    for update in updates:
        try:
            sheet = change(sheet, update)
        except SheetError:
            continue
        log.append(changed_event("Ana", update))
        log.append(Event(Kind.ROLLED, {"characters": ["Ana"]}))
    return sheet, [replace(e, id=i, seq=i) for i, e in enumerate(log, start=1)]


def near_a_limit(data: Any, sheet: Character) -> list[AnyChange]:
    """One to three changes, each setting a trait at or next to its limit, or moving it."""
    update: list[AnyChange] = []
    for _ in range(data.draw(st.integers(1, 3))):
        trait = data.draw(st.sampled_from(trait_names(sheet.system)))
        low, high = expected_limit(sheet.system, trait, sheet.traits)
        kind = data.draw(st.sampled_from(["edge", "move", "specialty"]))
        if kind == "edge":
            value = data.draw(st.sampled_from([low - 1, low, high, high + 1]))
            update.append(Change(trait, "=", value))
        elif kind == "move":
            op = data.draw(st.sampled_from(["+", "-"]))
            update.append(Change(trait, op, data.draw(st.integers(0, 3))))
        else:
            specialty = data.draw(st.sampled_from(SPECIALTIES))
            update.append(SpecialtyChange(trait, specialty, data.draw(st.booleans())))
    return update


@settings(max_examples=examples(300))
@given(st.sampled_from(sorted(ATTRIBUTES)), st.data())
def test_valid_changes_keep_every_sheet_within_its_limits(system: str, data: Any) -> None:
    sheet = new_character("Ana", system)
    assert within_limits(sheet)
    for _ in range(data.draw(st.integers(0, 25))):
        update = near_a_limit(data, sheet)
        try:
            after = change(sheet, update)
        except SheetError:
            # refused: made by hand, the update breaks a limit or takes away a missing specialty
            assert not within_limits(_made_by_hand(sheet, update)) or _removes_missing(
                sheet, update
            )
            continue
        assert within_limits(after)
        sheet = after


def _made_by_hand(sheet: Character, update: list[AnyChange]) -> Character:
    traits = dict(sheet.traits)
    for item in update:
        now = traits.get(item.trait, 0)
        if isinstance(item, Change):
            traits[item.trait] = {"=": item.value, "+": now + item.value, "-": now - item.value}[
                item.op
            ]
        else:
            traits[item.trait] = now
    return replace(sheet, traits=traits)


def _removes_missing(sheet: Character, update: list[AnyChange]) -> bool:
    """Whether the update takes away a specialty the sheet does not hold when it gets there."""
    held = {t: {s.casefold() for s in v} for t, v in sheet.specialties.items()}
    for item in update:
        if isinstance(item, SpecialtyChange):
            mine = held.setdefault(item.trait, set())
            if item.add:
                mine.add(item.specialty.casefold())
            elif item.specialty.casefold() not in mine:
                return True
            else:
                mine.discard(item.specialty.casefold())
    return False


@settings(max_examples=examples(200))
@given(histories())
def test_replaying_the_log_equals_applying_its_events_one_by_one(
    history: tuple[str, list[list[AnyChange]]],
) -> None:
    sheet, log = accepted(*history)
    state: CampaignState | None = None
    for event in log:
        state = apply(state, event)
    assert state == replay(log)
    assert replay(log).character("ana") == sheet


@settings(max_examples=examples(200))
@given(histories(), st.data())
def test_undoing_then_undoing_the_undo_gives_back_the_same_state(
    history: tuple[str, list[list[AnyChange]]], data: Any
) -> None:
    _, log = accepted(*history)
    target = data.draw(st.sampled_from(log[1:]))
    undone = replace(undo_event(target), id=len(log) + 1, seq=len(log) + 1)
    redone = replace(undo_event(undone), id=len(log) + 2, seq=len(log) + 2)
    assert replay([*log, undone, redone]) == replay(log)


_FIRST = st.characters(categories=["Lu", "Ll"], max_codepoint=0x24F)
_REST = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789'-_éß"), max_size=12)


@st.composite
def names(draw: Draw) -> str:
    """A trait or specialty name as the sheet keeps it: a letter first, single spaces."""
    name = " ".join((draw(_FIRST) + draw(_REST)).split())[:40]
    try:
        assume(check_name(name, "trait") == name)
    except SheetError:
        assume(False)  # a name the sheet refuses (a word ending in `-`, five words...)
    return name


@st.composite
def any_changes(draw: Draw) -> AnyChange:
    trait = draw(names())
    if draw(st.booleans()):
        return SpecialtyChange(trait, draw(names()), draw(st.booleans()))
    op = draw(st.sampled_from(["=", "+", "-"]))
    return Change(trait, op, draw(st.integers(-999_999, 999_999)))


@settings(max_examples=examples(500))
@given(st.lists(any_changes(), min_size=1, max_size=8))
def test_changes_written_out_read_back_the_same(changes: list[AnyChange]) -> None:
    assert parse_changes(" ".join(str(c) for c in changes)) == tuple(changes)
