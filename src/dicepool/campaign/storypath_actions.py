"""storypath's actions (Momentum, Legend, the number of players, Complex Actions, Stunts and
Drawbacks carried forward) and chronicles' extended actions, which share the trackers of
actions that take several rolls.

A roll's own spends (Momentum dice, a Feat of Scale, a Consolation, an Advantage, a roll counted
toward a tracker) are part of the roll; these are the rest.
"""

from __future__ import annotations

from dicepool.campaign.campaigns import load_campaign
from dicepool.campaign.catalogue import (
    ALL,
    Action,
    Args,
    Doing,
    Done,
    Param,
    Type,
    Who,
    character,
    done,
    fixed,
)
from dicepool.campaign.storypath import (
    award_milestones,
    buy_intervals,
    regain_legend,
    set_players,
    spend_momentum,
    start_tracker,
)
from dicepool.campaign.stunts import buy_stunt, carry_drawback
from dicepool.errors import SheetError
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath.momentum import MAX_PLAYERS, MAX_POINTS, MAX_WHAT
from dicepool.sheet.storypath.stunts import MAX_LEVEL, Effect
from dicepool.sheet.storypath.stunts import MAX_WHAT as MAX_CARRIED_WHAT
from dicepool.sheet.trackers import (
    MAX_DIFFICULTY,
    MAX_GOAL,
    MAX_INTERVALS,
    MAX_MILESTONES,
    MAX_ROLLS,
)
from dicepool.sheet.traits import MAX_NAME
from dicepool.store.log import MAX_SEQ

STORYPATH = frozenset({"storypath"})
CHRONICLES = frozenset({"chronicles"})


def sides(state: CampaignState, first: str | None, versus: str | None) -> list[str]:
    """A tracker's sides: ``first`` (else the campaign's only character), and ``versus``.

    Raises:
        SheetError: no ``first`` in a campaign of several characters (or none).
    """
    if first is None:
        held = list(state.characters.values())
        if len(held) != 1:
            raise SheetError("say who acts with --char NAME (and who opposes with --versus)")
        first = held[0].name
    return [first] if versus is None else [first, versus]


def _start(story: bool) -> Action:
    def run(doing: Doing, args: Args) -> Done:
        state = load_campaign(doing.db, doing.campaign)
        acted = start_tracker(
            doing.db,
            doing.campaign,
            args["name"],
            sides(state, args["side"], args["versus"]),
            args["milestones" if story else "goal"],
            args["intervals" if story else "rolls"],
            args["difficulty"] if story else None,
            doing.actor,
        )
        return done(acted)

    word = "complex" if story else "extended"
    params = (
        Param(
            "name",
            Type.TEXT,
            "The action's name.",
            length=MAX_NAME,
            metavar="NAME",
            noun="the tracker name",
        ),
        *(
            (
                Param(
                    "milestones",
                    Type.INT,
                    "Milestones needed.",
                    high=MAX_MILESTONES,
                    option="--milestones",
                    metavar="N",
                ),
                Param(
                    "intervals",
                    Type.INT,
                    "Intervals allowed (none: no time pressure).",
                    required=False,
                    high=MAX_INTERVALS,
                    option="--intervals",
                    metavar="N",
                ),
                Param(
                    "difficulty",
                    Type.INT,
                    "An Interval's Difficulty.",
                    required=False,
                    default=1,
                    high=MAX_DIFFICULTY,
                    option="--difficulty",
                    metavar="N",
                ),
            )
            if story
            else (
                Param(
                    "goal",
                    Type.INT,
                    "Successes needed.",
                    high=MAX_GOAL,
                    option="--goal",
                    metavar="N",
                ),
                Param(
                    "rolls",
                    Type.INT,
                    "Rolls allowed (none: no limit).",
                    required=False,
                    high=MAX_ROLLS,
                    option="--rolls",
                    metavar="N",
                ),
            )
        ),
        Param(
            "side",
            Type.CHARACTER,
            "Who acts (else the campaign's only character).",
            required=False,
            length=MAX_NAME,
            option="--char",
            metavar="A",
        ),
        Param(
            "versus",
            Type.CHARACTER,
            "Who opposes them (the defender).",
            required=False,
            length=MAX_NAME,
            option="--versus",
            metavar="B",
        ),
    )
    return Action(
        f"{word}-start",
        "Start a Complex Action: Milestones gained over Intervals."
        if story
        else "Start an extended action: successes add up to a goal.",
        STORYPATH if story else CHRONICLES,
        params,
        run,
        who=Who.STORYTELLER,
        group=word,
        command=(word, "start"),
        label="Start a Complex Action" if story else "Start an extended action",
        example="dicepool complex start Heist --milestones 3 --intervals 5 --difficulty 2 "
        "--char Ana"
        if story
        else "dicepool extended start Research --goal 10 --rolls 5 --char Ana",
    )


def _roll(summary: str) -> Param:
    return Param(
        "event",
        Type.EVENT,
        summary,
        high=MAX_SEQ,
        metavar="EVENT",
        refusal="no event {value} at this table; `dicepool log` lists the events",
    )


def _level(summary: str) -> Param:
    return Param(
        "level",
        Type.INT,
        summary,
        required=False,
        default=1,
        high=MAX_LEVEL,
        option="--level",
        metavar="N",
        refusal="a level is {low}..{high}, not {value}",
    )


ACTIONS = (
    Action(
        "momentum",
        "Spend Momentum on something else than dice (a Knack...).",
        STORYPATH,
        (
            Param(
                "points",
                Type.INT,
                "How many points.",
                high=MAX_POINTS,
                metavar="N",
                refusal="a Momentum spend is {low}..{high}, not {value}",
            ),
            Param(
                "for",
                Type.TEXT,
                "What it is spent on.",
                required=False,
                default="",
                length=MAX_WHAT,
                option="--for",
                metavar="TEXT",
            ),
        ),
        lambda doing, args: done(
            spend_momentum(doing.db, doing.campaign, args["points"], args["for"], doing.actor)
        ),
        who=Who.SEAT,
        group="storypath",
        command=("momentum", "spend"),
        label="Spend Momentum",
        example='dicepool momentum spend 1 --for "a Knack"',
    ),
    Action(
        "legend",
        "A character regains Legend points, within the sheet's Legend rating.",
        STORYPATH,
        (
            character(),
            Param(
                "action",
                Type.CHOICE,
                "What Legend does: regain.",
                choices=fixed("regain"),
                default="regain",
                metavar="regain",
                web=False,
            ),
            Param(
                "points",
                Type.INT,
                "How many points.",
                required=False,
                default=1,
                high=MAX_POINTS,
                metavar="[N]",
                refusal="a Legend regain is {low}..{high}, not {value}",
            ),
        ),
        lambda doing, args: done(
            regain_legend(doing.db, doing.campaign, args["character"], args["points"], doing.actor)
        ),
        group="storypath",
        label="Regain Legend",
        example="dicepool legend Ana regain 1",
    ),
    Action(
        "players",
        "Say how many players sit at the table: storypath's Momentum pool holds twice as many.",
        ALL,
        (
            Param(
                "players",
                Type.INT,
                "How many players.",
                high=MAX_PLAYERS,
                metavar="N",
                refusal="a table has {low}..{high} players, not {value}",
            ),
        ),
        lambda doing, args: done(
            set_players(doing.db, doing.campaign, args["players"], doing.actor)
        ),
        who=Who.STORYTELLER,
        group="table",
        command=("campaign", "players"),
        label="Players at the table",
        example="dicepool campaign players 4",
    ),
    _start(True),
    Action(
        "complex-buy",
        "Buy more Intervals of a Complex Action with Momentum, one a point.",
        STORYPATH,
        (
            Param("name", Type.TEXT, "The Complex Action.", length=MAX_NAME, metavar="NAME"),
            Param(
                "intervals",
                Type.INT,
                "How many Intervals.",
                required=False,
                default=1,
                high=MAX_INTERVALS,
                metavar="[N]",
            ),
        ),
        lambda doing, args: done(
            buy_intervals(doing.db, doing.campaign, args["name"], args["intervals"], doing.actor)
        ),
        who=Who.SEAT,
        group="complex",
        command=("complex", "buy"),
        label="Buy Intervals",
        example="dicepool complex buy Heist 1",
    ),
    Action(
        "complex-award",
        "Award Milestones of a Complex Action without a roll.",
        STORYPATH,
        (
            Param("name", Type.TEXT, "The Complex Action.", length=MAX_NAME, metavar="NAME"),
            Param(
                "milestones",
                Type.INT,
                "How many Milestones.",
                required=False,
                default=1,
                high=MAX_MILESTONES,
                metavar="[N]",
            ),
            Param(
                "side",
                Type.CHARACTER,
                "Whose side (an opposed action).",
                required=False,
                length=MAX_NAME,
                option="--char",
                metavar="A",
            ),
        ),
        lambda doing, args: done(
            award_milestones(
                doing.db,
                doing.campaign,
                args["name"],
                args["side"],
                args["milestones"],
                doing.actor,
            )
        ),
        who=Who.STORYTELLER,
        group="complex",
        command=("complex", "award"),
        label="Award Milestones",
        example="dicepool complex award Heist 1",
    ),
    _start(False),
    Action(
        "stunt",
        "Buy a Stunt with a logged roll's stunt successes: it waits for a later roll.",
        STORYPATH,
        (
            _roll("The logged roll whose stunt successes buy it."),
            Param(
                "effect",
                Type.CHOICE,
                "enhancement (the buyer's later roll that names it), complication or "
                "difficulty (the adversary's next roll).",
                choices=fixed(*(e.value for e in Effect)),
                metavar="KIND",
                refusal="a Stunt is {choices}, not `{value}`",
            ),
            _level("Its level, paid with as many stunt successes."),
            Param(
                "adversary",
                Type.CHARACTER,
                "The adversary whose next roll a Complication or Difficulty Stunt goes to.",
                required=False,
                length=MAX_NAME,
                option="--on",
                metavar="NAME",
            ),
            Param(
                "what",
                Type.TEXT,
                "What it is, in the table's words.",
                required=False,
                default="",
                length=MAX_CARRIED_WHAT,
                option="--what",
                metavar="TEXT",
            ),
        ),
        lambda doing, args: done(
            buy_stunt(
                doing.db,
                doing.campaign,
                args["event"],
                args["effect"],
                args["level"],
                args["adversary"],
                args["what"],
                doing.actor,
                doing.may_act_for,
            )
        ),
        group="storypath",
        label="Buy a Stunt",
        example='dicepool stunt 12 difficulty --on Guard --what "the high ground"',
    ),
    Action(
        "drawback",
        "Carry a logged roll's Drawback to a later action: more Difficulty on the roller's "
        "next roll, or a free Enhancement on an antagonist's.",
        STORYPATH,
        (
            _roll("The logged roll that named the Drawback."),
            Param(
                "effect",
                Type.CHOICE,
                "difficulty (the roller's next roll) or enhancement (the antagonist's).",
                choices=fixed(Effect.DIFFICULTY.value, Effect.ENHANCEMENT.value),
                metavar="KIND",
                refusal="a Drawback carried forward is {choices} (a Complication is the "
                "roll's own: `comp N` on its line), not `{value}`",
            ),
            _level("Its level."),
            Param(
                "antagonist",
                Type.CHARACTER,
                "The antagonist whose next roll a free Enhancement goes to.",
                required=False,
                length=MAX_NAME,
                option="--on",
                metavar="NAME",
            ),
        ),
        lambda doing, args: done(
            carry_drawback(
                doing.db,
                doing.campaign,
                args["event"],
                args["effect"],
                args["level"],
                args["antagonist"],
                doing.actor,
                doing.may_act_for,
            )
        ),
        group="storypath",
        label="Carry a Drawback",
        example="dicepool drawback 14 enhancement --on Guard",
    ),
)
"""storypath's and chronicles' actions."""
