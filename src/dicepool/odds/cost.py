"""What an exact odds question costs, estimated before the work starts, and the budget it must fit.

Every odds entry point (one roll, a contest, a chart, several rolls, specialty advice, a
simulation) first asks this module what its work will cost and checks that against a
:class:`Budget`; a question over budget is refused with a :class:`~dicepool.errors.BudgetError`
before any of that work is done. The default budget is about 2 s and 512 MiB on the 2-core machine
the figures below were measured on (``benchmarks/calibrate_costs.py`` measures them again); a
server answering strangers passes a tighter one.

An estimate mirrors the code it stands for in a few primitives: a convolution (direct, or by FFT
above :data:`~dicepool.odds.gf.FFT_ABOVE`), a power of a series by repeated squaring, a pass over
an array, a small step (a numpy call, a Python loop's turn), and the arrays held at once. The
figures are those of the slower runs, so an estimate errs high.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest, Policy
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest, Keep
from dicepool.core.pool import DieRule
from dicepool.core.request import ContestRequest, Request, RollRequest, sides_of
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import HIT, SecondChance, SundownRequest
from dicepool.errors import BudgetError
from dicepool.odds.gf import FFT_ABOVE, DieGf, die_gf, series_length

MIB = 1 << 20

FFT_SECONDS = 8e-9
"""Seconds per ``F log2 F`` of an FFT convolution whose transforms have ``F`` points."""

DIRECT_SECONDS = 0.5e-9
"""Seconds per multiply-add of a direct convolution."""

PASS_SECONDS = 5e-9
"""Seconds per element of one vectorized pass over an array."""

STEP_SECONDS = 5e-6
"""Seconds per small step: a numpy call on a short array, a few turns of a Python loop."""

ANSWER_SECONDS = 1e-6
"""Seconds per total written into a JSON answer (a distribution's entry and its at-least)."""

ANSWER_BYTES = 100
"""Bytes held per total of a JSON answer (its entries as Python objects, then as text)."""

SIMULATED_DIE_SECONDS = 1e-7
"""Seconds per die of a Monte Carlo simulation (numpy, in chunks)."""

FLOAT = 8
"""Bytes of one float64."""

FFT_BYTES = 40
"""Bytes held per point of an FFT convolution (inputs padded, two transforms, their product)."""

SERIES_BYTES = 130
"""Bytes held per term while a pool's series is raised to its power (operands, FFT, result)."""


@dataclass(frozen=True)
class Cost:
    """An estimate of the work an answer takes.

    Attributes:
        seconds: the time it takes.
        memory: the most bytes held at once.
    """

    seconds: float = 0.0
    memory: float = 0.0

    def __add__(self, other: Cost) -> Cost:
        """Work done one part after the other: the times add, the larger peak stands."""
        return Cost(self.seconds + other.seconds, max(self.memory, other.memory))

    def times(self, count: float) -> Cost:
        """The same work done ``count`` times over (its peak does not grow)."""
        return Cost(self.seconds * count, self.memory)


FEWER = "ask about fewer dice, fewer rolls or a smaller goal"
"""What a refusal suggests by default."""


@dataclass
class Budget:
    """What one question may cost, spent piece by piece: each piece of work is checked against
    what is left before it starts, refused if its estimate is over, else charged.

    One budget serves one question (a roll's odds, then the goal over several rolls, then a
    simulation); make a new one for the next.

    Attributes:
        seconds: the time allowed.
        memory: the most bytes the answer may hold at once (given back after each piece).
        spent: the time charged so far.
    """

    seconds: float = 2.0
    memory: float = 512 * MIB
    spent: float = 0.0

    def fits(self, cost: Cost) -> bool:
        """Whether ``cost`` fits in what is left."""
        return self.spent + cost.seconds <= self.seconds and cost.memory <= self.memory

    def check(
        self, cost: Cost, what: str = "the exact answer", instead: str = FEWER, trials: int = 0
    ) -> None:
        """Refuse ``cost`` if it is over what is left; else charge it.

        Args:
            cost: the estimate of the work.
            what: what would cost that much, for the message.
            instead: what to ask instead, for the message.
            trials: the simulated rolls offered instead (carried by the error).

        Raises:
            BudgetError: the estimate is over what is left of the budget.
        """
        if self.fits(cost):
            self.spent += cost.seconds
            return
        # what earlier pieces spent is worth saying only when it is what tips this one over
        spent = self.spent > 0.05 * self.seconds
        left = f"the {seconds(self.seconds - self.spent)} left of " if spent else ""
        raise BudgetError(
            f"{what} would take about {seconds(cost.seconds)} and {size(cost.memory)}, over "
            f"{left}the budget of {seconds(self.seconds)} and {size(self.memory)}; {instead}",
            cost.seconds,
            cost.memory,
            trials,
        )

    def check_exact(self, cost: Cost, request: Request) -> None:
        """Refuse the exact odds of ``request`` if ``cost`` is over budget, offering a simulation
        of as many rolls as the same budget affords (when that is enough to say something).

        Raises:
            BudgetError: the estimate is over the budget.
        """
        instead, trials = FEWER, 0
        if not self.fits(cost):  # what to offer is worth working out only for a refusal
            trials = self.trials(request)
            if trials >= MIN_TRIALS:
                trials = round_down(trials)
                instead = f"estimate it from {trials} simulated rolls (`odds --simulate {trials}`)"
            else:
                trials, instead = 0, "it is too large even to simulate; ask about fewer dice"
        self.check(cost, instead=instead, trials=trials)

    def trials(self, request: Request) -> int:
        """How many simulated rolls of ``request`` this budget affords (0: not one)."""
        dice, held = simulated_dice(request)
        chunk = SIMULATED_BYTES * min(dice, CHUNK_DICE)
        if chunk > self.memory:
            return 0
        by_time = (self.seconds - self.spent) / (SIMULATED_DIE_SECONDS * dice)
        return int(min(by_time, (self.memory - chunk) / (TRIAL_BYTES * held)))


def budget_or_default(budget: Budget | None) -> Budget:
    """``budget``, or a fresh default one: about 2 s and 512 MiB, what a question at the
    terminal may take on a 2-core machine."""
    return Budget() if budget is None else budget


def unlimited() -> Budget:
    """No limit: for a designer's own machine and patience."""
    return Budget(math.inf, math.inf)


MIN_TRIALS = 100
"""Fewer simulated rolls than this say too little to be worth offering."""


def seconds(value: float) -> str:
    """A duration for a message: ``0.5 s``, ``40 s``, ``2 h``."""
    if value >= 7200:
        return f"{value / 3600:.0f} h"
    if value >= 120:
        return f"{value / 60:.0f} min"
    return f"{value:.2g} s" if value < 10 else f"{value:.0f} s"


def size(value: float) -> str:
    """A memory size for a message: ``12 MiB``, ``3.2 GiB``."""
    if value >= 1 << 30:
        return f"{value / (1 << 30):.1f} GiB"
    return f"{max(1.0, value / MIB):.0f} MiB"


def round_down(trials: int) -> int:
    """A round number of trials at most ``trials`` (one or two leading digits)."""
    scale: int = 10 ** max(0, len(str(trials)) - 2)
    return trials // scale * scale


# --- primitives ------------------------------------------------------------------------------


def convolution(a: int, b: int, length: int | None = None) -> Cost:
    """A product of series of ``a`` and ``b`` terms, cut to ``length`` (as ``gf.convolve``)."""
    if length is not None:
        a, b = min(a, length), min(b, length)
    if a * b <= FFT_ABOVE or min(a, b) < 64:
        return Cost(STEP_SECONDS + DIRECT_SECONDS * a * b, FLOAT * (2 * (a + b)))
    points = 1 << (a + b - 2).bit_length()
    return Cost(STEP_SECONDS + FFT_SECONDS * points * math.log2(points), FFT_BYTES * points)


def passes(count: float, elements: float) -> Cost:
    """``count`` vectorized passes over an array of ``elements`` (which is held)."""
    return Cost(count * (STEP_SECONDS + PASS_SECONDS * elements), FLOAT * elements)


def steps(count: float) -> Cost:
    """``count`` small steps (numpy calls on short arrays, turns of a Python loop)."""
    return Cost(STEP_SECONDS * count, 0.0)


def series(gf: DieGf, n: int) -> tuple[int, Cost]:
    """A pool of ``n`` dice of ``gf`` (``gf.pool_series``): its number of terms and cost."""
    length = series_length(gf, n)
    if gf.binomial:
        work = passes(4, length)
        if gf.explodes:
            work += convolution(min(n, length - 1) + 1, length, length)
        return length, work
    products = max(1, n.bit_length() + bin(n).count("1") - 2)  # squarings and multiplications
    work = convolution(length, length, length).times(products)
    return length, Cost(work.seconds, max(work.memory, SERIES_BYTES * length))


# --- one roll --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """What one roll's exact distribution costs, and how many totals it holds."""

    length: int
    cost: Cost


@lru_cache(maxsize=1024)
def roll_cost(request: RollRequest) -> Estimate:
    """The cost of ``distribution(request)`` (the request passed the core's checks).

    Remembered: a chart or a benchmark asks again for the same rolls, and for a small pool the
    estimate takes about as long as the answer.
    """
    if isinstance(request, SundownRequest):
        return _sundown(request)
    if isinstance(request, ChroniclesRequest):
        return _chronicles(request)
    if isinstance(request, ClassicRequest):
        return _classic(request)
    if isinstance(request, StorypathRequest):
        return _storypath(request)
    if isinstance(request, HubrisRequest):
        return _hubris(request)
    return _custom(request)


def _estimate(length: int, work: Cost) -> Estimate:
    """Every roll ends with a few passes over its totals (outcomes, records, clipping)."""
    return Estimate(length, work + passes(6, length))


def _sundown(request: SundownRequest) -> Estimate:
    rote = request.second_chance is SecondChance.MISSES
    return _estimate(*series(die_gf(HIT, rote=rote), max(1, request.dice)))


def _chance(again: bool, normal: DieRule) -> tuple[int, Cost]:
    """A chance die, and with ``chance-again`` one ordinary die's explosions."""
    if not again:
        return 2, steps(5)
    return series(die_gf(replace(normal, ones=False)), 1)


def _chronicles(request: ChroniclesRequest) -> Estimate:
    size_ = request.dice
    if size_ <= 0:
        return _estimate(*_chance(request.chance_again, request.rule))
    return _estimate(*series(die_gf(request.rule, rote=request.rote), size_))


def _storypath(request: StorypathRequest) -> Estimate:
    length, work = series(die_gf(request.rule), request.pool.size)
    if request.assists:  # all the assistants' dice as one pool, added where the roll succeeds
        helped, help_work = series(die_gf(request.assist_rule), sum(request.assists))
        work += help_work + convolution(length, helped)
        length += helped - 1
    bonus = request.scale + max(c.enhancement for c in request.challenges)
    return _estimate(length + bonus, work + passes(2 + len(request.challenges), length + bonus))


def _hubris(request: HubrisRequest) -> Estimate:
    n = request.dice
    if n <= 0:
        length, work = _chance(request.chance_again, request.rule)
    elif request.is_rote and request.keep is Keep.LARGER:
        length, work = keep_larger(request, n)
    else:
        length, work = series(die_gf(request.rule), n)
    length = max(length + request.auto, request.minimum + 1)
    for dice in request.team_dice:  # each member's pool, then a product of cumulative sums
        member, member_work = (
            _chance(request.chance_again, request.rule)
            if dice <= 0
            else series(die_gf(request.rule), dice)
        )
        length = max(length, member)
        work += member_work
    return _estimate(length, work + passes(3 * (1 + len(request.team)), length))


def keep_larger(request: HubrisRequest, n: int) -> tuple[int, Cost]:
    """A hubris rote keeping the larger roll: one series per number of failed dice followed."""
    from dicepool.odds.rote import keep_larger_shape

    length, weights, _, _ = keep_larger_shape(request.rule, n)
    followed = int((weights > 0).sum())
    each = convolution(length, length, length).times(2) + passes(4, length)
    held = 3 * FLOAT * length * followed  # every second-roll series is kept for the loop
    work = passes(3, n) + each.times(followed)
    return length, Cost(work.seconds, work.memory + held)


def _custom(request: CustomRequest) -> Estimate:
    gf = die_gf(request.rule, count_ones=request.cancel, rote=request.rote)
    return _estimate(*series(gf, request.pool.size))


UNTIL_SECONDS = 5e-8
"""Seconds per (pool size)^2 of a classic ``spec until`` chain's first roll (its joint table)."""

CHAIN_SECONDS = 5e-9
"""Seconds per state and turn of a ``spec until`` chain (a few shifted sums over its states)."""


def _classic(request: ClassicRequest) -> Estimate:
    n, threshold = request.pool.size, request.threshold
    rule = request.rule
    if request.extra_dice:
        rule = replace(rule, again=10)
    if request.specialty is not None and request.specialty.policy is Policy.UNTIL:
        from dicepool.odds.specialty import until_shape

        goal = request.specialty.until
        rows, columns, turns = until_shape(n, request.difficulty, threshold, goal)
        table = (2 * n + 1) * (n + 1)
        seconds = UNTIL_SECONDS * n * n + CHAIN_SECONDS * rows * columns * turns
        length, work = 2 * n + 1, Cost(seconds, 1.5 * FLOAT * table)
    else:
        length, work = series(die_gf(rule, count_ones=True), n)
    if not request.willpower:  # the botch: two series cut at the threshold
        low = convolution(threshold + 1, threshold + 1, threshold + 1)
        work += low.times(2 * max(1, n.bit_length() + bin(n).count("1") - 2))
    return _estimate(length, work)


# --- questions -------------------------------------------------------------------------------


def question_cost(request: Request) -> tuple[Cost, int]:
    """The cost of ``odds(request)`` and the totals its answer holds (both sides of a contest,
    and their margin)."""
    if isinstance(request, ContestRequest):
        attacker, defender = roll_cost(request.attacker), roll_cost(request.defender)
        margin = attacker.length + defender.length
        work = attacker.cost + defender.cost
        work += convolution(attacker.length, defender.length) + passes(6, margin)
        return work + steps(margin / 15), 2 * margin  # the margin dict is a Python loop
    one = roll_cost(request)
    return one.cost, one.length


def answer_cost(totals: int) -> Cost:
    """Writing ``totals`` totals into a JSON answer (their chances and at-least figures)."""
    return Cost(ANSWER_SECONDS * totals, ANSWER_BYTES * totals)


CHUNK_DICE = 2_000_000
"""A simulation rolls its trials in chunks of about this many dice, to bound memory."""

SIMULATED_BYTES = 6 * FLOAT
"""Bytes held per die of a chunk being simulated (faces, owners, counts: int64 arrays)."""

TRIAL_BYTES = 6 * FLOAT
"""Bytes kept per trial and side until the end (its total and outcome code, and their tallies)."""


def simulated_dice(request: Request) -> tuple[float, int]:
    """The dice one simulated roll of ``request`` is expected to roll, and its sides (1 or 2)."""
    from dicepool.odds.simulate import expected_dice

    sides = sides_of(request)
    return sum(expected_dice(side) for side in sides), len(sides)


def simulation_cost(request: Request, trials: int) -> Cost:
    """``trials`` simulated rolls of ``request`` (``simulate``)."""
    dice, held = simulated_dice(request)
    return Cost(
        SIMULATED_DIE_SECONDS * dice * trials,
        SIMULATED_BYTES * min(dice * trials, CHUNK_DICE) + TRIAL_BYTES * held * trials,
    )
