"""The odds of one line as both edges answer them, at no table: `dicepool odds` (with
``--json``) and the API's ``/odds``. The questions asked at a table, for a character and with
the roll's choices, are :mod:`dicepool.campaign.questions`'.

One JSON object for one question: the line, its comment and canonical notation, the exact
distribution (checked against a :class:`~dicepool.odds.Budget` with the JSON answer's own cost,
since writing every total out costs too), and whatever was asked beyond it. Nothing here reads
a campaign, so the command line asks without loading the store or the sheets' rules.
"""

from __future__ import annotations

from typing import Any

from dicepool.core.request import Request, sides_of
from dicepool.errors import BudgetError
from dicepool.notation import parse, render, split_comment
from dicepool.odds import Budget, ContestOdds, Distribution
from dicepool.odds import odds as exact_odds
from dicepool.odds.cost import answer_cost, question_cost, unlimited
from dicepool.odds.validate import check_request


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
