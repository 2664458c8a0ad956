"""After Sundown's actions: Edge spent outside a roll, a second chance, Initiative Passes, the
Power Reserve (rulings 1, 15 and 19) and the boosts of powers above the maxima. A roll's own
Edge dice are part of its line."""

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
from dicepool.campaign.play import Acted, character_act
from dicepool.campaign.sundown import POWER_ACTIONS, change_power, reroll, spend_edge, take_pass
from dicepool.sheet.events import Kind
from dicepool.sheet.sundown.boosts import MAX_BOOST, MAX_SOURCE
from dicepool.sheet.sundown.edge import MAX_POWER, MAX_PURPOSE
from dicepool.sheet.sundown.payloads import Boosted, BoostEnded
from dicepool.sheet.sundown.play import MAX_BONUS_PASSES
from dicepool.sheet.traits import MAX_NAME
from dicepool.store.log import MAX_SEQ

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


def character_event(doing: Doing, kind: Kind, data: dict[str, object]) -> Acted:
    """A sundown event about one character: its name as the sheet spells it."""
    extra = {k: v for k, v in data.items() if k != "character"}
    return character_act(doing.db, doing.campaign, doing.actor, kind, str(data["character"]), extra)


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


def _source(summary: str) -> Param:
    return Param(
        "source", Type.TEXT, summary, length=MAX_SOURCE, option="--source", metavar="POWER"
    )


def _boost(doing: Doing, args: Args) -> Done:
    record = Boosted(
        args["character"], args["trait"], args["dots"], args["source"], args["scene"], args["power"]
    )
    return done(character_event(doing, Kind.BOOSTED, record.data()))


def _boost_end(doing: Doing, args: Args) -> Done:
    record = BoostEnded(args["character"], args["source"], args["trait"])
    return done(character_event(doing, Kind.BOOST_ENDED, record.data()))


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
                high=MAX_SEQ,
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
    Action(
        "boost",
        "A power raises an attribute or a skill above its maximum, until ended (or for the scene).",
        SUNDOWN,
        (
            character(),
            Param(
                "trait",
                Type.TEXT,
                "The attribute or skill raised.",
                length=MAX_NAME,
                metavar="TRAIT",
            ),
            Param(
                "dots",
                Type.INT,
                "How many dots it adds.",
                high=MAX_BOOST,
                metavar="N",
                refusal="a boost adds {low}..{high} dots, not {value}",
            ),
            _source("The power that raises it."),
            Param(
                "scene",
                Type.FLAG,
                'It lasts the scene (Genevra\'s Vigor: "for a scene").',
                required=False,
                default=False,
                option="--scene",
            ),
            Param(
                "power",
                Type.INT,
                "Power Points the power spends.",
                required=False,
                default=0,
                low=0,
                high=MAX_POWER,
                option="--power",
                metavar="N",
                refusal="{low}..{high} Power Points at a time, not {value}",
            ),
        ),
        _boost,
        group="sundown",
        command=("boost", "add"),
        label="Boost",
        example="dicepool boost add Ana Strength 2 --source Vigor --scene --power 1",
    ),
    Action(
        "boost-end",
        "End a power's boost (on one trait, or all it raises).",
        SUNDOWN,
        (
            character(),
            _source("The power whose boost ends."),
            Param(
                "trait",
                Type.TEXT,
                "Only its boost of this trait.",
                required=False,
                length=MAX_NAME,
                option="--trait",
                metavar="TRAIT",
            ),
        ),
        _boost_end,
        group="sundown",
        command=("boost", "end"),
        label="End a boost",
        example="dicepool boost end Ana --source Vigor",
    ),
)
"""After Sundown's actions."""
