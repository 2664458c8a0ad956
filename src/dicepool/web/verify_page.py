"""Checking the table's dice on the web: a page anyone with a seat can open, and its JSON.

Both run :func:`dicepool.campaign.verify.verify` over the log as the seat sees it: a player's
shows a hidden roll by its number alone until it is revealed (so it counts for the numbering
and is reported hidden); the storyteller's, everything. The check reads the whole log, so it
is metered as an odds question. A roll outside every seal (the server chose its dice) is the
page's first word, before the seals.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from dicepool.campaign.export import export_for, export_text
from dicepool.campaign.seats import Seat
from dicepool.campaign.verify import Verification, outside_words, verify
from dicepool.store.database import Database
from dicepool.web.api import TableSeat
from dicepool.web.kept import answer_of
from dicepool.web.limits import charge, limited, working
from dicepool.web.pages import page_seat, templates
from dicepool.web.problems import answers

router = APIRouter()


def seat_check(request: Request, seat: Seat) -> Verification:
    """The check of every seal, over the log ``seat`` sees (metered as an odds question, and
    charged the time it took): made once for each state of the log (:func:`answer_of`)."""
    limited(request.app, "odds", seat.id, "too many checks from this seat")
    db: Database = request.app.state.db

    def made() -> Verification:
        return verify(export_for(db, seat)["events"])

    with working(request.app, seat.id, "this seat's checks took much of the server's time"):
        return answer_of(request.app, seat, "verify", made)


def outside_alarm(checked: Verification) -> str:
    """``2 rolls outside every seal: the server chose their dice (seq 15, seq 18)``: the page's
    alarm ("" for none)."""
    count = len(checked.outside)
    if not count:
        return ""
    their = "its" if count == 1 else "their"
    named = ", ".join(f"seq {p.seq}" if p.seq is not None else p.where for p in checked.outside)
    return f"{outside_words(count)}: the server chose {their} dice ({named})"


@router.get("/c/{campaign_id}/verify", response_class=HTMLResponse, include_in_schema=False)
def verify_page(request: Request, campaign_id: int) -> Response:
    """Every seal of the table checked: closed ones against their revealed seeds, after the
    rolls outside every seal."""
    seat, _ = page_seat(request, campaign_id)
    checked = seat_check(request, seat)
    context = {"seat": seat, "checked": checked, "outside": outside_alarm(checked)}
    return templates.TemplateResponse(request, "verify.html", context)


@router.get("/api/campaigns/{campaign_id}/verify", responses=answers(401, 404, 413, 422, 429, 503))
def verify_api(campaign_id: int, request: Request, seat: TableSeat) -> dict[str, Any]:
    """Every seal of the table checked, as `dicepool verify --json` prints it."""
    return seat_check(request, seat).to_dict()


def _export_file(request: Request, seat: Seat) -> Response:
    """The log as ``seat`` sees it, as `dicepool campaign export` writes it: a file to keep,
    or to check with `dicepool verify` (metered as an odds question: it reads the whole log)."""
    limited(request.app, "odds", seat.id, "too many exports from this seat")
    limited(request.app, "reads", seat.id, "this seat has read much of the log", cost=0.0)
    db: Database = request.app.state.db
    name = "".join(c if c.isalnum() else "-" for c in seat.campaign)[:40] or "campaign"
    with working(request.app, seat.id, "this seat's exports took much of the server's time"):
        text = export_text(export_for(db, seat))
    charge(request.app, "reads", seat.id, len(text))
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
    )


@router.get("/c/{campaign_id}/export", include_in_schema=False)
def export_page(request: Request, campaign_id: int) -> Response:
    """The table's log to download, as this seat sees it."""
    seat, _ = page_seat(request, campaign_id)
    return _export_file(request, seat)


@router.get(
    "/api/campaigns/{campaign_id}/export",
    responses={
        200: {"content": {"application/json": {}}, "description": "The export file."},
        **answers(401, 404, 413, 422, 429, 503),
    },
    response_class=Response,
)
def export_api(campaign_id: int, request: Request, seat: TableSeat) -> Response:
    """The table's log as this seat sees it, as `dicepool campaign export` writes it (check it
    with `dicepool verify FILE`)."""
    return _export_file(request, seat)
