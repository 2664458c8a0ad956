"""After Sundown's actions: Edge spent outside a roll, a second chance, Initiative Passes and
the Power Reserve (rulings 1 and 15). A roll's own Edge dice are part of its line."""

from __future__ import annotations

from dicepool.campaign.catalogue import (
    Action,
    Args,
    Doing,
    Done,
    Param,
    Type,
    character,
    done,
    fixed,
)
from dicepool.campaign.history import MAX_EVENT_ID
from dicepool.campaign.sundown import POWER_ACTIONS, change_power, reroll, spend_edge, take_pass
from dicepool.sheet.sundown.edge import MAX_POWER, MAX_PURPOSE
from dicepool.sheet.sundown.play import MAX_BONUS_PASSES

SUNDOWN = frozenset({"sundown"})

EDGE_ONLY = (
    "`{value}` is not spent here: write `edge` (Willpower and Momentum are spent on a roll "
    "with --spend)"
)


def _edge(called: str) -> Param:
    """The command line's word for what is spent: Edge, the one thing these spend."""
    return Param(
        "spend",
        Type.CHOICE,
        "What is spent: edge.",
        choices=fixed("edge"),
        default="edge",
        metavar="edge",
        option=called or None,
        web=False,
        refusal=EDGE_ONLY,
        missing="a second chance is bought with Edge: add --spend edge",
    )


def _reroll(doing: Doing, args: Args) -> Done:
    made = reroll(
        doing.db, doing.campaign, args["event"], doing.source, doing.actor, doing.may_act_for
    )
    return Done((made.event,), made.state, made.result)


def _spend(doing: Doing, args: Args) -> Done:
    acted = spend_edge(
        doing.db, doing.campaign, args["character"], doing.actor, args["for"], args["escape"]
    )
    return done(acted)


def _pass(doing: Doing, args: Args) -> Done:
    acted = take_pass(
        doing.db, doing.campaign, args["character"], doing.actor, args["edge"], args["bonus"]
    )
    return done(acted)


def _power(doing: Doing, args: Args) -> Done:
    acted = change_power(
        doing.db, doing.campaign, args["character"], args["action"], args["points"], doing.actor
    )
    return done(acted)


ACTIONS = (
    Action(
        "reroll",
        "Spend Edge for a second chance on a logged roll: every miss rolled again.",
        SUNDOWN,
        (
            Param(
                "event",
                Type.EVENT,
                "The logged roll.",
                high=MAX_EVENT_ID,
                metavar="EVENT",
                refusal="no event {value} at this table; `dicepool log` lists the events",
            ),
            _edge("--spend"),
        ),
        _reroll,
        group="sundown",
        label="Second chance (Edge)",
        example="dicepool reroll 12 --spend edge",
        rolls=True,
    ),
    Action(
        "edge",
        "Spend a character's Edge on an escape or another use.",
        SUNDOWN,
        (
            character(),
            _edge(""),
            Param(
                "for",
                Type.TEXT,
                "What the Edge buys.",
                required=False,
                default="",
                length=MAX_PURPOSE,
                option="--for",
                metavar="TEXT",
            ),
            Param(
                "escape",
                Type.FLAG,
                "Fate saves the character from certain death.",
                required=False,
                default=False,
                option="--escape",
            ),
        ),
        _spend,
        group="sundown",
        command=("spend",),
        label="Spend Edge",
        example='dicepool spend Ana edge --for "a lucky break"',
    ),
    Action(
        "pass",
        "Take an Initiative Pass this round, or an extra one for Edge.",
        SUNDOWN,
        (
            character(),
            Param(
                "edge",
                Type.FLAG,
                "An extra pass for Edge, after the normal ones.",
                required=False,
                default=False,
                option="--edge",
            ),
            Param(
                "bonus",
                Type.INT,
                "Normal passes a power adds.",
                required=False,
                default=0,
                low=0,
                high=MAX_BONUS_PASSES,
                option="--bonus",
                metavar="N",
                refusal="{called} is {low}..{high} passes (no one takes more than 4 a round), "
                "not {value}",
            ),
        ),
        _pass,
        group="sundown",
        label="Initiative Pass",
        example="dicepool pass Ana --edge",
    ),
    Action(
        "power",
        "Spend or regain a character's Power Points.",
        SUNDOWN,
        (
            character(),
            Param(
                "action",
                Type.CHOICE,
                "Spend or regain.",
                choices=fixed(*POWER_ACTIONS),
                metavar="spend|regain",
                refusal="`{value}` is not what a Power Reserve does: write spend or regain "
                "(e.g. dicepool power Ana spend 2)",
            ),
            Param(
                "points",
                Type.INT,
                "How many Power Points.",
                high=MAX_POWER,
                metavar="N",
                refusal="{low}..{high} Power Points at a time, not {value}",
            ),
        ),
        _power,
        group="sundown",
        label="Power",
        example="dicepool power Ana spend 2",
    ),
)
"""After Sundown's actions."""
