"""What a seat of the web table may do to the sheets and the story, besides rolling.

One table names each action (``damage``, ``rest``, ``edge``...), the systems it belongs to,
whether it is the storyteller's alone, the one value it takes (points, a kind of wound, a unit
of time), whether it says what it is for, and the use case it calls, so the pages and the API
offer the same actions, checked the same way. A player acts only for their own character
(:func:`may_act_for`); the storyteller for anyone; the invitation, which only takes seats, for
no one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dicepool.campaign.play import (
    Acted,
    character_act,
    damage,
    heal,
    next_boundary,
    stabilize,
)
from dicepool.campaign.seats import Role, Seat, may_act_for
from dicepool.campaign.storypath import regain_legend, set_players, spend_momentum
from dicepool.campaign.sundown import change_power, spend_edge, take_pass
from dicepool.core.dice import SystemDice
from dicepool.errors import AccessError, CampaignError
from dicepool.sheet.clock import units_of
from dicepool.sheet.events import Kind
from dicepool.store.database import Database

ALL = frozenset({"classic", "chronicles", "hubris", "sundown", "storypath", "custom"})

WOUNDS = ("bashing", "lethal", "aggravated")

EDGE_USES = ("other", "escape")
"""What an Edge spent outside a roll buys: another use the table agrees on (said with what it
was for), or Fate's escape from an otherwise lethal situation."""


def _wounds(_system: str) -> tuple[str, ...]:
    return WOUNDS


@dataclass(frozen=True)
class Asked:
    """What an action is given: the character it is for, its one value, if it takes one, and
    what it is for, where it says (an Edge spent on another use, Momentum on a Knack)."""

    character: str | None = None
    points: int | None = None
    choice: str | None = None
    purpose: str | None = None


Run = Callable[[Database, str, str, Asked], Acted]
"""How an action is made: database, campaign, actor (the seat's name), what was asked."""


@dataclass(frozen=True)
class Action:
    """One thing a seat may do.

    Attributes:
        name: its name in forms and in the API (``damage``).
        label: its name on a button (``Take damage``).
        systems: the systems it belongs to.
        run: the use case it calls.
        character: whether it is about one character (a player's must be their own).
        storyteller: whether only the storyteller may do it.
        points: whether it takes a number of points (1 if not given).
        choices: the values its choice takes at a table of a system (the first when not
            given), or none.
        purpose: whether it takes a few words saying what it is for.
    """

    name: str
    label: str
    systems: frozenset[str]
    run: Run
    character: bool = True
    storyteller: bool = False
    points: bool = False
    choices: Callable[[str], tuple[str, ...]] = lambda _system: ()
    purpose: bool = False


def _who(asked: Asked) -> str:
    assert asked.character is not None, "checked by perform()"
    return asked.character


def _points(asked: Asked) -> int:
    return asked.points if asked.points is not None else 1


def _rule(kind: Kind) -> Run:
    """An action that is one state rule's event about the character (it may roll)."""
    return lambda db, campaign, actor, asked: character_act(db, campaign, actor, kind, _who(asked))


def _named(use: Callable[[Database, str, str, str], Acted]) -> Run:
    """An action that is a use case taking only the character's name."""
    return lambda db, campaign, actor, asked: use(db, campaign, _who(asked), actor)


HUBRIS = frozenset({"hubris"})
SUNDOWN = frozenset({"sundown"})
STORYPATH = frozenset({"storypath"})

ACTIONS: dict[str, Action] = {
    action.name: action
    for action in (
        Action(
            "damage",
            "Take damage",
            HUBRIS,
            lambda db, c, actor, a: damage(
                db, c, _who(a), _points(a), a.choice or WOUNDS[0], actor
            ),
            points=True,
            choices=_wounds,
        ),
        Action(
            "heal",
            "Heal",
            HUBRIS,
            lambda db, c, actor, a: heal(db, c, _who(a), _points(a), actor),
            points=True,
        ),
        Action(
            "stabilize",
            "Stabilize",
            HUBRIS,
            _named(stabilize),
        ),
        Action("mitigate", "Mitigate (Willpower)", HUBRIS, _rule(Kind.MITIGATED)),
        Action("rest", "Rest", HUBRIS, _rule(Kind.RESTED)),
        Action("vice", "Vice", HUBRIS, _rule(Kind.VICE)),
        Action("virtue", "Virtue", HUBRIS, _rule(Kind.VIRTUE)),
        Action(
            "edge",
            "Spend Edge",
            SUNDOWN,
            lambda db, c, actor, a: spend_edge(
                db, c, _who(a), actor, a.purpose or "", escape=a.choice == "escape"
            ),
            choices=lambda _system: EDGE_USES,
            purpose=True,
        ),
        Action(
            "pass",
            "Initiative Pass",
            SUNDOWN,
            _named(take_pass),
        ),
        Action(
            "power-spend",
            "Spend Power",
            SUNDOWN,
            lambda db, c, actor, a: change_power(db, c, _who(a), "spend", _points(a), actor),
            points=True,
        ),
        Action(
            "power-regain",
            "Regain Power",
            SUNDOWN,
            lambda db, c, actor, a: change_power(db, c, _who(a), "regain", _points(a), actor),
            points=True,
        ),
        Action(
            "legend",
            "Regain Legend",
            STORYPATH,
            lambda db, c, actor, a: regain_legend(db, c, _who(a), _points(a), actor),
            points=True,
        ),
        Action(
            "momentum",
            "Spend Momentum",
            STORYPATH,
            lambda db, c, actor, a: spend_momentum(db, c, _points(a), a.purpose or "", actor),
            character=False,
            points=True,
            purpose=True,
        ),
        Action(
            "players",
            "Players at the table",
            STORYPATH,
            lambda db, c, actor, a: set_players(db, c, _points(a), actor),
            character=False,
            storyteller=True,
            points=True,
        ),
        Action(
            "next",
            "Begin the next",
            ALL,
            lambda db, c, actor, a: next_boundary(db, c, a.choice or "turn", SystemDice(), actor),
            character=False,
            storyteller=True,
            choices=units_of,
        ),
    )
}
"""Every action, by name."""


def actions_for(system: str, storyteller: bool) -> list[Action]:
    """The actions a seat may offer at a table of ``system``."""
    return [
        a for a in ACTIONS.values() if system in a.systems and (storyteller or not a.storyteller)
    ]


def perform(db: Database, seat: Seat, name: str, asked: Asked) -> Acted:
    """Do action ``name`` from ``seat``, as the rules of the previous issue say.

    Raises:
        CampaignError: no such action at this table, or a value it does not take (a choice
            it does not offer, points or what it is for where it takes none).
        AccessError: any action asked with the invitation; the storyteller's action asked by
            a player, or a player acting for a character not their own.
        SheetError: the rules refuse it; nothing is stored.
    """
    if seat.role is Role.INVITE:  # it acts for no character, so may_act_for would not stop it
        raise AccessError("an invitation only takes a seat: join the table first")
    system = seat.system
    action = ACTIONS.get(name)
    if action is None or system not in action.systems:
        known = ", ".join(a.name for a in actions_for(system, True))
        raise CampaignError(f"no action `{name[:30]}` at a {system} table; it has: {known}")
    if action.storyteller and not seat.storyteller:
        raise AccessError(f"only the storyteller does `{action.name}`")
    choices = action.choices(system)
    if asked.choice is not None and asked.choice not in choices:
        takes = f"one of {', '.join(choices)}" if choices else "no choice"
        raise CampaignError(f"{action.name} takes {takes}, not `{asked.choice[:20]}`")
    # a value the action would ignore is refused, so no one believes it was used
    if asked.points is not None and not action.points:
        raise CampaignError(f"{action.name} takes no points; leave them out")
    if asked.purpose is not None and not action.purpose:
        raise CampaignError(f"{action.name} takes no `for`; leave it out")
    if action.character:
        character = asked.character if seat.storyteller else asked.character or seat.character
        if seat.storyteller and not character:  # a player without one is told to pick one
            raise CampaignError(f"say which character {action.name} is for")
        may_act_for(seat, character)
        assert character is not None, "may_act_for refuses a player acting for no one"
        asked = Asked(character, asked.points, asked.choice, asked.purpose)
    return action.run(db, seat.campaign, seat.name, asked)
