"""The catalogue's actions in the JSON API: what a seat may do, and doing it.

``GET /api/campaigns/{id}/actions`` lists what this seat may do now, each with its name, its
summary and the JSON Schema of its parameters; ``POST /api/campaigns/{id}/actions/{name}`` with
those parameters takes it. Each action has a route and a parameter model of its own, made here
from its declaration, so ``/openapi.json`` shows every action's parameters.
"""

# No `from __future__ import annotations`: each route's body is a model made at run time, and
# FastAPI reads it from the route's annotations.

import inspect
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Request
from pydantic import BaseModel, ConfigDict, Field, create_model

from dicepool.campaign.actions import ACTIONS, offered, perform
from dicepool.campaign.catalogue import Action, Done, printable
from dicepool.campaign.table import SeenEvent
from dicepool.sheet.events import payload
from dicepool.sheet.payloads import Rolled
from dicepool.sheet.sundown.payloads import Rerolled
from dicepool.web.addresses import link_of
from dicepool.web.api import (
    Changing,
    LoggedEvent,
    TableSeat,
    _db,
    event_json,
)
from dicepool.web.params import fields_of
from dicepool.web.problems import NotFound, answers

router = APIRouter(prefix="/api", responses=answers(413, 422, 503))

CHANGES = answers(400, 401, 403, 404, 409, 429)
"""What taking an action may be refused with (besides the router's)."""


class Offer(BaseModel):
    """An action a seat may take: its name, what it does, and its parameters' JSON Schema."""

    name: str
    summary: str
    character: bool = Field(description="Whether it acts on one character (a sheet's).")
    parameters: dict[str, Any]


class Offers(BaseModel):
    """What a seat may do now."""

    actions: list[Offer]


class Taken(BaseModel):
    """An action taken: the events it logged, shaped as the events route gives them; a roll
    it made (a second chance) as `dicepool roll --json` prints it; a link it made, shown once."""

    events: list[LoggedEvent]
    roll: dict[str, Any] | None = None
    token: str | None = Field(default=None, description="A new seat's token, shown once.")
    link: str | None = Field(default=None, description="The page that token opens.")


def _model_name(action: Action) -> str:
    return "".join(w.capitalize() for w in action.name.split("-")) + "Parameters"


def model_of(action: Action) -> type[BaseModel]:
    """The model of ``action``'s parameters (a player's ``character`` is their own)."""
    fields = fields_of(action.web_params())
    return create_model(
        _model_name(action),
        __config__=ConfigDict(strict=True, extra="forbid"),
        __doc__=f"The parameters of `{action.name}`: {action.summary}",
        **fields,
    )


MODELS = {name: model_of(action) for name, action in ACTIONS.items()}
"""Each action's parameter model."""


def taken(made: Done) -> dict[str, Any]:
    """An action's answer: its events as the events route gives them, its roll, its token."""
    answer: dict[str, Any] = {"events": [event_json(SeenEvent(e)) for e in made.events]}
    if made.result is not None:
        record = payload(made.event)
        answer["roll"] = record.result if isinstance(record, Rolled | Rerolled) else None
    if made.token is not None:
        answer["token"] = made.token
    return answer


@router.get("/campaigns/{campaign_id}/actions", responses=answers(401, 404))
def list_actions(campaign_id: int, seat: TableSeat) -> Offers:
    """What this seat may do now (a player: what concerns their own character, and the
    table's shared pool), each with its parameters' JSON Schema."""
    return Offers(
        actions=[
            Offer(
                name=a.name,
                summary=a.summary,
                character=a.for_character,
                parameters=MODELS[a.name].model_json_schema(by_alias=True),
            )
            for a in offered(seat)
        ]
    )


def _route(action: Action) -> Any:
    model = MODELS[action.name]

    def take(campaign_id: int, request: Request, seat: Changing, body: Any) -> dict[str, Any]:
        if seat.system not in action.systems:
            raise NotFound(f"no action `{action.name}` at a {seat.system} table")
        given = body.model_dump(by_alias=True, exclude_unset=True) if body is not None else {}
        made = perform(_db(request), seat, action.name, given)
        answer = taken(made)
        if made.token is not None:
            answer["link"] = link_of(request, made.token)
        return answer

    needed = any(p.required and p.name != "character" for p in action.web_params())
    body = inspect.Parameter(
        "body",
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        annotation=Annotated[model if needed else model | None, Body()],
        default=inspect.Parameter.empty if needed else None,
    )
    signature = inspect.signature(take)
    take.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*list(signature.parameters.values())[:3], body]
    )
    take.__doc__ = action.help or action.summary
    take.__name__ = f"take_{action.name.replace('-', '_')}"
    return take


for _action in ACTIONS.values():
    router.add_api_route(
        f"/campaigns/{{campaign_id}}/actions/{_action.name}",
        _route(_action),
        methods=["POST"],
        status_code=201,
        response_model=Taken,
        response_model_exclude_none=True,
        responses=CHANGES,
        summary=_action.summary,
        name=f"action:{_action.name}",
    )


@router.post("/campaigns/{campaign_id}/actions/{name}", include_in_schema=False)
def unknown_action(
    campaign_id: int, name: Annotated[str, Path(max_length=40)], seat: TableSeat
) -> None:
    """An action the catalogue has not: 404, with what this table has."""
    here = ", ".join(a.name for a in offered(seat)) or "none for this seat"
    raise NotFound(f"no action `{printable(name)}` here; this seat may take: {here}")
