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
    shown,
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
                label="What begins",
            ),
        ),
        _next,
        who=Who.STORYTELLER,
        label="Begin the next",
        example="dicepool next scene",
        rolls=True,
        explanation="The limits it counts start again (a Willpower spend a turn, Vice a scene, "
        "Edge a chronicle...); a turn brings its Stamina rolls.",
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
                label="How long",
                example=shown("2d"),
            ),
        ),
        _advance,
        who=Who.STORYTELLER,
        command=("clock", "advance"),
        label="Let time pass",
        example="dicepool clock advance 2d",
        rolls=True,
        explanation="Story time passes for everyone: wounds heal or bleed, lost dots come back; a "
        "minute begins a turn, a day a scene.",
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
                label="Options (empty: none)",
                example=shown("9again"),
            ),
        ),
        _house_rules,
        who=Who.STORYTELLER,
        group="table",
        command=("campaign", "house-rules"),
        label="House rules",
        example='dicepool campaign house-rules "9again"',
        explanation="Options as a roll line writes them (9again, rote...), added to every roll "
        "from now on; empty for none.",
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
                label="Who may type them",
            ),
        ),
        _dice_typing,
        who=Who.STORYTELLER,
        group="dice",
        command=("campaign", "typed-dice"),
        label="Dice typed by hand",
        example="dicepool campaign typed-dice everyone",
        explanation="Who may type the faces of real dice instead of the table's; such rolls are "
        "marked typed in the log.",
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
        explanation="The seal's seed goes into the log, so anyone can check every roll it drew; "
        "a new seal opens at once.",
    ),
)
"""The story's and the dice's actions."""
