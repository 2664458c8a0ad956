"""Roll results: immutable trees of dice, counts, outcome and the rules text's label."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from dicepool.core.dice import Die

if TYPE_CHECKING:
    from dicepool.core.request import RollRequest


class Outcome(StrEnum):
    """The outcome classes the systems use (each system has a subset)."""

    SUCCESS = "success"
    EXCEPTIONAL = "exceptional"
    FAILURE = "failure"
    BOTCH = "botch"
    DRAMATIC_FAILURE = "dramatic_failure"


class Winner(StrEnum):
    """Who won a contest, after the system's tie rule."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    TIE = "tie"


@dataclass(frozen=True)
class ChallengeResult:
    """How one roll fared against one challenge of a storypath mixed action (ruling 10).

    Attributes:
        counts: the challenge's own counts (its successes with its enhancement, threshold
            successes, complications, stunt successes), in display order.
        outcome: the challenge's outcome class.
        label: the rules text's words for it.
    """

    counts: Mapping[str, int]
    outcome: Outcome
    label: str

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view: the counts, the outcome and the label."""
        return {**self.counts, "outcome": self.outcome.value, "label": self.label}


@dataclass(frozen=True)
class RollResult:
    """One resolved roll.

    Attributes:
        request: what was asked for.
        dice: every die in the order its face was read, with its history.
        counts: the system's counts, in display order. ``successes`` (or ``hits`` and
            ``net_hits`` for sundown) is the count the roll is judged by.
        outcome: the outcome class.
        label: the rules text's own words for the result.
        notes: short remarks on how the rules applied (e.g. "chance die", "Edge as the pool").
        challenges: a storypath mixed action's judgement against each of its challenges, in
            the order written (empty for any other roll); ``counts`` then are the first's.
    """

    request: RollRequest
    dice: tuple[Die, ...]
    counts: Mapping[str, int]
    outcome: Outcome
    label: str
    notes: tuple[str, ...] = field(default=())
    challenges: tuple[ChallengeResult, ...] = field(default=())

    @property
    def system(self) -> str:
        """The system name (``chronicles``, ``classic``, ...)."""
        return self.request.system

    @property
    def total(self) -> int:
        """The count the roll is judged by and contests compare (successes, or hits)."""
        return self.counts["hits"] if "hits" in self.counts else self.counts["successes"]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view (the caller adds the normalized ``notation``)."""
        return {
            "system": self.system,
            "dice": [d.to_dict() for d in self.dice],
            **self.counts,
            "outcome": self.outcome.value,
            "label": self.label,
            "notes": list(self.notes),
            **({"challenges": [c.to_dict() for c in self.challenges]} if self.challenges else {}),
        }


@dataclass(frozen=True)
class ContestResult:
    """A contested roll: two results and who won.

    Attributes:
        attacker: the acting side's roll (its faces are read first).
        defender: the other side's roll.
        winner: who won after the system's tie rule.
        margin: the difference between the two totals (successes, or hits).
        ties: who takes equal totals in this contest (the system's rule, or the line's
            ``ties``): ``Winner.TIE`` when no one does.
    """

    attacker: RollResult
    defender: RollResult
    winner: Winner
    margin: int
    ties: Winner = Winner.TIE

    @property
    def system(self) -> str:
        """The system both sides roll."""
        return self.attacker.system

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view (the caller adds ``notation`` to each side)."""
        return {
            "system": self.system,
            "attacker": self.attacker.to_dict(),
            "defender": self.defender.to_dict(),
            "winner": self.winner.value,
            "margin": self.margin,
            "ties": self.ties.value,
        }
