"""The table in words a screen reader speaks: each entry of the log as news, one short
sentence (who, what, result), and a track of boxes read as words.

The page's live region reads the sentence of each entry new to the page, written here once
for every kind of event (:data:`NEWS`; a test fails for a kind without one). A seat hears
only what its log shows it: a player hears of the storyteller's hidden roll that it took place
(:data:`IN_SECRET`) until it is revealed, and of the rest of their private work one sentence
that never varies (:data:`BEHIND_THE_SCREEN`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dicepool.campaign.shown import UNSEALED_WORDS, unsealed
from dicepool.campaign.summaries import (
    contest_sides,
    contest_verdict,
    effects_words,
    roll_counts,
    summary,
)
from dicepool.campaign.table import SeenEvent
from dicepool.sheet.events import Event, Kind
from dicepool.sheet.hubris.payloads import Damaged, Healed, Mitigated
from dicepool.sheet.payloads import (
    Revealed,
    RollCounted,
    Rolled,
    SealClosed,
    SealContributed,
    SealOpened,
    Undone,
)
from dicepool.sheet.refs import EventRef
from dicepool.sheet.roll_willpower import WillpowerOnRoll
from dicepool.sheet.storypath.payloads import LegendRegained, MomentumSpent
from dicepool.sheet.sundown.payloads import PowerRegained, PowerSpent
from dicepool.sheet.tracks import Operation
from dicepool.sheet.tracks_play import TrackChanged

IN_SECRET = "the storyteller rolled in secret"
"""What a player hears of a hidden roll before it is revealed: nothing of its dice."""

BEHIND_THE_SCREEN = "the storyteller worked behind the screen"
"""What a player hears of the rest of the storyteller's private work, whatever it is."""

Page = Mapping[int, SeenEvent]
"""The entries a seat's log shows, by seq: where an undo or a reveal finds what it names."""


def news(seen: SeenEvent, page: Page | None = None, restores: Event | None = None) -> str:
    """``seen`` as news, in one sentence, as its seat sees it.

    Args:
        page: the seat's entries by seq; an undo or a reveal names what it acts on when it is
            there ("the storyteller undid #14 (Mo took 2 lethal damage)").
        restores: for a restore, the undo it strikes.
    """
    if seen.concealed:
        return BEHIND_THE_SCREEN
    event = seen.event
    if event.kind is Kind.ROLLED:
        return IN_SECRET if seen.roll is None else roll_news(event, secret=not seen.revealed)
    if event.kind is Kind.UNDONE:
        return _undo_news(event, page or {}, restores)
    if event.kind is Kind.REVEALED:
        return _reveal_news(event, page or {})
    return NEWS[event.kind](event)


def roll_news(event: Event, secret: bool = True) -> str:
    """A whole roll: ``Ana rolled Dexterity + Stealth: 3 successes (Success)``, a contest
    ``Ana vs Guard: Ana wins by 2``, then what the roll spent or counted toward; a hidden
    roll the seat sees whole (the storyteller's) says ``in secret`` while ``secret``."""
    rolled = Rolled.of(event.data)
    hidden = " in secret" if rolled.hidden and secret else ""
    if "winner" in rolled.result:
        attacker, defender = contest_sides(rolled)
        if any(rolled.rollers):
            said = f"{attacker} vs {defender}{hidden}: {contest_verdict(rolled)}"
        else:
            said = f"{event.actor} rolled {_typed(rolled)}{hidden}: {contest_verdict(rolled)}"
    else:
        came = roll_counts(rolled.result)
        who = rolled.roller or event.actor
        said = f"{who} rolled {_typed(rolled)}{hidden}" + (f": {came}" if came else "")
    said += _effects_news(rolled.effects, str(rolled.result.get("system", "")))
    mark = f"{UNSEALED_WORDS}: " if unsealed(event.kind.value, event.data) else ""
    return mark + said


def _typed(rolled: Rolled) -> str:
    """The line as typed, without its comment or its roller's name before a colon."""
    typed = rolled.line.split("#", 1)[0].strip() if rolled.comment else rolled.line
    roller = rolled.roller
    if roller and "winner" not in rolled.result:
        typed = re.sub(rf"^\s*{re.escape(roller)}\s*:\s*", "", typed, flags=re.IGNORECASE)
    return typed


def _effects_news(effects: Mapping[str, Mapping[str, Any]], system: str) -> str:
    """What a roll spent or counted toward: ``; Ana spent a Willpower point``."""
    said = []
    rest = dict(effects)
    if "willpower" in rest:
        names = WillpowerOnRoll.of(rest.pop("willpower")).names
        each = " each" if len(names) > 1 else ""
        said.append(f"{' and '.join(names)}{each} spent a Willpower point")
    if "tracker" in rest:
        said.append(progress_words(RollCounted.of(rest.pop("tracker")), system))
    others = effects_words(rest)
    if others:
        said.append(others.removeprefix("; "))
    return "".join(f"; {s}" for s in said)


def progress_words(counted: RollCounted, system: str) -> str:
    """Where a roll left the action it counted toward: ``Ana's extended action Research: 7
    of 10 successes`` (a storypath Complex Action counts Milestones); a roll logged before
    the count was kept, only which action it counted toward."""
    if counted.progress is None or counted.target is None:
        return f"counts toward {counted.name}"
    so_far = f"{counted.progress} of {counted.target}"
    if system == "storypath":
        return f"{counted.name}: {so_far} Milestones"
    return f"{counted.character}'s extended action {counted.name}: {so_far} successes"


def _named(ref: EventRef) -> str:
    """``#14``: an event named as the log shows its number."""
    return f"#{ref.seq}" if ref.seq else ref.words()


def _about(found: SeenEvent | None) -> str:
    """`` (Mo took 2 lethal damage)``: what an undo or a reveal names, when at hand."""
    return f" ({news(found)})" if found is not None else ""


def _undo_news(event: Event, page: Page, restores: Event | None) -> str:
    """``the storyteller undid #14 (Mo took 2 lethal damage)``, or restored it."""
    if restores is not None:
        back = Undone.of(restores.data).event
        return f"the storyteller restored {_named(back)}{_about(page.get(back.seq))}"
    struck = Undone.of(event.data).event
    return f"the storyteller undid {_named(struck)}{_about(page.get(struck.seq))}"


def _reveal_news(event: Event, page: Page) -> str:
    """``the storyteller revealed roll #12: Mo rolled ...``: the roll, heard now."""
    shown = Revealed.of(event.data).event
    found = page.get(shown.seq)
    head = f"the storyteller revealed roll {_named(shown)}"
    if found is None or found.roll is None:
        return head
    return f"{head}: {roll_news(found.event, secret=False)}"


def _points(points: int, track: str) -> str:
    """``a Willpower point``, ``2 Willpower points``, ``3 Vitae``."""
    if track.lower() == "willpower":
        return "a Willpower point" if points == 1 else f"{points} Willpower points"
    return f"{points} {track}"


def _track_changed(event: Event) -> str:
    """A named track changed: a wound, healing, a point spent or regained."""
    changed = TrackChanged.of(event.data)
    who, track, points = changed.character, changed.track, changed.points
    wound = f" {changed.wound!s}" if changed.wound is not None else ""
    health = track.lower() == "health"
    match changed.operation:
        case Operation.SPEND:
            return f"{who} spent {_points(points, track)}"
        case Operation.GAIN:
            return f"{who} regained {_points(points, track)}"
        case Operation.DAMAGE if health:
            return f"{who} took {points}{wound} damage"
        case Operation.DAMAGE:
            return f"{who}'s {track} took {points}{wound}"
        case Operation.HEAL if health:
            return f"{who} healed {points}{wound}"
        case Operation.HEAL:
            return f"{who}'s {track} healed {points}{wound}"
    return summary(event)


def _damaged(event: Event) -> str:
    """``Mo took 2 lethal damage``, with what made it resistant or less."""
    dealt = Damaged.of(event.data)
    kind = "resistant " if dealt.resistant else ""
    less = f" ({dealt.points} dealt, one mitigated with Willpower)" if dealt.mitigated else ""
    return f"{dealt.character} took {dealt.dealt} {kind}{dealt.wound!s} damage{less}"


def _healed(event: Event) -> str:
    """``Mo healed 2 lethal``; care taking resistant wounds a step down said so."""
    healed = Healed.of(event.data)
    kind = f" {healed.wound!s}" if healed.wound is not None else ""
    down = healed.downgraded
    if not down:
        return f"{healed.character} healed {healed.points}{kind}"
    return summary(event)  # care's words, as the log has them


def _by_actor(event: Event) -> str:
    """The log's line with who did it first: ``Morgan created Ana``."""
    return f"{event.actor} {summary(event)}".strip()


def _said(event: Event) -> str:
    """The log's line, which names who it is about."""
    return summary(event)


def _seal_opened(event: Event) -> str:
    return f"{event.actor} opened seal {SealOpened.of(event.data).seal}".strip()


def _seal_closed(event: Event) -> str:
    closed = SealClosed.of(event.data)
    rolls = f"{closed.rolls} roll{'' if closed.rolls == 1 else 's'}"
    return f"{event.actor} closed seal {closed.seal} after {rolls}".strip()


def _seal_contributed(event: Event) -> str:
    return f"{event.actor} added to seal {SealContributed.of(event.data).seal}'s dice".strip()


def _power(event: Event) -> str:
    power = (PowerSpent if event.kind is Kind.POWER_SPENT else PowerRegained).of(event.data)
    verb = "spent" if event.kind is Kind.POWER_SPENT else "regained"
    return f"{power.character} {verb} {power.points} Power"


def _momentum(event: Event) -> str:
    spent = MomentumSpent.of(event.data)
    on = f" on {spent.purpose}" if spent.purpose else ""
    return f"{event.actor} spent {spent.points} Momentum{on}".strip()


def _legend(event: Event) -> str:
    regained = LegendRegained.of(event.data)
    return f"{regained.character} regained {regained.points} Legend"


def _mitigated(event: Event) -> str:
    return f"{Mitigated.of(event.data).character} spent Willpower to mitigate harm"


def _needs_its_page(event: Event) -> str:
    """Undos, reveals and rolls are said by :func:`news`, which has the seat's view of them."""
    return news(SeenEvent(event))


NEWS: dict[Kind, Callable[[Event], str]] = {
    Kind.CAMPAIGN_CREATED: _by_actor,
    Kind.CHARACTER_CREATED: _by_actor,
    Kind.CHARACTER_CHANGED: _by_actor,
    Kind.ROLLED: _needs_its_page,
    Kind.UNDONE: _needs_its_page,
    Kind.REVEALED: _needs_its_page,
    Kind.BOUNDARY_BEGUN: _said,
    Kind.CLOCK_ADVANCED: _said,
    Kind.DAMAGED: _damaged,
    Kind.HEALED: _healed,
    Kind.STABILIZED: _said,
    Kind.MITIGATED: _mitigated,
    Kind.RESTED: _said,
    Kind.VICE: _said,
    Kind.VIRTUE: _said,
    Kind.INTIMACY_ROLLED: _said,
    Kind.SINNED: _said,
    Kind.DEGENERATED: _said,
    Kind.ATONED: _said,
    Kind.INTIMACY_ADDED: _said,
    Kind.INTIMACY_REMOVED: _said,
    Kind.SOUL_LOST: _said,
    Kind.SOUL_RESTORED: _said,
    Kind.WILLPOWER_LOST: _said,
    Kind.NATURE_SET: _said,
    Kind.EDGE_SPENT: _said,
    Kind.REROLLED: _said,
    Kind.PASS_TAKEN: _said,
    Kind.POWER_SPENT: _power,
    Kind.POWER_REGAINED: _power,
    Kind.PLAYERS_SET: _said,
    Kind.MOMENTUM_SPENT: _momentum,
    Kind.LEGEND_REGAINED: _legend,
    Kind.TRACKER_STARTED: _said,
    Kind.INTERVALS_BOUGHT: _said,
    Kind.MILESTONES_AWARDED: _said,
    Kind.SEAL_OPENED: _seal_opened,
    Kind.SEAL_CLOSED: _seal_closed,
    Kind.SEAL_CONTRIBUTED: _seal_contributed,
    Kind.TRACK_DEFINED: _said,
    Kind.TRACK_REMOVED: _said,
    Kind.TRACK_CHANGED: _track_changed,
    Kind.DEFAULT_TRACKS_SET: _said,
    Kind.HOUSE_RULES_SET: _said,
    Kind.DICE_TYPING_SET: _said,
    Kind.CHARACTER_TAKEN: _said,
    Kind.CHARACTER_HANDED: _said,
    Kind.INVITATION_ISSUED: _said,
    Kind.INVITATIONS_OFF: _said,
    Kind.SEAT_REVOKED: _said,
    Kind.LINK_ISSUED: _said,
    Kind.STUNT_BOUGHT: _said,
    Kind.DRAWBACK_CARRIED: _said,
    Kind.CONFLICT_LOST: _said,
    Kind.CONFLICT_ENDED: _said,
    Kind.BOOSTED: _said,
    Kind.BOOST_ENDED: _said,
    Kind.DISCORD_LINKED: _said,
    Kind.DISCORD_JOINED: _said,
    Kind.DISCORD_MOVED: _said,
    Kind.WEBHOOK_SET: _said,
}
"""Each kind of event's news, from the event alone: its own sentence where the log's line
is not one a listener follows (past tense, who first), else the log's line itself (which
names who it is about)."""


def page_of(seen: Sequence[SeenEvent]) -> dict[int, SeenEvent]:
    """A seat's entries by seq (a hidden roll revealed, as the seat has it whole)."""
    return {s.event.seq: s for s in seen if not s.concealed}


SEVERITY = ("aggravated", "lethal", "bashing")
"""The kinds of wound a box holds, the most severe first (every system's damage track)."""

UNHURT = "unhurt"
"""An empty box, in words."""


def track_words(
    name: str,
    boxes: Sequence[str | None],
    resistant: Sequence[bool] = (),
    treatable: Sequence[bool] = (),
) -> str:
    """A track of boxes read as words, its wounds by their own names, the most severe first:
    ``Health 7: 1 aggravated, 2 lethal, 4 unhurt``; ``Health 7: all unhurt``; a hubris
    track's resistant wounds counted after (``; 1 resistant, care takes it a step down``)."""
    kinds = [box or UNHURT for box in boxes]
    if set(kinds) <= {UNHURT}:
        return f"{name} {len(boxes)}: all unhurt"
    order = [*SEVERITY, *sorted(set(kinds) - {*SEVERITY, UNHURT}), UNHURT]
    said = ", ".join(f"{kinds.count(k)} {k}" for k in order if k in kinds)
    hard = sum(bool(r) for r in resistant)
    if hard:
        cared = sum(bool(t) for t in treatable)
        said += f"; {hard} resistant" + (f", {cared} of them treatable by care" if cared else "")
    return f"{name} {len(boxes)}: {said}"
