"""What happened, in words: the one-line summary of each event of the log, and the look of
each die, shared by the terminal and the web table.

A summary is written from the event's data alone, so an old event reads the same whatever
the sheets say now. An event names the earlier events it acts on by their seq; one logged
before named them by the database's id, which a summary never shows: the reader puts those by
seq first (:mod:`dicepool.campaign.numbering`), else it says "an earlier event".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields as fields_of
from typing import Any

from dicepool.campaign.shown import UNSEALED_WORDS, unsealed
from dicepool.campaign.view import FOR_A_PLAYER
from dicepool.notation.packing import unpacked
from dicepool.sheet.events import Event, Kind
from dicepool.sheet.hubris.payloads import (
    Atoned,
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
from dicepool.sheet.hubris.willpower import duration_words
from dicepool.sheet.payloads import (
    BehindTheScreen,
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
    LinkIssued,
    MilestonesAwarded,
    Revealed,
    RollCounted,
    Rolled,
    RuleRoll,
    SealClosed,
    SealContributed,
    SealOpened,
    SeatRevoked,
    TrackerStarted,
    Undone,
    WebhookSet,
    behind_the_screen,
)
from dicepool.sheet.play import typists
from dicepool.sheet.roll_willpower import WillpowerOnRoll
from dicepool.sheet.storypath.momentum import Consolation
from dicepool.sheet.storypath.payloads import (
    AdvantageUsed,
    CarriedKey,
    CarriedUsed,
    Consoled,
    DrawbackCarried,
    DrawbackNamed,
    FeatInvoked,
    LegendRegained,
    MomentumDice,
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
from dicepool.sheet.tracks import TrackKind
from dicepool.sheet.tracks_play import DefaultTracksSet, TrackChanged, TrackDefined, TrackRemoved


def clip(text: str, most: int) -> str:
    """``text`` cut in the middle to at most ``most`` characters (``...`` marks the cut)."""
    if len(text) <= most:
        return text
    tail = most // 3
    return f"{text[: most - tail - 3]}...{text[len(text) - tail :]}"


def players_words(players: int | None) -> str:
    """What a ``players-set`` said: ``4 players at the table``, or that the Momentum pool
    follows the seated players again (None)."""
    if players is None:
        return "players at the table: the seated players (the Momentum pool follows the seats)"
    return f"{players} player{'' if players == 1 else 's'} at the table (set by the storyteller)"


def rolls_words(count: int) -> str:
    """``1 roll``, ``3 rolls``."""
    return f"{count} roll{'' if count == 1 else 's'}"


def count_words(name: str, value: int) -> str:
    """``3 successes``, ``1 success``, ``1 threshold success``: a count as words."""
    words = name.replace("_", " ")
    if value == 1:
        for plural, single in (("successes", "success"), ("hits", "hit"), ("ones", "one")):
            if words.endswith(plural):
                words = words[: -len(plural)] + single
        words = words.replace("complications ", "complication ")
        words = words.replace("hits left", "hit left")
    return f"{value} {words}"


JUDGED = ("net_hits", "hits_left", "successes", "hits")


def _counted(result: Mapping[str, Any]) -> str:
    """A logged roll's judged count in words (``2 successes``), or "" if it has none."""
    count = next((n for n in JUDGED if n in result), None)
    return count_words(count, int(result[count])) if count else ""


def roll_counts(result: Mapping[str, Any]) -> str:
    """``2 successes (Success)``: a logged roll's judged count and its label."""
    counted = _counted(result)
    label = result.get("label", "")
    return f"{counted} ({label})" if counted and label else counted or label


def roll_marks(data: Mapping[str, Any]) -> list[str]:
    """What sets a logged roll apart from the table's own dice openly rolled, as the log marks
    it everywhere it is shown: ``hidden`` (the storyteller's secret roll), ``typed`` (faces
    typed by hand), ``seeded`` (a seeded generator's)."""
    drawn = Drawn.of(data)
    marks = ["hidden"] if data.get("hidden") else []
    return marks + ["typed"] * drawn.typed + ["seeded"] * drawn.seeded


def roll_summary(data: Mapping[str, Any]) -> str:
    """A roll: who, the line, its numbers and what came of it."""
    rolled = Rolled.of(data)
    roller = rolled.roller
    who = f"{roller}: " if roller and ":" not in rolled.line.split("#")[0] else ""
    result = rolled.result
    if "winner" in result:
        verdict = contest_verdict(rolled)
        came = f"{_judged(result['attacker'])} vs {_judged(result['defender'])}, {verdict}"
    else:
        came = roll_counts(result)
    came += effects_words(rolled.effects)
    return f"{who}{rolled.line}  [{rolled.numbers}]  {came}"


def contest_sides(rolled: Rolled) -> tuple[str, str]:
    """A contest's two sides by name, as every edge says them: each side's roller (``Ana:
    Dexterity + Stealth vs Guard: Wits + Composure``), or "the attacker" / "the defender"
    where a side names none."""
    rollers = [*rolled.rollers, None, None]
    return rollers[0] or "the attacker", rollers[1] or "the defender"


def contest_verdict(rolled: Rolled) -> str:
    """Who won a contest, by name: ``Ana wins by 2``, ``a tie``, ``the attacker wins by 2``
    where the side names no one; ``Ana wins the tie`` where equal totals go to a side (the
    line's ``ties attacker``)."""
    result = rolled.result
    winner = result["winner"]
    if winner == "tie":
        return "a tie"
    attacker, defender = contest_sides(rolled)
    named = attacker if winner == "attacker" else defender
    margin = int(result["margin"])
    return f"{named} wins the tie" if margin == 0 else f"{named} wins by {margin}"


def _judged(result: Mapping[str, Any]) -> str:
    return _counted(result) or str(result.get("label", ""))


def _rolls(rolls: Sequence[RuleRoll]) -> str:
    """The rolls a rule made: ``; Ana rolls Stamina: 0 successes (Failure)``."""
    return "".join(f"; {r.character} rolls {r.purpose}: {roll_counts(r.roll)}" for r in rolls)


Data = Mapping[str, Any]


def _about(record: Callable[[Data], Any], words: str) -> Callable[[Data], str]:
    """A summary naming the character, then ``words`` (formatted with the record's fields),
    then the rolls its rule made."""

    def said(data: Data) -> str:
        found = record(data)
        fields = {f.name: getattr(found, f.name) for f in fields_of(found)}
        return f"{found.character} {words.format(**fields)}{_rolls(fields.get('rolls', ()))}"

    return said


def _damaged(data: Data) -> str:
    dealt = Damaged.of(data)
    resistant = " (resistant, treatable)" if dealt.treatable else ""
    resistant = resistant or (" (resistant)" if dealt.resistant else "")
    mitigated = f" of {dealt.points}, one mitigated with Willpower" if dealt.mitigated else ""
    return f"{dealt.character} takes {dealt.dealt} {dealt.wound!s}{resistant}{mitigated}"


def _healed(data: Data) -> str:
    healed = Healed.of(data)
    kind = f" {healed.wound!s}" if healed.wound is not None else ""
    down = healed.downgraded
    wounds = f"{down} resistant wound{'s' if down > 1 else ''} a step down"
    if down == healed.points:
        return f"care takes {healed.character}'s {wounds}"
    if down:
        return f"{healed.character} heals {healed.points - down}{kind}; care takes {wounds}"
    return f"{healed.character} heals {healed.points}{kind}"


def _nature(data: Data) -> str:
    nature = NatureSet.of(data)
    what = f"supernatural (power trait {nature.trait})" if nature.trait else "mortal"
    return f"{nature.character} is {what}"


def _edge_spent(data: Data) -> str:
    spent = EdgeSpent.of(data)
    use = " on an escape" if spent.use is EdgeUse.ESCAPE else ""
    purpose = f": {spent.purpose}" if spent.purpose else ""
    return f"{spent.character} spends Edge{use}{purpose}"


def _rerolled(data: Data) -> str:
    again = Rerolled.of(data)
    misses = f"{again.misses} {'miss' if again.misses == 1 else 'misses'}"
    who = f"{again.character} rerolls {misses}"
    return f"second chance on {again.event.words()}: {who}, {roll_counts(again.result)}"


def _pass_taken(data: Data) -> str:
    taken = PassTaken.of(data)
    return f"{taken.character} takes an Initiative Pass" + (" for Edge" if taken.edge else "")


def _power(data: Data, regained: bool) -> str:
    power = (PowerRegained if regained else PowerSpent).of(data)
    return f"{power.character} {'regains' if regained else 'spends'} {power.points} Power"


def _track_defined(data: Data) -> str:
    made = TrackDefined.of(data)
    size = (
        f"({made.max} points)" if made.kind is TrackKind.POINTS else f"({made.max} boxes of damage)"
    )
    return f"{made.character} keeps a new track {made.track} {size}"


def _track_removed(data: Data) -> str:
    gone = TrackRemoved.of(data)
    return f"{gone.character}'s track {gone.track} is removed"


def _track_changed(data: Data) -> str:
    changed = TrackChanged.of(data)
    who, track, points = changed.character, changed.track, changed.points
    wound = f" {changed.wound!s}" if changed.wound is not None else ""
    return {
        "spend": f"{who} spends {points} {track}",
        "gain": f"{who} gains {points} {track}",
        "damage": f"{who}'s {track} takes {points}{wound}",
        "heal": f"{who}'s {track} heals {points}{wound}",
        "set-max": f"{who}'s {track} now holds {points} at most",
    }.get(changed.operation.value, f"{who}'s {track}: {changed.operation.value} {points}")


def _default_tracks(data: Data) -> str:
    on = DefaultTracksSet.of(data).on
    return f"default tracks (Health, Willpower) {'on' if on else 'off'}"


TRACK_SUMMARIES: dict[Kind, Callable[[Data], str]] = {
    Kind.TRACK_DEFINED: _track_defined,
    Kind.TRACK_REMOVED: _track_removed,
    Kind.TRACK_CHANGED: _track_changed,
    Kind.DEFAULT_TRACKS_SET: _default_tracks,
}
"""A line for each event of the named tracks, from its record."""


def _boosted(data: Data) -> str:
    boost = Boosted.of(data)
    until = " for the scene" if boost.scene else ""
    spent = f" ({boost.power} Power spent)" if boost.power else ""
    return f"{boost.character}'s {boost.trait} +{boost.dots} by {boost.source}{until}{spent}"


def _boost_ended(data: Data) -> str:
    ended = BoostEnded.of(data)
    on = f" on {ended.trait}" if ended.trait else ""
    return f"{ended.character}'s boost of {ended.source}{on} ends"


SUNDOWN_SUMMARIES: dict[Kind, Callable[[Data], str]] = {
    Kind.EDGE_SPENT: _edge_spent,
    Kind.REROLLED: _rerolled,
    Kind.PASS_TAKEN: _pass_taken,
    Kind.POWER_SPENT: lambda d: _power(d, regained=False),
    Kind.POWER_REGAINED: lambda d: _power(d, regained=True),
    Kind.BOOSTED: _boosted,
    Kind.BOOST_ENDED: _boost_ended,
}
"""A line for each of After Sundown's events (Edge, passes, Power), from its record."""


def _boundary(data: Data) -> str:
    begun = BoundaryBegun.of(data)
    return f"a new {begun.unit}{_rolls(begun.rolls)}"


def _seal_opened(data: Data) -> str:
    opened = SealOpened.of(data)
    return f"opened seal {opened.seal} (commitment {opened.commitment[:16]}…)"


def _seal_contributed(data: Data) -> str:
    given = SealContributed.of(data)
    return f"added to seal {given.seal}'s dice ({given.contribution[:16]}…)"


def _seal_closed(data: Data) -> str:
    closed = SealClosed.of(data)
    return (
        f"closed seal {closed.seal} after {rolls_words(closed.rolls)}: "
        "its seed is out, its rolls can be checked"
    )


def _clock(data: Data) -> str:
    passed = ClockAdvanced.of(data)
    begun = f" (a new {passed.begins})" if passed.begins else ""
    return f"story time passes: {passed.duration}{begun}{_rolls(passed.rolls)}"


def _rested(data: Data) -> str:
    rest = Rested.of(data)
    night = "" if rest.minutes is None else f" ({duration_words(rest.minutes)})"
    return f"{rest.character} rests{night}{_rolls(rest.rolls)}"


def _momentum_spent(data: Data) -> str:
    spent = MomentumSpent.of(data)
    return f"{spent.points} Momentum spent" + (f" on {spent.purpose}" if spent.purpose else "")


def _legend(data: Data) -> str:
    regained = LegendRegained.of(data)
    return f"{regained.character} regains {regained.points} Legend"


def _tracker_started(data: Data) -> str:
    started = TrackerStarted.of(data)
    within = f" in {started.limit}" if started.limit else ""
    return (
        f"{started.kind} action {started.name} begins: {' vs '.join(started.sides)}, "
        f"{started.target} to reach{within}"
    )


def _intervals(data: Data) -> str:
    bought = IntervalsBought.of(data)
    return f"{bought.intervals} Interval(s) of {bought.tracker} bought"


def _milestones(data: Data) -> str:
    awarded = MilestonesAwarded.of(data)
    return f"{awarded.character} is awarded {awarded.milestones} Milestone(s) of {awarded.tracker}"


def _stunt(data: Data) -> str:
    bought = StuntBought.of(data)
    on = f" on {bought.adversary}" if bought.adversary else ""
    said = f": {bought.what}" if bought.what else ""
    return (
        f"{bought.character} buys a {bought.effect.title()} Stunt {bought.level}{on} with the "
        f"stunt successes of {bought.event.words()}{said}"
    )


def _drawback(data: Data) -> str:
    carried = DrawbackCarried.of(data)
    whose = carried.antagonist or carried.character
    return (
        f"{carried.character}'s Drawback of {carried.event.words()} carried: "
        f"{carried.effect} {carried.level} on {whose}'s next roll"
    )


def _revealed(data: Data) -> str:
    shown = Revealed.of(data).event
    return f"revealed hidden roll {shown.seq}" if shown.seq else "revealed an earlier hidden roll"


STATE_SUMMARIES: dict[Kind, Callable[[Data], str]] = {
    Kind.BOUNDARY_BEGUN: _boundary,
    Kind.REVEALED: _revealed,
    Kind.SEAL_OPENED: _seal_opened,
    Kind.SEAL_CLOSED: _seal_closed,
    Kind.SEAL_CONTRIBUTED: _seal_contributed,
    Kind.CLOCK_ADVANCED: _clock,
    Kind.DAMAGED: _damaged,
    Kind.HEALED: _healed,
    Kind.STABILIZED: _about(Stabilized.of, "is stabilized"),
    Kind.MITIGATED: _about(Mitigated.of, "spends Willpower to mitigate harm"),
    Kind.RESTED: _rested,
    Kind.VICE: _about(Vice.of, "pursues their Vice"),
    Kind.VIRTUE: _about(Virtue.of, "risks themselves for their Virtue"),
    Kind.INTIMACY_ROLLED: _about(IntimacyRolled.of, "defends {intimacy}"),
    Kind.SINNED: _about(Sinned.of, "sins (rated {rating}): {what}"),
    Kind.DEGENERATED: _about(Degenerated.of, "degenerates"),
    Kind.ATONED: _about(Atoned.of, "atones"),
    Kind.INTIMACY_ADDED: _about(IntimacyAdded.of, "holds a new Intimacy: {intimacy}"),
    Kind.INTIMACY_REMOVED: _about(IntimacyRemoved.of, "lets go of an Intimacy: {intimacy}"),
    Kind.SOUL_LOST: _about(SoulLost.of, "loses their soul"),
    Kind.SOUL_RESTORED: _about(SoulRestored.of, "has their soul restored"),
    Kind.WILLPOWER_LOST: _about(WillpowerLost.of, "loses {dots} Willpower dot(s)"),
    Kind.NATURE_SET: _nature,
    **SUNDOWN_SUMMARIES,
    **TRACK_SUMMARIES,
    Kind.PLAYERS_SET: lambda d: players_words(PlayersSet.of(d).players),
    Kind.HOUSE_RULES_SET: lambda d: f"house rules: {HouseRulesSet.of(d).house_rules or 'none'}",
    Kind.DICE_TYPING_SET: lambda d: (
        f"typing dice rolled by hand: {typists(DiceTypingSet.of(d).players)}"
    ),
    Kind.MOMENTUM_SPENT: _momentum_spent,
    Kind.LEGEND_REGAINED: _legend,
    Kind.TRACKER_STARTED: _tracker_started,
    Kind.INTERVALS_BOUGHT: _intervals,
    Kind.MILESTONES_AWARDED: _milestones,
    Kind.STUNT_BOUGHT: _stunt,
    Kind.DRAWBACK_CARRIED: _drawback,
    Kind.CONFLICT_LOST: _about(ConflictLost.of, "loses a {arena} contest of the conflict"),
    Kind.CONFLICT_ENDED: lambda _d: "the conflict ends: the contests lost in it count no more",
}
"""A line for each state rule's event, from its record."""


def _taken(data: Data) -> str:
    taken = CharacterTaken.of(data)
    return f"{taken.seat} takes {taken.character}"


def _handed(data: Data) -> str:
    handed = CharacterHanded.of(data)
    if handed.seat is None:
        return f"{handed.character} taken back from {handed.held_by}"
    moved = f" (from {handed.held_by})" if handed.held_by else ""
    return f"{handed.character} handed to {handed.seat}{moved}"


def _invitation(data: Data) -> str:
    ends = InvitationIssued.of(data).ends
    return "a new invitation" + (" (the old one no longer works)" if ends else "")


def _revoked(data: Data) -> str:
    revoked = SeatRevoked.of(data)
    free = f"; {revoked.character} is free" if revoked.character else ""
    return f"{revoked.seat}'s seat revoked{free}"


def _link(data: Data) -> str:
    link = LinkIssued.of(data)
    if link.reseated:
        return f"{link.seat} seated again with a new link"
    if not link.ends:
        return f"a new {link.role}'s seat: {link.seat}"
    return f"a new link for {link.seat} (the old one no longer works)"


SEAT_SUMMARIES: dict[Kind, Callable[[Data], str]] = {
    Kind.CHARACTER_TAKEN: _taken,
    Kind.CHARACTER_HANDED: _handed,
    Kind.INVITATION_ISSUED: _invitation,
    Kind.INVITATIONS_OFF: lambda _d: "invitations off: nobody new joins",
    Kind.SEAT_REVOKED: _revoked,
    Kind.LINK_ISSUED: _link,
}
"""A line for each event of the table's seats, from its record."""


def _webhook(data: Data) -> str:
    record = WebhookSet.of(data)
    if record.on:
        return "rolls and changes mirrored to a Discord channel from here on"
    return "no longer mirrored to Discord" + (f": {record.reason}" if record.reason else "")


DISCORD_SUMMARIES: dict[Kind, Callable[[Data], str]] = {
    Kind.DISCORD_LINKED: lambda d: f"{DiscordTie.of(d).seat} linked a Discord channel to the table",
    Kind.DISCORD_JOINED: lambda d: f"{DiscordTie.of(d).seat} plays from Discord",
    Kind.DISCORD_MOVED: lambda d: (
        f"{DiscordTie.of(d).seat} moved the Discord channel to another table"
    ),
    Kind.WEBHOOK_SET: _webhook,
}
"""A line for each event of the table on Discord."""


def summary(event: Event, target: Event | None = None) -> str:
    """What an event did, in one line (an undo names what it undid, or restored); an event
    whose dice no seal drew and no one typed says so (:func:`~dicepool.campaign.shown.unsealed`),
    wherever it is shown."""
    said = _summary(event, target)  # the mark first: a long line cut to fit keeps it
    return f"[{UNSEALED_WORDS}] {said}" if unsealed(event.kind.value, event.data) else said


def _summary(event: Event, target: Event | None) -> str:
    data = event.data
    if event.kind in STATE_SUMMARIES:
        return STATE_SUMMARIES[event.kind](data)
    if event.kind in SEAT_SUMMARIES:
        return SEAT_SUMMARIES[event.kind](data)
    if event.kind in DISCORD_SUMMARIES:
        return DISCORD_SUMMARIES[event.kind](data)
    if event.kind is Kind.ROLLED and behind_the_screen(data):
        seal = BehindTheScreen.of(data).seal
        return f"rolled in secret (roll {seal.roll_no} of seal {seal.seal})"
    if event.kind is Kind.ROLLED:
        return roll_summary(data)
    if event.kind is Kind.CHARACTER_CHANGED:
        return changed_summary(data)
    if event.kind is Kind.CHARACTER_CREATED:
        sheet = CharacterCreated.of(data).character
        held = sheet.get("player")
        player = f" (player {held})" if held and held != FOR_A_PLAYER else ""
        player = " (for a player to take)" if held == FOR_A_PLAYER else player
        return f"created {sheet['name']}{player}"
    if event.kind is Kind.CAMPAIGN_CREATED:
        made = CampaignCreated.of(data)
        extra = f", house rules: {made.house_rules}" if made.house_rules else ""
        return f"created campaign {made.name} ({made.system}{extra})"
    if event.kind is Kind.UNDONE:
        return undo_summary(event, target)
    return f"{event.kind.value}: " + ", ".join(f"{k} {v}" for k, v in data.items())


def changed_summary(data: Mapping[str, Any]) -> str:
    """``changed Ana: Stealth+=1; added Dex=2; notes "Owes Bo a favour"``."""
    changed = CharacterChanged.of(data)
    parts = [", ".join(str(c) for c in changed.changes)]
    if changed.added:
        parts.append("added " + ", ".join(str(c) for c in changed.added))
    if changed.notes is not None:
        notes = " ".join(changed.notes.split())
        parts.append(f'notes "{clip(notes, 60)}"' if notes else "notes cleared")
    return f"changed {changed.character}: " + "; ".join(p for p in parts if p)


def undo_summary(event: Event, target: Event | None) -> str:
    """``undid event 5 (rolled: ...)``, or ``restored event 5 (undid undo 6)``."""
    named = Undone.of(event.data).event
    if target is not None and target.kind is Kind.UNDONE:
        restored = Undone.of(target.data).event
        return f"restored {restored.words()} (undid {named.words('undo')})"
    about = f" ({target.kind}: {clip(summary(target), 60)})" if target is not None else ""
    return f"undid {named.words()}{about}"


def effects_words(effects: Mapping[str, Any]) -> str:
    """A roll's Willpower, storypath, tracker and conflict effects, short, for its line in the
    log ("" for none)."""
    words = []
    if "willpower" in effects:  # hubris's (ruling 14), chronicles' and classic's (ruling 23)
        spent = " and ".join(WillpowerOnRoll.of(effects["willpower"]).names)
        words.append(f"Willpower point spent by {spent}")
    if "momentum" in effects:
        words.append(f"{MomentumDice.of(effects['momentum']).points} Momentum spent")
    if "feat" in effects:
        words.append(f"Feat of Scale ({FeatInvoked.of(effects['feat']).within})")
    if "advantage" in effects:
        used = AdvantageUsed.of(effects["advantage"])
        words.append(f"Advantage of {used.earned_by.words()} used")
    if "consolation" in effects:
        given = Consoled.of(effects["consolation"])
        if given.choice == Consolation.MOMENTUM:
            lost = f" ({given.lost} lost: the pool could not hold it)" if given.lost else ""
            words.append(f"Consolation {given.points} Momentum{lost}")
        else:
            words.append(f"Consolation: {Consolation(given.choice).label}")
    if "drawback" in effects:
        words.append(f"Drawback: {DrawbackNamed.of(effects['drawback']).text}")
    if "carried" in effects:
        words.extend(carried_words(key) for key in CarriedUsed.of(effects["carried"]).used)
    if "conflict" in effects:
        loser = ConflictLost.of(effects["conflict"])
        words.append(f"{loser.character} loses a {loser.arena} contest of the conflict")
    if "tracker" in effects:
        words.append(f"counts toward {RollCounted.of(effects['tracker']).name}")
    return f"; {', '.join(words)}" if words else ""


def carried_words(key: CarriedKey) -> str:
    """A Stunt or Drawback a roll took (its key): ``Difficulty Stunt 1 of event 12 taken``."""
    source, effect, level, _holder, roll = key
    what = f"{effect.title()} Stunt" if source == "stunt" else f"Drawback's {effect}"
    return f"{what} {level} of {roll.words()} taken"


def die_look(die: Mapping[str, Any]) -> tuple[str, str]:
    """A die of a roll's record (``Die.to_dict``) as its text and its look, for every screen.

    The text is the face with marks that survive without colour: ``10!`` added a die, ``10x2``
    counts twice. The look is ``gone`` (``[3]``: rerolled, or in a roll not kept or not
    applied; a rerolled chance die whose roll was kept still shows its 1: it is the dramatic
    failure), ``cancelled`` (``(7)``: a success cancelled by a one or removed by a threshold),
    ``success``, ``one``, or ``plain``.
    """
    events = die["events"]
    text = str(die["face"]) + ("x2" if die["successes"] > 1 else "")
    text += "!" if "exploded" in events else ""
    if "discarded" in events or ("rerolled" in events and "one" not in events):
        return f"[{text}]", "gone"
    if die["successes"] and die["standing"] == 0:
        return f"({text})", "cancelled"
    if die["standing"]:
        return text, "success"
    return text, "one" if "one" in events else "plain"


ROLLER_WORDS = {"storypath": "assist", "hubris": "team"}
"""What a system calls a roller other than the main one, as its roll line writes them."""


def dice_groups(
    system: str, dice: Sequence[Mapping[str, Any]] | Mapping[str, Any]
) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """A roll's dice (as its record holds them: a list, or packed) grouped by roller and by
    how they came to be rolled, in the order read.

    The main roller's groups are ``rolled``, ``exploded``...; another roller's are prefixed
    with the system's word and their number in the order written: a storypath assistant's
    ``assist 1 rolled``, ``assist 1 exploded``, a hubris team member's ``team 1 rolled``.
    """
    word = ROLLER_WORDS.get(system, "roller")
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for die in unpacked(dice):
        name = die["origin"]
        if die["roll"] and die["origin"] != "rerolled":
            name = f"{name} (reroll)"
        if die["roller"]:
            name = f"{word} {die['roller']} {name}"
        groups.setdefault(name, []).append(die)
    return list(groups.items())
