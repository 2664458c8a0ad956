"""The odds of a line as both edges answer them: `dicepool odds --json` and the web table.

One JSON object for one question: the line, its comment and canonical notation, the exact
distribution (checked against a :class:`~dicepool.odds.Budget` with the JSON answer's own cost,
since writing every total out costs too), and whatever was asked beyond it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from dicepool.campaign.rolls import request_of
from dicepool.campaign.seats import Seat, may_act_for
from dicepool.campaign.view import with_screen
from dicepool.core.request import Request, sides_of
from dicepool.errors import BudgetError, CampaignError
from dicepool.notation import parse, render, split_comment
from dicepool.odds import Budget, ContestOdds, Distribution
from dicepool.odds import odds as exact_odds
from dicepool.odds.cost import answer_cost, question_cost, unlimited
from dicepool.odds.validate import check_request
from dicepool.store.database import Database
from dicepool.store.log import campaign_by_id


def to_json(value: Any) -> Any:
    """A record's JSON view (its ``to_dict``), or the value itself."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    return value


def specialty_json(advice: Any) -> dict[str, Any]:
    """The specialty advice as JSON."""
    return {
        "goal": advice.goal,
        "chances": dict(advice.chances),
        "best": advice.best,
        "gain": advice.gain,
    }


def exact_or_refused(
    request: Request, budget: Budget, as_json: bool, simulating: bool
) -> tuple[Distribution | ContestOdds | None, str | None]:
    """The exact odds, checked against ``budget`` with the JSON answer's own cost when asked.

    Returns:
        The odds and None; or, when they are over budget and a simulation was asked for
        (which then answers alone), None and the reason.

    Raises:
        BudgetError: over budget, and no simulation asked for (the message offers one).
    """
    try:
        if not as_json:
            return exact_odds(request, budget), None
        for side in sides_of(request):
            check_request(side)
        cost, totals = question_cost(request)
        whole = cost + answer_cost(totals)  # the odds and every total written out
        if budget.fits(cost):  # the JSON alone tips it over: say so
            budget.check(
                whole,
                "the exact answer with every total written as JSON",
                "ask without --json, or about fewer dice",
            )
        else:
            budget.check_exact(whole, request)
        return exact_odds(request, unlimited()), None  # its estimate was just checked
    except BudgetError as exc:
        if not simulating:
            raise
        return None, str(exc)


def json_payload(
    text: str, request: Request, result: Distribution | ContestOdds | None, answers: dict[str, Any]
) -> dict[str, Any]:
    """The one JSON object `dicepool odds --json` prints (no exact odds: only what was asked)."""
    payload: dict[str, Any] = {
        "input": text,
        "comment": split_comment(text)[1],
        "notation": render(request),
    }
    if result is not None:
        payload |= result.to_dict()
    for key, value in answers.items():
        payload[key] = specialty_json(value) if key == "specialty" else to_json(value)
    return payload


def odds_json(text: str, budget: Budget) -> dict[str, Any]:
    """The exact odds of ``text`` as `dicepool odds --json` prints them (no question beyond
    the roll's own), within ``budget``.

    Raises:
        NotationError: a line that does not parse.
        BudgetError: odds over the budget (the message says how to ask for less).
    """
    request = parse(text)
    result, _ = exact_or_refused(request, budget, as_json=True, simulating=False)
    return json_payload(text, request, result, {})


def table_odds_json(
    db: Database,
    campaign_id: int,
    text: str,
    roller: str | None,
    budget: Budget,
    screened: bool = False,
    rollers_allowed: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The exact odds of a line of a campaign, as :func:`odds_json` gives them: the line may
    name the traits of ``roller`` (or of the characters it names: the players' alone when
    ``screened``), and the campaign's house rules apply, as they would to the roll;
    ``rollers_allowed`` refuses (by raising) a roller the asker may not roll for, as the roll
    would.

    Raises:
        NotationError, SheetError, CampaignError: the line cannot be rolled here.
        BudgetError: odds over the budget.
    """
    with db.read() as conn:
        row = campaign_by_id(conn, campaign_id)
        if row is None:
            raise CampaignError(f"no campaign {campaign_id} here")
        _, state = with_screen(conn, row, screened)
    _, request = request_of(row, state, text, roller, rollers_allowed)
    result, _ = exact_or_refused(request, budget, as_json=True, simulating=False)
    return json_payload(text, request, result, {})


def seat_odds_json(
    db: Database, seat: Seat, text: str, character: str | None, budget: Budget
) -> dict[str, Any]:
    """The odds of a line as a web table's seat asks them: for ``character``, else the seat's
    own; a player's line reads no sheet behind the screen (:func:`table_odds_json`), and a
    line a player may not roll (another's character) is refused as its roll would be.

    Raises:
        AccessError: a player asking for a character not theirs.
    """
    roller = character or seat.character
    if seat.storyteller:
        return table_odds_json(db, seat.campaign_id, text, roller, budget)
    may_act_for(seat, roller)
    allowed = partial(may_act_for, seat)
    return table_odds_json(db, seat.campaign_id, text, roller, budget, True, allowed)
