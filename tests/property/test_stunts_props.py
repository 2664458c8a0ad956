"""storypath's Stunts carried forward in any order of rolls, purchases and undos (ruling 20):
a roll's Stunts never cost more than its stunt successes, what waits is exactly what was bought
and not yet used (each used once), and the log replayed equals the live state."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.core.dice import SeededDice
from dicepool.core.roll import resolve_any
from dicepool.notation.parser import parse
from dicepool.notation.record import record
from dicepool.sheet.character import change, new_character, parse_changes
from dicepool.sheet.events import Event, Kind, campaign_event, created_event, struck
from dicepool.sheet.payloads import effects_of
from dicepool.sheet.refs import EventRef
from dicepool.sheet.spends import Spends, effects, prepare
from dicepool.sheet.storypath.payloads import StuntBought
from dicepool.sheet.storypath.stunts import Effect
from tests.hypothesis_profiles import examples

from .logs import Log

NAMES = ("Ana", "Bo", "Guard")

steps = st.one_of(
    st.tuples(st.just("roll"), st.sampled_from(NAMES), st.integers(0, 2**16), st.booleans()),
    st.tuples(
        st.just("buy"),
        st.sampled_from([e.value for e in Effect]),
        st.integers(1, 2),
        st.sampled_from([None, *NAMES, *NAMES]),  # None: right for an Enhancement Stunt alone
    ),
    st.tuples(st.just("undo"), st.integers(1, 3)),
)


def _roll(log: Log, who: str, seed: int, named: bool) -> Event:
    """A roll of ``who`` as the use case makes it (naming a Stunt of theirs when ``named``)."""
    state = log.live
    sheet = state.character(who)
    waiting = [c for c in state.now.carries.of(who) if c.named]
    spends = Spends(stunt=waiting[0].roll) if named and waiting else Spends()
    request = prepare(sheet, parse("storypath 8"), spends, rollers=(sheet,), state=state)
    result = resolve_any(request, SeededDice(seed))
    done = effects(sheet, request, result, spends, rollers=(sheet,), state=state)
    return Event(Kind.ROLLED, {"effects": done, "result": record(result), "rollers": [who]})


def _latest_roll(log: Log) -> Event | None:
    gone = struck(log.events)
    rolls = [e for e in log.events if e.kind is Kind.ROLLED and e.id not in gone]
    return rolls[-1] if rolls else None


@settings(max_examples=examples(200))
@given(st.lists(steps, max_size=30))
def test_stunts_wait_until_used_and_cost_what_they_are(moves: list[tuple[object, ...]]) -> None:
    start = [campaign_event("T", "storypath")]
    for name in NAMES:
        start.append(
            created_event(change(new_character(name, "storypath"), parse_changes("Might=2")))
        )
    log = Log(start)
    for move in moves:
        if move[0] == "undo":
            log.undo(int(str(move[1])))
        elif move[0] == "roll":
            _, who, seed, named = move
            log.append(_roll(log, str(who), int(str(seed)), bool(named)))
        else:
            target = _latest_roll(log)
            if target is None:
                continue
            _, effect, level, on = move
            successes = int(target.data["result"].get("stunt_successes", 0))
            buyer = str(target.data["rollers"][0])
            bought = StuntBought(
                EventRef.to(target), buyer, str(effect), int(str(level)), successes, on
            )
            log.append(Event(Kind.STUNT_BOUGHT, bought.data()))  # refused: nothing logged
        gone = struck(log.events)
        standing = [e for e in log.events if e.id not in gone]
        purchases = [StuntBought.of(e.data) for e in standing if e.kind is Kind.STUNT_BOUGHT]
        used = sum(
            len(effects_of(e.data).get("carried", {}).get("used", []))
            for e in standing
            if e.kind is Kind.ROLLED
        )
        carries = log.live.now.carries
        assert len(carries.pending) == len(purchases) - used  # each bought, used at most once
        for bought in purchases:
            cost = sum(p.level for p in purchases if p.event == bought.event)
            assert cost == carries.spent_on(bought.event.seq) <= bought.successes
    assert log.replayed() == replace(log.live)
