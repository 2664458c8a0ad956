"""The logged roll a later action acts on: a second chance (ruling 1), a Stunt bought on it or
a Drawback carried from it (ruling 20).

One function finds it and says why it cannot be acted on. To a player it says one thing,
whatever the reason, unless the event is a roll of their own character that they see whole:
the kind of a private event, whether a hidden roll still stands, are the storyteller's to know
(issue 28), and an answer that differed would tell them.
"""

from __future__ import annotations

from collections.abc import Callable

from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.events import Event, Kind, is_hidden
from dicepool.sheet.payloads import Revealed, Rolled
from dicepool.sheet.refs import named_in
from dicepool.store.log import CampaignRow, event_at, events_of_kind, struck_among
from dicepool.store.sql import Sql

MayActFor = Callable[[str | None], None]
"""Refuses (raises AccessError) a seat acting for a character that is not its own."""


def logged_roll(
    conn: Sql,
    row: CampaignRow,
    seq: int,
    what: str,
    system: str,
    may_act_for: MayActFor = lambda _name: None,
) -> tuple[Event, Rolled]:
    """The standing, seen, one-sided ``system`` roll of a character logged at ``seq``,
    which ``what`` acts on ("a second chance rerolls"), for a seat ``may_act_for`` lets act
    for its roller.

    Raises:
        AccessError: a seat that may not act for the roll's roller, or a player's on any event
            that is not a roll of their character they see whole (one message for all).
        CampaignError: no such event, not a roll, undone, hidden and not revealed, a roll of
            another system or a contest, or no character's; the message says which.
    """
    target = event_at(conn, row.id, seq)
    screened = target is not None and _behind_the_screen(conn, row, target)
    try:
        may_act_for(None if screened else _roller(target))
    except AccessError:
        raise AccessError(
            f"no roll {seq} of your character's at this table: {what} your own rolls"
        ) from None
    if target is None:
        raise CampaignError(f"no event {seq} in {row.name}; `dicepool log` lists the events")
    if target.kind is not Kind.ROLLED:
        raise CampaignError(
            f"event {seq} is a {target.kind.value}, not a roll: {what} a logged roll"
        )
    if target.id in struck_among(conn, [target.id]):
        raise CampaignError(f"event {seq} is undone: there is no roll for {what}")
    if screened:
        raise CampaignError(  # its line and dice would reach the table with what acts on it
            f"event {seq} is a hidden roll: reveal it first, for {what} what the table sees"
        )
    roll = Rolled.of(target.data)
    result = roll.result
    if result.get("system") != system or "winner" in result:
        kind = "a contest" if "winner" in result else f"a {result.get('system')} roll"
        raise CampaignError(f"event {seq} is {kind}: {what} one {system} roll")
    if roll.roller is None:
        raise CampaignError(f"event {seq} is no character's roll: {what} a character's")
    return target, roll


def _roller(target: Event | None) -> str | None:
    """The roller of ``target``, a roll the players see whole (None: not a roll)."""
    if target is None or target.kind is not Kind.ROLLED:
        return None
    return Rolled.of(target.data).roller


def _behind_the_screen(conn: Sql, row: CampaignRow, target: Event) -> bool:
    """Whether ``target`` is a hidden roll not revealed."""
    if not is_hidden(target):
        return False
    revealed = {Revealed.of(e.data).event for e in events_of_kind(conn, row.id, Kind.REVEALED)}
    return not named_in(revealed, target)
