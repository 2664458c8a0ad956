"""The log's events: ``apply``, ``replay``, and which events an undo chain leaves struck."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dicepool.errors import CampaignError, SheetError
from dicepool.sheet.character import new_character, parse_changes
from dicepool.sheet.events import (
    Event,
    Kind,
    LogError,
    apply,
    campaign_event,
    changed_event,
    concerns,
    created_event,
    replay,
    struck,
    undo_event,
)


def numbered(*events: Event) -> list[Event]:
    """The events as a log stores them: ids and sequence numbers 1, 2, 3..."""
    return [replace(e, id=i, seq=i) for i, e in enumerate(events, start=1)]


def rolled() -> Event:
    return Event(Kind.ROLLED, {"line": "chronicles 3", "characters": []})


def undo_of(seq: int) -> Event:
    """An undo of the event at ``seq``, as it is logged: naming it by its seq."""
    return undo_event(Event(Kind.ROLLED, {}, seq=seq))


def undos(*targets: int) -> list[Event]:
    return [undo_of(t) for t in targets]


def test_nothing_is_struck_without_an_undo() -> None:
    assert struck(numbered(campaign_event("T", "chronicles"), rolled(), rolled())) == set()


def test_an_undo_strikes_its_event() -> None:
    log = numbered(campaign_event("T", "chronicles"), rolled(), *undos(2))
    assert struck(log) == {2}


def test_undoing_the_undo_brings_the_event_back() -> None:
    log = numbered(campaign_event("T", "chronicles"), rolled(), *undos(2, 3))
    assert struck(log) == {3}


def test_a_chain_of_undos_alternates() -> None:
    # 3 strikes 2; 4 strikes 3; 5 strikes 4; so 2 and 4 stand struck
    log = numbered(campaign_event("T", "chronicles"), rolled(), *undos(2, 3, 4))
    assert struck(log) == {2, 4}
    log = numbered(campaign_event("T", "chronicles"), rolled(), *undos(2, 3, 4, 5))
    assert struck(log) == {3, 5}


def test_two_undos_of_one_event_strike_it_once_and_each_can_be_undone() -> None:
    log = numbered(campaign_event("T", "chronicles"), rolled(), *undos(2, 2, 3))
    assert struck(log) == {2, 3}  # 5 takes back undo 3; undo 4 still strikes 2


def sample_log() -> list[Event]:
    ana = new_character("Ana", "chronicles")
    return numbered(
        campaign_event("T", "chronicles", players=3, house_rules="9again"),
        created_event(ana),
        changed_event("Ana", parse_changes("Stealth=2 Firearms (Sniping)")),
        rolled(),
        changed_event("ana", parse_changes("Stealth+=1")),
    )


def test_replay_applies_every_event_in_order() -> None:
    state = replay(sample_log())
    assert (state.name, state.system, state.players, state.house_rules) == (
        "T",
        "chronicles",
        3,
        "9again",
    )
    ana = state.character("ANA")
    assert ana.traits["Stealth"] == 3 and ana.specialties == {"Firearms": ("Sniping",)}


def test_replay_equals_applying_the_events_one_by_one() -> None:
    state = None
    for event in sample_log():
        state = apply(state, event)
    assert state == replay(sample_log())


def test_replay_skips_struck_events() -> None:
    log = sample_log()
    state = replay([*log, replace(undo_of(5), id=6, seq=6)])
    assert state.character("Ana").traits["Stealth"] == 2


def test_replay_names_an_event_that_no_longer_fits() -> None:
    log = sample_log()
    with pytest.raises(CampaignError, match=r"event 3 \(character-changed\) no longer fits"):
        replay([*log, replace(undo_of(2), id=6, seq=6)])


def test_replay_refuses_a_change_that_breaks_a_limit() -> None:
    log = [*sample_log(), replace(changed_event("Ana", parse_changes("Stealth+=8")), id=6, seq=6)]
    with pytest.raises(LogError, match="event 6") as caught:
        replay(log)
    assert caught.value.event.id == 6
    assert isinstance(caught.value.__cause__, SheetError)  # the rule it breaks


def test_a_log_must_start_with_its_campaign() -> None:
    with pytest.raises(CampaignError, match="before its campaign was created"):
        apply(None, rolled())
    with pytest.raises(CampaignError, match="holds no campaign"):
        replay([])


def test_a_character_is_created_once() -> None:
    log = sample_log()
    twice = replace(created_event(new_character("ANA", "chronicles")), id=6)
    with pytest.raises(CampaignError, match="already a character"):
        replay([*log, twice])


def test_concerns_names_the_characters_of_an_event() -> None:
    log = sample_log()
    assert concerns(log[1]) == ["Ana"]
    assert concerns(log[2]) == ["Ana"]
    assert concerns(Event(Kind.ROLLED, {"characters": ["Ana", "Guard"]})) == ["Ana", "Guard"]
    assert concerns(log[0]) == [] and concerns(undo_of(2)) == []
