"""The whole table's actions, in every system: the clock (the next turn, scene..., story time
passing) and the seals of the dice."""

from __future__ import annotations

from dicepool.campaign.catalogue import (
    ALL,
    Action,
    Args,
    Doing,
    Done,
    Param,
    Type,
    Who,
    done,
    fixed,
)
from dicepool.campaign.play import advance_clock, next_boundary, set_dice_typing, set_house_rules
from dicepool.campaign.seals import close
from dicepool.notation.house import MAX_HOUSE_RULES
from dicepool.sheet.clock import units_of


def _next(doing: Doing, args: Args) -> Done:
    acted = next_boundary(doing.db, doing.campaign, args["unit"], doing.source, doing.actor)
    return done(acted)


def _advance(doing: Doing, args: Args) -> Done:
    acted = advance_clock(doing.db, doing.campaign, args["duration"], doing.actor, doing.source)
    return done(acted)


def _house_rules(doing: Doing, args: Args) -> Done:
    return done(set_house_rules(doing.db, doing.campaign, args["rules"], doing.actor))


def _dice_typing(doing: Doing, args: Args) -> Done:
    players = args["who"] == "everyone"
    return done(set_dice_typing(doing.db, doing.campaign, players, doing.actor))


def _close(doing: Doing, _args: Args) -> Done:
    closed, opened = close(doing.db, doing.campaign, doing.actor)
    return Done((closed, opened))


ACTIONS = (
    Action(
        "next",
        "Begin the next turn, round, scene, session or chronicle: limits reset, Stamina rolls.",
        ALL,
        (
            Param(
                "unit",
                Type.TEXT,
                "What begins.",
                length=20,
                choices=units_of,  # offered; the clock also takes its other names (session)
                metavar="UNIT",
            ),
        ),
        _next,
        who=Who.STORYTELLER,
        label="Begin the next",
        example="dicepool next scene",
        rolls=True,
    ),
    Action(
        "clock",
        "Let story time pass: wounds heal or bleed, lost Willpower dots come back.",
        ALL,
        (
            Param(
                "duration",
                Type.TEXT,
                "How long: 15m, 3h, 2d, 1w, 1w2d.",
                length=30,
                metavar="DURATION",
            ),
        ),
        _advance,
        who=Who.STORYTELLER,
        command=("clock", "advance"),
        label="Let time pass",
        example="dicepool clock advance 2d",
        rolls=True,
    ),
    Action(
        "house-rules",
        "Set the house rules: options applied to every roll from now on (empty: none).",
        ALL,
        (
            Param(
                "rules",
                Type.TEXT,
                "Options as a roll line writes them, e.g. 9again.",
                required=False,
                default="",
                length=MAX_HOUSE_RULES,
                blank=True,
                metavar="OPTIONS",
            ),
        ),
        _house_rules,
        who=Who.STORYTELLER,
        group="table",
        command=("campaign", "house-rules"),
        label="House rules",
        example='dicepool campaign house-rules "9again"',
    ),
    Action(
        "typed-dice",
        "Say who may type the faces of dice rolled by hand at the table: the storyteller "
        "alone (the default), or everyone (a table that rolls physical dice).",
        ALL,
        (
            Param(
                "who",
                Type.CHOICE,
                "storyteller or everyone.",
                choices=fixed("storyteller", "everyone"),
                metavar="storyteller|everyone",
            ),
        ),
        _dice_typing,
        who=Who.STORYTELLER,
        group="dice",
        command=("campaign", "typed-dice"),
        label="Dice typed by hand",
        example="dicepool campaign typed-dice everyone",
    ),
    Action(
        "seal-close",
        "Close the open seal: its seed goes into the log, and the next seal opens at once.",
        ALL,
        (),
        _close,
        who=Who.STORYTELLER,
        group="dice",
        command=("seal", "close"),
        label="Close the seal",
        example="dicepool seal close",
    ),
)
"""The story's and the dice's actions."""
