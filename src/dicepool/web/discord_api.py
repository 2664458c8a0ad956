"""The table on Discord: ``POST /discord/interactions``, where Discord sends each slash command.

An interaction is taken only with Discord's signature (:mod:`dicepool.web.discord_sign`);
PING is answered PONG; a command runs as the seat its Discord user is tied to at the table its
channel is linked to (:func:`dicepool.campaign.discord.seat_for`), through the same use cases,
seat checks and rate limits as the API: ``/roll`` is :func:`roll_at_table`, the catalogue's
commands :func:`perform`, and what the channel is shown of an action is what
:func:`visible` shows a player. Where no table is linked (and in a direct message) plain dice
are answered (:mod:`dicepool.web.discord_plain`); a player makes or takes their character with
``/join ... character:`` or ``/character``; every refusal is said in Discord's words
(:mod:`dicepool.web.discord_refusals`). A command that takes longer than Discord's patience is
answered "thinking" at once and its answer follows (a PATCH of the original answer).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from functools import partial
from typing import Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from dicepool.campaign.actions import ACTIONS, perform
from dicepool.campaign.catalogue import Done
from dicepool.campaign.discord import (
    Unlinked,
    join_from_discord,
    link_channel,
    onlooker,
    play_from_discord,
    seat_for,
    snowflake,
    table_of_channel,
)
from dicepool.campaign.questions import seat_odds_json
from dicepool.campaign.roll_choices import spends_of
from dicepool.campaign.seals import dice_source
from dicepool.campaign.seats import Role, Seat, find_seat_by_token
from dicepool.campaign.table import SeenEvent, read_log, roll_at_table, visible
from dicepool.campaign.view import table_view
from dicepool.errors import AccessError, CampaignError, DicepoolError, ParameterError
from dicepool.odds import Budget
from dicepool.store.database import Database
from dicepool.web.api import CHOSEN, ODDS_MEMORY, ODDS_SECONDS
from dicepool.web.discord_commands import LOG_COMMANDS, OWN, SHEET, TRAITS, names_at, not_here
from dicepool.web.discord_guilds import after_link
from dicepool.web.discord_http import send
from dicepool.web.discord_log import on_the_log
from dicepool.web.discord_plain import display_name, needs_table, unlinked
from dicepool.web.discord_refusals import in_discord
from dicepool.web.discord_sheet import sheet_text
from dicepool.web.discord_sign import Discord
from dicepool.web.discord_words import event_lines, message, odds_text, rolled_text
from dicepool.web.limits import charge, client_key, limited, working
from dicepool.web.problems import NotFound, Unauthorized

log = logging.getLogger("dicepool.web")

router = APIRouter()

PING, COMMAND = 1, 2
"""The interactions taken: Discord's check of the endpoint, and a slash command."""

PONG, ANSWER, THINKING = 1, 4, 5
"""The answers given: to a PING; a message; a message to follow."""

_SENDING: set[asyncio.Future[None]] = set()
"""The follow-ups being sent."""

QUIET_COMMANDS = frozenset({"link", "join", "odds", "character"})
"""The commands answered to their asker alone (a link or an invitation is typed in them)."""


@router.post("/discord/interactions", include_in_schema=False)
async def interactions(request: Request) -> Response:
    """An interaction, signed by Discord: PONG to a PING, the answer to a slash command."""
    discord: Discord | None = request.app.state.discord
    if discord is None:
        raise NotFound("this table has no Discord application: serve --discord-public-key")
    client = client_key(request)
    limited(request.app, "discord", client, "too many unsigned interactions from here", cost=0)
    body = await request.body()
    try:
        discord.check(
            request.headers.get("x-signature-ed25519"),
            request.headers.get("x-signature-timestamp"),
            body,
        )
    except Unauthorized:
        charge(request.app, "discord", client, 1.0)  # Discord signs all it sends: a stranger
        raise
    try:
        interaction = orjson.loads(body)
    except orjson.JSONDecodeError:
        return JSONResponse({"error": "the body is not JSON"}, status_code=400)
    kind = interaction.get("type") if isinstance(interaction, dict) else None
    if kind == PING:
        return JSONResponse({"type": PONG})
    if kind != COMMAND:
        return JSONResponse({"error": "only slash commands are taken"}, status_code=400)
    return JSONResponse(await _answer(request, discord, interaction))


async def _answer(request: Request, discord: Discord, interaction: dict[str, Any]) -> Any:
    """The answer to a command: at once, or "thinking" and then a follow-up."""
    data = interaction.get("data") or {}
    name = str(data.get("name", ""))[:40]
    given = {
        str(o.get("name")): o.get("value") for o in data.get("options") or [] if isinstance(o, dict)
    }
    quiet = name in QUIET_COMMANDS or bool(given.get("secret")) or name == SHEET
    work = partial(_command, request, name, given, interaction)
    task = asyncio.ensure_future(run_in_threadpool(work))
    try:
        reply, campaign_id = await asyncio.wait_for(asyncio.shield(task), discord.defer_seconds)
    except TimeoutError:
        task.add_done_callback(partial(_follow_up, request, discord, interaction))
        return {"type": THINKING, "data": {"flags": 64} if quiet else {}}
    _announced(request, campaign_id)
    return {"type": ANSWER, "data": reply}


def _announced(request: Request, campaign_id: int | None) -> None:
    """Wake the table's live pages: the log has news."""
    if campaign_id is not None:
        request.app.state.hub.announce(campaign_id)


def _follow_up(
    request: Request, discord: Discord, interaction: dict[str, Any], task: asyncio.Future[Any]
) -> None:
    if task.cancelled():  # the server stops
        return
    reply, campaign_id = task.result()
    _announced(request, campaign_id)
    application, token = interaction.get("application_id"), interaction.get("token")
    url = f"{discord.api}/webhooks/{application}/{token}/messages/@original"
    sending = asyncio.ensure_future(run_in_threadpool(_sent, url, reply))
    _SENDING.add(sending)  # held until sent: the loop keeps only a weak reference to a task
    sending.add_done_callback(_SENDING.discard)


def _sent(url: str, reply: dict[str, Any]) -> None:
    try:
        answer = send("PATCH", url, reply)
    except OSError as exc:
        log.warning("Discord's follow-up failed: %s", exc)
        return
    if answer.status >= 300:
        log.warning("Discord refused a follow-up: %s", answer.status)


def _command(
    request: Request, name: str, given: dict[str, Any], interaction: Mapping[str, Any]
) -> tuple[dict[str, Any], int | None]:
    """A command's answer, and the table it changed (None: none); a refusal is its one-line
    reason, to the asker alone."""
    try:
        user = snowflake(
            ((interaction.get("member") or {}).get("user") or {}).get("id")
            or (interaction.get("user") or {}).get("id"),
            "user",
        )
        channel = snowflake(interaction.get("channel_id"), "channel")
        direct = not interaction.get("guild_id")  # a direct message: no server, no table
        try:
            answer = _run(request, name, given, user, channel, direct)
        except Unlinked:  # plain dice answered, anything else told how to link a table
            who = display_name(interaction)
            answer = unlinked(request.app, name, given, user, who, direct), None
        if name == "link":  # the server lists the table's commands (with the bot's token)
            api = request.app.state.discord.api
            answer = after_link(api, _db(request), interaction, user, answer[0]), answer[1]
        return answer
    except DicepoolError as exc:  # advice for the command line said with Discord's commands
        return message(in_discord(str(exc)), ephemeral=True), None
    except Exception:
        log.exception("a Discord command failed")
        return message("the server met an unexpected error", ephemeral=True), None


def _db(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


def _run(
    request: Request, name: str, given: dict[str, Any], user: str, channel: str, direct: bool
) -> tuple[dict[str, Any], int | None]:
    db = _db(request)
    if name in ("link", "join"):
        if direct:
            raise CampaignError(needs_table(direct))
        limited(request.app, "changes", f"discord:{user}", "too many changes from you")
        return _tie(request, name, given, user, channel)
    seat = seat_for(db, channel, user)
    if name == "character":
        limited(request.app, "changes", seat.id, "too many changes from this seat")
        return _character(db, seat, given), seat.campaign_id
    if name == "roll":
        limited(request.app, "rolls", seat.id, "too many rolls from this seat")
        return _roll(db, seat, given), seat.campaign_id
    if name == "odds":
        limited(request.app, "odds", seat.id, "too many odds from this seat")
        with working(request.app, seat.id, "this seat's odds took much of the server's time"):
            budget = Budget(seconds=ODDS_SECONDS, memory=ODDS_MEMORY)
            odds = seat_odds_json(db, seat, _text(given, "line"), given.get("character"), budget)
        return message(odds_text(odds), ephemeral=True), None
    if name == SHEET and set(given) <= {"character"}:
        return _sheet(db, seat, given.get("character")), None
    if name in ACTIONS and seat.system not in ACTIONS[name].systems:
        raise CampaignError(not_here(name, seat.system))  # every system's commands listed
    if name in LOG_COMMANDS:  # /reveal, /undo, /restore: the storyteller's
        limited(request.app, "changes", seat.id, "too many changes from this seat")
        return on_the_log(db, seat, name, given), seat.campaign_id
    if name not in ACTIONS or name in OWN:
        listed = ", ".join(f"/{n}" for n in names_at(seat.system))
        raise CampaignError(f"no command /{name[:40]} here: this table has {listed}")
    limited(request.app, "changes", seat.id, "too many changes from this seat")
    done = perform(db, seat, name, given)
    return _done(request, db, seat, done), seat.campaign_id


def _text(given: Mapping[str, Any], name: str) -> str:
    value = given.get(name)
    if not isinstance(value, str) or not value.strip():
        raise ParameterError(name, f"{name} is needed")
    return value


def _token(link: str) -> str:
    """The token of a link (``https://HOST/t/TOKEN``), or the token itself."""
    return link.strip().rstrip("/").rsplit("/", 1)[-1]


def _tie(
    request: Request, name: str, given: Mapping[str, Any], user: str, channel: str
) -> tuple[dict[str, Any], int | None]:
    """``/link`` and ``/join``."""
    db = _db(request)
    token = _token(_text(given, "link"))
    seat = find_seat_by_token(db, token)
    if seat is None:
        raise AccessError("that link opens no seat here; ask the storyteller for one")
    linked = table_of_channel(db, channel)
    if name == "link":
        link_channel(db, seat, channel, user)
        moved = (
            " (moved from its table before, whose log says so: an undo there brings it back)"
            if linked not in (None, seat.campaign_id)
            else ""
        )
        words = f"This channel is now the table {seat.campaign}{moved}; you sit as {seat.name}."
        return message(words, ephemeral=True), seat.campaign_id
    if linked is None:
        raise Unlinked("no table is linked to this channel")
    if linked != seat.campaign_id:
        raise AccessError("that link is for another table than this channel's")
    return _join(request, seat, token, given, user)


def _join(
    request: Request, seat: Seat, token: str, given: Mapping[str, Any], user: str
) -> tuple[dict[str, Any], int | None]:
    """``/join``: the seat taken (or the player's own, by its link), the character made or
    taken where one is named, and the seat's page, to the player alone."""
    named = given.get("name")
    if seat.role is Role.INVITE and not isinstance(named, str):
        raise ParameterError(
            "name", "name is needed with the invitation: your seat's name (/join link: name:)"
        )
    character, traits = _character_given(given, "character")
    lasts = request.app.state.invite_lasts
    seated, _, made = join_from_discord(_db(request), seat, str(named or ""), user, lasts)
    played = MAKE_ONE if not seated.character else ""
    if character:
        try:
            seated, played = _played(_db(request), seated, character, traits)
        except DicepoolError as exc:  # seated all the same: the character is made after
            played = f"{character[:40]}: {in_discord(str(exc))}; /character tries again"
    playing = f", playing {seated.character}" if seated.character else ""
    lines = [f"You sit at {seated.campaign} as {seated.name}{playing}; /roll rolls as you."]
    lines += [played] if played else []
    lines.append(f"Your seat's page, yours alone (keep it): {_page(request, made or token)}")
    return message("\n".join(lines), ephemeral=True), seated.campaign_id


MAKE_ONE = (
    "Your seat plays no character yet: /character name:NAME traits:Dexterity=3 Stealth=2 "
    "makes one (or takes one the storyteller made for a player)."
)
"""What a player with no character is told to do, on Discord."""


def _character_given(given: Mapping[str, Any], option: str) -> tuple[str | None, str]:
    """The character named (option ``option``) and the traits given for a new one.

    Raises:
        ParameterError: traits with no character, or traits too long.
    """
    named, traits = given.get(option), given.get("traits")
    character = named.strip() if isinstance(named, str) and named.strip() else None
    text = traits.strip() if isinstance(traits, str) else ""
    if text and character is None:
        raise ParameterError("traits", f"traits are a new character's: give {option}:NAME too")
    if len(text) > TRAITS:
        raise ParameterError("traits", f"traits are at most {TRAITS} characters, not {len(text)}")
    return character, text


def _character(db: Database, seat: Seat, given: Mapping[str, Any]) -> dict[str, Any]:
    """``/character``: the seat's character made, or one made for a player taken."""
    character, traits = _character_given(given, "name")
    if character is None:
        raise ParameterError("name", "name is needed: /character name:NAME traits:...")
    return message(_played(db, seat, character, traits)[1], ephemeral=True)


def _played(db: Database, seat: Seat, character: str, traits: str) -> tuple[Seat, str]:
    """The character a seat plays from now on (made, or taken): the seat, and what it is
    told.

    Raises:
        AccessError, CampaignError, SheetError: as
            :func:`~dicepool.campaign.discord.play_from_discord`.
    """
    played, taken = play_from_discord(db, seat, character, traits)
    if seat.storyteller:
        return played, (
            f"You made {character}, your own (the players do not see it); "
            f"/sheet character:{character} shows it."
        )
    name = played.character or character
    if taken:
        kept = " (its sheet as made: /sheet changes: changes it)" if traits else ""
        return played, f"You play {name}, made for a player{kept}; /roll rolls as {name}."
    return played, f"You play {name}, just made; /roll rolls as {name}, /sheet shows it."


def _page(request: Request, token: str) -> str:
    """The page a token opens, at the server's public address."""
    base = request.app.state.public_url or str(request.base_url).rstrip("/")
    return f"{base}/t/{token}"


def _roll(db: Database, seat: Seat, given: Mapping[str, Any]) -> dict[str, Any]:
    secret = given.get("secret") is True
    character = given.get("character")
    spends = spends_of({k: v for k, v in given.items() if k in CHOSEN}, seat.system)
    logged = roll_at_table(
        db,
        seat,
        _text(given, "line"),
        dice_source(None, None),
        character if isinstance(character, str) else None,
        secret,
        spends,
    )
    return message(rolled_text(SeenEvent(logged.event)), ephemeral=secret)


def _sheet(db: Database, seat: Seat, character: object) -> dict[str, Any]:
    name = character if isinstance(character, str) and character else seat.character
    if name is None and seat.storyteller:
        raise ParameterError("character", "name the character: /sheet character:NAME")
    if name is None:
        raise CampaignError(MAKE_ONE)
    sheet = table_view(db, seat).sheet(name)
    if sheet is None:
        raise CampaignError(f"no character {name[:40]} you may see at this table")
    return message(sheet_text(sheet.to_dict()), ephemeral=True)


def _done(request: Request, db: Database, seat: Seat, done: Done) -> dict[str, Any]:
    """An action's answer: what the channel may see of its events, for all; where the seat
    sees more (a storyteller's own character, a new link), to the seat alone."""
    first, last = done.events[0].seq, done.events[-1].seq
    read = read_log(db, seat.campaign_id, first - 1, min(last - first + 1, 500))
    mine = [line for s in visible(seat, read, first - 1) for line in event_lines(s)]
    theirs = [line for s in visible(onlooker(seat), read, first - 1) for line in event_lines(s)]
    if done.token is not None:
        mine.append(f"the new link (shown once): {_page(request, done.token)}")
    return message("\n".join(mine), ephemeral=mine != theirs)
