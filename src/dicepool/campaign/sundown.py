"""After Sundown's special attributes at the table: Edge, Initiative Passes, Power Reserve.

Each use case is one transaction (:func:`~dicepool.campaign.play.act`): the rules of
:mod:`dicepool.sheet.sundown.play` refuse what the text forbids, and nothing is stored then.
A second chance (:func:`reroll`) reads the log as well: the roll it rerolls, and whether that
roll was rerolled already.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

from dicepool.campaign.acted_on import MayActFor, logged_roll
from dicepool.campaign.history import linked_to
from dicepool.campaign.play import Acted, act, act_on_log
from dicepool.campaign.seals import dice_data, drawing
from dicepool.core.dice import DiceSource, ForcedDice
from dicepool.core.result import RollResult
from dicepool.core.sundown import HIT, SecondChance, SundownRequest, resolve
from dicepool.errors import CampaignError, SheetError
from dicepool.notation.packing import dice_of
from dicepool.notation.parser import parse
from dicepool.notation.record import record
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import Drawn, Rolled
from dicepool.sheet.refs import EventRef
from dicepool.sheet.state import CampaignState
from dicepool.sheet.sundown.edge import MAX_PURPOSE, EdgeUse
from dicepool.sheet.sundown.payloads import (
    EdgeSpent,
    PassTaken,
    PowerRegained,
    PowerSpent,
)
from dicepool.sheet.sundown.payloads import (
    Rerolled as RerolledEvent,
)
from dicepool.sheet.sundown.play import MAX_BONUS_PASSES, sundown_character
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow
from dicepool.store.sql import Sql

POWER_ACTIONS = ("spend", "regain")
"""What ``dicepool power NAME ACTION N`` does to the reserve."""


def _named(state: CampaignState, name: str, rule: str) -> str:
    return sundown_character(state, name, rule).name


def _purpose(text: str) -> str:
    tidy = " ".join(text.split())
    if any(unicodedata.category(c).startswith("C") for c in tidy):
        raise SheetError("--for holds a control character; write what the Edge was for in words")
    if len(tidy) > MAX_PURPOSE:
        raise SheetError(f"--for is at most {MAX_PURPOSE} characters, not {len(tidy)}; shorten it")
    return tidy


def spend_edge(
    db: Database, campaign: str, name: str, actor: str, purpose: str = "", escape: bool = False
) -> Acted:
    """Spend one Edge on an escape (``escape``) or on another use, said by ``purpose``.

    The dice, a second chance and an extra pass are spent by the roll, ``reroll`` and ``pass``.
    """
    use = EdgeUse.ESCAPE if escape else EdgeUse.OTHER
    said = _purpose(purpose)

    def decide(state: CampaignState) -> Event:
        return event_of(Kind.EDGE_SPENT, EdgeSpent(_named(state, name, "Edge"), use, said))

    return act(db, campaign, actor, decide)


def take_pass(
    db: Database, campaign: str, name: str, actor: str, edge: bool = False, bonus: int = 0
) -> Acted:
    """Take an Initiative Pass this round: a normal one, or (``edge``) an extra one for Edge.

    Args:
        bonus: the normal passes a power adds to the first (0..3).
    """
    if not 0 <= bonus <= MAX_BONUS_PASSES:
        raise SheetError(
            f"--bonus is 0..{MAX_BONUS_PASSES} passes (no one takes more than 4 a round), "
            f"not {bonus}"
        )

    def decide(state: CampaignState) -> Event:
        who = _named(state, name, "An Initiative Pass")
        return event_of(Kind.PASS_TAKEN, PassTaken(who, edge, bonus))

    return act(db, campaign, actor, decide)


def change_power(
    db: Database, campaign: str, name: str, action: str, points: int, actor: str
) -> Acted:
    """Spend or regain ``points`` of a character's Power Reserve (``action``: spend, regain)."""
    word = action.strip().lower()
    if word not in POWER_ACTIONS:
        raise SheetError(
            f"`{action[:20]}` is not what a Power Reserve does: write spend or regain "
            "(e.g. dicepool power Ana spend 2)"
        )
    kind = Kind.POWER_SPENT if word == "spend" else Kind.POWER_REGAINED
    record = PowerSpent if word == "spend" else PowerRegained

    def decide(state: CampaignState) -> Event:
        who = _named(state, name, "The Power Reserve")
        return event_of(kind, record(who, points))

    return act(db, campaign, actor, decide)


# The second chance


@dataclass(frozen=True)
class Rerolled:
    """A second chance made and logged: the event, the whole roll again, the campaign after."""

    event: Event
    result: RollResult
    state: CampaignState


class _Again:
    """The logged roll's faces first (the first pool, as it fell), then the new dice's."""

    def __init__(self, first: list[int], then: DiceSource) -> None:
        self._first: ForcedDice | None = ForcedDice(first)
        self._then = then

    def roll(self, sides: int, count: int) -> list[int]:
        """The first pool's faces once, then every later face from the new source."""
        if self._first is not None:
            faces, self._first = self._first.roll(sides, count), None
            return faces
        return self._then.roll(sides, count)


def _rerollable(conn: Sql, row: CampaignRow, seq: int, may_act_for: MayActFor) -> Event:
    """The roll logged at ``seq``, or why it takes no second chance (to a player, one message
    for any event that is not a roll of theirs they see: :mod:`.acted_on`)."""
    target, _ = logged_roll(conn, row, seq, "a second chance rerolls", "sundown", may_act_for)
    if linked_to(conn, row, target):
        raise CampaignError(f"event {seq} was rerolled already: one second chance a roll")
    return target


def _second_chance(target: Event, source: DiceSource) -> tuple[RollResult, list[int]]:
    """The logged roll made again with a second chance: its first pool as it fell."""
    roll = Rolled.of(target.data)
    request = parse(roll.numbers)
    assert isinstance(request, SundownRequest)
    if request.second_chance is not None:
        raise CampaignError(
            f"event {target.seq} took its second chance already (`second-chance` on its line)"
        )
    first = [int(d["face"]) for d in dice_of(roll.result) if int(d["roll"]) == 0]
    misses = [f for f in first if HIT.successes(f) == 0]
    if not misses:
        raise CampaignError(
            f"every die of event {target.seq} scored a hit: a second chance rerolls the misses, "
            "and there are none"
        )
    again = replace(request, second_chance=SecondChance.MISSES)
    return resolve(again, _Again(first, source)), misses


def reroll(
    db: Database,
    campaign: str,
    seq: int,
    source: DiceSource,
    actor: str,
    may_act_for: MayActFor = lambda _name: None,
) -> Rerolled:
    """A second chance on the roll logged at ``seq`` (ruling 1): one Edge spent, every die that
    did not score a hit rolled again, logged as a ``rerolled`` event linked to the roll.

    With faces typed by hand, they are the rerolled dice only, one per miss.

    ``may_act_for`` refuses a seat the roll's character is not theirs (the web table's check).

    Raises:
        CampaignError: no such roll, a roll that is not one sundown test of a character, one
            undone, hidden and not revealed, rerolled already, or without a miss.
        AccessError: ``may_act_for`` refuses.
        SheetError: no Edge spend left this chronicle; nothing is stored.
    """
    made: list[RollResult] = []

    def decide(conn: Sql, row: CampaignRow, state: CampaignState) -> Event:
        target = _rerollable(conn, row, seq, may_act_for)
        roll = Rolled.of(target.data)
        assert roll.roller is not None, "a roll with a character's (checked)"
        who = _named(state, roll.roller, "Edge")
        may_act_for(who)
        drawn = drawing(conn, row.id, source)
        result, misses = _second_chance(target, drawn)
        dice_record = dice_data(drawn)  # (raises) faces typed by hand not all used
        made.append(result)
        logged = record(result)
        again = RerolledEvent(
            EventRef.to(target),
            who,
            roll.line,
            str(logged["notation"]),
            len(misses),
            logged,
            Drawn.of(dice_record),
        )
        return event_of(Kind.REROLLED, again)

    acted = act_on_log(db, campaign, actor, decide)
    return Rerolled(acted.event, made[0], acted.state)
