"""Rolling for a character: the sheet line made into numbers, rolled, and logged in one go."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from dicepool.campaign.campaigns import need_campaign
from dicepool.campaign.seals import Drawing, Sealed, dice_data, drawing, draws, named_seal
from dicepool.campaign.seats import Role
from dicepool.campaign.view import screened_by
from dicepool.core.dice import DiceSource, SystemDice
from dicepool.core.request import Request
from dicepool.core.result import ContestResult, RollResult
from dicepool.core.roll import resolve_any
from dicepool.errors import AccessError, CampaignError, LimitError, NotationError, SheetError
from dicepool.notation.house import read_house_rules
from dicepool.notation.parser import parse
from dicepool.notation.record import record
from dicepool.sheet.character import Character
from dicepool.sheet.events import Event, Kind, apply, event_of
from dicepool.sheet.lines import SheetLine, read_sheet_line
from dicepool.sheet.payloads import Drawn, RollCounted, Rolled
from dicepool.sheet.spends import NO_SPENDS, Spends, effects, prepare
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath.play import pool_of
from dicepool.sheet.traits import name_key
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, append, save_changes
from dicepool.store.roll_claim import Claims
from dicepool.store.sent import keep_sent


@dataclass(frozen=True)
class LoggedRoll:
    """A roll made and logged.

    Attributes:
        event: the ``rolled`` event as stored (its ``seq`` is what ``undo`` takes).
        result: the roll's result.
        request: what was rolled, house rules applied.
        line: the sheet line made into numbers, with the characters involved.
        house_rules: the campaign's house rules ("" for none).
        state: the campaign after the roll (what its spends changed).
        before: the campaign before it.
        campaign: the campaign's name.
    """

    event: Event
    result: RollResult | ContestResult
    request: Request
    line: SheetLine
    house_rules: str
    state: CampaignState
    before: CampaignState | None = None
    campaign: str = ""

    @cached_property
    def answer(self) -> dict[str, object]:
        """The roll as `dicepool roll --json` prints it (:func:`roll_json`): made once, for the
        answer kept under a roll's nonce and the answer sent alike."""
        return roll_json(self, self.campaign)


def request_of(
    row: CampaignRow,
    state: CampaignState,
    line: str,
    roller: str | None,
    rollers_allowed: Callable[[str], None] | None = None,
) -> tuple[SheetLine, Request]:
    """A campaign's line made into numbers (for ``roller`` where a side names none) and read,
    its house rules applied: what a roll rolls and what its odds are asked of.
    ``rollers_allowed`` refuses (by raising) a roller the asker may not roll for (a player:
    any character but their own).

    Raises:
        NotationError, SheetError, CampaignError: the line cannot be rolled.
    """
    sheet_line = read_sheet_line(line, state, roller)
    if rollers_allowed is not None:
        for named in sheet_line.rollers:
            rollers_allowed(named or "")
    try:
        request = parse(sheet_line.numbers)
    except NotationError as exc:
        raise NotationError(f"in `{sheet_line.numbers}`, {exc}") from exc
    return sheet_line, read_house_rules(row.system, row.house_rules, stored=True).apply(request)


@dataclass(frozen=True)
class RollToMake:
    """The roll a line would make at a table, its spends made: what is rolled, and what its
    odds are the odds of.

    Attributes:
        line: the sheet line made into numbers, with the characters involved.
        request: what would be rolled (house rules applied, the spends' dice added).
        rollers: each side's roller (None: a side that names no character).
    """

    line: SheetLine
    request: Request
    rollers: tuple[Character | None, ...]

    @property
    def spender(self) -> Character | None:
        """Who spends what the roll spends: the first side's roller."""
        return self.rollers[0] if self.rollers else None


def roll_to_make(
    row: CampaignRow,
    state: CampaignState,
    seen: CampaignState,
    line: str,
    roller: str | None,
    spends: Spends = NO_SPENDS,
    rollers_allowed: Callable[[str], None] | None = None,
    hidden: bool = False,
) -> RollToMake:
    """The roll ``line`` would make in a campaign (for ``roller`` where a side names none) with
    ``spends``: the one place a roll and its odds decide it. The line names the characters of
    ``seen`` (a player's: the players' alone); the spends are checked against ``state``, the
    whole campaign, as the roll makes them.

    Raises:
        NotationError, SheetError, CampaignError: the line, or a spend, cannot be rolled.
    """
    sheet_line, request = request_of(row, seen, line, roller, rollers_allowed)
    rollers = tuple(state.characters.get(name_key(r or "")) for r in sheet_line.rollers)
    spender = rollers[0] if rollers else None
    if hidden and spends:
        raise SheetError("a hidden roll spends nothing: the table would see it; roll openly")
    # a hidden roll spends nothing (a `wp` typed in it neither) and takes nothing waiting
    request = prepare(spender, request, spends, rollers=rollers, state=state, hidden=hidden)
    return RollToMake(sheet_line, request, rollers)


def roll(
    db: Database,
    campaign: str,
    line: str,
    source: DiceSource,
    actor: str,
    roller: str | None = None,
    spends: Spends = NO_SPENDS,
    hidden: bool = False,
    rollers_allowed: Callable[[str], None] | None = None,
    by_player: bool = False,
    most_dice: int | None = None,
    sent: tuple[int, str] | None = None,
    within: Claims | None = None,
    commitment: str | None = None,
    mixed: int | None = None,
) -> LoggedRoll:
    """Roll ``line`` in a campaign (for ``roller`` where a side names none) and log it.

    The roll's spends (a Willpower point...) are made in the same transaction: a spend the rules
    refuse refuses the roll, and nothing is logged or spent. Faces typed by hand must all be
    used before anything is stored. A ``hidden`` roll (the storyteller's) is kept from the
    players' view of the log until it is revealed. ``rollers_allowed`` refuses (by raising)
    a roller the one who rolls may not roll for (a player: any character but their own);
    ``by_player`` is a player's roll at the table: its line names the players' characters
    alone (the storyteller's stay behind the screen), and it takes faces typed by hand only
    where the storyteller lets players type them (the table's dice otherwise);
    ``most_dice`` refuses a roll expected to roll more dice (explosions and rerolls counted).
    ``sent`` is the seat and nonce a web table's roll was sent with: its idempotency key.
    ``within``: the write transaction to roll in and how its rolls claim the campaign
    (:mod:`dicepool.campaign.together`), else the roll is a transaction of its own.
    ``commitment``: the seal the roller's client saw open (its commitment), which the roll's
    dice must be drawn from; None where no client of the roller's checks it (the command
    line, Discord); ``mixed``, the count of its contributions the client saw, which the roll's
    key must mix exactly (None: not named).

    Raises:
        Resent: the seat sent that nonce before (its roll's answer is kept: nothing is rolled).
        SealMoved: the roll names a seal that is not the open one (nothing is rolled).
        NotationError, SheetError, CampaignError: the line cannot be rolled; nothing is logged.
        DiceError: faces typed by hand that do not fit.
    """
    with contextlib.nullcontext(within.conn) if within is not None else db.write() as conn:
        claims = within if within is not None else Claims(conn)
        claimed = claims.claim(campaign, Role.PLAYER, draws(source), sent)
        if claimed is None:
            need_campaign(conn, campaign)  # (raises)
            raise AssertionError("a campaign not there to claim is not there to find")
        claim = claimed.claim
        row = claim.row
        # the campaign's row is held from here: a second send of one nonce waits, then finds it
        if claimed.sent is not None:
            raise Resent(claimed.sent)  # the transaction's claim of a number is undone
        if commitment is not None and claimed.seal is not None:
            named_seal(claimed.seal, commitment, mixed)  # (raises) its number is undone with it
        state, seen = screened_by(row, claimed.sheets, claimed.seated, by_player)
        if by_player:
            _typed_by_player(state, source)
        to_make = roll_to_make(row, state, seen, line, roller, spends, rollers_allowed, hidden)
        sheet_line, request, rollers = to_make.line, to_make.request, to_make.rollers
        spender = to_make.spender
        if most_dice is not None:
            _within(request, most_dice)
        dice = drawing(conn, row.id, source, hidden, claimed.seal)
        result = resolve_any(request, dice)
        dice_record = dice_data(dice)  # (raises) faces typed by hand not all used
        if isinstance(dice, Drawing):
            dice.give_back_unused()
        logged = record(result)
        # a hidden roll changes nothing the table sees (its pool, a sheet): that would tell
        done = (
            {}
            if hidden
            else effects(spender, request, result, spends, rollers=rollers, state=state)
        )
        rolled = Rolled(
            line,
            str(logged["notation"]),
            logged,
            tuple(sheet_line.characters),
            tuple(sheet_line.rollers),
            sheet_line.comment,
            row.house_rules,
            done,
            hidden,
            Drawn.of(dice_record),
        )
        event = append(
            conn,
            row.id,
            event_of(Kind.ROLLED, rolled),
            actor,
            sheet_line.characters,
            claim,
        )
        after = apply(state, event)  # a spend refused: the transaction stores nothing
        save_changes(conn, row.id, state, after, event.seq)
        made = LoggedRoll(
            event, result, request, sheet_line, row.house_rules, after, state, row.name
        )
        if sent is not None:
            keep_sent(conn, row.id, *sent, event.id, made.answer)
    return made


class Resent(CampaignError):
    """A roll sent again with the nonce of one already rolled: ``answer`` is the first's."""

    def __init__(self, answer: dict[str, Any]) -> None:
        self.answer = answer
        super().__init__(f"event {answer.get('event')} is this roll, sent before")


def _typed_by_player(state: CampaignState, source: DiceSource) -> None:
    """Refuse a player's faces typed by hand (or any dice but the table's) unless the
    storyteller lets players type them."""
    if isinstance(source, Sealed | SystemDice) or state.now.players_type:
        return
    raise AccessError(
        "at this table only the storyteller types dice rolled by hand: roll the table's dice, "
        "or ask the storyteller to let everyone type them (Dice typed by hand)"
    )


def _within(request: Request, most: int) -> None:
    """Refuse a roll expected to roll more than ``most`` dice: each die weighs in its record,
    its event and every reader's copy of the log."""
    from dicepool.odds.cost import simulated_dice  # numpy: only where a limit is asked

    dice, _ = simulated_dice(request)
    if dice > most:
        raise LimitError(
            f"this roll would roll about {dice:,.0f} dice, over the table's limit of {most:,}; "
            "roll fewer dice"
        )


def roll_json(logged: LoggedRoll, campaign: str) -> dict[str, object]:
    """A logged roll as `dicepool roll --json` prints it (and the web table's API returns):
    the record the log holds, with the line, its characters, the event (``event`` and ``seq``
    alike: its place in the table's log) and its effects."""
    event = logged.event
    rolled = Rolled.of(event.data)
    rollers = [r for r in logged.line.rollers if r]
    effects = rolled.effects
    payload = dict(rolled.result)  # the record the log holds: made once
    payload.update(
        {
            "input": rolled.line,
            "comment": logged.line.comment,
            "campaign": campaign,
            "character": rollers[0] if rollers else None,
            "characters": list(logged.line.characters),
            "event": event.seq,
            "seq": event.seq,
            "hash": event.chain.hash if event.chain is not None else None,
            "numbers": rolled.numbers,
            "house_rules": logged.house_rules,
            "effects": effects,
            "hidden": rolled.hidden,
        }
    )
    after = logged.state
    if after.system == "storypath":  # the pool after the roll; `momentum` is what it earned
        payload["pool"] = pool_of(after).to_dict()
    if "tracker" in effects:
        counted = RollCounted.of(effects["tracker"])
        payload["tracker"] = after.now.trackers.find(counted.name).to_dict()
    return payload
