"""The roll requests every entry point builds: one typed record per system, plus contests.

A request holds only what the player or a sheet decides before the dice hit the table; the
systems turn it into a result. The notation package turns a typed line into one of these.
"""

from __future__ import annotations

from dataclasses import dataclass

from dicepool.core.chronicles import ChroniclesRequest
from dicepool.core.classic import ClassicRequest
from dicepool.core.contest import fixed_ties, tie_rule
from dicepool.core.custom import CustomRequest
from dicepool.core.hubris import HubrisRequest
from dicepool.core.result import Winner
from dicepool.core.storypath import StorypathRequest
from dicepool.core.sundown import SundownRequest
from dicepool.errors import RulesError

RollRequest = (
    SundownRequest
    | ChroniclesRequest
    | ClassicRequest
    | StorypathRequest
    | HubrisRequest
    | CustomRequest
)
"""A request for one roll, in any system."""


@dataclass(frozen=True)
class ContestRequest:
    """Two rolls of one system against each other.

    Attributes:
        attacker: the acting side (its faces are read first).
        defender: the other side (in sundown, the resister).
        ties: who takes equal totals, where the line overrides the system's rule (``ties
            attacker`` for "a success total to match or beat"); None: the system's rule. An
            override equal to the system's rule is stored as None, so equal contests compare
            equal. Storypath and sundown settle ties by their rules and refuse an override.
    """

    attacker: RollRequest
    defender: RollRequest
    ties: Winner | None = None

    def __post_init__(self) -> None:
        if self.attacker.system != self.defender.system:
            raise RulesError(
                f"a contest needs one system on both sides, not {self.attacker.system} "
                f"vs {self.defender.system}"
            )
        if any(
            isinstance(side, StorypathRequest) and side.mixed
            for side in (self.attacker, self.defender)
        ):
            raise RulesError(
                "a storypath mixed action (`;`) cannot be a side of a contest, which compares "
                "one total a side; contest one challenge and roll the others on their own line"
            )
        if self.ties is None or self.ties is tie_rule(self.system):
            object.__setattr__(self, "ties", None)  # the system's own rule, written or not
        elif fixed_ties(self.system):
            rule = tie_rule(self.system).value
            raise RulesError(
                f"{self.system} gives equal totals to the {rule} by its rules; "
                f"remove `ties {self.ties.value}`"
            )

    @property
    def tie_rule(self) -> Winner:
        """Who takes equal totals in this contest: the line's override or the system's rule."""
        return self.ties if self.ties is not None else tie_rule(self.system)

    @property
    def system(self) -> str:
        """The system both sides roll."""
        return self.attacker.system


Request = RollRequest | ContestRequest
"""Anything that can be rolled: one roll or a contest."""


def sides_of(request: Request) -> tuple[RollRequest, ...]:
    """The rolls a request makes: the roll itself, or a contest's attacker and defender."""
    if isinstance(request, ContestRequest):
        return (request.attacker, request.defender)
    return (request,)
