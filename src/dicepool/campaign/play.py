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
from dicepool.campaign.seals import dice_data, drawing
from dicepool.core.dice import DiceSource, SystemDice
from dicepool.errors import ParameterError, SheetError
from dicepool.notation.house import read_house_rules
from dicepool.sheet.clock import begins_after, parse_duration
from dicepool.sheet.events import (
    ROLLING,
    RULE_ROLLING,
    Event,
    Kind,
    Payload,
    RollingPayload,
    apply,
    concerns,
    event_of,
    payload_of,
)
from dicepool.sheet.health import MAX_POINTS, Wound, downgraded_by_care
from dicepool.sheet.hubris.payloads import ConflictEnded, Damaged, Healed, Stabilized
from dicepool.sheet.payloads import (
    BoundaryBegun,
    ClockAdvanced,
    DiceTypingSet,
    Drawn,
    HouseRulesSet,
    RuleRoll,
)
from dicepool.sheet.play import track_of
from dicepool.sheet.rule_dice import RuleDice
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


def act_rolling(
    db: Database,
    campaign: str,
    actor: str,
    kind: Kind,
    record_of: Callable[[CampaignState], RollingPayload],
    source: DiceSource,
) -> Acted:
    """:func:`act` for an event whose rule rolls: the rolls made from ``source`` and recorded.

    Raises:
        DiceError: faces typed by hand that the rule did not use up (nothing is stored).
    """

    def decide(conn: Sql, row: CampaignRow, state: CampaignState) -> Event:
        record = record_of(state)
        drawn = drawing(conn, row.id, source)
        dice = RuleDice(drawn)
        ROLLING[kind](state, record.data(), dice)  # refused here, before anything is stored
        rolls = tuple(RuleRoll.of(r) for r in dice.recorded)
        return event_of(kind, record.with_dice(rolls, Drawn.of(dice_data(drawn))))

    return act_on_log(db, campaign, actor, decide)


def set_house_rules(db: Database, campaign: str, house_rules: str, actor: str) -> Acted:
    """Give the campaign new house rules (options applied to every roll from now on, as a line
    writes them; empty text: none).

    Raises:
        NotationError: an option the system does not have.
        SheetError: the house rules already these.
    """
    event = event_of(Kind.HOUSE_RULES_SET, HouseRulesSet(" ".join(house_rules.split())))
    return act(db, campaign, actor, lambda state: _new_rules(state, house_rules, event))


def _new_rules(state: CampaignState, house_rules: str, event: Event) -> Event:
    """The event of new house rules, read as new (a ``wp`` refused: the log's older rules are
    read leniently, ruling 23)."""
    read_house_rules(state.system, house_rules)  # (raises)
    return event


def set_dice_typing(db: Database, campaign: str, players: bool, actor: str) -> Acted:
    """Let the players type the faces of dice they rolled by hand at the table (``players``),
    or keep it the storyteller's alone (the default).

    Raises:
        SheetError: it is so already.
    """
    return act(
        db, campaign, actor, lambda _state: event_of(Kind.DICE_TYPING_SET, DiceTypingSet(players))
    )


def next_boundary(db: Database, campaign: str, unit: str, source: DiceSource, actor: str) -> Acted:
    """Begin the next turn, round, scene...: with the Stamina roll of each character at risk."""
    record = BoundaryBegun(unit.strip().lower()[:20])
    return act_rolling(db, campaign, actor, Kind.BOUNDARY_BEGUN, lambda _s: record, source)


def advance_clock(
    db: Database, campaign: str, duration: str, actor: str, source: DiceSource
) -> Acted:
    """Let story time pass (``1w2d``): wounds bleed or heal, lost Willpower dots come back; a
    minute or more begins a new round and turn, a day or more a new scene (ruling 17)."""
    minutes = parse_duration(duration)
    record = ClockAdvanced(duration.strip(), minutes, begins=begins_after(minutes))
    return act_rolling(db, campaign, actor, Kind.CLOCK_ADVANCED, lambda _s: record, source)


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
    treatable: bool = False,
    mitigate: bool = False,
) -> Acted:
    """Deal ``points`` of ``kind`` damage to a hubris character (ruling 13).

    Args:
        resistant: resistant wounds (time heals them, at the base rate only).
        treatable: resistant wounds that are treatable injuries (care downgrades them).
        mitigate: the character spends a Willpower point to take one point off (ruling 21),
            in the same event: ``points`` - 1 are dealt.

    Raises:
        ParameterError: ``treatable`` without ``resistant``.
        SheetError: the character is dead (ruling 18); the Willpower point cannot be spent.
    """
    dealt, wound = _points(points, "damage"), _wound(kind)
    if treatable and not resistant:
        raise ParameterError(
            "treatable",
            "treatable wounds are resistant ones that care may downgrade: mark them resistant too",
        )

    def decide(state: CampaignState) -> Event:
        record = Damaged(_named(state, name), dealt, wound, resistant, treatable, mitigate)
        return event_of(Kind.DAMAGED, record)

    return act(db, campaign, actor, decide)


def heal(
    db: Database, campaign: str, name: str, points: int, actor: str, kind: str | None = None
) -> Acted:
    """Heal ``points`` (of ``kind``, when given) by medical care or a power."""
    healed, wound = _points(points, "healing"), _wound(kind) if kind else None

    def decide(state: CampaignState) -> Event:
        _, track = track_of(state, name)
        down = downgraded_by_care(track, healed, wound)  # what the log is to say of it
        return event_of(Kind.HEALED, Healed(_named(state, name), healed, wound, down))

    return act(db, campaign, actor, decide)


def stabilize(db: Database, campaign: str, name: str, actor: str) -> Acted:
    """Stop a character's bleeding."""
    return act(
        db,
        campaign,
        actor,
        lambda state: event_of(Kind.STABILIZED, Stabilized(_named(state, name))),
    )


def rest(
    db: Database, campaign: str, name: str, hours: int, actor: str, source: DiceSource
) -> Acted:
    """A hubris character's full night's sleep (ruling 17): ``hours`` of story time pass for
    the whole table (8 unless the storyteller gives another length; 0 when the night has
    already passed on the clock), then the point or the crisis roll (ruling 14).

    Raises:
        SheetError: hours out of 0..24, or the last rest ended less than a night before.
    """
    if not 0 <= hours <= MAX_REST_HOURS:
        raise SheetError(f"a rest lasts 0..{MAX_REST_HOURS} hours of story time, not {hours}")
    minutes = hours * 60
    extra = {"minutes": minutes, "begins": begins_after(minutes)}
    return character_act(db, campaign, actor, Kind.RESTED, name, extra, source)


MAX_REST_HOURS = 24
"""The longest rest: "a full night's (or day's) sleep"; longer is time let pass, then a rest."""


def end_conflict(db: Database, campaign: str, actor: str) -> Acted:
    """End the current conflict (ruling 22): the contests lost count no more.

    Raises:
        SheetError: no contest lost in the current conflict, or not a hubris campaign.
    """
    return act(db, campaign, actor, lambda _state: event_of(Kind.CONFLICT_ENDED, ConflictEnded()))


def character_act(
    db: Database,
    campaign: str,
    actor: str,
    kind: Kind,
    name: str,
    extra: dict[str, Any] | None = None,
    source: DiceSource | None = None,
) -> Acted:
    """A state rule's event about one character (``extra``: the event's other data); its
    rolls, if the rule rolls, made from ``source`` (the secure generator by default)."""

    def record_of(state: CampaignState) -> Payload:
        return payload_of(kind, {"character": state.character(name).name, **(extra or {})})

    def rolling_of(state: CampaignState) -> RollingPayload:
        record = record_of(state)
        assert isinstance(record, RULE_ROLLING)
        return record

    if kind in ROLLING:
        return act_rolling(db, campaign, actor, kind, rolling_of, source or SystemDice())
    return act(db, campaign, actor, lambda state: event_of(kind, record_of(state)))
