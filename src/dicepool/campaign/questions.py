"""The odds of a line as the web table answers them: the JSON object of
:mod:`dicepool.campaign.odds_answers` (the odds of a line at no table, `dicepool odds --json`),
asked at a table. The question is the roll the line would make there, for its character and
with the spends and choices the roll takes (:class:`TableLine`): the roll's own code decides it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

# the answers at no table, named here too for the modules that ask both kinds of question
from dicepool.campaign.odds_answers import exact_or_refused as exact_or_refused
from dicepool.campaign.odds_answers import json_payload as json_payload
from dicepool.campaign.odds_answers import odds_json as odds_json
from dicepool.campaign.roll_choices import spends_of
from dicepool.campaign.rolls import RollToMake, roll_to_make
from dicepool.campaign.seats import Seat, may_act_for
from dicepool.campaign.view import with_screen
from dicepool.core.request import Request
from dicepool.errors import AccessError, CampaignError
from dicepool.odds import Budget, ContestOdds, Distribution
from dicepool.sheet.spends import NO_SPENDS, Spends
from dicepool.sheet.state import CampaignState
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, campaign_by_id


@dataclass(frozen=True)
class TableLine:
    """A line asked about at a table, read with its campaign: the roll it would make with
    any choices is :meth:`made` (the roll's own :func:`~dicepool.campaign.rolls.roll_to_make`).

    Attributes:
        row: the campaign.
        state: the campaign's state (what spends are checked against).
        seen: the state the line may name (a player's: the players' characters alone).
        text: the line as typed.
        roller: the character a side that names none rolls for.
        rollers_allowed: refuses (by raising) a roller the asker may not roll for.
        hidden: a hidden roll (the storyteller's), which spends nothing.
    """

    row: CampaignRow
    state: CampaignState
    seen: CampaignState
    text: str
    roller: str | None
    rollers_allowed: Callable[[str], None] | None = None
    hidden: bool = False

    @property
    def system(self) -> str:
        """The campaign's system (whose rolls' choices apply)."""
        return self.row.system

    def made(self, spends: Spends = NO_SPENDS) -> RollToMake:
        """The roll the line would make with ``spends``.

        Raises:
            NotationError, SheetError, CampaignError: the roll would be refused.
        """
        return roll_to_make(
            self.row,
            self.state,
            self.seen,
            self.text,
            self.roller,
            spends,
            self.rollers_allowed,
            self.hidden,
        )


def table_line(
    db: Database,
    campaign_id: int,
    text: str,
    roller: str | None,
    screened: bool = False,
    rollers_allowed: Callable[[str], None] | None = None,
    hidden: bool = False,
) -> TableLine:
    """``text`` at the campaign ``campaign_id``, for ``roller`` (its line may name the players'
    characters alone when ``screened``).

    Raises:
        CampaignError: no such campaign.
    """
    with db.read() as conn:
        row = campaign_by_id(conn, campaign_id)
        if row is None:
            raise CampaignError(f"no campaign {campaign_id} here")
        state, seen = with_screen(conn, row, screened)
    return TableLine(row, state, seen, text, roller, rollers_allowed, hidden)


def seat_line(
    db: Database, seat: Seat, text: str, character: str | None, hidden: bool = False
) -> TableLine:
    """A line as a web table's seat asks about it: for ``character``, else the seat's own; a
    player's line reads no sheet behind the screen, and a line a player may not roll
    (another's character) is refused as its roll would be.

    Raises:
        AccessError: a player asking for a character not theirs, or a hidden roll.
    """
    roller = character or seat.character
    if seat.storyteller:
        return table_line(db, seat.campaign_id, text, roller, hidden=hidden)
    if hidden:
        raise AccessError("only the storyteller rolls in secret")
    may_act_for(seat, roller)
    allowed = partial(may_act_for, seat)
    return table_line(db, seat.campaign_id, text, roller, True, allowed)


def line_odds(
    asked: TableLine, chosen: Mapping[str, object], budget: Budget
) -> tuple[Request, Distribution | ContestOdds]:
    """The roll ``asked`` would make with the choices an edge collected (``chosen``), and its
    exact odds, checked against ``budget`` with the JSON answer's own cost.

    Raises:
        ParameterError: a bad choice, or one of another system's rolls.
        NotationError, SheetError, CampaignError: the roll would be refused.
        BudgetError: odds over the budget.
    """
    request = asked.made(spends_of(chosen, asked.system)).request
    result, _ = exact_or_refused(request, budget, as_json=True, simulating=False)
    assert result is not None  # no simulation asked for: refused by raising
    return request, result


def table_odds_json(
    db: Database,
    campaign_id: int,
    text: str,
    roller: str | None,
    budget: Budget,
    screened: bool = False,
    rollers_allowed: Callable[[str], None] | None = None,
    chosen: Mapping[str, object] | None = None,
) -> dict[str, Any]:
    """The exact odds of a line of a campaign, as :func:`odds_json` gives them: the line may
    name the traits of ``roller`` (or of the characters it names: the players' alone when
    ``screened``), the campaign's house rules apply and the ``chosen`` spends and choices
    are made, as they would be by the roll; ``rollers_allowed`` refuses (by raising) a
    roller the asker may not roll for, as the roll would.

    Raises:
        ParameterError, NotationError, SheetError, CampaignError: the line cannot be rolled
            here, so.
        BudgetError: odds over the budget.
    """
    asked = table_line(db, campaign_id, text, roller, screened, rollers_allowed)
    request, result = line_odds(asked, chosen or {}, budget)
    return json_payload(text, request, result, {})


def seat_odds_json(
    db: Database,
    seat: Seat,
    text: str,
    character: str | None,
    budget: Budget,
    chosen: Mapping[str, object] | None = None,
    hidden: bool = False,
) -> dict[str, Any]:
    """The odds of the roll a web table's seat would make (:func:`seat_line`) with the
    choices ``chosen`` (as the roll box or the API's roll collect them).

    Raises:
        AccessError: a player asking for a character not theirs.
        ParameterError, NotationError, SheetError, CampaignError: the roll would be refused.
        BudgetError: odds over the budget.
    """
    asked = seat_line(db, seat, text, character, hidden)
    request, result = line_odds(asked, chosen or {}, budget)
    return json_payload(text, request, result, {})
