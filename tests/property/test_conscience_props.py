"""Invariants of conscience and Willpower together under any sequence of sins, rests and
atonement, degeneration, Intimacies and the soul's loss and return."""

from __future__ import annotations

from dataclasses import dataclass, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.errors import SheetError
from dicepool.sheet.hubris import conscience as cs
from dicepool.sheet.hubris import willpower as wp
from dicepool.sheet.hubris.conscience import Conscience
from dicepool.sheet.hubris.willpower import Willpower
from tests.hypothesis_profiles import examples


@dataclass(frozen=True)
class Character:
    """What the rules read: Willpower, the conscience, and the sheet's Morality and Resolve."""

    w: Willpower
    c: Conscience
    morality: int
    resolve: int


successes = st.integers(0, 3)
names = st.sampled_from(["Ana", "ana", "my family", "the band", "Bo", "Cy", "Di", "Ed", "Flo"])
moves = st.one_of(
    st.tuples(st.just("sin"), st.integers(1, 5)),
    st.tuples(st.just("rest"), st.one_of(st.none(), successes)),
    st.tuples(st.just("atone"), st.integers(0, 3), successes, st.booleans()),
    st.tuples(st.just("degenerate")),
    st.tuples(st.just("spend"), st.integers(0, 3)),
    st.tuples(st.just("vice"), st.integers(0, 3)),
    st.tuples(st.just("lose_dots"), st.integers(1, 2)),
    st.tuples(st.just("add"), names),
    st.tuples(st.just("remove"), names),
    st.tuples(st.just("lose_soul")),
    st.tuples(st.just("restore_soul")),
    st.tuples(st.just("soul_time"), st.integers(0, 10 * cs.DAY), successes),
)


def step(ch: Character, move: tuple[object, ...]) -> Character:
    kind, *args = move
    w, c, morality = ch.w, ch.c, ch.morality
    if kind == "sin":
        return replace(ch, c=cs.sin(c, morality, args[0], "a sin"))  # type: ignore[arg-type]
    if kind == "rest":
        w, c = cs.rest(w, c, morality, args[0])  # type: ignore[arg-type]
    elif kind == "atone":
        w, c = cs.atone(w, c, morality, *args)  # type: ignore[arg-type]
    elif kind == "degenerate":
        w, c, morality = cs.degenerate(w, c, morality)
    elif kind == "spend":
        w = wp.spend(w, args[0])  # type: ignore[arg-type]
    elif kind == "vice":
        w, c = cs.soul_regain(w, wp.vice(w, args[0]), c)  # type: ignore[arg-type]
    elif kind == "lose_dots":
        w = wp.lose_dots(w, args[0])  # type: ignore[arg-type]
    elif kind == "add":
        c = cs.add_intimacy(c, ch.resolve, args[0])  # type: ignore[arg-type]
    elif kind == "remove":
        c = cs.remove_intimacy(c, args[0])  # type: ignore[arg-type]
    elif kind == "lose_soul":
        c = cs.lose_soul(c)
    elif kind == "restore_soul":
        c = cs.restore_soul(c)
    else:
        c, left = cs.soul_roll_due(c, w.dots, args[0])  # type: ignore[arg-type]
        if left is not None:
            w = cs.soul_roll(w, c, args[1])  # type: ignore[arg-type]
    return Character(w, c, morality, ch.resolve)


def check(before: Character, after: Character, kind: object) -> None:
    w, c = after.w, after.c
    assert 0 <= w.points <= w.dots and 0 <= w.lost <= w.rating
    assert c.failures >= before.c.failures  # failures accumulate, never reset
    assert len(c.intimacies) <= after.resolve + cs.INTIMACIES_OVER_RESOLVE
    assert len({i.casefold() for i in c.intimacies}) == len(c.intimacies)
    assert cs.stored_conscience(c.stored()) == c
    if c.crisis is not None:
        assert 1 <= c.crisis.crime <= max(before.morality, 1)
    ended = before.c.crisis is not None and c.crisis is None
    if ended and not before.c.soul and kind != "degenerate":
        assert before.morality == 0 and kind == "rest"  # only Morality 0 or degeneration
    if kind == "degenerate":
        assert after.morality == before.morality - 1 and c.crisis is None
    else:
        assert after.morality == before.morality
    if c.may_degenerate is not None:
        assert c.crisis is not None or kind == "atone"


@settings(max_examples=examples(400))
@given(
    st.integers(0, 5),
    st.integers(1, 5),
    st.integers(1, 5),
    st.lists(moves, max_size=30),
)
def test_the_rules_hold_through_any_sequence(
    morality: int, resolve: int, rating: int, sequence: list[tuple[object, ...]]
) -> None:
    ch = Character(wp.new_willpower(rating), Conscience(), morality, resolve)
    for move in sequence:
        before = ch
        try:
            ch = step(ch, move)
        except SheetError:
            assert ch == before  # a refusal changes nothing
            continue
        check(before, ch, move[0])


@given(st.integers(1, 5), st.integers(1, 5), st.integers(1, 8))
def test_a_crisis_resolves_after_morality_successes_with_a_soul(
    morality: int, crime: int, rolls: int
) -> None:
    crime = min(crime, morality)
    w, c = wp.new_willpower(3), cs.sin(Conscience(), morality, crime, "x")
    soulless = cs.lose_soul(c)
    for i in range(1, rolls + 1):
        w, c = cs.rest(w, c, morality, 1)
        assert (c.crisis is None) == (i >= morality)
        if c.crisis is None:
            break
    for _ in range(rolls):
        w, soulless = cs.rest(w, soulless, morality, 2)
    assert soulless.crisis is not None and soulless.crisis.successes == rolls
