"""storypath's actions (Momentum, Legend, the number of players, Complex Actions, Stunts and
Drawbacks carried forward) and chronicles' extended actions, which share the trackers of
actions that take several rolls.

A roll's own spends (Momentum dice, a Feat of Scale, a Consolation, an Advantage, a roll counted
toward a tracker) are part of the roll; these are the rest.
"""

from __future__ import annotations

from functools import partial

from dicepool.campaign.campaigns import load_campaign
from dicepool.campaign.catalogue import (
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
    refusal,
    shown,
)
from dicepool.campaign.storypath import (
    asked_players,
    award_milestones,
    buy_intervals,
    regain_legend,
    set_players,
    spend_momentum,
    start_tracker,
)
from dicepool.campaign.stunts import buy_stunt, carry_drawback
from dicepool.errors import SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.payloads import IntervalsBought, MilestonesAwarded
from dicepool.sheet.state import CampaignState
from dicepool.sheet.storypath.momentum import MAX_PLAYERS, MAX_POINTS, MAX_WHAT
from dicepool.sheet.storypath.payloads import LegendRegained, MomentumSpent
from dicepool.sheet.storypath.play import legend_regained, momentum_spent
from dicepool.sheet.storypath.stunts import MAX_LEVEL, Effect
from dicepool.sheet.storypath.stunts import MAX_WHAT as MAX_CARRIED_WHAT
from dicepool.sheet.tracker_play import intervals_bought, milestones_awarded
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


# What applies now (one function an action, asking the transition its event runs, with the
# least its parameters could ask: the page offers what the rule would take).


def momentum_now(state: CampaignState, _sheet: Character | None) -> str | None:
    """Momentum spent on a Knack: a point in the pool."""
    return refusal(lambda: momentum_spent(state, MomentumSpent(1).data()))


def legend_now(state: CampaignState, sheet: Character | None) -> str | None:
    """Legend regained: a rating in Legend, and a point spent."""
    if sheet is None:
        return None
    return refusal(lambda: legend_regained(state, LegendRegained(sheet.name, 1).data()))


def complex_buy_now(state: CampaignState, _sheet: Character | None) -> str | None:
    """Intervals bought: a Complex Action whose Intervals a point of Momentum may raise."""
    for tracker in state.now.trackers.trackers:
        bought = IntervalsBought(tracker.name, 1).data()
        if refusal(partial(intervals_bought, state, bought)) is None:
            return None
    return "no Complex Action under way whose Intervals Momentum can buy (a point each)"


def complex_award_now(state: CampaignState, _sheet: Character | None) -> str | None:
    """Milestones awarded: a Complex Action under way."""
    for tracker in state.now.trackers.trackers:
        awarded = MilestonesAwarded(tracker.name, tracker.sides[0], 1).data()
        if refusal(partial(milestones_awarded, state, awarded)) is None:
            return None
    return "no Complex Action is under way: start one first"


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
            label="Name",
            example=shown("Heist" if story else "Research"),
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
                    label="Milestones needed",
                ),
                Param(
                    "intervals",
                    Type.INT,
                    "Intervals allowed (none: no time pressure).",
                    required=False,
                    high=MAX_INTERVALS,
                    option="--intervals",
                    metavar="N",
                    label="Intervals allowed (empty: no time pressure)",
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
                    label="Difficulty of an Interval",
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
                    label="Successes needed",
                ),
                Param(
                    "rolls",
                    Type.INT,
                    "Rolls allowed (none: no limit).",
                    required=False,
                    high=MAX_ROLLS,
                    option="--rolls",
                    metavar="N",
                    label="Rolls allowed (empty: no limit)",
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
            label="Who acts",
        ),
        Param(
            "versus",
            Type.CHARACTER,
            "Who opposes them (the defender).",
            required=False,
            length=MAX_NAME,
            option="--versus",
            metavar="B",
            label="Who opposes (an opposed action; else none)",
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
        explanation="Each roll that meets an Interval's Difficulty gains a Milestone, and the "
        "action succeeds at the Milestones needed; name who opposes for an opposed action."
        if story
        else "Each roll's successes add up toward the goal, within the rolls allowed; name who "
        "opposes for a contest: the first to the goal wins.",
    )


def _complex_name() -> Param:
    return Param(
        "name",
        Type.TEXT,
        "The Complex Action.",
        length=MAX_NAME,
        metavar="NAME",
        label="Complex Action",
        example=shown("Heist"),
    )


def _roll(summary: str) -> Param:
    return Param(
        "event",
        Type.EVENT,
        summary,
        high=MAX_SEQ,
        metavar="EVENT",
        refusal="no event {value} at this table; `dicepool log` lists the events",
        label="Roll",
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
        label="Level",
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
                label="Points",
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
                label="For",
                example=shown("a Knack"),
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
        explanation="The players' shared pool pays for a Knack or another use; dice for a roll "
        "are bought in the roll box.",
        applies=momentum_now,
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
                label="Points",
            ),
        ),
        lambda doing, args: done(
            regain_legend(doing.db, doing.campaign, args["character"], args["points"], doing.actor)
        ),
        group="storypath",
        label="Regain Legend",
        example="dicepool legend Ana regain 1",
        explanation="Legend points come back, up to the Legend rating; they are spent on a Feat "
        "of Scale with a roll.",
        applies=legend_now,
    ),
    Action(
        "players",
        "Say how many players sit at the table, or follow the seated players (the default): "
        "storypath's Momentum pool holds twice as many.",
        STORYPATH,
        (
            Param(
                "players",
                Type.INT,
                "How many players, set by the storyteller.",
                required=False,
                high=MAX_PLAYERS,
                metavar="[N]",
                refusal="a table has {low}..{high} players, not {value}",
                label="Players",
            ),
            Param(
                "seats",
                Type.FLAG,
                "Follow the seated players instead: the seats that sit with a character.",
                required=False,
                default=False,
                option="--seats",
                label="Follow the seated players",
            ),
        ),
        lambda doing, args: done(
            set_players(
                doing.db,
                doing.campaign,
                asked_players(args["players"], args["seats"]),
                doing.actor,
            )
        ),
        who=Who.STORYTELLER,
        group="table",
        command=("campaign", "players"),
        label="Players at the table",
        example="dicepool campaign players 4",
        explanation="Storypath's Momentum pool holds twice the number of players: the seated "
        "players (each seat with a character) unless you set a number; what it cannot hold "
        "is lost.",
    ),
    _start(True),
    Action(
        "complex-buy",
        "Buy more Intervals of a Complex Action with Momentum, one a point.",
        STORYPATH,
        (
            _complex_name(),
            Param(
                "intervals",
                Type.INT,
                "How many Intervals.",
                required=False,
                default=1,
                high=MAX_INTERVALS,
                metavar="[N]",
                label="Intervals",
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
        explanation="1 Momentum buys one more Interval (another attempt) of a Complex Action.",
        applies=complex_buy_now,
    ),
    Action(
        "complex-award",
        "Award Milestones of a Complex Action without a roll.",
        STORYPATH,
        (
            _complex_name(),
            Param(
                "milestones",
                Type.INT,
                "How many Milestones.",
                required=False,
                default=1,
                high=MAX_MILESTONES,
                metavar="[N]",
                label="Milestones",
            ),
            Param(
                "side",
                Type.CHARACTER,
                "Whose side (an opposed action).",
                required=False,
                length=MAX_NAME,
                option="--char",
                metavar="A",
                label="To whose side (an opposed action)",
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
        explanation="Milestones of a Complex Action given without a roll, where the story has "
        "earned them.",
        applies=complex_award_now,
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
                label="Stunt",
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
                label="On the adversary (Complication, Difficulty)",
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
                label="What it is",
                example=shown("the high ground"),
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
        explanation="Threshold successes left once Complications are bought off buy a Stunt for "
        "your later roll, or the adversary's next.",
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
                label="It becomes",
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
                label="On the antagonist (Enhancement)",
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
        explanation="An Enhancement above 3 came with a Drawback: more Difficulty on your next "
        "roll, or a free Enhancement on an antagonist's.",
    ),
)
"""storypath's and chronicles' actions."""
