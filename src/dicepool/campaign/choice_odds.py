"""What each of a roll's choices changes: its chance of success without and with it.

Beside the odds of the roll that would be made, the web table's roll box shows, for each
choice its system's rolls take, the chance of success without that choice and with it, the
other choices as set ("willpower: 62.0% → 91.4%"). Each is the odds of another roll made by
the roll's own code (:meth:`~dicepool.campaign.questions.TableLine.made`) from the choices as
the edge collected them, that one changed: a flag ticked or not, a value set or left out. A
choice that changes no die (a Consolation, a Drawback named) or that the rules refuse here
(Willpower with no character, an Advantage none is pending) has nothing to show; one whose
odds do not fit in what is left of the budget is left out, never an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dicepool.campaign.catalogue import Param, Type
from dicepool.campaign.questions import TableLine, json_payload, line_odds, seat_line
from dicepool.campaign.roll_choices import chosen_value, roll_choices, spends_of
from dicepool.campaign.seats import Seat
from dicepool.core.request import Request
from dicepool.errors import DicepoolError
from dicepool.odds import Budget, ContestOdds, Distribution, distribution
from dicepool.odds.several import success_chance
from dicepool.store.database import Database


@dataclass(frozen=True)
class Change:
    """What one choice changes in the roll's chance of success, the others as set.

    Attributes:
        name: the choice (its parameter's name: ``willpower``).
        value: its value with it (True for a flag; the Momentum spent, the Feat named...).
        chosen: whether it is chosen now.
        without: the chance of success without it.
        with_: the chance of success with it.
    """

    name: str
    value: object
    chosen: bool
    without: float
    with_: float

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view (``with`` for :attr:`with_`)."""
        return {
            "name": self.name,
            "value": self.value,
            "chosen": self.chosen,
            "without": self.without,
            "with": self.with_,
        }


def chance_of(odds: Distribution | ContestOdds) -> float:
    """The chance a roll succeeds (a success or an exceptional one); a contest's, that its
    acting side (the roller's, who spends) wins."""
    if isinstance(odds, ContestOdds):
        return odds.winner.get("attacker", 0.0)
    return success_chance(odds.outcomes)


def other_choices(
    param: Param, chosen: Mapping[str, object], system: str
) -> tuple[dict[str, object], object, bool] | None:
    """The choices with ``param`` changed: left out if it is chosen, else ticked (a flag); with
    its value with it and whether it is chosen now. None: nothing to change (a value not set:
    no Momentum, no Feat).

    Raises:
        ParameterError: a bad value for ``param``.
    """
    value = chosen_value(param, chosen, system)
    if value is not None:
        return {**chosen, param.name: None}, value, True
    if param.type is Type.FLAG:
        return {**chosen, param.name: True}, True, False
    return None


def choice_changes(
    asked: TableLine,
    chosen: Mapping[str, object],
    now: Request,
    odds: Distribution | ContestOdds,
    budget: Budget,
) -> list[Change]:
    """What each choice of ``asked``'s system changes in the chance of success of ``now``, the
    roll the choices ``chosen`` make (its ``odds``), in the order the roll box shows them.

    Every other roll's odds are charged to ``budget``; one that does not fit in what is left
    is left out, as is a choice that changes no die or that the rules refuse here.

    Raises:
        ParameterError: a bad value among ``chosen``.
    """
    found = []
    for param in roll_choices(asked.system):
        changed = other_choices(param, chosen, asked.system)
        if changed is None:
            continue
        other, value, is_chosen = changed
        chance = _chance(asked, other, now, budget)
        if chance is None:
            continue
        without, with_ = (chance, chance_of(odds)) if is_chosen else (chance_of(odds), chance)
        found.append(Change(param.name, value, is_chosen, without, with_))
    return found


def _chance(
    asked: TableLine, other: Mapping[str, object], now: Request, budget: Budget
) -> float | None:
    """The chance of success of the roll the choices ``other`` make; None when the rules
    refuse it, it is ``now`` again, or its odds are over what is left of ``budget`` (or
    refused by the odds engine)."""
    try:
        request = asked.made(spends_of(other, asked.system)).request
    except DicepoolError:  # refused here: that choice is not one to make now
        return None
    if request == now:
        return None
    try:
        return chance_of(distribution(request, budget))
    except DicepoolError:  # over the budget left (BudgetError), or no exact odds
        return None


def seat_odds_and_changes(
    db: Database,
    seat: Seat,
    text: str,
    character: str | None,
    chosen: Mapping[str, object],
    budget: Budget,
    spare: Budget,
    hidden: bool = False,
) -> tuple[dict[str, Any], list[Change]]:
    """The odds of the roll a web table's seat would make with the choices ``chosen``, as
    :func:`~dicepool.campaign.questions.seat_odds_json` gives them (within ``budget``), and
    what each choice changes (:func:`choice_changes`, within ``spare``).

    Raises:
        AccessError: a player asking for a character not theirs.
        ParameterError, NotationError, SheetError, CampaignError: the roll would be refused.
        BudgetError: the roll's own odds over ``budget``.
    """
    asked = seat_line(db, seat, text, character, hidden)
    request, odds = line_odds(asked, chosen, budget)
    changes = choice_changes(asked, chosen, request, odds, spare)
    return json_payload(text, request, odds, {}), changes
