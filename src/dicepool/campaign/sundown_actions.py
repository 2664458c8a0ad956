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
    on_sheet,
    refusal,
    shown,
)
from dicepool.campaign.play import Acted, character_act
from dicepool.campaign.sundown import POWER_ACTIONS, change_power, reroll, spend_edge, take_pass
from dicepool.sheet.character import Character
from dicepool.sheet.events import Kind
from dicepool.sheet.state import CampaignState
from dicepool.sheet.status import boosts_of
from dicepool.sheet.sundown import edge as rules
from dicepool.sheet.sundown.boosts import MAX_BOOST, MAX_SOURCE
from dicepool.sheet.sundown.edge import MAX_POWER, MAX_PURPOSE, EdgeUse
from dicepool.sheet.sundown.payloads import Boosted, BoostEnded
from dicepool.sheet.sundown.play import MAX_BONUS_PASSES, edge_rating, special
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
        "source",
        Type.TEXT,
        summary,
        length=MAX_SOURCE,
        option="--source",
        metavar="POWER",
        label="Power",
        example=shown("Vigor"),
    )


# What a character may do now (one function an action, asking the pure rules of
# dicepool.sheet.sundown.edge as its event would: the page offers what they would take).


def edge_now(state: CampaignState, sheet: Character) -> str | None:
    """An Edge spend (a second chance, an escape...): a spend left this chronicle."""
    chronicle = state.now.clock.mark("chronicle")
    left = special(sheet), edge_rating(sheet), chronicle, EdgeUse.ESCAPE
    return refusal(lambda: rules.spend_edge(*left), sheet.name)


def pass_now(state: CampaignState, sheet: Character) -> str | None:
    """An Initiative Pass: fewer than 4 taken this round (a power may add normal ones)."""
    taken = special(sheet), state.now.clock.mark("round"), MAX_BONUS_PASSES
    return refusal(lambda: rules.take_pass(*taken), sheet.name)


def boost_end_now(state: CampaignState, sheet: Character) -> str | None:
    """The end of a boost: one that holds."""
    if boosts_of(sheet.status).active(state.now.clock.mark("scene")):
        return None
    return f"{sheet.name}: no boost holds"


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
                label="Roll",
            ),
            _edge("--spend"),
        ),
        _reroll,
        group="sundown",
        label="Second chance (Edge)",
        example="dicepool reroll 12 --spend edge",
        rolls=True,
        explanation="1 Edge (a spend of this chronicle): every die of the roll that missed is "
        "rolled again (ruling 1).",
        applies=on_sheet(edge_now),
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
                label="For",
                example=shown("a lucky break"),
            ),
            Param(
                "escape",
                Type.FLAG,
                "Fate saves the character from certain death.",
                required=False,
                default=False,
                option="--escape",
                label="Escape certain death",
            ),
        ),
        _spend,
        group="sundown",
        command=("spend",),
        label="Spend Edge",
        example='dicepool spend Ana edge --for "a lucky break"',
        explanation="1 Edge, as many a chronicle as its rating: fate's escape from certain death, "
        "or a lucky break the storyteller allows.",
        applies=on_sheet(edge_now),
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
                label="An extra pass for Edge",
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
                label="Normal passes a power adds",
            ),
        ),
        _pass,
        group="sundown",
        label="Initiative Pass",
        example="dicepool pass Ana --edge",
        explanation="An Initiative Pass this round; after the normal ones, an extra pass costs 1 "
        "Edge. Never more than 4 a round.",
        applies=on_sheet(pass_now),
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
                label="Spend or regain",
            ),
            Param(
                "points",
                Type.INT,
                "How many Power Points.",
                high=MAX_POWER,
                metavar="N",
                refusal="{low}..{high} Power Points at a time, not {value}",
                label="Power Points",
            ),
        ),
        _power,
        group="sundown",
        label="Power",
        example="dicepool power Ana spend 2",
        explanation="Power Points fuel supernatural abilities and do not refresh by themselves; "
        "the reserve holds 10 + 3 x Potency.",
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
                label="Trait raised",
                example=shown("Strength"),
            ),
            Param(
                "dots",
                Type.INT,
                "How many dots it adds.",
                high=MAX_BOOST,
                metavar="N",
                refusal="a boost adds {low}..{high} dots, not {value}",
                label="Dots added",
            ),
            _source("The power that raises it."),
            Param(
                "scene",
                Type.FLAG,
                'It lasts the scene (Genevra\'s Vigor: "for a scene").',
                required=False,
                default=False,
                option="--scene",
                label="For the scene",
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
                label="Power Points it costs",
            ),
        ),
        _boost,
        group="sundown",
        command=("boost", "add"),
        label="Boost",
        example="dicepool boost add Ana Strength 2 --source Vigor --scene --power 1",
        explanation="A power raises an attribute or a skill above its maximum, until it ends or "
        "for the scene, spending its Power Points.",
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
                label="Only on the trait",
                example=shown("Strength"),
            ),
        ),
        _boost_end,
        group="sundown",
        command=("boost", "end"),
        label="End a boost",
        example="dicepool boost end Ana --source Vigor",
        explanation="The power's boost ends: the trait is rated as the sheet says again.",
        applies=on_sheet(boost_end_now),
    ),
)
"""After Sundown's actions."""
