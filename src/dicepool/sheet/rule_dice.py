"""The rolls a rule makes (a Stamina roll, a crisis roll, a soul roll): rolled, then replayed.

A transition that rolls asks :class:`RuleDice` for each roll. Deciding an event, the dice are
rolled from a source (a seed, faces typed by hand, or the secure generator) and recorded; the
event keeps the records, and applying it again (on replay, undo or ``db check``) reads them back
in the same order, so one code path both makes and replays the rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from dicepool.core.dice import DiceSource
from dicepool.core.result import RollResult
from dicepool.core.roll import resolve_any
from dicepool.errors import CampaignError
from dicepool.notation.parser import parse
from dicepool.notation.record import record
from dicepool.sheet.payloads import RuleRoll


def rule_roll(system: str, pool: int, source: DiceSource) -> tuple[dict[str, Any], int]:
    """A roll of ``pool`` dice as the log keeps it, and its successes (0 for a failure)."""
    result = resolve_any(parse(f"{system} {max(pool, 0)}"), source)
    assert isinstance(result, RollResult)
    return record(result), result.total if result.total > 0 else 0


@dataclass
class RuleDice:
    """Where a rule's rolls come from: a dice source (recording), or an event's records.

    Attributes:
        source: the dice to roll from, or None to read ``recorded`` back.
        recorded: each roll made: ``character``, ``purpose``, ``roll`` (its record) and
            ``successes``.
    """

    source: DiceSource | None = None
    recorded: list[dict[str, Any]] = field(default_factory=list)
    _replayed: Iterator[RuleRoll] | None = None

    @staticmethod
    def replaying(records: Sequence[RuleRoll]) -> RuleDice:
        """Dice that give back an event's recorded rolls, in order."""
        return RuleDice(None, [r.data() for r in records], iter(records))

    def roll(self, character: str, purpose: str, pool: int, system: str = "hubris") -> int:
        """The successes of ``character``'s ``purpose`` roll of ``pool`` dice."""
        if self.source is not None:
            made, successes = rule_roll(system, pool, self.source)
            self.recorded.append(RuleRoll(character, purpose, made, successes).data())
            return successes
        assert self._replayed is not None
        found = next(self._replayed, None)
        if found is None or (found.character, found.purpose) != (character, purpose):
            raise CampaignError(f"the event holds no {purpose} roll for {character}")
        return found.successes
