"""A player's browser adds to the open seal (:func:`dicepool.campaign.contributions.contribute`).

The page's script (``static/fair.js``) sends 32 random bytes of the browser's once it has read
the open seal's commitment; it keeps what it sent, and checks its rolls itself when the seal
closes.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import JSONResponse

from dicepool.campaign.contributions import contribute
from dicepool.store.database import Database
from dicepool.web.pages import Changing

router = APIRouter()


@router.post("/c/{campaign_id}/seals/{seal}/contribute", include_in_schema=False)
def contribute_page(
    request: Request,
    campaign_id: int,
    seal: int,
    seat: Changing,
    commitment: Annotated[str, Form(max_length=64)],
    contribution: Annotated[str, Form(max_length=64)],
) -> JSONResponse:
    """Add the browser's ``contribution`` to seal ``seal``, whose ``commitment`` it read; the
    answer names the event logged by its place in the table's log (``event`` and ``seq``), and
    how many contributions the seal holds with it (``mixed``: what a roll sent now names)."""
    db: Database = request.app.state.db
    added = contribute(db, seat, seal, commitment, contribution)
    return JSONResponse({"event": added.event.seq, "seq": added.event.seq, "mixed": added.mixed})
