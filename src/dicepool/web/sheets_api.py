"""The web table's JSON API for the sheets and the story: read the table, create and take a
character, undo (the actions by the rules are :mod:`dicepool.web.actions_api`'s).

Like :mod:`dicepool.web.api`, every route reads the seat from its bearer token and calls a use
case; :mod:`dicepool.campaign.actions` says who may do what.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import AfterValidator, BaseModel, Field

from dicepool.campaign.seats import Seat
from dicepool.campaign.table import SeenEvent, restore_at_table, undo_at_table
from dicepool.campaign.view import sit_with, sit_with_new_character, table_view
from dicepool.store.log import MAX_SEQ
from dicepool.web.api import (
    NAME,
    STRICT,
    Changing,
    Logged,
    TableSeat,
    _db,
    event_json,
)
from dicepool.web.problems import NotFound, answers

# as the API's other routes: a body too large, a request that does not validate, no database
router = APIRouter(prefix="/api", responses=answers(413, 422, 503))

CHANGES = answers(400, 401, 403, 404, 409, 429)
"""What a request that changes the table may be refused with (besides the router's)."""

TRAITS = 1000
"""The longest list of traits a new character is given in one request, in characters."""

BREAKS = ("Zl", "Zp")
"""The line and paragraph separators (U+2028, U+2029); the other breaks are control characters."""


def one_line(text: str) -> str:
    """Refuse a control character or a line break: no name or choice holds one, and an error
    that quotes the text stays one line."""
    if any(unicodedata.category(c) in BREAKS or unicodedata.category(c)[0] == "C" for c in text):
        raise ValueError("holds a control character or a line break; write it on one line")
    return text


Line = Annotated[str, AfterValidator(one_line)]
"""Text of one line: a name, an action, a choice."""


class NewCharacter(BaseModel):
    """A character to create: its name, its traits (``"Dexterity=3 Stealth=2"``), and, the
    storyteller's, whether it is made ready for a player to take (else theirs alone)."""

    model_config = STRICT

    name: str = Field(min_length=1, max_length=NAME, examples=["Cy"])
    traits: str = Field(default="", max_length=TRAITS, examples=["Dexterity=3 Stealth=2"])
    for_player: bool = False


class SeatCharacter(BaseModel):
    """The character a player sits with (one of the campaign's no other player has)."""

    model_config = STRICT

    character: Line = Field(min_length=1, max_length=NAME, examples=["Cy"])


@router.get("/campaigns/{campaign_id}", responses=answers(401, 404))
def read_table(campaign_id: int, request: Request, seat: TableSeat) -> dict[str, Any]:
    """The campaign, its story and the sheets this seat may see (the storyteller's characters
    are the storyteller's alone)."""
    return table_view(_db(request), seat).to_dict()


@router.get("/campaigns/{campaign_id}/characters/{name}", responses=answers(401, 404))
def read_sheet(
    campaign_id: int,
    name: Annotated[Line, Path(max_length=NAME)],
    request: Request,
    seat: TableSeat,
) -> dict[str, Any]:
    """One character's sheet and its state."""
    sheet = table_view(_db(request), seat).sheet(name)
    if sheet is None:
        raise NotFound(f"no character {name} you may see at this table")
    return sheet.to_dict()


@router.post("/campaigns/{campaign_id}/characters", status_code=201, responses=CHANGES)
def create_sheet(
    campaign_id: int, body: NewCharacter, request: Request, seat: Changing
) -> dict[str, Any]:
    """Create a character; a player sits with it at once."""
    sit_with_new_character(_db(request), seat, body.name, body.traits, body.for_player)
    return _sheet_of(request, seat, body.name)


@router.post("/campaigns/{campaign_id}/seat", responses=CHANGES)
def choose_character(
    campaign_id: int, body: SeatCharacter, request: Request, seat: Changing
) -> dict[str, Any]:
    """A player sits with a character of the campaign that no other player has."""
    seated = sit_with(_db(request), seat, body.character)
    return _sheet_of(request, seated, body.character)


def _sheet_of(request: Request, seat: Seat, name: str) -> dict[str, Any]:
    sheet = table_view(_db(request), seat).sheet(name)
    assert sheet is not None, "a seat sees the character it just created or took"
    return sheet.to_dict()


@router.post(
    "/campaigns/{campaign_id}/events/{seq}/undo",
    status_code=201,
    response_model=Logged,
    responses=answers(401, 403, 404, 409, 429),
)
def undo_event(
    campaign_id: int,
    seq: Annotated[int, Path(ge=1, le=MAX_SEQ)],
    request: Request,
    seat: Changing,
) -> dict[str, Any]:
    """Strike the event at ``seq`` of the log from the story (the storyteller only); undoing
    an undo restores."""
    done, _target = undo_at_table(_db(request), seat, seq)
    return {"event": event_json(SeenEvent(done))}


@router.post(
    "/campaigns/{campaign_id}/events/{seq}/restore",
    status_code=201,
    response_model=Logged,
    responses=answers(401, 403, 404, 409, 429),
)
def restore_event(
    campaign_id: int,
    seq: Annotated[int, Path(ge=1, le=MAX_SEQ)],
    request: Request,
    seat: Changing,
) -> dict[str, Any]:
    """Bring back the event at ``seq`` an undo struck (the storyteller only): the undo that
    strikes it is undone, one event logged; an event that stands is refused (409)."""
    done, _target = restore_at_table(_db(request), seat, seq)
    return {"event": event_json(SeenEvent(done))}
