"""A character's sheet at the table, in every system: its traits and notes edited, and the
named tracks a table keeps on it (Willpower, Vitae, Ammunition, a Health track of boxes)."""

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
    character,
    done,
    fixed,
    on_sheet,
    shown,
)
from dicepool.campaign.characters import edit_sheet
from dicepool.campaign.tracks import change_track, define_track, remove_track, set_default_tracks
from dicepool.campaign.trait_examples import examples_of
from dicepool.sheet.character import Character
from dicepool.sheet.edit import MAX_NOTES
from dicepool.sheet.state import CampaignState
from dicepool.sheet.tracks import MAX_BOXES, MAX_CHANGE, MAX_NAME, MAX_POINTS, Operation, TrackKind
from dicepool.sheet.tracks_play import carried

TRAITS = 1000
"""The longest list of changes an edit takes, in characters."""

WOUNDS = ("bashing", "lethal", "aggravated")

TRACKED = frozenset({"chronicles", "classic"})
"""The systems whose sheets start with default tracks (Health and Willpower)."""


def _edit(doing: Doing, args: Args) -> Done:
    edited = edit_sheet(
        doing.db,
        doing.campaign,
        args["character"],
        args["changes"],
        args["add"],
        args["notes"],
        actor=doing.actor,
    )
    return Done((edited.event,), sheet=edited.sheet)


def _track(doing: Doing, args: Args) -> Done:
    acted = change_track(
        doing.db,
        doing.campaign,
        args["character"],
        args["track"],
        args["change"],
        args["points"],
        args["wound"],
        doing.actor,
    )
    return done(acted)


def _track_name(summary: str = "The track's name.") -> Param:
    return Param(
        "track",
        Type.TEXT,
        summary,
        length=MAX_NAME,
        metavar="TRACK",
        label="Track",
        example=shown("Ammunition"),
    )


def tracks_now(state: CampaignState, sheet: Character) -> str | None:
    """A track changed or removed: one the character carries (its own, or a default one)."""
    if carried(sheet, state.now.default_tracks):
        return None
    return f"{sheet.name} carries no track: give them one first (New track)"


ACTIONS = (
    Action(
        "sheet",
        "Change a character's traits, add a trait on purpose, or write their notes.",
        ALL,
        (
            character(),
            Param(
                "changes",
                Type.TEXT,
                "Trait=N, Trait+=N, Trait-=N, Trait (Specialty); a new trait's name that looks "
                "like one the system has is refused.",
                required=False,
                default="",
                length=TRAITS,
                metavar="[CHANGE]...",
                many=True,
                label="Change traits",
                example=lambda system: examples_of(system).changes,
            ),
            Param(
                "add",
                Type.TEXT,
                "New traits, added on purpose: Name=N.",
                required=False,
                default="",
                length=TRAITS,
                option="--add",
                metavar="CHANGES",
                label="Add a trait the system does not have",
                example=shown("Languages=2"),
            ),
            Param(
                "notes",
                Type.TEXT,
                "The character's notes, a few lines (empty: none); they replace the old ones.",
                required=False,
                length=MAX_NOTES,
                option="--notes",
                metavar="TEXT",
                lines=True,
                blank=True,
                refusal="notes are at most {high} characters, not {value}; shorten them",
                label="Notes",
            ),
        ),
        _edit,
        group="sheets",
        command=("char", "set"),
        label="Save the sheet",
        example='dicepool char set Ana Stealth+=1 "Firearms (Sniping)" --add "Dex=2"',
        explanation="Trait=N sets, Trait+=1 raises, Trait (Specialty) adds a specialty; a typo of "
        "a known trait is refused: add new ones on purpose.",
    ),
    Action(
        "track-define",
        "Give a character a named track: points with a maximum, or boxes of damage.",
        ALL,
        (
            character(),
            _track_name("The new track's name (Vitae, Ammunition...)."),
            Param(
                "kind",
                Type.CHOICE,
                "Points with a maximum, or boxes of damage.",
                choices=fixed(*TrackKind),
                metavar="points|damage",
                label="Kind",
            ),
            Param(
                "size",
                Type.INT,
                "Its maximum: points, or boxes.",
                high=max(MAX_POINTS, MAX_BOXES),
                metavar="N",
                label="Maximum (points or boxes)",
            ),
        ),
        lambda doing, args: done(
            define_track(
                doing.db,
                doing.campaign,
                args["character"],
                args["track"],
                args["kind"],
                args["size"],
                doing.actor,
            )
        ),
        group="sheets",
        command=("track", "define"),
        label="New track",
        example="dicepool track define Ana Vitae points 10",
        explanation="A track of the table's own: points with a maximum (Vitae, Ammunition) or "
        "boxes that take wounds.",
    ),
    Action(
        "track",
        "Change a track: spend or gain points, damage or heal boxes, or set its maximum.",
        ALL,
        (
            character(),
            _track_name(),
            Param(
                "change",
                Type.CHOICE,
                "What happens to it.",
                choices=fixed(*Operation),
                metavar="spend|gain|damage|heal|set-max",
                label="Change",
            ),
            Param(
                "points",
                Type.INT,
                "How many points or boxes (the new maximum, for set-max).",
                required=False,
                default=1,
                high=MAX_CHANGE,
                metavar="[N]",
                label="Points or boxes",
            ),
            Param(
                "wound",
                Type.CHOICE,
                "The kind of wound, for damage (and heal: that kind only).",
                required=False,
                choices=fixed(*WOUNDS),
                option="--wound",
                metavar="KIND",
                label="Wound (damage, heal)",
            ),
        ),
        _track,
        group="sheets",
        command=("track", "change"),
        label="Change",
        example="dicepool track change Ana Willpower spend 1",
        explanation="Spend or gain a track's points, damage or heal its boxes, or set its maximum.",
        applies=on_sheet(tracks_now),
    ),
    Action(
        "track-remove",
        "Take a track off a character, with what it holds.",
        ALL,
        (character(), _track_name()),
        lambda doing, args: done(
            remove_track(doing.db, doing.campaign, args["character"], args["track"], doing.actor)
        ),
        group="sheets",
        command=("track", "remove"),
        label="Remove a track",
        example="dicepool track remove Ana Vitae",
        explanation="The track leaves the sheet with what it holds (the log keeps its history).",
        applies=on_sheet(tracks_now),
    ),
    Action(
        "default-tracks",
        "Turn the default tracks (Health and Willpower on every sheet) on or off.",
        TRACKED,
        (
            Param(
                "switch",
                Type.CHOICE,
                "On or off.",
                choices=fixed("on", "off"),
                metavar="on|off",
                label="Default tracks",
            ),
        ),
        lambda doing, args: done(
            set_default_tracks(doing.db, doing.campaign, args["switch"] == "on", doing.actor)
        ),
        who=Who.STORYTELLER,
        group="table",
        command=("track", "defaults"),
        label="Default tracks",
        example="dicepool track defaults off",
        explanation="Whether every chronicles and classic sheet carries Health and Willpower "
        "tracks (on unless turned off).",
    ),
)
"""The sheets' actions."""
