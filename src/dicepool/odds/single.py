"""The exact odds of one roll, for every system, matching what ``dicepool.core`` resolves.

Each system's function mirrors its ``resolve`` and ``judge``: which dice are rolled (pool, Edge
dice, chance die, rote and second-chance rerolls), how a die is read (``request.rule``), and how
the count becomes a total and an outcome class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from dicepool.core.chronicles import EXCEPTIONAL_AT, ChroniclesRequest
from dicepool.core.classic import ClassicRequest
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest
from dicepool.core.request import RollRequest
from dicepool.core.result import Outcome
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import HIT, SecondChance, SundownRequest
from dicepool.odds.chance import chance_odds, hubris_chance_odds
from dicepool.odds.classic import classic_distribution
from dicepool.odds.cost import Budget, budget_or_default, roll_cost
from dicepool.odds.gf import convolve, die_gf, pool_series
from dicepool.odds.records import Distribution, Pmf, at_least
from dicepool.odds.rote import hubris_rote
from dicepool.odds.teamwork import best_of_team
from dicepool.odds.totals import added, bonus_on_success, distribution_of, floored, lower
from dicepool.odds.validate import check_request

SUCCESS, EXCEPTIONAL, FAILURE = Outcome.SUCCESS.value, Outcome.EXCEPTIONAL.value, "failure"
BOTCH, DRAMATIC = Outcome.BOTCH.value, Outcome.DRAMATIC_FAILURE.value


def distribution(request: RollRequest, budget: Budget | None = None) -> Distribution:
    """The exact distribution of a roll's total and outcome.

    Args:
        request: the roll.
        budget: what the answer may cost; it is refused before the work starts if its estimate
            is over (``unlimited()`` lifts the limit).

    Raises:
        RulesError: the core would refuse the request (the same error, word for word).
        LimitError: the pool is over the core's limit.
        BudgetError: the answer would cost more than ``budget``.
    """
    check_request(request)
    budget_or_default(budget).check_exact(roll_cost(request).cost, request)
    return exact(request)


def exact(request: RollRequest) -> Distribution:
    """The distribution of a request already checked (by the core and against a budget)."""
    return _SYSTEMS[type(request)](request)


def _sundown(request: SundownRequest) -> Distribution:
    n = request.dice
    if request.second_chance is SecondChance.MISSES:
        pmf, _ = pool_series(die_gf(HIT, rote=True), n)
    else:
        pmf, _ = pool_series(die_gf(HIT), n)
        if request.second_chance is SecondChance.ZERO:
            # zero hits: the whole pool is rolled again and the new roll stands
            pmf = pmf * pmf[0] + np.concatenate([[0.0], pmf[1:]])
    success, failure = at_least(pmf, request.threshold), lower(pmf, request.threshold)
    return distribution_of("sundown", pmf, {SUCCESS: success, FAILURE: failure}, 0.0)


def _chronicles(request: ChroniclesRequest) -> Distribution:
    outcomes: dict[str, float] = {}
    size, rule = request.dice, request.rule  # Willpower's dice too (ruling 23)
    if size <= 0:
        chance = chance_odds(rule, again=request.chance_again, rote=request.rote)
        pmf, tail = chance.pmf, chance.tail_bound
        outcomes[DRAMATIC] = chance.dramatic
    else:
        pmf, tail = pool_series(die_gf(rule, rote=request.rote), size)
    zero, few = float(pmf[0]), lower(pmf, EXCEPTIONAL_AT)
    outcomes |= {
        EXCEPTIONAL: 1 - few,
        SUCCESS: few - zero,
        FAILURE: zero - outcomes.get(DRAMATIC, 0.0),
    }
    return distribution_of("chronicles", pmf, outcomes, tail)


def _storypath(request: StorypathRequest) -> Distribution:
    n, rule = request.pool.size, request.rule
    rolled, tail = pool_series(die_gf(rule), n)
    helped, helped_tail = _helped(request, rolled)
    scaled = bonus_on_success(helped, request.scale)  # a total before its challenge's enhancement
    fail_faces = (rule.target - 1) / rule.sides  # no success on the die: no again either
    blank_faces = fail_faces - 1 / rule.sides  # ... and no 1
    botch = fail_faces**n - blank_faces**n  # only the main roll's dice botch (ruling 10)

    def reaching(need: int) -> dict[str, float]:
        """Outcomes where success is a total before enhancement of ``need`` or more."""
        short = lower(scaled, max(1, need))  # a total of 0 (nothing rolled) always fails
        return {SUCCESS: 1 - short, FAILURE: short - botch, BOTCH: botch}

    needs = [c.difficulty - c.enhancement for c in request.challenges]
    first = request.challenges[0]
    return distribution_of(
        "storypath",
        bonus_on_success(scaled, first.enhancement),
        reaching(max(needs)),  # the roll succeeds when its hardest challenge is met
        tail + helped_tail,
        tuple(reaching(need) for need in needs) if request.mixed else (),
    )


def _helped(request: StorypathRequest, rolled: Pmf) -> tuple[Pmf, float]:
    """The main roll's successes plus the assistants' (which count only where the main roll
    has one of its own), and the assistants' truncation bound.

    Every assistant's die is read alike, so their sum is one pool of all their dice: the
    convolution of their pools' series is that pool's series.
    """
    if not request.assists:
        return rolled, 0.0
    assists, tail = pool_series(die_gf(request.assist_rule), sum(request.assists))
    made = rolled.copy()
    made[0] = 0.0
    helped = convolve(made, assists)  # nothing at 0: the main roll has a success
    helped[0] = rolled[0]  # no success of its own: the help counts for nothing
    return helped, tail


def _hubris(request: HubrisRequest) -> Distribution:
    rolled, dramatic, tail = _hubris_rolled(request)
    pmf = floored(added(rolled, request.auto), request.minimum)
    if request.auto or request.minimum:
        dramatic = 0.0  # the total is at least 1: automatic successes save a chance die's 1
    if request.team:
        pmf, dramatic, team_tail = best_of_team(request, pmf, dramatic)
        tail += team_tail
    zero = float(pmf[0])
    outcomes = {SUCCESS: 1 - zero, FAILURE: zero - dramatic, DRAMATIC: dramatic}
    return distribution_of("hubris", pmf, outcomes, tail)


def _hubris_rolled(request: HubrisRequest) -> tuple[Pmf, float, float]:
    """The main roll's rolled successes, P(dramatic failure) and the truncation bound."""
    n = request.dice
    if n <= 0:
        chance = hubris_chance_odds(
            request.rule, again=request.chance_again, rote=request.is_rote, keep=request.keep
        )
        return chance.pmf, chance.dramatic, chance.tail_bound
    if request.is_rote:
        rolled, tail = hubris_rote(request.rule, n, request.keep)
    else:
        rolled, tail = pool_series(die_gf(request.rule), n)
    return rolled, 0.0, tail


def _custom(request: CustomRequest) -> Distribution:
    n, rule = request.pool.size, request.rule
    counts, tail = pool_series(die_gf(rule, count_ones=request.cancel, rote=request.rote), n)
    pmf = counts
    if request.cancel:  # ones cancel: max(0, successes - ones), D counted from -n
        pmf = counts[n:].copy() if counts.size > n else np.zeros(1)
        pmf[0] = float(counts[: n + 1].sum())
    zero = float(pmf[0])
    outcomes = {SUCCESS: 1 - zero, FAILURE: zero}
    if request.botch:
        fail = (rule.target - 1) / rule.sides  # no success on a die: no again either
        blank = fail - 1 / rule.sides
        # no success anywhere: with a rote every die failed twice, and only the second 1 counts
        nothing = (fail * fail) ** n if request.rote else fail**n
        no_one = (fail * blank) ** n if request.rote else blank**n
        outcomes = {SUCCESS: 1 - zero, FAILURE: zero - (nothing - no_one), BOTCH: nothing - no_one}
    return distribution_of("custom", pmf, outcomes, tail)


_SYSTEMS: dict[type[Any], Callable[[Any], Distribution]] = {
    SundownRequest: _sundown,
    ChroniclesRequest: _chronicles,
    ClassicRequest: classic_distribution,
    StorypathRequest: _storypath,
    HubrisRequest: _hubris,
    CustomRequest: _custom,
}
