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
from collections.abc import Sequence
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

MAX_CONTEST_GOAL = 200
"""The largest N a first-to-N contest may ask for (its state grows as N squared)."""

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
        LimitError: a goal over :data:`MAX_GOAL` or rolls over :data:`MAX_ROLLS`.
    """
    one = as_pmf(pmf)
    check_count("the goal", goal, MAX_GOAL)
    if rolls is not None:
        check_count("the number of rolls", rolls, MAX_ROLLS)
    check_progress(one, "this roll")
    short = np.zeros(goal)  # short[s]: P(s successes gathered so far, s < goal)
    short[0] = 1.0
    needed = [0.0]
    leaked = 0.0
    missing = max(0.0, 1.0 - float(one.sum()))
    while len(needed) <= (rolls or 0) or (short.sum() >= TAIL and len(needed) <= MAX_ROLLS):
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

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view."""
        return {
            "system": self.system,
            "goal": self.goal,
            "rounds": self.rounds,
            "winner": dict(self.winner),
            "unresolved": self.unresolved,
            "leader": dict(self.leader),
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

    The state is the joint distribution of both sides' gathered successes below the goal; each
    round adds one roll to each side (a separable convolution: ``A.T @ state @ D``) and takes out
    whatever reached the goal.

    Raises:
        OddsError: a goal or round count below 1, or two sides that can never score.
        LimitError: a goal over :data:`MAX_CONTEST_GOAL` or rounds over :data:`MAX_ROLLS`.
    """
    a, d = as_pmf(attacker), as_pmf(defender)
    check_count("the goal", goal, MAX_CONTEST_GOAL)
    if rounds is not None:
        check_count("the number of rounds", rounds, MAX_ROLLS)
    if a[1:].sum() <= 0 and d[1:].sum() <= 0:
        raise OddsError("neither side can ever score a success, so no one reaches the goal")
    step_a, step_d = step_matrix(a, goal), step_matrix(d, goal)
    masks = finish_masks(system, goal, len(a), len(d))
    state = np.zeros((goal, goal))
    state[0, 0] = 1.0
    won = dict.fromkeys(Winner, 0.0)
    played = 0.0
    limit = rounds if rounds is not None else MAX_ROLLS
    for _ in range(limit):
        if rounds is None and state.sum() < TAIL:
            break
        played += float(state.sum())
        after = step_a.T @ state @ step_d
        for side, mask in masks.items():
            won[side] += float(after[mask].sum())
        state = after[:goal, :goal]
    unresolved = float(state.sum())
    lead = leader(system, state) if rounds is not None else dict.fromkeys(Winner, 0.0)
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


def step_matrix(pmf: Pmf, goal: int) -> Pmf:
    """``M[s, t]`` = P(a side with s gathered has t after one more roll), s below the goal."""
    matrix = np.zeros((goal, goal + pmf.size - 1))
    for s in range(goal):
        matrix[s, s : s + pmf.size] = pmf
    return matrix


def finish_masks(
    system: str, goal: int, len_a: int, len_d: int
) -> dict[Winner, npt.NDArray[np.bool_]]:
    """Which cells of a round's joint result end the contest, and in whose favour."""
    rows, cols = np.indices((goal + len_a - 1, goal + len_d - 1))
    a_done, d_done = rows >= goal, cols >= goal
    both = a_done & d_done
    masks = {
        Winner.ATTACKER: (a_done & ~d_done) | (both & (rows > cols)),
        Winner.DEFENDER: (d_done & ~a_done) | (both & (cols > rows)),
        Winner.TIE: np.zeros_like(both),
    }
    masks[tie_rule(system)] = masks[tie_rule(system)] | (both & (rows == cols))
    return masks


def leader(system: str, state: Pmf) -> dict[Winner, float]:
    """The unresolved mass split by who has gathered more, equal totals by the tie rule."""
    rows, cols = np.indices(state.shape)
    lead = {
        Winner.ATTACKER: float(state[rows > cols].sum()),
        Winner.DEFENDER: float(state[cols > rows].sum()),
        Winner.TIE: 0.0,
    }
    lead[tie_rule(system)] += float(state[rows == cols].sum())
    return lead


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
