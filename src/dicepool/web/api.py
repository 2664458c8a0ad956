"""The web table's JSON API: open a table, take a seat, roll, read and reveal the log.

Every route is a thin adapter: it reads the seat from the ``Authorization: Bearer`` token,
checks the path's campaign is the seat's, and calls a use case of :mod:`dicepool.campaign`.
Errors become JSON by the handlers of :mod:`dicepool.web.app`. The OpenAPI document at
``/openapi.json`` declares the bearer token, every answer's body and every error's status.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, create_model
from starlette.concurrency import run_in_threadpool

from dicepool.campaign.questions import seat_odds_json
from dicepool.campaign.roll_choices import ROLL_CHOICES, spends_of
from dicepool.campaign.rolls import LoggedRoll, Resent
from dicepool.campaign.seals import SealMoved, dice_source
from dicepool.campaign.seats import (
    INVITATION_EXPIRED,
    Role,
    Seat,
    expired,
    find_seat_by_token,
    join_table,
    open_table,
    seated_by_token,
)
from dicepool.campaign.shown import unsealed_mark
from dicepool.campaign.table import (
    MAX_EVENTS,
    SeenEvent,
    cut,
    events_for,
    log_end,
    reveal,
    roll_at_table,
)
from dicepool.core.stream import MAX_NONCE
from dicepool.odds import Budget
from dicepool.sheet.events import Kind
from dicepool.store.database import Database
from dicepool.store.roll_claim import Claims
from dicepool.web.addresses import link_of
from dicepool.web.limits import charge, client_key, limited, working
from dicepool.web.loop import on_loop
from dicepool.web.params import fields_of
from dicepool.web.problems import MEANINGS, NotFound, Problem, Unauthorized, answers

# every route: a body too large (even where none is read), a request that does not validate,
# a database that cannot serve
router = APIRouter(prefix="/api", responses=answers(413, 422, 503))

bearer = HTTPBearer(
    auto_error=False,  # no token answers our own 401, as JSON with a message
    scheme_name="seat",
    description="A seat's token: the storyteller's, a player's, or the table's invitation "
    "(which only takes a seat).",
)

NAME = 40
LINE = 500
MAX_FACES = 2000
MAX_MIXED = 10_000
"""The most contributions a roll may name (a seal holds a few a player's seat)."""


STRICT = ConfigDict(strict=True, extra="forbid")
"""A request's JSON is taken as its schema says: `true` is no die's face, `"no"` no boolean,
and a field it does not know is refused (422 naming it), never dropped without a word."""


class NewTable(BaseModel):
    """A table to open: the campaign's name and system, and who tells the story."""

    model_config = STRICT

    name: str = Field(min_length=1, max_length=NAME)
    system: str = Field(min_length=1, max_length=20)
    storyteller: str = Field(default="storyteller", min_length=1, max_length=NAME)


class Capability(BaseModel):
    """A token and the page it opens (shown once: only its hash is kept)."""

    token: str
    url: str


class OpenedTable(BaseModel):
    """A table just opened: the campaign and the two tokens."""

    id: int
    name: str
    storyteller: Capability
    invite: Capability


class NewSeat(BaseModel):
    """A player's seat, taken with the invitation."""

    model_config = STRICT

    name: str = Field(min_length=1, max_length=NAME)


class RollLine(BaseModel):
    """A roll: its line, for a character, hidden (the storyteller's), with faces by hand."""

    model_config = STRICT

    line: str = Field(
        min_length=1,
        max_length=LINE,
        examples=["chronicles 5 9again # the lock", "Dexterity + Stealth"],
    )
    character: str | None = Field(default=None, max_length=NAME)
    hidden: bool = False
    dice: list[Annotated[int, Field(ge=1, le=100)]] | None = Field(
        default=None, max_length=MAX_FACES
    )
    nonce: str | None = Field(
        default=None,
        max_length=MAX_NONCE,
        pattern=r"^[ -~]*$",
        description="The roller's own text mixed into the seal's stream for this roll "
        "(printable ASCII; say 16 random bytes in hex); dicepool picks one when none is given.",
    )
    commitment: str | None = Field(
        default=None,
        pattern=r"^[0-9a-f]{64}$",
        description="The open seal's commitment as the client read it: the roll is drawn from "
        "that seal or refused (409, with the open seal's `commitment` and `mixed`; the server "
        "knows the nonce then: send it again as a new roll, with a new nonce). Left out by a "
        "client that checks no seal of its own.",
    )
    mixed: int | None = Field(
        default=None,
        ge=0,
        le=MAX_MIXED,
        description="How many contributions to that seal the client saw (its own among them): "
        "the roll's key mixes exactly these, or it is refused (409) like a seal named wrong.",
    )


CHOSEN = {p.name for p in ROLL_CHOICES}
"""The fields of a roll that say what it spends and chooses."""

if TYPE_CHECKING:  # its fields are made from the declarations, at run time
    NewRoll = RollLine
else:
    NewRoll = create_model(
        "NewRoll",
        __base__=RollLine,
        __doc__="A roll: its line, for a character, hidden (the storyteller's), with faces by hand;"
        " and what it spends and chooses, each taken by its system's rolls alone.",
        **fields_of(ROLL_CHOICES),
    )


class LoggedEvent(BaseModel):
    """An event of the log as a seat sees it (the live feed pushes the same JSON), named by
    its `seq`, its place in the table's log; an event that acts on an earlier one (an undo, a
    reveal, a second chance...) names it in its `data` as `{"seq": N}` (one logged before
    tables numbered their events alone holds a bare number there, no seq). The storyteller's
    private work reaches a player as `concealed`, whatever it is (an undo or a restore of a
    hidden roll, a change to one of the storyteller's own characters): its `seq`, `at` and
    `actor` empty, `data` `{}`."""

    seq: int = Field(description="Its place in the table's log, 1, 2, 3...: the event's number.")
    at: str = Field(description="When it was logged, ISO 8601 in UTC (empty: `concealed`).")
    actor: str = Field(description="Who did it (empty: `concealed`).")
    kind: Kind | Literal["concealed"]
    data: dict[str, Any]
    revealed: bool = Field(description="A hidden roll the storyteller has revealed.")
    unsealed: str | None = Field(
        default=None,
        description="Present on an event whose dice no seal drew and no one typed by hand: "
        '"unsealed: the server chose these dice".',
    )


class Rolled(BaseModel):
    """A roll logged: its place in the table's log (``event`` and ``seq`` alike: the number
    the reveal and undo routes take) and on its hash chain (``hash``): what a client keeps as
    its receipt; and the roll as `dicepool roll --json` prints it."""

    event: int
    seq: int
    hash: str | None
    roll: dict[str, Any]


class SealProblem(Problem):
    """A roll refused by the table's state; when it named a seal (or a count of its
    contributions) that is not the open one's, with that seal's ``commitment`` and ``mixed``,
    to send it again, as a new roll, naming them."""

    commitment: str | None = Field(
        default=None, description="The open seal's, when the roll named another."
    )
    mixed: int | None = Field(
        default=None, description="The contributions the open seal holds, when it did."
    )


class Events(BaseModel):
    """A page of the log: the events this seat may see (at most 500, and about 1 MiB), and the
    number to ask ``after`` next (each message of the live feed has this shape too)."""

    events: list[LoggedEvent]
    last: int


class LogShorter(Problem):
    """The event number a client remembers is past the log's end: the log was restored from
    an older copy, and the client reads it again from the start (the events route answers
    this with 409; the live feed sends it as a message, then the log from its start)."""

    log_shorter: Literal[True] = True
    log_ends: int = Field(description="The sequence number of the log's last event now.")


def log_shorter(end: int, after: int) -> LogShorter | None:
    """What a client remembering ``after`` is told when the log ends at ``end``, before it
    (None when it does not)."""
    if end >= after:
        return None
    return LogShorter(
        error=f"the log ends at event {end}, before the {after} you remember: it was restored "
        "from an older copy; read it again from the start",
        log_ends=end,
    )


class Logged(BaseModel):
    """An event just logged: a reveal, an action by the rules, an undo."""

    event: LoggedEvent


def _db(request: Request) -> Database:
    database: Database = request.app.state.db
    return database


async def token_of(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> str:
    """The request's bearer token, not yet looked up (401 without one)."""
    if credentials is None:  # no header, another scheme, or no token after `Bearer`
        raise Unauthorized("send your seat's token as `Authorization: Bearer TOKEN`")
    return credentials.credentials


Token = Annotated[str, Depends(token_of)]


def seat_by(request: Request, token: str) -> Seat:
    """The seat ``token`` sits at (401 if none: an invitation only takes seats)."""
    seat = seated_by_token(_db(request), token)
    if seat is None:
        raise Unauthorized("that token opens no seat here; ask the storyteller for a link")
    return seat


def invitation_at_table(campaign_id: int, request: Request, token: Token) -> Seat:
    """The invitation the bearer token is, at the path's table, while it works (401 for any
    other token, or an invitation expired; 404 for another table's)."""
    seat = find_seat_by_token(_db(request), token)
    if seat is None or seat.role is not Role.INVITE:
        raise Unauthorized("only the table's invitation takes a seat; ask the storyteller for it")
    _at(seat, campaign_id)
    if expired(seat, request.app.state.invite_lasts):
        raise Unauthorized(INVITATION_EXPIRED)
    return seat


def seat_of(request: Request, token: Token) -> Seat:
    """The seat the request's bearer token opens (401 without one that opens a seat)."""
    return seat_by(request, token)


SeatOf = Annotated[Seat, Depends(seat_of)]


def seat_at_table(campaign_id: int, request: Request, token: Token) -> Seat:
    """The seat the bearer token opens, at the path's table (401 without one; 404 when the
    token is another table's, as if this table were not here)."""
    seat = seat_by(request, token)
    _at(seat, campaign_id)
    return seat


TableSeat = Annotated[Seat, Depends(seat_at_table)]
"""The seat of a route under ``/campaigns/{campaign_id}``, checked to sit at that table."""


def metered(what: str, seat_of: Callable[..., Seat]) -> Callable[..., AsyncIterator[Seat]]:
    """A dependency: the seat ``seat_of`` finds (a bearer token's, a page's cookie), for a
    request that changes the table, metered as ``what``; once the change is done (and only
    then), the table's live connections are woken: the one place news is announced."""

    # The seat's dependency is the parameter's default, not its annotation: with postponed
    # annotations FastAPI reads an annotation by name in this module, where `seat_of` is the
    # bearer token's function, not this closure's.
    found = Depends(seat_of)

    async def changing(request: Request, seat: Seat = found) -> AsyncIterator[Seat]:
        _limited(request, seat, what)
        yield seat
        _announce(request, seat)

    return changing


Changing = Annotated[Seat, Depends(metered("changes", seat_at_table))]
"""The seat of a route that changes the table (its news announced when it succeeds)."""

Inviting = Annotated[Seat, Depends(metered("changes", invitation_at_table))]
"""The invitation of the route that takes a seat (metered as a change; the seat announced)."""


def _at(seat: Seat, campaign_id: int) -> None:
    if seat.campaign_id != campaign_id:  # another table's token: as if the table were not here
        raise NotFound(f"no table {campaign_id} for this token")


def _announce(request: Request, seat: Seat) -> None:
    """Wake the table's live connections: the log has news."""
    request.app.state.hub.announce(seat.campaign_id)


def _limited(request: Request, seat: Seat, what: str) -> None:
    limited(request.app, what, seat.id, f"too many {what} from this seat")


@router.post("/campaigns", status_code=201, responses=answers(400, 409, 429))
def create_table(body: NewTable, request: Request) -> OpenedTable:
    """Open a table: a campaign, the storyteller's token and the players' invitation."""
    limited(request.app, "tables", client_key(request), "too many tables opened from here")
    table = open_table(_db(request), body.name, body.system, body.storyteller)
    return OpenedTable(
        id=table.campaign_id,
        name=table.campaign,
        storyteller=Capability(token=table.storyteller, url=link_of(request, table.storyteller)),
        invite=Capability(token=table.invite, url=link_of(request, table.invite)),
    )


@router.post(
    "/campaigns/{campaign_id}/seats",
    status_code=201,
    responses=answers(400, 401, 403, 404, 409, 429),
)
def take_seat(campaign_id: int, body: NewSeat, request: Request, seat: Inviting) -> Capability:
    """A player takes a seat, with the invitation as the bearer token (the one thing an
    invitation does)."""
    _, token = join_table(_db(request), seat, body.name, request.app.state.invite_lasts)
    return Capability(token=token, url=link_of(request, token))


def event_json(seen: SeenEvent) -> dict[str, Any]:
    """An event as the API shows it (and the live feed pushes it): a placeholder of private
    work as its kind, ``concealed``."""
    event = seen.event
    marked = unsealed_mark(seen.kind, event.data)  # a roll no seal drew, said to all
    return {**event.to_dict(), "kind": seen.kind, "revealed": seen.revealed, **marked}


@router.post(
    "/campaigns/{campaign_id}/rolls",
    status_code=201,
    response_model=Rolled,
    responses={
        200: {"model": Rolled, "description": "A roll sent before with this nonce: its answer."},
        **answers(400, 401, 403, 404, 409, 429),
        409: {
            "model": SealProblem,
            "description": MEANINGS[409] + " A roll naming a seal that is not the open one, or "
            "another count of its contributions, is answered with the open seal's `commitment` "
            "and `mixed`.",
        },
    },
)
async def make_roll(campaign_id: int, body: NewRoll, request: Request, token: Token) -> Response:
    """Roll a line (for a character), logged; a hidden roll is the storyteller's alone. The
    answer comes once this server's live clients of the table are being sent the roll.

    The roll's `nonce` is also its idempotency key: a seat that sends a roll again with the
    nonce of one it rolled (its answer lost to the network) gets that roll's answer, with
    status 200, and no second roll."""
    # The busiest route: the seat is looked up here, not by a dependency of its own, and the
    # answer is sent as it is, not checked again against its model.
    db = _db(request)
    seated: list[Seat] = []  # found once, tried again on SQLite (WouldWait) without it

    def seat() -> Seat:
        if not seated:
            found = seat_by(request, token)
            _at(found, campaign_id)
            _limited(request, found, "rolls")
            seated.append(found)
        return seated[0]

    def rolled(within: Claims | None = None) -> LoggedRoll:
        sitting = seat()
        source = dice_source(body.dice, body.nonce)
        spends = spends_of(body.model_dump(include=CHOSEN), sitting.system)
        return roll_at_table(
            db,
            sitting,
            body.line,
            source,
            body.character,
            body.hidden,
            spends,
            body.nonce,
            within,
            body.commitment,
            body.mixed,
        )

    try:
        if db.dialect == "postgresql":  # the seat first (a stranger's token takes no turn),
            # then the roll with the table's others waiting here (web/together.py)
            await run_in_threadpool(seat)
            sent = (seated[0].id, body.nonce) if body.nonce else None
            logged = await request.app.state.queues.roll(campaign_id, rolled, sent)
        else:
            logged = await on_loop(db, rolled)
        sitting = seated[0]
    except Resent as again:
        first = rolled_json(again.answer)
        return Response(json_bytes(first), status_code=200, media_type="application/json")
    except SealMoved as moved:
        refused = {"error": str(moved), "commitment": moved.commitment, "mixed": moved.mixed}
        return Response(json_bytes(refused), status_code=409, media_type="application/json")
    _announce(request, sitting)
    await request.app.state.hub.delivered(sitting.campaign_id, logged.event.seq)
    answer = rolled_json(logged.answer)
    return Response(json_bytes(answer), status_code=201, media_type="application/json")


def rolled_json(roll: dict[str, Any]) -> dict[str, Any]:
    """A roll's answer (:class:`Rolled`) from its JSON: its place in the log and its hash
    (what a client keeps as its receipt) beside the roll."""
    return {"event": roll["seq"], "seq": roll["seq"], "hash": roll.get("hash"), "roll": roll}


def json_bytes(value: Any) -> bytes:
    """``value`` as JSON, by orjson: the busiest answers and pushes are made several times
    faster than by the standard library."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


@router.get(
    "/campaigns/{campaign_id}/events",
    response_model=Events,
    responses={
        **answers(401, 404, 429),
        409: {"model": LogShorter, "description": "The log ends before ``after``."},
    },
)
def read_events(
    campaign_id: int,
    request: Request,
    seat: TableSeat,
    after: Annotated[int, Query(ge=0, le=2**31)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_EVENTS)] = MAX_EVENTS,
) -> Response:
    """The events after sequence number ``after`` that this seat may see, and ``last``, the
    number to ask ``after`` next.

    A page holds at most ``limit`` events (500 at most) and about 1 MiB of them (one event at
    least, whatever its size): the whole log comes by asking again ``after`` each answer's
    ``last``, until an answer has no events. Nothing is lost between pages. An ``after`` past
    the log's end (a client that remembers a log since restored from an older copy) is
    answered 409, with ``log_shorter`` and the log's last number, ``log_ends``.

    Each seat reads so many bytes of the log a second (:data:`~dicepool.web.limits.READ_BYTES`,
    after a burst): one that read more waits (429, with ``Retry-After``)."""
    limited(request.app, "reads", seat.id, "this seat has read much of the log", cost=0.0)
    page = events_for(_db(request), seat, after, limit)
    read_all = page.last > after or after == 0  # else the log may end before ``after``
    shorter = None if read_all else log_shorter(log_end(_db(request), seat.campaign_id), after)
    if shorter is not None:  # a client left past the log's end would wait for ever, told nothing
        return Response(shorter.model_dump_json(), 409, media_type="application/json")
    texts = [json_bytes(event_json(s)).decode() for s in page.events]
    sent = cut(seat, page, [len(text) + 1 for text in texts])  # about 1 MiB at most
    body = page_json(texts[: len(sent.events)], sent.last)
    charge(request.app, "reads", seat.id, len(body))
    return Response(body, media_type="application/json")


def page_json(texts: Sequence[str], last: int) -> str:
    """A page of the log as sent, from its events' JSON ``texts``: the events route's answer,
    the live feed's message."""
    return f'{{"events":[{",".join(texts)}],"last":{last}}}'


@router.post(
    "/campaigns/{campaign_id}/events/{seq}/reveal",
    status_code=201,
    response_model=Logged,
    responses=answers(401, 403, 404, 409, 429),
)
def reveal_roll(campaign_id: int, seq: int, request: Request, seat: Changing) -> dict[str, Any]:
    """Show the hidden roll logged at ``seq`` to everyone (the storyteller only)."""
    shown = reveal(_db(request), seat, seq)
    return {"event": event_json(SeenEvent(shown))}


ODDS_SECONDS = 0.5
"""The time one odds question may cost on the server (the command line allows 2 s)."""

ODDS_MEMORY = 64 * 1024 * 1024
"""The memory one odds question may hold on the server, in bytes."""


class OddsLine(BaseModel):
    """The roll whose odds are asked: its line, for a character, hidden (the storyteller's)."""

    line: str = Field(min_length=1, max_length=LINE, examples=["Strength + Brawl"])
    character: str | None = Field(default=None, max_length=NAME)
    hidden: bool = False


if TYPE_CHECKING:  # its fields are made from the declarations, at run time
    OddsAsked = OddsLine
else:
    OddsAsked = create_model(
        "OddsAsked",
        __base__=OddsLine,
        __doc__="The roll whose odds are asked, as a roll is sent: its line, for a character, "
        "hidden, and what it spends and chooses.",
        **fields_of(ROLL_CHOICES),
    )


@router.get("/odds", responses=answers(401, 403, 409, 429))
def odds(request: Request, seat: SeatOf, asked: Annotated[OddsAsked, Query()]) -> dict[str, Any]:
    """The exact odds of the roll this seat would make at its table (the line, for
    `character`, what it spends and chooses: the same fields as a roll), as `dicepool odds
    --json` prints them, within the server's tighter budget (and the seat's time: see
    :func:`~dicepool.web.limits.working`). A roll the table would refuse is refused alike."""
    _limited(request, seat, "odds")
    chosen = asked.model_dump(include=CHOSEN)
    budget = Budget(seconds=ODDS_SECONDS, memory=ODDS_MEMORY)
    with working(request.app, seat.id, "this seat's odds took much of the server's time"):
        return seat_odds_json(
            _db(request), seat, asked.line, asked.character, budget, chosen, asked.hidden
        )
