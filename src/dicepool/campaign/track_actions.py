"""A sheet's tracks at play, one tap each: damage and healing, points spent and regained.

Damage and healing are every table's: hubris's Health by its own rules (ruling 13, with
resistant wounds and Mitigate Harm), and elsewhere a damage track of the sheet (chronicles' and
classic's default Health, a table's own), whose wounds follow the same rules
(:mod:`dicepool.sheet.tracks`). Spending and regaining take the points of a track (chronicles'
and classic's Willpower, a table's Vitae). A change of a track is one ``track-changed`` event
(:mod:`dicepool.campaign.tracks`), logged and undone like any.

What applies now asks those rules with the least the action could ask (a point of bashing
damage, a point healed, spent or regained), on each track the sheet carries: the page draws a
form a track, exactly when its rule would take it, and a form sent anyway is refused in the
same words.
"""

from __future__ import annotations

from collections.abc import Callable

from dicepool.campaign import hubris_now as now
from dicepool.campaign.campaigns import load_campaign
from dicepool.campaign.catalogue import (
    ALL,
    Action,
    Args,
    Doing,
    Done,
    OnTrack,
    Param,
    TrackApplies,
    Type,
    character,
    done,
    fixed,
    refusal,
    shown,
)
from dicepool.campaign.play import damage, heal
from dicepool.campaign.tracks import change_track
from dicepool.errors import SheetError
from dicepool.sheet.character import Character
from dicepool.sheet.health import MAX_POINTS, Wound
from dicepool.sheet.state import CampaignState
from dicepool.sheet.tracks import MAX_CHANGE, MAX_NAME, Track, TrackKind
from dicepool.sheet.tracks import damage as wounded
from dicepool.sheet.tracks import gain as gained
from dicepool.sheet.tracks import heal as healed
from dicepool.sheet.tracks import spend as spent
from dicepool.sheet.tracks_play import of_kind, track_for

HUBRIS = frozenset({"hubris"})
"""The system whose Health is its own rules' (no damage track of the sheet's)."""

ELSEWHERE = ALL - HUBRIS
"""The systems whose damage and healing take a damage track of the sheet."""

WOUNDS = ("bashing", "lethal", "aggravated")


def _system(doing: Doing) -> str:
    """The table's system: the seat's, or the campaign's (the command line's owner)."""
    if doing.seat is not None:
        return doing.seat.system
    return load_campaign(doing.db, doing.campaign).system


# Why not now, on a track


def _on(kind: TrackKind, check: Callable[[Track], object]) -> TrackApplies:
    """Why not on a track of ``kind``: the track is not found (or none is taken by default),
    or its rule's ``check`` with the least change refuses."""

    def applies(state: CampaignState, sheet: Character, track: str | None) -> str | None:
        try:
            _, found = track_for(state, sheet.name, track, kind)
        except SheetError as exc:
            return str(exc)
        return refusal(lambda: check(found))

    return applies


def _tracks(kind: TrackKind, systems: frozenset[str] = ALL) -> Callable[..., tuple[str, ...]]:
    def tracks(state: CampaignState, sheet: Character) -> tuple[str, ...]:
        if state.system not in systems:
            return ()
        return tuple(t.name for t in of_kind(state, sheet, kind))

    return tracks


def _health_or(
    hubris: Callable[[CampaignState, Character], str | None], elsewhere: TrackApplies
) -> TrackApplies:
    """Why not: hubris's Health by its rule, a damage track elsewhere."""

    def applies(state: CampaignState, sheet: Character, track: str | None) -> str | None:
        return hubris(state, sheet) if state.system in HUBRIS else elsewhere(state, sheet, track)

    return applies


DAMAGED = OnTrack(
    _tracks(TrackKind.DAMAGE, ELSEWHERE),
    _health_or(now.damage_now, _on(TrackKind.DAMAGE, lambda t: wounded(t, 1, Wound.BASHING))),
)
HEALED = OnTrack(
    _tracks(TrackKind.DAMAGE, ELSEWHERE),
    _health_or(now.heal_now, _on(TrackKind.DAMAGE, lambda t: healed(t, 1))),
)
SPENT = OnTrack(_tracks(TrackKind.POINTS), _on(TrackKind.POINTS, lambda t: spent(t, 1)))
REGAINED = OnTrack(_tracks(TrackKind.POINTS), _on(TrackKind.POINTS, lambda t: gained(t, 1)))


# What each does


def _hurt(doing: Doing, args: Args) -> Done:
    db, campaign, who = doing.db, doing.campaign, args["character"]
    if _system(doing) in HUBRIS:
        acted = damage(
            db,
            campaign,
            who,
            args["points"],
            args["kind"],
            doing.actor,
            args["resistant"],
            args["treatable"],
            args["mitigate"],
        )
    else:
        acted = change_track(
            db, campaign, who, args["track"], "damage", args["points"], args["kind"], doing.actor
        )
    return done(acted)


def _heal(doing: Doing, args: Args) -> Done:
    db, campaign, who = doing.db, doing.campaign, args["character"]
    if _system(doing) in HUBRIS:
        acted = heal(db, campaign, who, args["points"], doing.actor, args["kind"])
    else:
        acted = change_track(
            db, campaign, who, args["track"], "heal", args["points"], args["kind"], doing.actor
        )
    return done(acted)


def _points_change(operation: str) -> Callable[[Doing, Args], Done]:
    def run(doing: Doing, args: Args) -> Done:
        acted = change_track(
            doing.db,
            doing.campaign,
            args["character"],
            args["track"],
            operation,
            args["points"],
            None,
            doing.actor,
        )
        return done(acted)

    return run


# The parameters


def _points(called: str, label: str, high: int = MAX_POINTS, required: bool = True) -> Param:
    return Param(
        "points",
        Type.INT,
        "How many points.",
        required=required,
        default=None if required else 1,
        high=high,
        metavar="N" if required else "[N]",
        refusal=called + " is {low}..{high} points, not {value}",
        label=label,
    )


def _wound(summary: str, required: bool = True) -> Param:
    return Param(
        "kind",
        Type.CHOICE,
        summary,
        required=required,
        choices=fixed(*WOUNDS),
        metavar="KIND" if required else "[KIND]",
        refusal="`{value}` is not a kind of damage: write {choices}",
        label="Kind of wound" if required else "Only wounds of the kind",
        buttons=True,
        unchosen="" if required else "least severe",
    )


def _track(kind: TrackKind, systems: frozenset[str] = ALL) -> Param:
    default = "Health" if kind is TrackKind.DAMAGE else "Willpower"
    what = "damage track" if kind is TrackKind.DAMAGE else "track of points"
    return Param(
        "track",
        Type.TEXT,
        f"The {what} (by default {default}, or the only one).",
        required=False,
        length=MAX_NAME,
        option="--track",
        metavar="TRACK",
        systems=systems,
        label="Track",
        example=shown(default),
    )


def _hubris_flag(name: str, summary: str, label: str) -> Param:
    return Param(
        name,
        Type.FLAG,
        summary,
        required=False,
        default=False,
        option=f"--{name}",
        systems=HUBRIS,
        label=label,
    )


ACTIONS = (
    Action(
        "damage",
        "Deal damage to a character: hubris's Health track, or a damage track (Health by default).",
        ALL,
        (
            character(),
            _points("damage", "Points of damage"),
            _wound("The kind of wound."),
            _hubris_flag(
                "resistant",
                "Resistant wounds (hubris): only time heals them.",
                "Resistant (only time heals it)",
            ),
            _hubris_flag(
                "treatable",
                "Resistant wounds that are treatable (hubris): care downgrades them a step.",
                "Treatable injury (care takes it a step down)",
            ),
            _hubris_flag(
                "mitigate",
                "Spend a Willpower point to take one point off (hubris's Mitigate Harm).",
                "Mitigate: 1 Willpower, one point less",
            ),
            _track(TrackKind.DAMAGE, ELSEWHERE),
        ),
        _hurt,
        group="tracks",
        label="Take damage",
        example="dicepool damage Ana 2 lethal",
        explanation="Wounds fill the boxes, the worst on the left; with no box free one is "
        "upgraded, so more damage never leaves a character less hurt.",
        on_track=DAMAGED,
    ),
    Action(
        "heal",
        "Heal a character's wounds, the least severe first (hubris: treatable resistant ones a "
        "step down).",
        ALL,
        (
            character(),
            _points("healing", "Points healed"),
            _wound("Heal wounds of this kind only.", required=False),
            _track(TrackKind.DAMAGE, ELSEWHERE),
        ),
        _heal,
        group="tracks",
        label="Heal",
        example="dicepool heal Ana 1 lethal",
        explanation="Care or a power heals points, the least severe first (or of the kind "
        "tapped); a resistant wound heals with time only, care takes a treatable one a step down.",
        on_track=HEALED,
    ),
    Action(
        "spend",
        "Spend points of a character's track (Willpower by default): never more than are left.",
        ALL,
        (
            character(),
            _points("a spend", "Points", MAX_CHANGE, required=False),
            _track(TrackKind.POINTS),
        ),
        _points_change("spend"),
        group="tracks",
        command=("track", "spend"),
        label="Spend",
        example="dicepool track spend Ana",
        explanation="A point of the track is used (a Willpower point, Vitae...): none is spent "
        "when none is left.",
        on_track=SPENT,
    ),
    Action(
        "regain",
        "Regain points of a character's track (Willpower by default), up to its maximum.",
        ALL,
        (
            character(),
            _points("a gain", "Points", MAX_CHANGE, required=False),
            _track(TrackKind.POINTS),
        ),
        _points_change("gain"),
        group="tracks",
        command=("track", "regain"),
        label="Regain",
        example="dicepool track regain Ana 2",
        explanation="Points of the track come back, never above its maximum (the rest is lost).",
        on_track=REGAINED,
    ),
)
"""The tracks' one-tap actions."""
