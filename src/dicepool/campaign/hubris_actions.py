"""The Act of Hubris's actions: stabilizing (ruling 13), Willpower and conscience (ruling 14),
rest (ruling 17), prolonged conflicts (ruling 22). Damage and healing, every table's, are
:mod:`dicepool.campaign.track_actions`'.

Each is a declaration of the catalogue (:mod:`dicepool.campaign.catalogue`): its parameters,
who may take it, and the use case of :mod:`dicepool.campaign.play` it runs.
"""

from __future__ import annotations

from dicepool.campaign import hubris_now as now
from dicepool.campaign.catalogue import (
    Action,
    Applies,
    Args,
    Doing,
    Done,
    Param,
    Run,
    Type,
    Who,
    character,
    done,
    fixed,
    on_sheet,
    shown,
)
from dicepool.campaign.play import MAX_REST_HOURS, character_act, end_conflict, rest, stabilize
from dicepool.errors import AccessError, ParameterError
from dicepool.sheet.events import Kind
from dicepool.sheet.hubris.conflict import ARENAS
from dicepool.sheet.hubris.conscience import MAX_INTIMACY, MAX_WHAT
from dicepool.sheet.hubris.willpower import NIGHT_HOURS

HUBRIS = frozenset({"hubris"})


def _event(kind: Kind, **extra: str) -> Run:
    """An action that is one state rule's event about the character, its other data taken
    from the parameters named (event field: parameter), its rolls from the action's dice."""

    def run(doing: Doing, args: Args) -> Done:
        data = {field: args[param] for field, param in extra.items()}
        return done(
            character_act(
                doing.db,
                doing.campaign,
                doing.actor,
                kind,
                args["character"],
                data or None,
                doing.source,
            )
        )

    return run


def _either(param: str, kinds: dict[str, Kind], **extra: str) -> Run:
    """An event of the kind the choice ``param`` names (``add``: an Intimacy added)."""
    runs = {word: _event(kind, **extra) for word, kind in kinds.items()}
    return lambda doing, args: runs[args[param]](doing, args)


def _stabilize(doing: Doing, args: Args) -> Done:
    return done(stabilize(doing.db, doing.campaign, args["character"], doing.actor))


def _rest(doing: Doing, args: Args) -> Done:
    hours = args["hours"]
    if hours != NIGHT_HOURS and doing.seat is not None and not doing.seat.storyteller:
        raise AccessError(  # ruling 17: "the storyteller may give another length"
            f"a rest passes {NIGHT_HOURS} hours; only the storyteller gives it another length"
        )
    acted = rest(doing.db, doing.campaign, args["character"], hours, doing.actor, doing.source)
    return done(acted)


def _nature(doing: Doing, args: Args) -> Done:
    if (args["trait"] is None) != args["mortal"]:
        raise ParameterError("trait", "give the power trait, or --mortal")
    return _event(Kind.NATURE_SET, trait="trait")(doing, args)


def _plain(
    name: str, kind: Kind, summary: str, label: str, *, explanation: str, applies: Applies
) -> Action:
    return Action(
        name,
        summary,
        HUBRIS,
        (character(),),
        _event(kind),
        group="hubris",
        label=label,
        example=f"dicepool {name} Ana",
        explanation=explanation,
        applies=applies,
    )


ACTIONS = (
    Action(
        "stabilize",
        "Stop a character's bleeding (a lethal wound in the last box).",
        HUBRIS,
        (character(),),
        _stabilize,
        group="hubris",
        label="Stabilize",
        example="dicepool stabilize Ana",
        explanation="Stops a lethal wound in the last box from bleeding: until then, one more "
        "lethal point each minute.",
        applies=on_sheet(now.stabilize_now),
    ),
    _plain(
        "mitigate",
        Kind.MITIGATED,
        "Spend a Willpower point to take one effective success off an uncontested attack or "
        "hazard (for damage: damage --mitigate).",
        "Mitigate (Willpower)",
        explanation="1 Willpower (one a turn): one effective success off an attack or hazard no "
        "roll contested. For damage, tick Mitigate there.",
        applies=on_sheet(now.mitigate_now),
    ),
    Action(
        "rest",
        "A full night's sleep: 8 hours pass, then a Willpower point (in a crisis of conscience "
        "the crisis roll).",
        HUBRIS,
        (
            character(),
            Param(
                "hours",
                Type.INT,
                "Hours of story time the rest passes (the storyteller's to change; 0: the "
                "night has passed on the clock already).",
                required=False,
                default=NIGHT_HOURS,
                low=0,
                high=MAX_REST_HOURS,
                option="--hours",
                metavar="H",
                refusal="a rest lasts {low}..{high} hours of story time, not {value}",
                label="Hours of story time",
            ),
        ),
        _rest,
        group="hubris",
        label="Rest",
        example="dicepool rest Ana",
        rolls=True,
        explanation="A full night: 8 hours pass, then a Willpower point comes back; in a crisis "
        "of conscience, the crisis roll instead.",
        applies=on_sheet(now.rest_now),
    ),
    _plain(
        "vice",
        Kind.VICE,
        "Pursue a Vice: a Willpower point, once a scene.",
        "Vice",
        explanation="Acting out the character's Vice gains a Willpower point, once a scene.",
        applies=on_sheet(now.vice_now),
    ),
    _plain(
        "virtue",
        Kind.VIRTUE,
        "Risk everything for a Virtue: all Willpower and a lost dot, once a session.",
        "Virtue",
        explanation="Risking themselves for their Virtue refills every Willpower point and a lost "
        "dot, once a session.",
        applies=on_sheet(now.virtue_now),
    ),
    _plain(
        "degenerate",
        Kind.DEGENERATED,
        "Degenerate after a failed crisis roll: Morality down one, Willpower regained.",
        "Degenerate",
        explanation="Instead of the failed crisis roll's loss: Morality falls by one, the crisis "
        "ends, and a Willpower point comes back.",
        applies=on_sheet(now.degenerate_now),
    ),
    Action(
        "intimacy-roll",
        "Roll Morality to regain a Willpower point spent defending an Intimacy.",
        HUBRIS,
        (
            character(),
            Param(
                "intimacy",
                Type.TEXT,
                "The Intimacy defended.",
                length=MAX_INTIMACY,
                metavar="INTIMACY",
                label="Intimacy defended",
                example=shown("my sister"),
            ),
        ),
        _event(Kind.INTIMACY_ROLLED, intimacy="intimacy"),
        group="hubris",
        label="Intimacy roll",
        example='dicepool intimacy-roll Ana "my sister"',
        rolls=True,
        explanation="After a Willpower point spent this turn defending an Intimacy: Morality is "
        "rolled, and a success gives the point back.",
        applies=on_sheet(now.intimacy_roll_now),
    ),
    Action(
        "sin",
        "A sin that may bring a crisis of conscience.",
        HUBRIS,
        (
            character(),
            Param(
                "rating",
                Type.INT,
                "The sin's rating, 1 (truly heinous) to 5.",
                high=5,
                metavar="RATING",
                refusal="{called} {value} is not in the range {low}..{high}",
                label="Its rating (1 worst, 5 least)",
            ),
            Param(
                "what",
                Type.TEXT,
                "What the sin was.",
                required=False,
                default="a sin",
                length=MAX_WHAT,
                option="--what",
                metavar="TEXT",
                label="What was done",
                example=shown("struck the guard"),
            ),
        ),
        _event(Kind.SINNED, rating="rating", what="what"),
        group="hubris",
        label="Sin",
        example='dicepool sin Ana 3 --what "the guard"',
        explanation="A crime at or below the character's Morality (1 truly heinous to 5): a "
        "crisis of conscience, rolled at each rest.",
        applies=on_sheet(now.sin_now),
    ),
    Action(
        "atone",
        "The end-of-scene crisis roll of atonement.",
        HUBRIS,
        (
            character(),
            Param(
                "strides",
                Type.FLAG,
                "Serious strides: counts toward resolution.",
                required=False,
                default=False,
                option="--strides",
                label="Serious strides (counts toward resolution)",
            ),
        ),
        _event(Kind.ATONED, strides="strides"),
        group="hubris",
        label="Atone",
        example="dicepool atone Ana --strides",
        rolls=True,
        explanation="Once a scene, in a crisis, for facing the crime: the crisis roll. A success "
        "gives a Willpower point and a step toward resolution.",
        applies=on_sheet(now.atone_now),
    ),
    Action(
        "intimacy",
        "Add or remove an Intimacy (at most Resolve + 3).",
        HUBRIS,
        (
            character(),
            Param(
                "action",
                Type.CHOICE,
                "Add or remove it.",
                choices=fixed("add", "remove"),
                metavar="add|remove",
                label="Add or remove",
            ),
            Param(
                "text",
                Type.TEXT,
                "The Intimacy.",
                length=MAX_INTIMACY,
                metavar="TEXT",
                label="Intimacy",
                example=shown("my sister"),
            ),
        ),
        _either(
            "action", {"add": Kind.INTIMACY_ADDED, "remove": Kind.INTIMACY_REMOVED}, intimacy="text"
        ),
        group="hubris",
        label="Intimacy",
        example='dicepool intimacy Ana add "my sister"',
        explanation="A tie to a person or a small group, up to Resolve + 3; defending one may "
        "give a spent Willpower point back.",
    ),
    Action(
        "soul",
        "A soul lost or restored.",
        HUBRIS,
        (
            character(),
            Param(
                "change",
                Type.CHOICE,
                "Lost or restored.",
                choices=fixed("lost", "restored"),
                metavar="lost|restored",
                label="The soul is",
            ),
        ),
        _either("change", {"lost": Kind.SOUL_LOST, "restored": Kind.SOUL_RESTORED}),
        group="hubris",
        label="Soul",
        example="dicepool soul Ana lost",
        explanation="Soulless: no Morality gained, no crisis resolved, Willpower dots lost over "
        "time; restored, each regain brings a dot back.",
    ),
    Action(
        "willpower",
        "Willpower dots lost to stress (regained at one a month).",
        HUBRIS,
        (
            character(),
            Param(
                "action",
                Type.CHOICE,
                "What happens to the dots: lose.",
                choices=fixed("lose"),
                default="lose",
                metavar="lose",
                web=False,
            ),
            Param(
                "dots",
                Type.INT,
                "How many dots.",
                high=10,
                metavar="N",
                refusal="{called} {value} is not in the range {low}..{high}",
                label="Dots lost",
            ),
        ),
        _event(Kind.WILLPOWER_LOST, dots="dots"),
        group="hubris",
        label="Lose Willpower dots",
        example="dicepool willpower Ana lose 1",
        explanation="Stress takes Willpower dots, and the points above them; a lost dot comes "
        "back after a month.",
        applies=on_sheet(now.willpower_now),
    ),
    Action(
        "conflict-lose",
        "A contest of the conflict under way lost (rolled away from the log): counted toward "
        "defeat at the arena's Resistance attribute.",
        HUBRIS,
        (
            character(),
            Param(
                "arena",
                Type.CHOICE,
                "mental (Resolve), physical (Stamina) or social (Composure).",
                choices=fixed(*ARENAS),
                metavar="ARENA",
                refusal="`{value}` is no arena of a conflict: write {choices}",
                label="Arena",
            ),
        ),
        _event(Kind.CONFLICT_LOST, arena="arena"),
        group="hubris",
        command=("conflict", "lose"),
        label="Lose a contest",
        example="dicepool conflict lose Ana social",
        explanation="A contest lost away from the log: at as many losses as the arena's "
        "Resistance attribute, the character has to accept defeat.",
    ),
    Action(
        "conflict-end",
        "End the conflict under way: the contests lost in it count no more.",
        HUBRIS,
        (),
        lambda doing, _args: done(end_conflict(doing.db, doing.campaign, doing.actor)),
        who=Who.STORYTELLER,
        group="hubris",
        command=("conflict", "end"),
        label="End the conflict",
        example="dicepool conflict end",
        explanation="The conflict is over: the contests lost in it count no more (a new scene "
        "ends it too).",
        applies=now.conflict_end_now,
    ),
    Action(
        "supernatural",
        "Name a supernatural creature's power trait: a lost Willpower dot comes back only on "
        "a roll of it.",
        HUBRIS,
        (
            character(),
            Param(
                "trait",
                Type.TEXT,
                "The power trait.",
                required=False,
                length=40,
                metavar="[TRAIT]",
                label="Power trait",
                example=shown("Blood Potency"),
            ),
            Param(
                "mortal",
                Type.FLAG,
                "The character is a mortal again.",
                required=False,
                default=False,
                option="--mortal",
                label="A mortal again",
            ),
        ),
        _nature,
        group="hubris",
        label="Supernatural",
        example='dicepool supernatural Ana "Blood Potency"',
        explanation="A supernatural creature regains a lost Willpower dot only on a roll of its "
        "power trait (Blood Potency...).",
    ),
)
"""The Act of Hubris's actions."""
