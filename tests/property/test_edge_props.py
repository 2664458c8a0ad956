"""Invariants of Edge spends, Initiative Passes and the Power Reserve under any play.

Ruling 15: Edge is spent at most its rating a chronicle and the rating never falls; at most 4
Initiative Passes a round; the Power Reserve within 0 and 10 + 3 x Potency.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dicepool.errors import SheetError
from dicepool.sheet.clock import Clock, begin
from dicepool.sheet.sundown.edge import (
    MAX_PASSES,
    EdgeUse,
    SpecialAttributes,
    edge_left,
    passes,
    power_max,
    regain_power,
    rerate_power,
    resist_dice,
    spend_edge,
    spend_power,
    stored_special_attributes,
    take_extra_pass,
    take_pass,
)
from tests.hypothesis_profiles import examples

edge_uses = st.sampled_from([u for u in EdgeUse if u is not EdgeUse.EXTRA_PASS])
moves = st.one_of(
    st.tuples(st.just("edge"), edge_uses),
    st.tuples(st.just("pass"), st.integers(0, 4)),
    st.tuples(st.just("extra"), st.integers(0, 4)),
    st.tuples(st.just("spend"), st.integers(1, 40)),
    st.tuples(st.just("regain"), st.integers(1, 40)),
    st.tuples(st.just("potency"), st.integers(0, 10)),
    st.tuples(st.just("begin"), st.sampled_from(["turn", "round", "scene", "chronicle"])),
)


class Table:
    """A character at a table: the state, the sheet's ratings and the clock."""

    def __init__(self, edge: int, potency: int) -> None:
        self.edge = edge
        self.potency = potency
        self.clock = Clock("sundown")
        self.state = SpecialAttributes()
        self.spends_here = 0  # Edge spent this chronicle, counted apart from the state

    @property
    def chronicle(self) -> int:
        return self.clock.mark("chronicle")

    @property
    def round(self) -> int:
        return self.clock.mark("round")

    def play(self, move: tuple[str, object]) -> None:
        kind, arg = move
        if kind == "begin":
            assert isinstance(arg, str)
            self.clock = begin(self.clock, arg)
            if arg == "chronicle":
                self.spends_here = 0
            return
        assert isinstance(arg, int | EdgeUse)
        if kind == "potency":
            self.potency = int(arg)
            self.state = rerate_power(self.state, power_max(self.potency))
            return
        before = self.state
        try:
            self.state = self._move(kind, arg)
        except SheetError:
            assert self.state == before  # a refusal changes nothing
            return
        if kind in ("edge", "extra"):
            self.spends_here += 1

    def _move(self, kind: str, arg: int | EdgeUse) -> SpecialAttributes:
        s, edge, chronicle, round_ = self.state, self.edge, self.chronicle, self.round
        maximum = power_max(self.potency)
        if kind == "edge":
            assert isinstance(arg, EdgeUse)
            return spend_edge(s, edge, chronicle, arg, "a lucky break")
        assert isinstance(arg, int)
        if kind == "pass":
            return take_pass(s, round_, arg)
        if kind == "extra":
            return take_extra_pass(s, edge, chronicle, round_, arg)
        if kind == "spend":
            return spend_power(s, arg, maximum)
        return regain_power(s, arg, maximum)

    def check(self) -> None:
        spent = self.state.spent(self.chronicle)
        assert spent == self.spends_here <= self.edge
        assert edge_left(self.state, self.edge, self.chronicle) == self.edge - spent
        assert 0 <= self.state.passes_taken(self.round) <= MAX_PASSES
        assert 0 <= self.state.power <= power_max(self.potency)
        assert resist_dice(self.edge) == self.edge  # the rating never falls
        data = json.loads(json.dumps(self.state.stored()))
        assert stored_special_attributes(data) == self.state


@settings(max_examples=examples(300))
@given(st.integers(0, 6), st.integers(0, 10), st.lists(moves, max_size=40))
def test_any_play_keeps_the_limits_of_ruling_15(
    edge: int, potency: int, played: list[tuple[str, object]]
) -> None:
    table = Table(edge, potency)
    for move in played:
        table.play(move)
        table.check()


@given(st.integers(0, 6), st.lists(edge_uses, max_size=10))
def test_a_spend_is_refused_exactly_when_the_rating_is_used_up(
    edge: int, uses: list[EdgeUse]
) -> None:
    state = SpecialAttributes()
    for i, use in enumerate(uses):
        if i < edge:
            state = spend_edge(state, edge, 7, use, "x")
        else:
            try:
                spend_edge(state, edge, 7, use, "x")
            except SheetError:
                continue
            raise AssertionError("a spend past the rating was allowed")
    assert state.spent(7) == min(edge, len(uses))
    assert edge_left(state, edge, 8) == edge  # the next chronicle has them all


@given(st.integers(0, 4), st.integers(0, 6))
def test_a_round_holds_at_most_four_passes_however_they_are_bought(bonus: int, edge: int) -> None:
    state = SpecialAttributes()
    while True:
        try:
            state = take_pass(state, 1, bonus)
        except SheetError:
            break
    assert state.passes_taken(1) == passes(bonus)
    while True:
        try:
            state = take_extra_pass(state, edge, 0, 1, bonus)
        except SheetError:
            break
    assert state.passes_taken(1) == min(MAX_PASSES, passes(bonus) + edge)


@given(st.integers(0, 40), st.integers(0, 10), st.integers(1, 40))
def test_regain_caps_and_spend_refuses(points: int, potency: int, n: int) -> None:
    maximum = power_max(potency)
    state = SpecialAttributes(power=points)
    held = min(points, maximum)
    assert regain_power(state, n, maximum).power == min(maximum, held + n)
    if n > held:
        try:
            spend_power(state, n, maximum)
        except SheetError:
            return
        raise AssertionError("a spend below zero was allowed")
    assert spend_power(state, n, maximum).power == held - n
