"""What the table tells a screen reader: every kind of event in one sentence (who, what,
result), contests by their characters' names with the winner, the storyteller's secrets kept,
and a track of boxes read as words."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dicepool.campaign.news import (
    BEHIND_THE_SCREEN,
    IN_SECRET,
    NEWS,
    news,
    page_of,
    track_words,
)
from dicepool.campaign.summaries import contest_sides, contest_verdict, roll_summary
from dicepool.campaign.table import SeenEvent, behind_the_screen, concealed_as
from dicepool.core.dice import ForcedDice
from dicepool.core.roll import resolve_any
from dicepool.notation.parser import parse
from dicepool.sheet.events import Event, Kind, Payload, event_of
from dicepool.sheet.health import Wound
from dicepool.sheet.hubris.payloads import (
    Atoned,
    ConflictEnded,
    ConflictLost,
    Damaged,
    Degenerated,
    Healed,
    IntimacyAdded,
    IntimacyRemoved,
    IntimacyRolled,
    Mitigated,
    NatureSet,
    Rested,
    Sinned,
    SoulLost,
    SoulRestored,
    Stabilized,
    Vice,
    Virtue,
    WillpowerLost,
)
from dicepool.sheet.payloads import (
    BoundaryBegun,
    CampaignCreated,
    CharacterChanged,
    CharacterCreated,
    CharacterHanded,
    CharacterTaken,
    ClockAdvanced,
    DiceTypingSet,
    DiscordTie,
    Drawn,
    HouseRulesSet,
    IntervalsBought,
    InvitationIssued,
    InvitationsOff,
    LinkIssued,
    MilestonesAwarded,
    Revealed,
    Rolled,
    SealClosed,
    SealContributed,
    SealOpened,
    SealRef,
    SeatRevoked,
    TrackerStarted,
    Undone,
    WebhookSet,
)
from dicepool.sheet.refs import EventRef
from dicepool.sheet.storypath.payloads import (
    DrawbackCarried,
    LegendRegained,
    MomentumSpent,
    PlayersSet,
    StuntBought,
)
from dicepool.sheet.sundown.edge import EdgeUse
from dicepool.sheet.sundown.payloads import (
    Boosted,
    BoostEnded,
    EdgeSpent,
    PassTaken,
    PowerRegained,
    PowerSpent,
    Rerolled,
)
from dicepool.sheet.tracks import Operation, TrackKind
from dicepool.sheet.tracks_play import DefaultTracksSet, TrackChanged, TrackDefined, TrackRemoved

TYPED = Drawn(typed=True)
"""Faces typed by hand: a roll of these tests is no unsealed one (which news marks)."""


def result(line: str, *faces: int) -> dict[str, Any]:
    """The record of ``line`` rolled with exactly ``faces`` (the attacker's first)."""
    dice = ForcedDice(faces)
    found = resolve_any(parse(line), dice).to_dict()
    dice.check_all_used()
    return found


def rolled(
    line: str,
    numbers: str,
    faces: tuple[int, ...],
    rollers: tuple[str | None, ...] = (),
    **more: Any,
) -> Rolled:
    """A logged roll of ``numbers`` (the notation ``line`` is rolled as) with forced faces."""
    named = tuple(r for r in rollers if r)
    return Rolled(line, numbers, result(numbers, *faces), named, rollers, drawn=TYPED, **more)


def logged(kind: Kind, record: Payload, seq: int = 9, actor: str = "Morgan") -> Event:
    """``record`` as the log holds it: event ``seq``, by ``actor``."""
    return replace(event_of(kind, record), seq=seq, actor=actor)


def heard(kind: Kind, record: Payload, actor: str = "Morgan") -> str:
    """The sentence the storyteller's page hears of ``record``."""
    return news(SeenEvent(logged(kind, record, actor=actor)))


CONTEST = "chronicles 5 vs chronicles 3"
WON_BY_2 = (8, 9, 8, 2, 3, 8, 2, 2)  # 3 successes to 1
TIED = (8, 2, 2, 2, 2, 8, 2, 2)  # 1 success each
A_ROLL = rolled("Dexterity + Stealth", "chronicles 3+2", (8, 9, 8, 2, 3), ("Ana",))


# Contests named by their characters


@pytest.mark.parametrize(
    ("line", "rollers", "sides", "verdict"),
    [
        ("Ana: Dex + Stealth vs Guard: Wits + Composure", ("Ana", "Guard"), ("Ana", "Guard"),
         "Ana wins by 2"),
        ("Ana: Dex + Stealth vs chronicles 3", ("Ana", None), ("Ana", "the defender"),
         "Ana wins by 2"),
        ("chronicles 5 vs Guard: Wits + Composure", (None, "Guard"), ("the attacker", "Guard"),
         "the attacker wins by 2"),
        (CONTEST, (None, None), ("the attacker", "the defender"), "the attacker wins by 2"),
    ],
)  # fmt: skip
def test_a_contest_is_said_by_its_characters_names(
    line: str, rollers: tuple[str | None, ...], sides: tuple[str, str], verdict: str
) -> None:
    contest = rolled(line, CONTEST, WON_BY_2, rollers)
    assert contest_sides(contest) == sides
    assert contest_verdict(contest) == verdict
    assert roll_summary(contest.data()).endswith(f"3 successes vs 1 success, {verdict}")


def test_the_defender_who_wins_is_named_and_a_tie_names_no_one() -> None:
    both = ("Ana", "Guard")
    lost = rolled("Ana: a vs Guard: b", "chronicles 2 vs chronicles 3", (2, 2, 8, 9, 2), both)
    assert contest_verdict(lost) == "Guard wins by 2"
    tie = rolled("Ana: a vs Guard: b", CONTEST, TIED, both)
    assert contest_verdict(tie) == "a tie"
    assert news(SeenEvent(logged(Kind.ROLLED, tie))) == "Ana vs Guard: a tie"


def test_equal_totals_given_to_a_side_are_its_win_of_the_tie() -> None:
    ties = "hubris 2 vs hubris 2 ties attacker"
    given = rolled("Ana: a vs Guard: b", ties, (8, 3, 9, 4), ("Ana", "Guard"))
    assert (given.result["winner"], given.result["margin"]) == ("attacker", 0)
    assert contest_verdict(given) == "Ana wins the tie"


def test_a_contest_is_heard_with_its_winner() -> None:
    named = rolled("Ana: a vs Guard: b", CONTEST, WON_BY_2, ("Ana", "Guard"))
    assert heard(Kind.ROLLED, named) == "Ana vs Guard: Ana wins by 2"
    unnamed = rolled(CONTEST, CONTEST, WON_BY_2, (None, None))
    assert heard(Kind.ROLLED, unnamed) == f"Morgan rolled {CONTEST}: the attacker wins by 2"


# A roll, and what it spent or counted


def test_a_roll_is_heard_with_its_roller_line_and_result() -> None:
    assert heard(Kind.ROLLED, A_ROLL, "Pat") == (
        "Ana rolled Dexterity + Stealth: 3 successes (Success)"
    )
    commented = replace(A_ROLL, line="Ana: Dexterity + Stealth # quietly", comment="quietly")
    assert heard(Kind.ROLLED, commented, "Pat").startswith("Ana rolled Dexterity + Stealth: ")
    nobody = rolled("chronicles 2", "chronicles 2", (2, 3))
    assert heard(Kind.ROLLED, nobody) == "Morgan rolled chronicles 2: 0 successes (Failure)"


def test_a_rolls_willpower_and_its_extended_action_are_heard() -> None:
    effects = {
        "willpower": {"character": "Ana"},
        "tracker": {"name": "Research", "character": "Ana", "successes": 3,
                    "progress": 7, "target": 10},
    }  # fmt: skip
    said = heard(Kind.ROLLED, replace(A_ROLL, effects=effects), "Pat")
    assert said == (
        "Ana rolled Dexterity + Stealth: 3 successes (Success); Ana spent a "
        "Willpower point; Ana's extended action Research: 7 of 10 successes"
    )
    before = {"tracker": {"name": "Research", "character": "Ana", "successes": 3}}
    assert heard(Kind.ROLLED, replace(A_ROLL, effects=before)).endswith("; counts toward Research")


def test_a_hidden_roll_tells_a_player_nothing_of_its_dice() -> None:
    sealed = replace(A_ROLL, hidden=True, drawn=Drawn(SealRef(3, 5)))
    event = logged(Kind.ROLLED, sealed)
    assert news(SeenEvent(behind_the_screen(event))) == IN_SECRET  # the player's
    assert news(SeenEvent(event)).startswith("Ana rolled Dexterity + Stealth in secret: ")
    assert news(SeenEvent(event, revealed=True)).startswith("Ana rolled Dexterity + Stealth: ")
    other = logged(Kind.CHARACTER_CHANGED, CharacterChanged("Guard", notes="Owes Bo"))
    for private in (event, other):  # the same words, whatever it hides
        assert news(SeenEvent(concealed_as(private), concealed=True)) == BEHIND_THE_SCREEN


def test_a_reveal_says_the_roll_and_an_undo_what_it_struck() -> None:
    sealed = logged(Kind.ROLLED, replace(A_ROLL, hidden=True, drawn=Drawn(SealRef(3, 5))), 12)
    reveal = logged(Kind.REVEALED, Revealed(EventRef(seq=12)), 13)
    wound = TrackChanged("Mo", "Health", Operation.DAMAGE, 2, Wound.LETHAL)
    hurt = logged(Kind.TRACK_CHANGED, wound, 14)
    undo = logged(Kind.UNDONE, Undone(EventRef(seq=14)), 15)
    restore = logged(Kind.UNDONE, Undone(EventRef(seq=15)), 16)
    seen = [SeenEvent(sealed, revealed=True), SeenEvent(reveal), SeenEvent(hurt), SeenEvent(undo)]
    page = page_of(seen)
    assert news(SeenEvent(reveal), page) == (
        "the storyteller revealed roll #12: Ana rolled Dexterity + Stealth: 3 successes (Success)"
    )
    assert news(SeenEvent(undo), page) == "the storyteller undid #14 (Mo took 2 lethal damage)"
    assert news(SeenEvent(restore), page, restores=undo) == (
        "the storyteller restored #14 (Mo took 2 lethal damage)"
    )
    assert news(SeenEvent(undo)) == "the storyteller undid #14"  # off the page: its number
    assert news(SeenEvent(reveal)) == "the storyteller revealed roll #12"


# Every kind of event


ROLL_RECORD = result("chronicles 1", 3)

EXAMPLES: dict[Kind, tuple[Payload, str]] = {
    Kind.CAMPAIGN_CREATED: (CampaignCreated("Night", "chronicles"),
                            "Morgan created campaign Night (chronicles)"),
    Kind.CHARACTER_CREATED: (CharacterCreated({"name": "Ana", "player": "Pat", "traits": {}}),
                             "Morgan created Ana (player Pat)"),
    Kind.CHARACTER_CHANGED: (CharacterChanged("Ana", notes="Owes Bo"),
                             'Morgan changed Ana: notes "Owes Bo"'),
    Kind.ROLLED: (A_ROLL, "Ana rolled Dexterity + Stealth: 3 successes (Success)"),
    Kind.UNDONE: (Undone(EventRef(seq=4)), "the storyteller undid #4"),
    Kind.REVEALED: (Revealed(EventRef(seq=4)), "the storyteller revealed roll #4"),
    Kind.BOUNDARY_BEGUN: (BoundaryBegun("scene"), "a new scene"),
    Kind.CLOCK_ADVANCED: (ClockAdvanced("8 hours", 480), "story time passes: 8 hours"),
    Kind.DAMAGED: (Damaged("Mo", 2, Wound.LETHAL), "Mo took 2 lethal damage"),
    Kind.HEALED: (Healed("Mo", 1, Wound.BASHING), "Mo healed 1 bashing"),
    Kind.STABILIZED: (Stabilized("Mo"), "Mo is stabilized"),
    Kind.MITIGATED: (Mitigated("Mo"), "Mo spent Willpower to mitigate harm"),
    Kind.RESTED: (Rested("Mo", minutes=480), "Mo rests (8h)"),
    Kind.VICE: (Vice("Mo"), "Mo pursues their Vice"),
    Kind.VIRTUE: (Virtue("Mo"), "Mo risks themselves for their Virtue"),
    Kind.INTIMACY_ROLLED: (IntimacyRolled("Mo", "my sister"), "Mo defends my sister"),
    Kind.SINNED: (Sinned("Mo", 3, "theft"), "Mo sins (rated 3): theft"),
    Kind.DEGENERATED: (Degenerated("Mo"), "Mo degenerates"),
    Kind.ATONED: (Atoned("Mo"), "Mo atones"),
    Kind.INTIMACY_ADDED: (IntimacyAdded("Mo", "the sea"), "Mo holds a new Intimacy: the sea"),
    Kind.INTIMACY_REMOVED: (IntimacyRemoved("Mo", "the sea"),
                            "Mo lets go of an Intimacy: the sea"),
    Kind.SOUL_LOST: (SoulLost("Mo"), "Mo loses their soul"),
    Kind.SOUL_RESTORED: (SoulRestored("Mo"), "Mo has their soul restored"),
    Kind.WILLPOWER_LOST: (WillpowerLost("Mo", 1), "Mo loses 1 Willpower dot(s)"),
    Kind.NATURE_SET: (NatureSet("Mo"), "Mo is mortal"),
    Kind.EDGE_SPENT: (EdgeSpent("Mo", EdgeUse.DICE), "Mo spends Edge"),
    Kind.REROLLED: (Rerolled(EventRef(seq=4), "Mo", "sundown 1", "sundown 1", 1,
                             result("sundown 1", 2)),
                    "second chance on event 4: Mo rerolls 1 miss, 0 net hits "
                    "(Not Awesome. Tying shoes, climbing stairs.)"),
    Kind.PASS_TAKEN: (PassTaken("Mo"), "Mo takes an Initiative Pass"),
    Kind.POWER_SPENT: (PowerSpent("Mo", 2), "Mo spent 2 Power"),
    Kind.POWER_REGAINED: (PowerRegained("Mo", 1), "Mo regained 1 Power"),
    Kind.PLAYERS_SET: (PlayersSet(4), "4 players at the table (set by the storyteller)"),
    Kind.MOMENTUM_SPENT: (MomentumSpent(2, "a stunt"), "Morgan spent 2 Momentum on a stunt"),
    Kind.LEGEND_REGAINED: (LegendRegained("Mo", 1), "Mo regained 1 Legend"),
    Kind.TRACKER_STARTED: (TrackerStarted("Research", "extended", 10, ("Ana",)),
                           "extended action Research begins: Ana, 10 to reach"),
    Kind.INTERVALS_BOUGHT: (IntervalsBought("Heist", 1), "1 Interval(s) of Heist bought"),
    Kind.MILESTONES_AWARDED: (MilestonesAwarded("Heist", "Ana", 1),
                              "Ana is awarded 1 Milestone(s) of Heist"),
    Kind.SEAL_OPENED: (SealOpened(3, "ab" * 32), "Morgan opened seal 3"),
    Kind.SEAL_CLOSED: (SealClosed(3, "cd" * 32, 5), "Morgan closed seal 3 after 5 rolls"),
    Kind.SEAL_CONTRIBUTED: (SealContributed(3, "ef" * 16), "Morgan added to seal 3's dice"),
    Kind.TRACK_DEFINED: (TrackDefined("Mo", "Vitae", TrackKind.POINTS, 10),
                         "Mo keeps a new track Vitae (10 points)"),
    Kind.TRACK_REMOVED: (TrackRemoved("Mo", "Vitae"), "Mo's track Vitae is removed"),
    Kind.TRACK_CHANGED: (TrackChanged("Ana", "Willpower", Operation.SPEND, 1),
                         "Ana spent a Willpower point"),
    Kind.DEFAULT_TRACKS_SET: (DefaultTracksSet(False), "default tracks (Health, Willpower) off"),
    Kind.HOUSE_RULES_SET: (HouseRulesSet("9again"), "house rules: 9again"),
    Kind.DICE_TYPING_SET: (DiceTypingSet(True), "typing dice rolled by hand: "
                           "the storyteller's and the players'"),
    Kind.CHARACTER_TAKEN: (CharacterTaken("Pat", "Ana", ()), "Pat takes Ana"),
    Kind.CHARACTER_HANDED: (CharacterHanded("Ana", "Pat", None, ()), "Ana handed to Pat"),
    Kind.INVITATION_ISSUED: (InvitationIssued(), "a new invitation"),
    Kind.INVITATIONS_OFF: (InvitationsOff(), "invitations off: nobody new joins"),
    Kind.SEAT_REVOKED: (SeatRevoked("Pat", "Ana"), "Pat's seat revoked; Ana is free"),
    Kind.LINK_ISSUED: (LinkIssued("Pat", "player"), "a new player's seat: Pat"),
    Kind.STUNT_BOUGHT: (StuntBought(EventRef(seq=4), "Ana", "difficulty", 1, 1),
                        "Ana buys a Difficulty Stunt 1 with the stunt successes of event 4"),
    Kind.DRAWBACK_CARRIED: (DrawbackCarried(EventRef(seq=4), "Ana", "difficulty"),
                            "Ana's Drawback of event 4 carried: difficulty 1 on Ana's next roll"),
    Kind.CONFLICT_LOST: (ConflictLost("Mo", "social"), "Mo loses a social contest of the conflict"),
    Kind.CONFLICT_ENDED: (ConflictEnded(),
                          "the conflict ends: the contests lost in it count no more"),
    Kind.BOOSTED: (Boosted("Mo", "Strength", 2, "Potency"), "Mo's Strength +2 by Potency"),
    Kind.BOOST_ENDED: (BoostEnded("Mo", "Potency"), "Mo's boost of Potency ends"),
    Kind.DISCORD_LINKED: (DiscordTie(1, "Morgan", "42"),
                          "Morgan linked a Discord channel to the table"),
    Kind.DISCORD_JOINED: (DiscordTie(2, "Pat", "43"), "Pat plays from Discord"),
    Kind.DISCORD_MOVED: (DiscordTie(1, "Morgan", "42"),
                         "Morgan moved the Discord channel to another table"),
    Kind.WEBHOOK_SET: (WebhookSet(True),
                       "rolls and changes mirrored to a Discord channel from here on"),
}  # fmt: skip
"""An event of each kind and the sentence it is heard as (a new kind without one fails)."""


def test_every_kind_of_event_has_its_news() -> None:
    assert set(NEWS) == set(Kind), "a kind of event that a screen reader never hears of"
    assert set(EXAMPLES) == set(Kind), "a kind of event without an example of its sentence"


@pytest.mark.parametrize("kind", list(Kind))
def test_each_kind_of_event_is_one_short_sentence(kind: Kind) -> None:
    record, sentence = EXAMPLES[kind]
    said = heard(kind, record)
    assert said == sentence
    assert NEWS[kind](logged(kind, record)) == said  # the table and the catalogue agree
    assert "\n" not in said and len(said) <= 200


@pytest.mark.parametrize(
    ("operation", "track", "wound", "sentence"),
    [
        (Operation.DAMAGE, "Health", Wound.LETHAL, "Mo took 2 lethal damage"),
        (Operation.HEAL, "Health", Wound.BASHING, "Mo healed 2 bashing"),
        (Operation.HEAL, "Health", None, "Mo healed 2"),
        (Operation.SPEND, "Willpower", None, "Mo spent 2 Willpower points"),
        (Operation.GAIN, "Willpower", None, "Mo regained 2 Willpower points"),
        (Operation.SPEND, "Vitae", None, "Mo spent 2 Vitae"),
        (Operation.DAMAGE, "Sanity", Wound.BASHING, "Mo's Sanity took 2 bashing"),
        (Operation.SET_MAX, "Health", None, "Mo's Health now holds 2 at most"),
    ],
)
def test_a_tracks_change_is_heard_as_what_it_did(
    operation: Operation, track: str, wound: Wound | None, sentence: str
) -> None:
    assert heard(Kind.TRACK_CHANGED, TrackChanged("Mo", track, operation, 2, wound)) == sentence


def test_hubris_damage_says_what_made_it_less() -> None:
    mitigated = Damaged("Mo", 3, Wound.AGGRAVATED, resistant=True, mitigated=True)
    assert heard(Kind.DAMAGED, mitigated) == (
        "Mo took 2 resistant aggravated damage (3 dealt, one mitigated with Willpower)"
    )


# A track of boxes, in words


def test_a_track_of_boxes_is_read_as_words_by_its_wounds_names() -> None:
    boxes = ["aggravated", "lethal", "lethal", None, None, None, None]
    assert track_words("Health", boxes) == "Health 7: 1 aggravated, 2 lethal, 4 unhurt"
    assert track_words("Health", [None] * 7) == "Health 7: all unhurt"
    assert track_words("Sanity", ["bashing"] * 3) == "Sanity 3: 3 bashing"
    resistant = [True, False, False, False, False, False]
    boxes = ["lethal", "bashing", None, None, None, None]
    said = track_words("Health", boxes, resistant, resistant)
    assert (
        said == "Health 6: 1 lethal, 1 bashing, 4 unhurt; 1 resistant, 1 of them treatable by care"
    )
