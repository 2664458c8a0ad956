"""The catalogue: every action a table can take, by name, and the one way each is taken.

The declarations live beside their rules (:mod:`~dicepool.campaign.hubris_actions`,
:mod:`~dicepool.campaign.sundown_actions`, :mod:`~dicepool.campaign.storypath_actions`,
:mod:`~dicepool.campaign.story_actions`); this module gathers them, says which a seat of a web
table is offered (:func:`offered`), and takes one (:func:`perform` for a seat,
:func:`perform_as_owner` for the command line, which is the campaign's owner's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from dicepool.campaign import (
    discord_actions,
    hubris_actions,
    seat_actions,
    sheet_actions,
    story_actions,
    storypath_actions,
    sundown_actions,
    track_actions,
)
from dicepool.campaign.campaigns import load_campaign
from dicepool.campaign.catalogue import ALL, Action, Doing, Done, Type, Who, arguments, printable
from dicepool.campaign.seals import rolled_by
from dicepool.campaign.seats import Role, Seat, may_act_for
from dicepool.core.dice import DiceSource, SystemDice
from dicepool.errors import AccessError, CampaignError
from dicepool.store.database import Database

ACTIONS: dict[str, Action] = {
    action.name: action
    for module in (
        story_actions,
        seat_actions,
        discord_actions,
        sheet_actions,
        track_actions,
        hubris_actions,
        sundown_actions,
        storypath_actions,
    )
    for action in module.ACTIONS
}
"""Every action, by name."""


def by_words(words: tuple[str, ...]) -> Action | None:
    """The action whose command line is ``words`` (``("clock", "advance")``), or None."""
    return next((a for a in ACTIONS.values() if a.words == words), None)


def allowed(action: Action, seat: Seat) -> bool:
    """Whether ``seat`` may take ``action`` at all (at a table of its system)."""
    if seat.system not in action.systems or seat.role is Role.INVITE:
        return False
    if seat.storyteller:
        return True
    if action.who is Who.PLAYER:
        return seat.character is not None
    return action.who is Who.SEAT


def offered(seat: Seat) -> list[Action]:
    """The actions ``seat`` may take now: a player's concern their own character."""
    return [a for a in ACTIONS.values() if allowed(a, seat)]


def _action(name: str, seat: Seat) -> Action:
    action = ACTIONS.get(name)
    if action is None or seat.system not in action.systems:
        known = ", ".join(a.name for a in ACTIONS.values() if seat.system in a.systems)
        raise CampaignError(
            f"no action `{printable(name)}` at a {seat.system} table; it has: {known}"
        )
    return action


def perform(
    db: Database,
    seat: Seat,
    name: str,
    given: Mapping[str, object],
    source: DiceSource | None = None,
) -> Done:
    """Take action ``name`` from a web table's ``seat`` with the parameters ``given``.

    A player's ``character`` is their own when not given.

    Raises:
        CampaignError: no such action at this table.
        AccessError: the invitation (which only takes seats); the storyteller's action asked
            by a player, or a player acting for a character not their own.
        ParameterError: a parameter missing, unknown, or out of its limits.
        SheetError: the rules refuse it; nothing is stored.
    """
    if seat.role is Role.INVITE:
        raise AccessError("an invitation only takes a seat: join the table first")
    action = _action(name, seat)
    if not seat.storyteller and action.who is Who.STORYTELLER:
        raise AccessError(f"only the storyteller does `{action.name}`")
    if not seat.storyteller and action.who is Who.PLAYER and seat.character is None:
        raise AccessError("pick your character first")
    if action.for_character and not seat.storyteller and given.get("character") in (None, ""):
        given = {**given, "character": seat.character}
    args = arguments(action, given, seat.system)
    if action.for_character and not seat.storyteller:
        may_act_for(seat, args["character"])
    dice = rolled_by(source or SystemDice(), seat.storyteller)
    doing = Doing(db, seat.campaign, seat.name, dice, seat)
    return replace(action.run(doing, args), args=args)


def perform_as_owner(
    db: Database,
    campaign: str,
    actor: str,
    action: Action,
    given: Mapping[str, object],
    source: DiceSource | None = None,
) -> Done:
    """Take ``action`` as the campaign's owner (the command line: every action is theirs).

    Raises:
        ParameterError, SheetError, CampaignError: as :func:`perform`.
    """
    system = load_campaign(db, campaign).system if _needs_system(action) else ""
    args = arguments(action, given, system, cli=True)
    return replace(action.run(Doing(db, campaign, actor, source or SystemDice()), args), args=args)


def _needs_system(action: Action) -> bool:
    """Whether checking its parameters needs the campaign's system: a choice whose values
    vary by system (a text's offered values are not checked, so need none), or a parameter
    of some systems' tables alone."""
    return any(
        (p.type is Type.CHOICE and p.choices("hubris") != p.choices("storypath"))
        or p.systems != ALL
        for p in action.params
    )
