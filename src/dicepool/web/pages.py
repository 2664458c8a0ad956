"""The web table's pages: open a table, join it, and play at it in a browser or on a phone.

Pages are rendered on the server (Jinja2, autoescaped) and made live with HTMX: a form posts
and swaps a fragment, the odds box asks as the line is typed, and the log arrives over a
WebSocket as HTML fragments (:mod:`dicepool.web.page_live`). A seat's token reaches the
browser once, in its link (``/t/TOKEN``), which stores it in an HttpOnly, SameSite=Strict cookie
for that table and sends the browser on to ``/c/ID`` without the token in the address. Every
form that changes something carries a CSRF token: the seat's (:func:`csrf_of`, derived from its
token, so every server process knows it without storing it), or, before there is a seat, a
random one kept in a cookie (double submit).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from pathlib import Path as FilePath
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader, select_autoescape

from dicepool.build import build
from dicepool.campaign.actions import offered, perform
from dicepool.campaign.campaigns import campaign_id_of
from dicepool.campaign.choice_odds import seat_odds_and_changes
from dicepool.campaign.news import news, page_of, track_words
from dicepool.campaign.roll_choices import roll_choices, spends_of
from dicepool.campaign.rolls import Resent
from dicepool.campaign.seals import ALONE, SealMoved, dice_source, open_seal_of
from dicepool.campaign.seat_admin import invitations_on, seats_at
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
from dicepool.campaign.shown import UNSEALED_WORDS, unsealed
from dicepool.campaign.summaries import (
    contest_sides,
    contest_verdict,
    count_words,
    dice_groups,
    die_look,
    effects_words,
    roll_marks,
    summary,
)
from dicepool.campaign.table import (
    SeenEvent,
    older_for,
    recent_for,
    restore_at_table,
    reveal,
    roll_at_table,
    struck_seen,
    undo_at_table,
    undone_undos,
)
from dicepool.campaign.trait_examples import examples_of
from dicepool.campaign.view import (
    sit_with,
    sit_with_new_character,
    table_view,
)
from dicepool.core.stream import MAX_NONCE
from dicepool.errors import AccessError, CampaignError, DicepoolError, SheetError
from dicepool.notation.faces import parse_faces
from dicepool.notation.grammar import SYSTEMS
from dicepool.odds import Budget
from dicepool.sheet.events import Event, concerns
from dicepool.store.database import Database
from dicepool.store.log import MAX_SEQ
from dicepool.web.addresses import link_of
from dicepool.web.api import (
    CHOSEN,
    LINE,
    MAX_MIXED,
    NAME,
    ODDS_MEMORY,
    ODDS_SECONDS,
    metered,
)
from dicepool.web.limits import charge, client_key, limited, working
from dicepool.web.live import ENDED_CODE
from dicepool.web.problems import NotFound, Unauthorized, WebError, status_of
from dicepool.web.wording import page_words

router = APIRouter(include_in_schema=False)

HERE = FilePath(__file__).parent
SEAT_COOKIE = "dicepool_seat_{}"
CSRF_COOKIE = "dicepool_csrf"
COOKIE_DAYS = 365
LOG_SHOWN = 30
"""How many events the log shows at first, and adds each time older ones are asked for: the
page's weight stays bounded whatever the log's length."""

_env = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
)
_env.globals["unsealed"] = unsealed  # a roll no seal drew is marked on every page
_env.globals["unsealed_words"] = UNSEALED_WORDS
_env.globals["alone"] = ALONE  # a seal no player added to says so on every page
_env.globals["build"] = build()  # every page's footer: the version and the commit
templates = Jinja2Templates(env=_env)


_env.globals.update(
    count_words=count_words,
    die_look=die_look,
    roll_marks=roll_marks,
    dice_groups=dice_groups,
    summary=summary,
    effects_words=effects_words,
    contest_sides=contest_sides,  # a contest's sides by their characters' names
    contest_verdict=contest_verdict,
    track_words=track_words,  # a track of boxes as a screen reader hears it
    offered=offered,
    examples=examples_of,  # placeholders in the table's own system's words
)


class CsrfError(AccessError):
    """A form that changes something came without the token that proves it is ours."""


def csrf_of(token: str) -> str:
    """The CSRF token of a seat: a keyed hash of its capability token (never the token)."""
    return hmac.new(token.encode(), b"dicepool csrf", hashlib.sha256).hexdigest()[:32]


def _db(request: Request) -> Database:
    database: Database = request.app.state.db
    return database


def _cookie(response: Response, request: Request, name: str, value: str) -> None:
    response.set_cookie(
        name,
        value,
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


LINK_ENDED = (
    "This link no longer works: the storyteller gave this seat a new link or revoked it. "
    "Ask them for the new link."
)
"""What a page says whose seat's link stopped working (seats.js says the same when the live
feed closes with :data:`~dicepool.web.live.ENDED_CODE`)."""


class LinkEnded(Unauthorized):
    """The browser's cookie holds a token of this table that no longer opens a seat."""


def page_seat(request: Request, campaign_id: int) -> tuple[Seat, str]:
    """The seat this browser holds at table ``campaign_id`` (its cookie), and its token.

    Raises:
        LinkEnded: the cookie's token stopped working (a new link, or revoked).
        Unauthorized: no cookie for that table.
    """
    token = request.cookies.get(SEAT_COOKIE.format(campaign_id), "")
    seat = seated_by_token(_db(request), token) if token else None
    if token and seat is None:
        raise LinkEnded(LINK_ENDED)
    if seat is None or seat.campaign_id != campaign_id:
        raise Unauthorized("this browser holds no seat at that table: open your link again")
    return seat, token


def held_seat(request: Request, campaign_id: int) -> Seat | None:
    """The seat this browser holds at table ``campaign_id`` now (a player's or the
    storyteller's), or None (no cookie, or one whose link stopped working)."""
    try:
        return page_seat(request, campaign_id)[0]
    except Unauthorized:
        return None


def _check_csrf(request: Request, expected: str, sent: str | None) -> None:
    given = sent or request.headers.get("x-csrf-token", "")
    if not expected or not secrets.compare_digest(given.encode(), expected.encode()):
        raise CsrfError("the form's security token is missing or stale: reload the page")


async def sent_csrf(request: Request) -> str:
    """The CSRF token a form sent: its ``csrf`` field (else HTMX's ``X-CSRF-Token`` header)."""
    sent = (await request.form()).get("csrf")
    return sent if isinstance(sent, str) else ""


def posting_seat(
    request: Request, campaign_id: int, sent: Annotated[str, Depends(sent_csrf)]
) -> Seat:
    """The seat of a form that changes something: its cookie's, with the CSRF token it gives."""
    seat, token = page_seat(request, campaign_id)
    _check_csrf(request, csrf_of(token), sent)
    return seat


Changing = Annotated[Seat, Depends(metered("changes", posting_seat))]
"""The seat of a page's form that changes the table (checked, metered, its news announced)."""

Rolling = Annotated[Seat, Depends(metered("rolls", posting_seat))]
"""The seat of the page's roll box (metered as rolls, not changes)."""


def _back(request: Request, campaign_id: int, fragment: str, **context: Any) -> Response:
    """After a form: its fragment for HTMX, or the table page again for a plain browser."""
    if request.headers.get("hx-request"):
        return templates.TemplateResponse(request, fragment, context)
    return RedirectResponse(f"/c/{campaign_id}", status_code=303)


MAX_FACES_TEXT = 10_000
"""The longest text of faces the roll box takes (a roll at the table is at most about 1,000
dice)."""


def _new_csrf(request: Request) -> str:
    return request.cookies.get(CSRF_COOKIE) or secrets.token_urlsafe(24)


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    """The front page: open a table."""
    return _home(request, {})


def _home(request: Request, typed: dict[str, str], error: DicepoolError | None = None) -> Response:
    """The front page's form: empty, or sent back with what was ``typed`` and the ``error``
    beside its button."""
    csrf = _new_csrf(request)
    context = {"csrf": csrf, "systems": SYSTEMS, "name_max": NAME, "typed": typed}
    response = _form(request, "home.html", context, error)
    _cookie(response, request, CSRF_COOKIE, csrf)
    return response


def _form(
    request: Request, template: str, context: dict[str, Any], error: DicepoolError | None
) -> Response:
    """A form's page; sent back after ``error``, it says what was wrong beside the button (in
    the page's words) and keeps what was typed, with the error's status."""
    if error is None:
        return templates.TemplateResponse(request, template, context)
    said = {"error": page_words(str(error)), "field": getattr(error, "parameter", None)}
    return templates.TemplateResponse(
        request, template, {**context, **said}, status_code=status_of(error)
    )


@router.post("/", response_class=HTMLResponse)
def open_page(
    request: Request,
    name: Annotated[str, Form(max_length=NAME)],
    system: Annotated[str, Form(max_length=20)],
    storyteller: Annotated[str, Form(max_length=NAME)] = "storyteller",
    csrf: Annotated[str | None, Form(max_length=64)] = None,
) -> Response:
    """Open a table: show its two links once, and keep the storyteller's seat here."""
    _check_csrf(request, request.cookies.get(CSRF_COOKIE, ""), csrf)
    limited(request.app, "tables", client_key(request), "too many tables opened from here")
    try:
        table = open_table(_db(request), name, system, storyteller or "storyteller")
    except DicepoolError as error:
        held = _opened_here(request, name) if isinstance(error, CampaignError) else None
        if held is None:
            typed = {"name": name, "system": system, "storyteller": storyteller}
            return _home(request, typed, error)
        return templates.TemplateResponse(request, "opened.html", {"again": held})
    response = templates.TemplateResponse(
        request,
        "opened.html",
        {
            "table": table,
            "storyteller_url": link_of(request, table.storyteller),
            "invite_url": link_of(request, table.invite),
        },
        status_code=201,
    )
    _cookie(response, request, SEAT_COOKIE.format(table.campaign_id), table.storyteller)
    return response


def _opened_here(request: Request, name: str) -> Seat | None:
    """The storyteller's seat this browser holds at the table called ``name`` (the links page
    sent again: reloaded), or None."""
    try:
        campaign_id = campaign_id_of(_db(request), name)
    except CampaignError:
        return None
    token = request.cookies.get(SEAT_COOKIE.format(campaign_id), "")
    seat = find_seat_by_token(_db(request), token) if token else None
    return seat if seat is not None and seat.storyteller else None


@router.get("/t/{token}", response_class=HTMLResponse)
def link(
    request: Request,
    token: Annotated[str, Path(max_length=200)],
    leave_seat: Annotated[bool, Query()] = False,
) -> Response:
    """A seat's link: keep its token in a cookie and go to the table (an invitation asks the
    player's name first). A browser that holds another seat of the table is told so and keeps
    it, unless it asked to leave it (``leave_seat``)."""
    seat = find_seat_by_token(_db(request), token)
    if seat is None:
        raise NotFound("that link opens no seat here; ask the storyteller for a new one")
    held = _other_seat(request, seat)
    if seat.role is Role.INVITE:
        if expired(seat, request.app.state.invite_lasts):
            raise Unauthorized(INVITATION_EXPIRED)
        return _join(request, seat, token, "", held=held)
    if held is not None and not leave_seat:
        return _join(request, seat, token, "", held=held)
    response: Response = RedirectResponse(f"/c/{seat.campaign_id}", status_code=303)
    _cookie(response, request, SEAT_COOKIE.format(seat.campaign_id), token)
    return response


class SeatHeld(WebError):
    """A seat taken with an invitation by a browser that holds a seat of the table, without
    saying it leaves that seat."""

    status = 409


@router.post("/t/{token}", response_class=HTMLResponse)
def join_page(
    request: Request,
    token: str,
    name: Annotated[str, Form(max_length=NAME)],
    csrf: Annotated[str | None, Form(max_length=64)] = None,
    leave_seat: Annotated[bool, Form()] = False,
) -> Response:
    """A player takes a seat with the invitation: their own link, shown once, and the table.
    A browser that holds a seat of the table keeps it unless the form says it leaves it
    (``leave_seat``): its cookie is never replaced unasked."""
    _check_csrf(request, request.cookies.get(CSRF_COOKIE, ""), csrf)
    invite = find_seat_by_token(_db(request), token)
    if invite is None:
        raise NotFound("that link opens no seat here; ask the storyteller for a new one")
    held = _other_seat(request, invite)
    if held is not None and invite.role is Role.INVITE and not leave_seat:
        said = SeatHeld(
            f"this browser sits at this table as {held.name}: go back to the table, or choose "
            f"to leave {held.name}'s seat and take a new one"
        )
        return _join(request, invite, token, name, said, held=held)
    limited(request.app, "changes", invite.id, "too many seats taken with this invitation")
    try:
        seat, own = join_table(_db(request), invite, name, request.app.state.invite_lasts)
    except (CampaignError, SheetError) as error:  # a name taken or refused: type another
        return _join(request, invite, token, name, error, held=held)
    response = templates.TemplateResponse(
        request, "joined.html", {"seat": seat, "url": link_of(request, own)}, status_code=201
    )
    _cookie(response, request, SEAT_COOKIE.format(seat.campaign_id), own)
    return response


def _other_seat(request: Request, seat: Seat) -> Seat | None:
    """The seat this browser holds at ``seat``'s table, if it is not ``seat`` itself."""
    held = held_seat(request, seat.campaign_id)
    return held if held is not None and held.id != seat.id else None


def _join(
    request: Request,
    seat: Seat,
    token: str,
    name: str,
    error: DicepoolError | None = None,
    *,
    held: Seat | None = None,
) -> Response:
    """The invitation's form: a player names their seat (sent back with the ``name`` typed and
    the ``error`` beside the button). A browser that ``held`` a seat of the table (or that
    opened another seat's link) is told so first: the form to leave that seat is a second,
    explicit choice."""
    csrf = _new_csrf(request)
    context = {
        "seat": seat,
        "csrf": csrf,
        "token": token,
        "name_max": NAME,
        "name": name,
        "held": held,
        "invitation": seat.role is Role.INVITE,
    }
    response = _form(request, "join.html", context, error)
    _cookie(response, request, CSRF_COOKIE, csrf)
    return response


def _table_context(request: Request, seat: Seat, token: str) -> dict[str, Any]:
    view = table_view(_db(request), seat)
    entries, _ = log_entries(_db(request), seat)
    return {
        **seats_context(request.app, seat),
        "seat": seat,
        "view": view,
        "csrf": csrf_of(token),
        "entries": entries,
        "seal": open_seal_of(_db(request), seat.campaign),
        "free": view.free(),
        "line_max": LINE,
        "name_max": NAME,
        "choices": roll_choices(seat.system, view.campaign.house_rules),
        "ended_code": ENDED_CODE,
    }


SEATS_EVERY = 20
"""Seconds between a page's reads of its seats card: who came and who is online (a seat's
arrival and its live connection are no event of the log, which alone the live feed sends)."""


@router.get("/c/{campaign_id}/seats", response_class=HTMLResponse)
def seats_page(request: Request, campaign_id: int) -> Response:
    """The seats card read again: every seat, who is online now, whether players may join."""
    seat, _ = page_seat(request, campaign_id)
    limited(request.app, "reads", seat.id, "this seat has read much of the log", cost=0.0)
    return _read(request, seat, "_seats.html", {"seat": seat, **seats_context(request.app, seat)})


def seats_context(app: Any, seat: Seat) -> dict[str, Any]:
    """What the table's seats card shows: every seat, those online now, and whether players
    may join."""
    db: Database = app.state.db
    # the viewer is here, whether or not its live feed has connected yet
    online = app.state.hub.online(seat.campaign_id) | {seat.id}
    return {
        "seats": seats_at(db, seat.campaign_id),
        "online": online,
        "invitations": invitations_on(db, seat.campaign_id),
        "seats_every": SEATS_EVERY,
    }


def log_entries(db: Database, seat: Seat) -> tuple[list[dict[str, Any]], int]:
    """The last :data:`LOG_SHOWN` events ``seat`` may see, as the log's entries (undone ones
    marked), and the sequence number read up to."""
    page = recent_for(db, seat, LOG_SHOWN)
    struck = struck_seen(db, seat, page.events)
    return entries_of(page.events, struck, undone_undos(db, seat, page.events)), page.last


@router.get("/c/{campaign_id}/log", response_class=HTMLResponse)
def older_page(
    request: Request, campaign_id: int, before: Annotated[int, Query(ge=1, le=MAX_SEQ)]
) -> Response:
    """The :data:`LOG_SHOWN` entries of the log before event ``before`` (the log's "Show
    older events"), followed by the button for those before them."""
    seat, _ = page_seat(request, campaign_id)
    limited(request.app, "reads", seat.id, "this seat has read much of the log", cost=0.0)
    db = _db(request)
    page = older_for(db, seat, before, LOG_SHOWN)
    struck, restores = struck_seen(db, seat, page.events), undone_undos(db, seat, page.events)
    context = {
        "entries": entries_of(page.events, struck, restores),
        "seat": seat,
        "first": max(1, before - LOG_SHOWN),
    }
    return _read(request, seat, "_older.html", context)


def _read(request: Request, seat: Seat, fragment: str, context: dict[str, Any]) -> Response:
    """A part of the page read again, its bytes charged to the seat's reads of the log."""
    answer = templates.TemplateResponse(request, fragment, context)
    charge(request.app, "reads", seat.id, len(answer.body))
    return answer


def entries_of(
    seen: list[SeenEvent], struck: set[int], restores: dict[int, Event] | None = None
) -> list[dict[str, Any]]:
    """The log's entries as the templates draw them, newest first (``restores``: the undo each
    restore strikes, by the restore's seq, for its words)."""
    restores = restores or {}
    page = page_of(seen)  # what an undo or a reveal names, as the seat sees it, for its news
    return [
        {
            "seen": s,
            "event": s.event,
            "struck": s.event.id in struck,
            "about": concerns(s.event),
            "target": restores.get(s.event.seq),
            "news": news(s, page, restores.get(s.event.seq)),
        }
        for s in reversed(seen)
    ]


@router.get("/c/{campaign_id}", response_class=HTMLResponse)
def table_page(request: Request, campaign_id: int) -> Response:
    """The table: the roll box, the live log, the sheets and the story (a seat whose link
    stopped working is told so, and what to do)."""
    try:
        seat, token = page_seat(request, campaign_id)
    except LinkEnded as ended:
        context = {"message": str(ended)}
        return templates.TemplateResponse(request, "ended.html", context, status_code=401)
    return templates.TemplateResponse(request, "table.html", _table_context(request, seat, token))


@router.get("/c/{campaign_id}/odds", response_class=HTMLResponse)
def odds_fragment(
    request: Request,
    campaign_id: int,
    line: Annotated[str, Query(max_length=LINE)] = "",
    character: Annotated[str, Query(max_length=NAME)] = "",
    hidden: Annotated[bool, Query()] = False,
) -> Response:
    """The exact odds of the roll the roll box would make, its choices made, as the line is
    typed or a choice changes (a refused roll says why), and what each choice changes (each
    within a budget of its own: one over it is left out)."""
    seat, _ = page_seat(request, campaign_id)
    if not line.strip():
        return templates.TemplateResponse(request, "_odds.html", {"odds": None, "error": None})
    limited(request.app, "odds", seat.id, "too many odds questions from this seat")
    chosen = {k: v for k, v in request.query_params.items() if k in CHOSEN}
    try:
        budget, spare = Budget(ODDS_SECONDS, ODDS_MEMORY), Budget(ODDS_SECONDS, ODDS_MEMORY)
        with working(request.app, seat.id, "this seat's odds took much of the server's time"):
            odds, changes = seat_odds_and_changes(
                _db(request), seat, line, character or None, chosen, budget, spare, hidden
            )
    except DicepoolError as exc:
        context = {"odds": None, "error": page_words(str(exc))}
        return templates.TemplateResponse(request, "_odds.html", context)
    shown = {"odds": odds, "changes": changes, "error": None}
    return templates.TemplateResponse(request, "_odds.html", shown)


async def form_of(request: Request) -> dict[str, str]:
    """A form's fields as text (the body is bounded by the server's limit on every request);
    a file sent in a field is no value of an action's."""
    form = await request.form()
    return {k: v for k, v in form.items() if isinstance(v, str)}


Fields = Annotated[dict[str, str], Depends(form_of)]


@router.post("/c/{campaign_id}/roll", response_class=HTMLResponse)
def roll_page(
    request: Request,
    campaign_id: int,
    line: Annotated[str, Form(max_length=LINE)],
    seat: Rolling,
    fields: Fields,
    character: Annotated[str, Form(max_length=NAME)] = "",
    hidden: Annotated[bool, Form()] = False,
    nonce: Annotated[str | None, Form(max_length=MAX_NONCE)] = None,
    faces: Annotated[str, Form(max_length=MAX_FACES_TEXT)] = "",
    commitment: Annotated[str | None, Form(pattern=r"^[0-9a-f]{64}$")] = None,
    mixed: Annotated[int | None, Form(ge=0, le=MAX_MIXED)] = None,
) -> Response:
    """Roll the roll box's line, with what it spends and chooses; the log shows it to the
    table (the storyteller may hide it). The page sends a nonce of the browser's (16 random
    bytes, hex) for the seal's stream, and the commitment of the seal it saw open with the
    count of its contributions (a roll is drawn with that key or refused, 409, with the open
    seal sent again); ``faces`` typed by hand (where the seat may type them) are the dice
    instead. The answer's headers give
    the roll's place in the log and on the chain (``X-Roll-Seq``, ``X-Roll-Hash``): what the
    browser keeps as its receipt."""
    source = dice_source(parse_faces(faces) if faces.strip() else None, nonce)
    spends = spends_of(fields, seat.system)
    db = _db(request)
    try:
        logged = roll_at_table(
            db,
            seat,
            line,
            source,
            character or None,
            hidden,
            spends,
            nonce,
            None,
            commitment,
            mixed,
        )
        answer = logged.answer
    except Resent as again:  # sent before, its answer lost: that roll, not a second
        answer = again.answer
    except SealMoved as moved:  # nothing rolled: the page shows the open seal, sends again
        seal = open_seal_of(db, seat.campaign)
        context = {"seal": seal, "seat": seat, "oob": True}
        refused = templates.TemplateResponse(request, "_seal_moved.html", context, 409)
        refused.headers["X-Seal-Commitment"] = moved.commitment
        refused.headers["X-Seal-Mixed"] = str(moved.mixed)
        return refused
    done = _back(
        request, campaign_id, "_rolled.html", number=answer["event"], hidden=answer["hidden"]
    )
    done.headers["X-Roll-Seq"] = str(answer.get("seq") or "")
    done.headers["X-Roll-Hash"] = str(answer.get("hash") or "")
    return done


@router.post("/c/{campaign_id}/act/{name}", response_class=HTMLResponse)
def act_page(
    request: Request,
    campaign_id: int,
    name: Annotated[str, Path(max_length=40)],
    fields: Fields,
    seat: Changing,
) -> Response:
    """Take an action of the catalogue from its form (a sheet's card, the storyteller's
    panel, a roll's entry in the log)."""
    fields.pop("csrf", None)  # the form's proof, read by Changing: no parameter of an action
    made = perform(_db(request), seat, name, fields)
    text = "; ".join(summary(e) for e in made.events)
    link = link_of(request, made.token) if made.token else None
    form = request.headers.get("hx-trigger")  # its errors beside its fields are cleared
    clear = [f"{form}-{name}-error" for name in made.args] if form else []
    link_for = made.args.get("seat") if link else None  # a player's link, or the invitation
    return _back(
        request, campaign_id, "_done.html", text=text, link=link, link_for=link_for, clear=clear
    )


@router.post("/c/{campaign_id}/character", response_class=HTMLResponse)
def character_page(
    request: Request,
    campaign_id: int,
    name: Annotated[str, Form(max_length=NAME)] = "",
    traits: Annotated[str, Form(max_length=1000)] = "",
    pick: Annotated[str, Form(max_length=NAME)] = "",
    for_player: Annotated[bool, Form()] = False,
    *,
    seat: Changing,
) -> Response:
    """Create a character (a player sits with it), or sit with one of the campaign's. A
    character refused (a name taken, a slip in a trait) sends the table back with the form as
    it was typed and the error beside its field."""
    if pick:
        sit_with(_db(request), seat, pick)
        return RedirectResponse(f"/c/{campaign_id}", status_code=303)
    try:
        sit_with_new_character(_db(request), seat, name, traits, for_player)
    except (CampaignError, SheetError) as error:  # type it again, on the same page
        _, token = page_seat(request, campaign_id)
        created = {
            "name": name,
            "traits": traits,
            "for_player": for_player,
            "error": page_words(str(error)),
            "field": _created_field(error),
        }
        context = {**_table_context(request, seat, token), "created": created}
        return templates.TemplateResponse(
            request, "table.html", context, status_code=status_of(error)
        )
    return RedirectResponse(f"/c/{campaign_id}", status_code=303)


def _created_field(error: DicepoolError) -> str:
    """The create form's field at fault: its traits for a change refused, else its name."""
    return "traits" if getattr(error, "field", None) in ("changes", "add") else "name"


def _seq(seq: int) -> int:
    if not 1 <= seq <= MAX_SEQ:
        raise NotFound(f"no event {seq} at this table")
    return seq


@router.post("/c/{campaign_id}/events/{seq}/reveal", response_class=HTMLResponse)
def reveal_page(
    request: Request,
    campaign_id: int,
    seq: int,
    seat: Changing,
) -> Response:
    """Show the hidden roll logged at ``seq`` to the table (the storyteller only)."""
    shown = reveal(_db(request), seat, _seq(seq))
    return _back(request, campaign_id, "_done.html", text=summary(shown))


@router.post("/c/{campaign_id}/events/{seq}/undo", response_class=HTMLResponse)
def undo_page(
    request: Request,
    campaign_id: int,
    seq: int,
    seat: Changing,
) -> Response:
    """Strike the event at ``seq`` of the log from the story, or restore one (the storyteller
    only)."""
    done, target = undo_at_table(_db(request), seat, _seq(seq))
    return _back(request, campaign_id, "_done.html", text=summary(done, target))


@router.post("/c/{campaign_id}/events/{seq}/restore", response_class=HTMLResponse)
def restore_page(
    request: Request,
    campaign_id: int,
    seq: int,
    seat: Changing,
) -> Response:
    """Bring back the event at ``seq`` an undo struck (the storyteller only): the undo that
    strikes it, undone."""
    done, target = restore_at_table(_db(request), seat, _seq(seq))
    return _back(request, campaign_id, "_done.html", text=summary(done, target))
