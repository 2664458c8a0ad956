"""Checking the table's dice on the web: a page anyone with a seat can open, and its JSON.

Both run :func:`dicepool.campaign.verify.verify` over the log as the seat sees it: a player's
shows a hidden roll by its number alone until it is revealed (so it counts for the numbering
and is reported hidden); the storyteller's, everything. The check reads the whole log, so it
is metered as an odds question.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from dicepool.campaign.seats import Seat
from dicepool.campaign.table import whole_log_for
from dicepool.campaign.verify import Verification, verify
from dicepool.store.database import Database
from dicepool.web.api import SeatOf, _at
from dicepool.web.limits import limited
from dicepool.web.pages import page_seat, templates
from dicepool.web.problems import answers

router = APIRouter()


def seat_check(request: Request, seat: Seat) -> Verification:
    """The check of every seal, over the log ``seat`` sees (metered as an odds question)."""
    limited(request.app, "odds", seat.id, "too many checks from this seat")
    db: Database = request.app.state.db
    return verify([e.to_dict() for e in whole_log_for(db, seat)])


@router.get("/c/{campaign_id}/verify", response_class=HTMLResponse, include_in_schema=False)
def verify_page(request: Request, campaign_id: int) -> Response:
    """Every seal of the table checked: closed ones against their revealed seeds."""
    seat, _ = page_seat(request, campaign_id)
    context = {"seat": seat, "checked": seat_check(request, seat)}
    return templates.TemplateResponse(request, "verify.html", context)


@router.get("/api/campaigns/{campaign_id}/verify", responses=answers(401, 404, 413, 422, 429, 503))
def verify_api(campaign_id: int, request: Request, seat: SeatOf) -> dict[str, Any]:
    """Every seal of the table checked, as `dicepool verify --json` prints it."""
    _at(seat, campaign_id)
    return seat_check(request, seat).to_dict()
