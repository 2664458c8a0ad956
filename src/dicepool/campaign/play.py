"""The state rules' use cases: time passing, harm and healing, each one transaction.

Every use case here is :func:`act`: lock the campaign, read its state, let a pure function of
that state decide the event (rolling what a rule rolls), apply it (refusing what the rules
forbid), append it and write the projections that changed; all or nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicepool.campaign.campaigns import need_campaign
from dicepool.core.dice import DiceSource, ForcedDice
from dicepool.core.result import Outcome, RollResult
from dicepool.core.roll import resolve_any
from dicepool.errors import SheetError
from dicepool.notation.parser import parse
from dicepool.notation.record import record
from dicepool.sheet.clock import parse_duration
from dicepool.sheet.events import Event, Kind, apply, concerns
from dicepool.sheet.health import MAX_POINTS, Wound
from dicepool.sheet.play import at_risk, stamina, track_of
from dicepool.sheet.state import CampaignState
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, append, campaign_sheets, save_changes
from dicepool.store.sql import Sql


@dataclass(frozen=True)
class Acted:
    """A state rule's event as stored, and the campaign after it."""

    event: Event
    state: CampaignState


def act(db: Database, campaign: str, actor: str, decide: Callable[[CampaignState], Event]) -> Acted:
    """Decide an event from the campaign's state, apply it and store it, in one transaction.

    Raises:
        SheetError, CampaignError: the rules refuse it; nothing is stored.
    """
    return act_on_log(db, campaign, actor, lambda _conn, _row, state: decide(state))


def act_on_log(
    db: Database,
    campaign: str,
    actor: str,
    decide: Callable[[Sql, CampaignRow, CampaignState], Event],
) -> Acted:
    """:func:`act` for a decision that reads the log too (inside the same transaction)."""
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        before = row.state(campaign_sheets(conn, row))
        event = decide(conn, row, before)
        after = apply(before, event)
        stored = append(conn, row.id, event, actor, concerns(event))
        save_changes(conn, row.id, before, after, stored.seq)
    return Acted(stored, after)


def rule_roll(system: str, pool: int, source: DiceSource) -> tuple[dict[str, Any], bool]:
    """A roll a rule makes (a Stamina roll...): its record as the log keeps it, and success."""
    result = resolve_any(parse(f"{system} {pool}"), source)
    assert isinstance(result, RollResult)
    return record(result), result.outcome in (Outcome.SUCCESS, Outcome.EXCEPTIONAL)


def _checked(source: DiceSource) -> None:
    if isinstance(source, ForcedDice):
        source.check_all_used()


def next_boundary(db: Database, campaign: str, unit: str, source: DiceSource, actor: str) -> Acted:
    """Begin the next turn, round, scene...: with the Stamina roll of each character at risk."""

    def decide(state: CampaignState) -> Event:
        rolls = []
        for sheet in at_risk(state):
            made, success = rule_roll("hubris", stamina(sheet), source)
            rolls.append({"character": sheet.name, "roll": made, "success": success})
        _checked(source)
        return Event(Kind.BOUNDARY_BEGUN, {"unit": unit.strip().lower(), "rolls": rolls})

    return act(db, campaign, actor, decide)


def advance_clock(db: Database, campaign: str, duration: str, actor: str) -> Acted:
    """Let story time pass (``1w2d``): wounds bleed or heal by it."""
    minutes = parse_duration(duration)
    event = Event(Kind.CLOCK_ADVANCED, {"duration": duration.strip(), "minutes": minutes})
    return act(db, campaign, actor, lambda _state: event)


def _points(points: int, what: str) -> int:
    if not 1 <= points <= MAX_POINTS:
        raise SheetError(f"{what} is 1..{MAX_POINTS} points, not {points}")
    return points


def _wound(kind: str) -> Wound:
    try:
        return Wound[kind.strip().upper()]
    except KeyError:
        raise SheetError(
            f"`{kind[:20]}` is not a kind of damage: write bashing, lethal or aggravated"
        ) from None


def _named(state: CampaignState, name: str) -> str:
    sheet, _track = track_of(state, name)
    return sheet.name


def damage(
    db: Database,
    campaign: str,
    name: str,
    points: int,
    kind: str,
    actor: str,
    resistant: bool = False,
) -> Acted:
    """Deal ``points`` of ``kind`` damage to a hubris character (ruling 13)."""
    data = {"points": _points(points, "damage"), "wound": str(_wound(kind)), "resistant": resistant}

    def decide(state: CampaignState) -> Event:
        return Event(Kind.DAMAGED, {"character": _named(state, name), **data})

    return act(db, campaign, actor, decide)


def heal(
    db: Database, campaign: str, name: str, points: int, actor: str, kind: str | None = None
) -> Acted:
    """Heal ``points`` (of ``kind``, when given) by medical care or a power."""
    data = {"points": _points(points, "healing"), "wound": str(_wound(kind)) if kind else None}

    def decide(state: CampaignState) -> Event:
        return Event(Kind.HEALED, {"character": _named(state, name), **data})

    return act(db, campaign, actor, decide)


def stabilize(db: Database, campaign: str, name: str, actor: str) -> Acted:
    """Stop a character's bleeding."""
    return act(
        db,
        campaign,
        actor,
        lambda state: Event(Kind.STABILIZED, {"character": _named(state, name)}),
    )
