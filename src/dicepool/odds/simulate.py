"""Monte Carlo odds: the cross-check of the exact engine, and an answer where none is exact.

``simulate`` rolls the request many times with numpy (seeded, so reproducible) and reports the
frequencies in the same records as the exact engine, with ``tail_bound`` 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest
from dicepool.core.contest import contest_rule
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest
from dicepool.core.request import ContestRequest, Request, RollRequest
from dicepool.core.result import Outcome, Winner
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import HIT, SundownRequest
from dicepool.errors import LimitError, OddsError
from dicepool.odds.cost import (
    CHUNK_DICE,
    Budget,
    budget_or_default,
    round_down,
    simulation_cost,
)
from dicepool.odds.records import ContestOdds, Distribution
from dicepool.odds.validate import check_request

if TYPE_CHECKING:
    from dicepool.odds.sampling import Ints, Rng

MAX_TRIALS = 100_000_000
"""The most trials one simulation runs."""


def _sampler(request: RollRequest) -> Callable[[Rng, Any, int], tuple[Ints, Ints]]:
    """The system's sampler (imported on first use: ``import dicepool.odds`` stays light)."""
    from dicepool.odds import sampling

    samplers: dict[type[Any], Callable[[Rng, Any, int], tuple[Ints, Ints]]] = {
        SundownRequest: sampling.sundown,
        ChroniclesRequest: sampling.chronicles,
        ClassicRequest: sampling.classic,
        StorypathRequest: sampling.storypath,
        HubrisRequest: sampling.hubris,
        CustomRequest: sampling.custom,
    }
    return samplers[type(request)]


def simulate(
    request: Request, trials: int, seed: int, budget: Budget | None = None
) -> Distribution | ContestOdds:
    """Estimate the odds of ``request`` from ``trials`` seeded rolls.

    Raises:
        OddsError: fewer than one trial.
        LimitError: more than :data:`MAX_TRIALS` trials.
        RulesError: the core would refuse the request.
        BudgetError: the simulation would cost more than ``budget``.
    """
    if trials < 1:
        raise OddsError(f"a simulation needs at least one trial, not {trials}")
    if trials > MAX_TRIALS:
        raise LimitError(f"{trials} trials is over the limit of {MAX_TRIALS}; ask for fewer")
    budget = budget_or_default(budget)
    affordable = budget.trials(request)
    budget.check(
        simulation_cost(request, trials),
        f"simulating {trials} rolls",
        f"ask for at most {round_down(affordable)} trials"
        if affordable >= 1
        else "it is too large even to simulate one roll; ask about fewer dice",
    )
    rng = np.random.default_rng(seed)
    if isinstance(request, ContestRequest):
        check_request(request.attacker)
        check_request(request.defender)
        attack, attack_codes = _sample(rng, request.attacker, trials)
        defend, defend_codes = _sample(rng, request.defender, trials)
        return _contest(
            request,
            _distribution(request.attacker, attack, attack_codes),
            _distribution(request.defender, defend, defend_codes),
            (attack, defend),
        )
    check_request(request)
    totals, codes = _sample(rng, request, trials)
    return _distribution(request, totals, codes)


def expected_dice(request: RollRequest) -> float:
    """About how many dice one roll of ``request`` rolls: its pool (one chance die at zero or
    less), each die with its expected explosions, twice over where a reroll may follow."""
    rule = HIT if isinstance(request, SundownRequest) else request.rule
    again = rule.again
    if isinstance(request, ClassicRequest) and request.extra_dice:
        again = rule.sides  # a specialty's 10 adds a die
    explode = (rule.sides - again + 1) / rule.sides if again is not None else 0.0
    rerolled = (
        (isinstance(request, SundownRequest) and request.second_chance is not None)
        or (isinstance(request, HubrisRequest) and request.is_rote)
        or bool(getattr(request, "rote", False))
    )
    per_die = 1 / (1 - explode)  # an again face never covers every face (custom checks)
    return max(1, _dice(request)) * per_die * (2 if rerolled else 1)


def outcome_classes(request: RollRequest) -> tuple[Outcome, ...]:
    """The outcome classes ``request`` can produce, in the order of ``Outcome``."""
    kinds = {
        "sundown": (Outcome.SUCCESS, Outcome.FAILURE),
        "chronicles": (Outcome.SUCCESS, Outcome.EXCEPTIONAL, Outcome.FAILURE),
        "classic": (Outcome.SUCCESS, Outcome.FAILURE, Outcome.BOTCH),
        "storypath": (Outcome.SUCCESS, Outcome.FAILURE, Outcome.BOTCH),
        "hubris": (Outcome.SUCCESS, Outcome.FAILURE, Outcome.DRAMATIC_FAILURE),
        "custom": (Outcome.SUCCESS, Outcome.FAILURE),
    }[request.system]
    if isinstance(request, ChroniclesRequest) and request.dice <= 0:
        kinds += (Outcome.DRAMATIC_FAILURE,)
    if isinstance(request, CustomRequest) and request.botch:
        kinds += (Outcome.BOTCH,)
    return kinds


def _sample(rng: Rng, request: RollRequest, trials: int) -> tuple[Ints, Ints]:
    sampler = _sampler(request)
    chunk = max(1, CHUNK_DICE // max(1, _dice(request)))
    parts = [sampler(rng, request, min(chunk, trials - done)) for done in range(0, trials, chunk)]
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def _dice(request: RollRequest) -> int:
    if isinstance(request, HubrisRequest):
        return request.all_dice  # team members' dice too
    if isinstance(request, SundownRequest | StorypathRequest | ChroniclesRequest):
        return request.dice  # Edge dice, assistants' dice, Willpower's dice
    return request.pool.size


def _distribution(request: RollRequest, totals: Ints, codes: Ints) -> Distribution:
    """The frequencies; ``codes`` with columns (a storypath mixed action) hold the roll's
    outcome as a whole, then each challenge's."""
    trials = totals.size
    pmf = np.bincount(totals).astype(np.float64) / trials
    columns = [codes] if codes.ndim == 1 else list(codes.T)
    outcomes, *challenges = [_frequencies(request, column) for column in columns]
    return Distribution(
        system=request.system,
        pmf=pmf,
        outcomes=outcomes,
        tail_bound=0.0,
        challenges=tuple(challenges),
    )


def _frequencies(request: RollRequest, codes: Ints) -> dict[str, float]:
    counts = np.bincount(codes, minlength=len(Outcome))
    index = {o: i for i, o in enumerate(Outcome)}
    return {o.value: float(counts[index[o]]) / codes.size for o in outcome_classes(request)}


def _contest(
    request: ContestRequest,
    attacker: Distribution,
    defender: Distribution,
    totals: tuple[Ints, Ints],
) -> ContestOdds:
    attack, defend = totals
    margins = attack - defend
    trials = margins.size
    values, counts = np.unique(margins, return_counts=True)
    margin = {int(v): float(c) / trials for v, c in zip(values, counts, strict=True)}
    rule = contest_rule(request)
    wins = float(np.count_nonzero((margins >= rule.lead) & (attack >= rule.total))) / trials
    level = 0.0
    if rule.ties is Winner.TIE:
        level = float(np.count_nonzero(margins == 0)) / trials
    winner = {"attacker": wins, "defender": 1.0 - wins - level, "tie": level}
    return ContestOdds(request.system, attacker, defender, winner, margin, 0.0, request.tie_rule)
