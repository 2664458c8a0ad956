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
  same round the larger accumulated total wins, equal totals by the system's tie rule.
- *prolonged conflict* (hubris): contest after contest until one side has lost as many as its
  Resistance attribute; ties count for no one.

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

Pmf = npt.NDArray[np.float64]

TAIL = 1e-15
"""Iterations stop once the probability still undecided is below this."""

MAX_GOAL = 10_000
"""The largest number of successes an extended action may ask for."""

MAX_ROLLS = 100_000
"""Rolls, Intervals or rounds past which the iteration stops and reports what is left."""

MAX_RESISTANCE = 100
"""The largest Resistance attribute a prolonged conflict accepts."""


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
        """A JSON-ready view; ``needed`` keys are roll counts as strings."""
        return {
            "goal": self.goal,
            "rolls": self.rolls,
            "chance": self.chance,
            "expected_rolls": self.expected_rolls,
            "needed": {str(k): float(p) for k, p in enumerate(self.needed) if k and p > 0},
            "tail_bound": self.tail_bound,
        }


def extended_action(
    pmf: Sequence[float] | Pmf, goal: int, rolls: int | None = None
) -> ExtendedAction:
    """The chance to gather ``goal`` successes within ``rolls`` rolls of one pmf.

    The accumulated total is tracked below the goal only; whatever crosses it is done. The
    iteration runs until the mass still short of the goal is below :data:`TAIL` (or
    :data:`MAX_ROLLS` rolls, reported in ``tail_bound``), and at least ``rolls`` rolls.

    Args:
        pmf: ``pmf[k]`` = P(one roll's total == k).
        goal: successes to gather (1 or more).
        rolls: rolls allowed (None: no limit).

    Raises:
        OddsError: a goal or roll count below 1, or a roll that can never score.
        LimitError: a goal over :data:`MAX_GOAL`, rolls over :data:`MAX_ROLLS`, or a goal that
            would take more rolls than that on average.
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
    short = np.zeros(goal)  # short[s]: P(s successes gathered so far, s < goal)
    short[0] = 1.0
    needed = [0.0]
    leaked = 0.0
    missing = max(0.0, 1.0 - float(one.sum()))
    while len(needed) <= (rolls or 0) or (
        feasible and short.sum() >= TAIL and len(needed) <= MAX_ROLLS
    ):
        leaked += float(short.sum()) * missing
        after = np.convolve(short, one)
        needed.append(float(after[goal:].sum()))
        short = after[:goal]
    done = np.array(needed)
    tail = min(1.0, leaked + float(short.sum()))
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
        """A JSON-ready view; ``gathered`` keys are Milestone counts as strings."""
        return {
            "milestones": self.milestones,
            "intervals": self.intervals,
            "interval_success": self.interval_success,
            "chance": self.chance,
            "expected_intervals": self.expected_intervals,
            "gathered": {str(m): float(p) for m, p in enumerate(self.gathered)},
        }


def complex_action(interval_success: float, milestones: int, intervals: int) -> ComplexAction:
    """The chance to gather ``milestones`` Milestones within ``intervals`` Intervals.

    Each Interval is one roll that earns a Milestone when it meets its Difficulty, with
    probability ``interval_success``; so the Milestones follow a binomial law, built here by
    repeated convolution to stay in floats without large binomial coefficients.

    Raises:
        OddsError: a probability outside 0..1, or counts below 1.
        LimitError: more than :data:`MAX_ROLLS` Intervals or Milestones.
    """
    p = check_probability("the chance of meeting an Interval's Difficulty", interval_success)
    check_count("the Milestones needed", milestones, MAX_ROLLS)
    check_count("the number of Intervals", intervals, MAX_ROLLS)
    gathered = np.ones(1)
    step = np.array([1.0 - p, p])
    for _ in range(intervals):
        gathered = np.convolve(gathered, step)
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
    """

    system: str
    goal: int
    rounds: int | None
    winner: dict[str, float]
    unresolved: float
    leader: dict[str, float]
    expected_rounds: float
    tail_bound: float

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
        }


def first_to(
    system: str,
    attacker: Sequence[float] | Pmf,
    defender: Sequence[float] | Pmf,
    goal: int,
    rounds: int | None = None,
) -> FirstTo:
    """The odds of a first-to-``goal`` contest between two pmfs of one system.

    Until someone reaches the goal the two sides gather independently, so the state is just each
    side's distribution of successes gathered below the goal (its mass is the chance it has not
    finished yet); each round adds one roll to each, and whatever crosses the goal is settled
    against the other side's roll of the same round.

    Raises:
        OddsError: a goal or round count below 1, or two sides that can never score.
        LimitError: a goal over :data:`MAX_GOAL`, rounds over :data:`MAX_ROLLS`, or a race
            that would take more rounds than that on average.
    """
    a, d = as_pmf(attacker), as_pmf(defender)
    check_count("the goal", goal, MAX_GOAL)
    if rounds is not None:
        check_count("the number of rounds", rounds, MAX_ROLLS)
    if a[1:].sum() <= 0 and d[1:].sum() <= 0:
        raise OddsError("neither side can ever score a success, so no one reaches the goal")
    if rounds is None:
        check_feasible(max(mean_of(a), mean_of(d)), goal)
    short_a, short_d = np.zeros(goal), np.zeros(goal)
    short_a[0] = short_d[0] = 1.0
    won = dict.fromkeys(Winner, 0.0)
    played = 0.0
    for _ in range(rounds if rounds is not None else MAX_ROLLS):
        going = float(short_a.sum()) * float(short_d.sum())
        if rounds is None and going < TAIL:
            break
        played += going
        after_a, after_d = np.convolve(short_a, a), np.convolve(short_d, d)
        short_a, short_d = after_a[:goal], after_d[:goal]
        won[Winner.ATTACKER] += float(after_a[goal:].sum()) * float(short_d.sum())
        won[Winner.DEFENDER] += float(after_d[goal:].sum()) * float(short_a.sum())
        # Both crossed in this round: the larger total wins, equal totals by the tie rule.
        for side, p in settle(system, after_a[goal:], after_d[goal:]).items():
            won[side] += p
    unresolved = float(short_a.sum()) * float(short_d.sum())
    # With a round limit, the leader takes what is left (an opposed complex action's rule).
    lead = settle(system, short_a, short_d) if rounds else dict.fromkeys(Winner, 0.0)
    decided = sum(won.values()) + sum(lead.values())
    return FirstTo(
        system=system,
        goal=goal,
        rounds=rounds,
        winner={w.value: p for w, p in won.items()},
        unresolved=unresolved,
        leader={w.value: p for w, p in lead.items()},
        expected_rounds=played,
        tail_bound=max(0.0, 1.0 - decided),
    )


def settle(system: str, attacker: Pmf, defender: Pmf) -> dict[Winner, float]:
    """Split P(both) between the sides by who has more, equal totals by the tie rule.

    ``attacker[i]`` and ``defender[j]`` are independent (sub-)probabilities of the totals
    ``i`` and ``j`` counted from one common origin.
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
    split[tie_rule(system)] += float(x @ y)
    return split


def mean_of(pmf: Pmf) -> float:
    """The mean of a pmf's index."""
    return float(np.arange(pmf.size) @ pmf)


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


# --- hubris prolonged conflict ---------------------------------------------------------------


@dataclass(frozen=True)
class ProlongedConflict:
    """The odds of a hubris prolonged conflict.

    Attributes:
        attacker_resistance: the attacker's Resistance attribute (contests it can lose).
        defender_resistance: the defender's Resistance attribute.
        attacker: P(the defender loses ``defender_resistance`` contests first).
        defender: P(the attacker loses ``attacker_resistance`` contests first).
        expected_contests: the mean number of contests rolled, ties included.
    """

    attacker_resistance: int
    defender_resistance: int
    attacker: float
    defender: float
    expected_contests: float

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view."""
        return {
            "resistance": {
                "attacker": self.attacker_resistance,
                "defender": self.defender_resistance,
            },
            "prevails": {"attacker": self.attacker, "defender": self.defender},
            "expected_contests": self.expected_contests,
        }


def prolonged_conflict(
    attacker: float, defender: float, tie: float, attacker_resistance: int, defender_resistance: int
) -> ProlongedConflict:
    """Who prevails when contests repeat until one side has lost as many as its Resistance.

    A tie counts for no one, so it only delays: among decisive contests the attacker wins each
    with q = a / (a + d), and the attacker prevails when it wins ``defender_resistance`` of them
    before losing ``attacker_resistance`` (a negative binomial sum). By Wald's identity the mean
    number of contests is the mean number of decisive ones divided by P(decisive).

    Args:
        attacker: P(the attacker wins one contest).
        defender: P(the defender wins one contest).
        tie: P(one contest is a tie); the three are normalized to sum to 1.
        attacker_resistance: contests the attacker can lose (its Resistance attribute).
        defender_resistance: contests the defender can lose.

    Raises:
        OddsError: a negative probability, Resistance below 1, or contests that are always ties.
        LimitError: a Resistance over :data:`MAX_RESISTANCE`.
    """
    for name, p in (("attacker", attacker), ("defender", defender), ("tie", tie)):
        check_probability(f"P({name})", p)
    check_count("the attacker's Resistance", attacker_resistance, MAX_RESISTANCE)
    check_count("the defender's Resistance", defender_resistance, MAX_RESISTANCE)
    decisive = attacker + defender
    if decisive <= 0:
        raise OddsError("every contest is a tie, so a prolonged conflict never ends")
    q = attacker / decisive
    # The attacker prevails with j losses: the last contest is its win number defender_resistance.
    wins = negative_binomial(q, defender_resistance, attacker_resistance)
    losses = negative_binomial(1.0 - q, attacker_resistance, defender_resistance)
    mean_decisive = sum((defender_resistance + j) * p for j, p in enumerate(wins)) + sum(
        (attacker_resistance + i) * p for i, p in enumerate(losses)
    )
    per_contest = decisive / (decisive + tie)
    return ProlongedConflict(
        attacker_resistance=attacker_resistance,
        defender_resistance=defender_resistance,
        attacker=math.fsum(wins),
        defender=math.fsum(losses),
        expected_contests=mean_decisive / per_contest,
    )


def negative_binomial(q: float, needed: int, spare: int) -> list[float]:
    """P(the ``needed``-th success comes after exactly j failures), for j below ``spare``.

    Each term is C(needed - 1 + j, j) q^needed (1 - q)^j, taken through logarithms so a large
    Resistance neither overflows the coefficient nor underflows the powers.
    """
    if q <= 0.0:
        return [0.0] * spare
    if q >= 1.0:
        return [1.0] + [0.0] * (spare - 1)
    log_q, log_miss = math.log(q), math.log1p(-q)
    return [
        math.exp(
            math.lgamma(needed + j)
            - math.lgamma(j + 1)
            - math.lgamma(needed)
            + needed * log_q
            + j * log_miss
        )
        for j in range(spare)
    ]
