"""Odds over several rolls: extended actions, complex actions, first-to-N and prolonged conflicts.

Every function here is pure and works on what a single roll's odds already give: a pmf of the
roll's total (``pmf[k]`` is P(total == k), successes or hits) or a probability of success. The
rules each one follows:

- *extended action* (any system): roll again and again, adding the totals, until N successes
  are gathered; the chance to get there within K rolls, and the distribution of the rolls needed.
- *complex action* (storypath): each *Interval* whose Difficulty is met earns one *Milestone*;
  the chance to gather M Milestones within K Intervals.
- *first to N* (chronicles' contested roll over several rolls, and opposed complex actions):
  both sides roll each round and accumulate; the first to reach N wins. When both reach it in the
  same round the larger accumulated total wins, equal totals by the contest's tie rule (the
  system's, or the line's ``ties``).

A pmf may sum to a little less than 1 when an explosion was truncated; the mass it lacks is
carried into each result's ``tail_bound`` (how far any reported probability can be off).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from dicepool.core.contest import tie_rule
from dicepool.core.result import Winner
from dicepool.errors import LimitError, OddsError
from dicepool.odds.cost import (
    DIRECT_SECONDS,
    FLOAT,
    PASS_SECONDS,
    Budget,
    Cost,
    budget_or_default,
)
from dicepool.odds.gather import Span, level, roll_once, trimmed
from dicepool.odds.gf import binomial
from dicepool.odds.records import kept_range

Pmf = npt.NDArray[np.float64]

TAIL = 1e-15
"""Iterations stop once the probability still undecided is below this."""

MAX_GOAL = 10_000
"""The largest number of successes an extended action may ask for."""

MAX_ROLLS = 100_000
"""Rolls, Intervals or rounds past which the iteration stops and reports what is left."""


def as_pmf(pmf: Sequence[float] | Pmf) -> Pmf:
    """Check and convert a pmf: one dimension, no negative entries, summing to at most 1."""
    array = np.asarray(pmf, dtype=np.float64)
    if array.ndim != 1 or array.size == 0:
        raise OddsError("a distribution must be a non-empty list of probabilities")
    if not np.all(np.isfinite(array)) or np.any(array < 0) or array.sum() > 1 + 1e-9:
        raise OddsError("a distribution's probabilities must be 0..1 and sum to at most 1")
    return array


def check_count(name: str, value: int, limit: int) -> None:
    """Refuse a count below 1 or above ``limit`` in one clear line."""
    if value < 1:
        raise OddsError(f"{name} must be at least 1, not {value}")
    if value > limit:
        raise LimitError(f"{name} of {value} is over the limit of {limit}; ask for fewer")


def check_progress(pmf: Pmf, what: str) -> None:
    """Refuse a roll that can never add anything: no number of rolls would ever finish."""
    if pmf[1:].sum() <= 0:
        raise OddsError(f"{what} can never score a success, so it never gets anywhere")


# --- extended action -------------------------------------------------------------------------


@dataclass(frozen=True)
class ExtendedAction:
    """The odds of gathering ``goal`` successes over repeated rolls.

    Attributes:
        goal: successes to gather.
        rolls: the rolls allowed (None: as many as it takes).
        chance: P(the goal is reached within ``rolls``); without a limit, P(it is reached at all).
        needed: ``needed[k]`` is P(the goal is first reached on roll k); ``needed[0]`` is 0.
        tail_bound: probability missing from ``needed`` (rolls past its end, or lost to the
            single roll's own truncation); every figure here is within it.
    """

    goal: int
    rolls: int | None
    chance: float
    needed: Pmf
    tail_bound: float

    @property
    def expected_rolls(self) -> float:
        """The mean number of rolls needed (over the rolls the distribution covers)."""
        return float(np.arange(self.needed.size) @ self.needed)

    def within(self, rolls: int) -> float:
        """P(the goal is reached within ``rolls`` rolls)."""
        return float(self.needed[: rolls + 1].sum())

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view; ``needed`` keys are roll counts as strings (those below 1e-18
        at either end left out)."""
        kept = kept_range(self.needed)
        return {
            "goal": self.goal,
            "rolls": self.rolls,
            "chance": self.chance,
            "expected_rolls": self.expected_rolls,
            "needed": {str(k): float(self.needed[k]) for k in kept if k and self.needed[k] > 0},
            "tail_bound": self.tail_bound,
        }


def extended_action(
    pmf: Sequence[float] | Pmf,
    goal: int,
    rolls: int | None = None,
    budget: Budget | None = None,
) -> ExtendedAction:
    """The chance to gather ``goal`` successes within ``rolls`` rolls of one pmf.

    The accumulated total is tracked below the goal only; whatever crosses it is done. The
    iteration runs until the mass still short of the goal is below :data:`TAIL` (or
    :data:`MAX_ROLLS` rolls, reported in ``tail_bound``), and at least ``rolls`` rolls.

    Args:
        pmf: ``pmf[k]`` = P(one roll's total == k).
        goal: successes to gather (1 or more).
        rolls: rolls allowed (None: no limit).
        budget: what the answer may cost.

    Raises:
        OddsError: a goal or roll count below 1, or a roll that can never score.
        LimitError: a goal over :data:`MAX_GOAL`, rolls over :data:`MAX_ROLLS`, or a goal that
            would take more rolls than that on average.
        BudgetError: the answer would cost more than ``budget``.
    """
    one = as_pmf(pmf)
    check_count("the goal", goal, MAX_GOAL)
    if rolls is not None:
        check_count("the number of rolls", rolls, MAX_ROLLS)
    check_progress(one, "this roll")
    # Past the rolls asked for, the distribution of rolls needed is built only while it can end.
    feasible = is_feasible(mean_of(one), goal)
    if rolls is None and not feasible:
        check_feasible(mean_of(one), goal)
    last = max(rolls or 0, MAX_ROLLS if feasible else 0)
    budget_or_default(budget).check(
        gathering_cost(one, goal, min(last, rolls_to_settle(one, goal))),
        "the extended action",
        "ask for a smaller goal or fewer rolls",
    )
    step, leaked = trimmed(one)
    missing = max(0.0, 1.0 - float(one.sum())) + leaked
    short = Span(0, np.ones(1))  # successes gathered so far, below the goal
    needed = [0.0]
    # once the mass short of the goal is negligible, every later roll adds nothing
    while len(needed) <= last and short.mass >= TAIL:
        leaked += short.mass * missing
        short, crossed, dropped = roll_once(short, step, goal)
        needed.append(float(crossed.sum()))
        leaked += dropped
    done = np.array(needed)
    tail = min(1.0, leaked + short.mass)
    chance = float(done[: rolls + 1].sum()) if rolls is not None else float(done.sum())
    return ExtendedAction(goal, rolls, chance, done, tail)


# --- storypath complex action ----------------------------------------------------------------


@dataclass(frozen=True)
class ComplexAction:
    """The odds of a storypath complex action.

    Attributes:
        milestones: Milestones needed.
        intervals: Intervals allowed.
        interval_success: P(one Interval's roll meets its Difficulty).
        chance: P(at least ``milestones`` Milestones within ``intervals`` Intervals).
        gathered: ``gathered[m]`` = P(exactly m Milestones after all the Intervals).
    """

    milestones: int
    intervals: int
    interval_success: float
    chance: float
    gathered: Pmf

    @property
    def expected_intervals(self) -> float:
        """Mean Intervals needed with no time pressure (M / p; infinite when p is 0)."""
        if self.interval_success <= 0:
            return math.inf
        return self.milestones / self.interval_success

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view; ``gathered`` keys are Milestone counts as strings (those below
        1e-18 at either end left out)."""
        kept = kept_range(self.gathered)
        return {
            "milestones": self.milestones,
            "intervals": self.intervals,
            "interval_success": self.interval_success,
            "chance": self.chance,
            "expected_intervals": self.expected_intervals,
            "gathered": dict(
                zip(map(str, kept), self.gathered[kept.start : kept.stop].tolist(), strict=True)
            ),
        }


def complex_action(interval_success: float, milestones: int, intervals: int) -> ComplexAction:
    """The chance to gather ``milestones`` Milestones within ``intervals`` Intervals.

    Each Interval is one roll that earns a Milestone when it meets its Difficulty, with
    probability ``interval_success``; so the Milestones follow a binomial law, built term by
    term outwards from its mode (no large binomial coefficients, linear in the Intervals).

    Raises:
        OddsError: a probability outside 0..1, or counts below 1.
        LimitError: more than :data:`MAX_ROLLS` Intervals or Milestones.
    """
    p = check_probability("the chance of meeting an Interval's Difficulty", interval_success)
    check_count("the Milestones needed", milestones, MAX_ROLLS)
    check_count("the number of Intervals", intervals, MAX_ROLLS)
    gathered = binomial(intervals, p)
    chance = float(gathered[milestones:].sum())
    return ComplexAction(milestones, intervals, p, chance, gathered)


def success_chance(outcomes: Mapping[str, float]) -> float:
    """P(a roll succeeds): its success and exceptional success outcomes together."""
    return outcomes.get("success", 0.0) + outcomes.get("exceptional", 0.0)


def check_probability(name: str, p: float) -> float:
    """Refuse a probability outside 0..1."""
    if not 0.0 <= p <= 1.0:
        raise OddsError(f"{name} must be a probability between 0 and 1, not {p}")
    return float(p)


# --- first to N ------------------------------------------------------------------------------


@dataclass(frozen=True)
class FirstTo:
    """The odds of a contest won by the first side to gather ``goal`` successes.

    Attributes:
        system: the system (its tie rule settles equal totals).
        goal: successes to gather.
        rounds: the round limit (None: until decided).
        winner: P(attacker / defender / tie) among contests decided within the rounds.
        unresolved: P(neither side reached the goal by the round limit), or with no limit the
            mass left when the iteration stopped.
        leader: the unresolved mass split by who leads when the rounds run out (more gathered
            wins, equal by the tie rule); what an opposed complex action's Interval limit uses.
        expected_rounds: the mean number of rounds played (up to the limit).
        tail_bound: probability not accounted for by ``winner`` and ``leader`` (unresolved mass
            past the iteration's end, plus each roll's own truncation).
        ties: who takes equal totals (``Winner.TIE``: no one).
    """

    system: str
    goal: int
    rounds: int | None
    winner: dict[str, float]
    unresolved: float
    leader: dict[str, float]
    expected_rounds: float
    tail_bound: float
    ties: Winner

    @property
    def final(self) -> dict[str, float]:
        """Who wins once the leader at the round limit takes the undecided contests."""
        return {side: p + self.leader[side] for side, p in self.winner.items()}

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view."""
        return {
            "system": self.system,
            "goal": self.goal,
            "rounds": self.rounds,
            "winner": dict(self.winner),
            "unresolved": self.unresolved,
            "leader": dict(self.leader),
            "final": self.final,
            "expected_rounds": self.expected_rounds,
            "tail_bound": self.tail_bound,
            "ties": self.ties.value,
        }


def first_to(
    system: str,
    attacker: Sequence[float] | Pmf,
    defender: Sequence[float] | Pmf,
    goal: int,
    rounds: int | None = None,
    budget: Budget | None = None,
    *,
    ties: Winner | None = None,
) -> FirstTo:
    """The odds of a first-to-``goal`` contest between two pmfs of one system.

    ``ties`` says who takes equal totals (a contest line's ``ties``; None: the system's rule).

    Until someone reaches the goal the two sides gather independently, so the state is just each
    side's distribution of successes gathered below the goal (its mass is the chance it has not
    finished yet); each round adds one roll to each, and whatever crosses the goal is settled
    against the other side's roll of the same round.

    Raises:
        OddsError: a goal or round count below 1, or two sides that can never score.
        LimitError: a goal over :data:`MAX_GOAL`, rounds over :data:`MAX_ROLLS`, or a race
            that would take more rounds than that on average.
        BudgetError: the answer would cost more than ``budget``.
    """
    a, d = as_pmf(attacker), as_pmf(defender)
    check_count("the goal", goal, MAX_GOAL)
    if rounds is not None:
        check_count("the number of rounds", rounds, MAX_ROLLS)
    if a[1:].sum() <= 0 and d[1:].sum() <= 0:
        raise OddsError("neither side can ever score a success, so no one reaches the goal")
    if rounds is None:
        check_feasible(max(mean_of(a), mean_of(d)), goal)
    # the race ends once the faster side is through (or at the round limit)
    run = min(rounds or MAX_ROLLS, rolls_to_settle(a, goal), rolls_to_settle(d, goal))
    budget_or_default(budget).check(
        gathering_cost(a, goal, run) + gathering_cost(d, goal, run),
        "the race",
        "ask for a smaller goal or fewer rounds",
    )
    (step_a, lost_a), (step_d, lost_d) = trimmed(a), trimmed(d)
    short_a = short_d = Span(0, np.ones(1))
    won = dict.fromkeys(Winner, 0.0)
    played = lost = 0.0
    left_a = left_d = 1.0  # the chance each side is still short of the goal
    for _ in range(rounds if rounds is not None else MAX_ROLLS):
        going = left_a * left_d
        if going < TAIL:  # (with a round limit too: later rounds would add nothing)
            break
        played += going
        lost += left_a * lost_a + left_d * lost_d
        short_a, crossed_a, dropped_a = roll_once(short_a, step_a, goal)
        short_d, crossed_d, dropped_d = roll_once(short_d, step_d, goal)
        left_a, left_d = short_a.mass, short_d.mass
        lost += dropped_a + dropped_d
        over_a, over_d = float(crossed_a.sum()), float(crossed_d.sum())
        won[Winner.ATTACKER] += over_a * left_d
        won[Winner.DEFENDER] += over_d * left_a
        if over_a > 0 and over_d > 0:
            # Both crossed in this round: the larger total wins, equal totals by the tie rule.
            for side, p in settle(system, crossed_a, crossed_d, ties).items():
                won[side] += p
    unresolved = short_a.mass * short_d.mass
    # With a round limit, the leader takes what is left (an opposed complex action's rule).
    lead = settle(system, *level(short_a, short_d), ties) if rounds else dict.fromkeys(Winner, 0.0)
    if rounds and ties is Winner.ATTACKER:
        # an attacker that takes ties still needs a success: 0 against 0 is the defender's
        nothing = float(short_a.from_base(0, 1)[0] * short_d.from_base(0, 1)[0])
        lead[Winner.ATTACKER] -= nothing
        lead[Winner.DEFENDER] += nothing
    decided = sum(won.values()) + sum(lead.values())
    return FirstTo(
        system=system,
        goal=goal,
        rounds=rounds,
        winner={w.value: p for w, p in won.items()},
        unresolved=unresolved,
        leader={w.value: p for w, p in lead.items()},
        expected_rounds=played,
        tail_bound=max(0.0, 1.0 - decided, lost),
        ties=ties if ties is not None else tie_rule(system),
    )


def settle(
    system: str, attacker: Pmf, defender: Pmf, ties: Winner | None = None
) -> dict[Winner, float]:
    """Split P(both) between the sides by who has more, equal totals by the tie rule.

    ``attacker[i]`` and ``defender[j]`` are independent (sub-)probabilities of the totals
    ``i`` and ``j`` counted from one common origin. ``ties`` is who takes equal totals (None:
    the system's rule).
    """
    size = max(attacker.size, defender.size)
    x = np.pad(attacker, (0, size - attacker.size))
    y = np.pad(defender, (0, size - defender.size))
    below_y = np.concatenate(([0.0], np.cumsum(y)[:-1]))  # P(defender's total < i)
    below_x = np.concatenate(([0.0], np.cumsum(x)[:-1]))
    split = {
        Winner.ATTACKER: float(x @ below_y),
        Winner.DEFENDER: float(y @ below_x),
        Winner.TIE: 0.0,
    }
    split[ties if ties is not None else tie_rule(system)] += float(x @ y)
    return split


def mean_of(pmf: Pmf) -> float:
    """The mean of a pmf's index."""
    return float(np.arange(pmf.size) @ pmf)


def sd_of(pmf: Pmf) -> float:
    """The standard deviation of a pmf's index."""
    return math.sqrt(max(0.0, float(np.arange(pmf.size) ** 2 @ pmf) - mean_of(pmf) ** 2))


def is_feasible(mean: float, goal: int) -> bool:
    """Whether ``goal`` is reached within half of :data:`MAX_ROLLS` rolls on average."""
    return mean > 0 and goal / mean <= MAX_ROLLS / 2


def check_feasible(mean: float, goal: int) -> None:
    """Refuse a goal that would take more than half of :data:`MAX_ROLLS` rolls on average."""
    if not is_feasible(mean, goal):
        expected = goal / mean if mean > 0 else math.inf
        raise LimitError(
            f"gathering {goal} at {mean:.3g} per roll takes about {expected:.3g} rolls, over "
            f"the limit of {MAX_ROLLS // 2}; ask for a smaller goal or a larger pool"
        )


ROLL_SECONDS = 40e-6
"""Seconds of one roll added to a running total besides its convolution: a dozen numpy calls
on short arrays (trimming, slicing, sums)."""


def rolls_to_settle(pmf: Pmf, goal: int) -> int:
    """About how many rolls of ``pmf`` leave less than :data:`TAIL` of the mass short of ``goal``.

    With mean m and deviation s per roll, k rolls gather k m give or take sqrt(k) s; eight
    deviations short of the goal is far less likely than the tail (a normal's 1e-15 is at 8).
    """
    mean = mean_of(pmf)
    if mean <= 0:
        return MAX_ROLLS
    spread = 8 * sd_of(pmf)
    root = (spread + math.sqrt(spread * spread + 4 * mean * goal)) / (2 * mean)
    return min(MAX_ROLLS, math.ceil(root * root) + 1)


def gathering_cost(pmf: Pmf, goal: int, rolls: int) -> Cost:
    """``rolls`` rolls of :func:`~dicepool.odds.gather.roll_once`: each a direct convolution
    of the running total (below the goal, spreading as the rolls add up) with one roll's totals.
    """
    width = trimmed(pmf)[0].values.size
    k = np.arange(1, max(1, rolls) + 1)
    short = np.minimum(goal, width + 24 * sd_of(pmf) * np.sqrt(k) + 1)  # kept to 1e-30 each end
    seconds = float((DIRECT_SECONDS * short * width + PASS_SECONDS * 3 * (short + width)).sum())
    return Cost(seconds + ROLL_SECONDS * rolls, FLOAT * (rolls + 4 * (goal + width)))


def opposed_complex_action(
    attacker: float, defender: float, milestones: int, intervals: int | None = None
) -> FirstTo:
    """A storypath opposed complex action: first to ``milestones`` Milestones wins.

    Each side earns a Milestone in an Interval with its own chance of meeting that Interval's
    Difficulty. With an Interval limit, whoever has the most Milestones when it runs out wins
    (:attr:`FirstTo.final`); ties go to the defender, as in every storypath contest.
    """
    a = check_probability("the attacker's chance of meeting an Interval's Difficulty", attacker)
    d = check_probability("the defender's chance of meeting an Interval's Difficulty", defender)
    return first_to("storypath", [1.0 - a, a], [1.0 - d, d], milestones, intervals)
