"""The table's dice: are they fair? Each seat's faces against a fair die, and the table's totals
against the exact odds of the lines it rolled.

Only rolls count (``rolled`` events), as they stand: a roll an undo struck is left out, and so
are the faces of a roll typed by hand (``"typed": true`` in its data: not the server's dice).
Every face shown counts (rerolled, exploded, discarded dice were all rolled). For each seat
(the event's actor) and for the whole table: per die size, how often each face fell, against a
fair die (:func:`~dicepool.odds.fit.fair_die_fit`); and the rolls' totals against the sum of
their lines' exact expected totals (:mod:`dicepool.campaign.line_odds`).

A seat of the web table sees the statistics of the rolls its log shows it
(:func:`~dicepool.campaign.table.visible`): a player's leave out a hidden roll until it is
revealed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dicepool.campaign.campaigns import need_campaign
from dicepool.campaign.line_odds import NO_ODDS, Line, LineOdds, deviations, total_of
from dicepool.campaign.seats import Seat
from dicepool.campaign.table import LogRead, visible
from dicepool.campaign.view import with_screen
from dicepool.notation.packing import PackingError, faces_of
from dicepool.odds.fit import FaceFit, fair_die_fit
from dicepool.sheet.events import Event, Kind
from dicepool.sheet.payloads import Revealed, Rolled, behind_the_screen
from dicepool.sheet.refs import EventRef, indexed
from dicepool.sheet.traits import name_key
from dicepool.store.database import Database
from dicepool.store.log import CampaignRow, campaign_by_id, events_of_kind, struck_in
from dicepool.store.sql import Sql

STRUCK = "struck"
TYPED = "typed"
UNREADABLE = "unreadable"
"""Why a roll is left out (the keys of ``left_out``): undone, its faces typed by hand, or a
record that no longer reads (its line does not parse now, or its faces do not fit it)."""

LEFT_OUT_WORDS = {
    STRUCK: "undone",
    TYPED: "typed by hand",
    UNREADABLE: "whose line no longer reads",
}
"""Each reason a roll is left out, in words (for the terminal and the page)."""


@dataclass(frozen=True)
class Lines:
    """Rolls' totals against the exact odds of their lines.

    Attributes:
        compared: the rolls whose lines' odds were worked out.
        expected: the sum of their exact expected totals.
        variance: the variance of that sum (the rolls are independent).
        observed: the sum of their totals as rolled.
        not_compared: the rolls left out of the comparison, by reason.
    """

    compared: int = 0
    expected: float = 0.0
    variance: float = 0.0
    observed: int = 0
    not_compared: Mapping[str, int] = field(default_factory=dict)

    @property
    def deviations(self) -> float | None:
        """How many standard deviations the observed total lies above the expected one."""
        return deviations(self.observed, self.expected, self.variance)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view, with ``sd`` (the standard deviation of the expected total) and
        ``deviations``."""
        return {
            "compared": self.compared,
            "expected": self.expected,
            "sd": self.variance**0.5,
            "observed": self.observed,
            "deviations": self.deviations,
            "not_compared": dict(self.not_compared),
        }


@dataclass(frozen=True)
class Tally:
    """What one seat's rolls (or the whole table's) came to.

    Attributes:
        actor: the seat (the events' actor), or None for the whole table.
        rolls: the rolls counted.
        dice: each die size's faces against a fair die, smallest die first.
        lines: the rolls' totals against their lines' odds.
    """

    actor: str | None
    rolls: int
    dice: tuple[FaceFit, ...]
    lines: Lines

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view (``actor`` null for the whole table)."""
        return {
            "actor": self.actor,
            "rolls": self.rolls,
            "dice": [fit.to_dict() for fit in self.dice],
            "lines": self.lines.to_dict(),
        }


@dataclass(frozen=True)
class DiceStats:
    """The table's dice.

    Attributes:
        campaign: the campaign's name.
        system: its system.
        counted: what a roll's total counts (``hits`` in sundown, else ``successes``).
        character: the character whose rolls alone were counted, or None for all.
        table: every roll counted.
        actors: each seat's rolls, by name.
        left_out: the rolls left out, by reason (``struck``, ``typed``, ``unreadable``).
    """

    campaign: str
    system: str
    counted: str
    character: str | None
    table: Tally
    actors: tuple[Tally, ...]
    left_out: Mapping[str, int]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view (``dicepool stats --json`` and the web table's API)."""
        return {
            "campaign": self.campaign,
            "system": self.system,
            "counted": self.counted,
            "character": self.character,
            "table": self.table.to_dict(),
            "actors": [tally.to_dict() for tally in self.actors],
            "left_out": dict(self.left_out),
        }


@dataclass
class _Count:
    """A tally being made."""

    rolls: int = 0
    faces: dict[int, list[int]] = field(default_factory=dict)
    compared: int = 0
    expected: float = 0.0
    variance: float = 0.0
    observed: int = 0
    not_compared: Counter[str] = field(default_factory=Counter)

    def add(self, line: Line, sides: list[Side], chosen: list[int]) -> None:
        """One roll: the faces of its ``chosen`` sides, and their totals against the odds."""
        self.rolls += 1
        for i in chosen:
            counts = self.faces.setdefault(line.sides[i], [0] * line.sides[i])
            for face in sides[i].faces:
                counts[face - 1] += 1
        if line.means is None:
            self.not_compared[line.refused or NO_ODDS] += 1
            return
        self.compared += 1
        self.expected += sum(line.means[i] for i in chosen)
        self.variance += sum(line.variances[i] for i in chosen)
        self.observed += sum(total_of(sides[i].record) or 0 for i in chosen)

    def made(self, actor: str | None) -> Tally:
        lines = Lines(
            self.compared, self.expected, self.variance, self.observed, dict(self.not_compared)
        )
        fits = tuple(fair_die_fit(self.faces[sides]) for sides in sorted(self.faces))
        return Tally(actor, self.rolls, fits, lines)


@dataclass(frozen=True)
class Side:
    """One side of a logged roll (the roll itself, or one side of a contest): its record, and
    its faces read once (from either form of its dice)."""

    record: Mapping[str, Any]
    faces: list[int]


def sides_of_record(result: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """A logged result's rolls: the roll itself, or a contest's attacker and defender."""
    return [result["attacker"], result["defender"]] if "winner" in result else [result]


def chosen_sides(rolled: Rolled, sides: int, character: str | None) -> list[int]:
    """Which of a roll's ``sides`` count for ``character`` (all, for no character): in a
    contest, the side it rolled; else the whole roll when it is among the roll's characters
    (a helper's dice are rolled with the roll)."""
    if character is None:
        return list(range(sides))
    key = name_key(character)
    rollers = [name_key(r) if r else None for r in rolled.rollers]
    if sides > 1 and key in rollers:
        return [i for i, r in enumerate(rollers) if r == key and i < sides]
    involved = {name_key(c) for c in rolled.characters} | {r for r in rollers if r}
    return list(range(sides)) if key in involved else []


def _readable(line: Line, records: list[Mapping[str, Any]]) -> list[Side] | None:
    """A logged result's sides, if it fits its line: a record for each side, each face on its
    die, and a total wherever the odds will be compared; else None."""
    if len(records) != len(line.sides):
        return None
    try:
        found = [Side(record, faces_of(record)) for record in records]
    except (PackingError, KeyError, TypeError, ValueError):  # a record damaged or hand-made
        return None
    for sides, side in zip(line.sides, found, strict=True):
        if any(not 1 <= face <= sides for face in side.faces):
            return None
        if line.means is not None and total_of(side.record) is None:
            return None
    return found


def tally(
    rolls: Iterable[Event], gone: set[int], odds: LineOdds, character: str | None = None
) -> tuple[Tally, tuple[Tally, ...], dict[str, int]]:
    """Count ``rolls`` (``rolled`` events, oldest first) but those in ``gone`` (struck).

    Returns:
        The whole table's tally, each actor's (by name), and the rolls left out by reason.
    """
    table = _Count()
    actors: dict[str, _Count] = {}
    left_out: Counter[str] = Counter()
    for event in rolls:
        rolled = Rolled.of(event.data)
        records = sides_of_record(rolled.result)
        chosen = chosen_sides(rolled, len(records), character)
        if not chosen:
            continue
        if event.id in gone or rolled.drawn.typed:
            left_out[STRUCK if event.id in gone else TYPED] += 1
            continue
        line = odds.line(rolled.numbers)
        sides = None if line is None else _readable(line, records)
        if line is None or sides is None:
            left_out[UNREADABLE] += 1
            continue
        table.add(line, sides, chosen)
        actors.setdefault(event.actor, _Count()).add(line, sides, chosen)
    each = tuple(count.made(actor) for actor, count in sorted(actors.items()))
    return table.made(None), each, dict(left_out)


def _log_rolls(conn: Sql, row: CampaignRow) -> tuple[list[Event], list[Event], set[int]]:
    """A campaign's rolls and reveals (oldest first), and the ids its undos leave struck."""
    rolls = events_of_kind(conn, row.id, Kind.ROLLED)
    reveals = events_of_kind(conn, row.id, Kind.REVEALED)
    return rolls, reveals, struck_in(conn, row.id)


def _stats(
    row: CampaignRow,
    rolls: list[Event],
    gone: set[int],
    odds: LineOdds | None,
    character: str | None,
) -> DiceStats:
    table, actors, left_out = tally(rolls, gone, odds or LineOdds(), character)
    counted = "hits" if row.system == "sundown" else "successes"
    return DiceStats(row.name, row.system, counted, character, table, actors, left_out)


def dice_stats(
    db: Database, campaign: str, character: str | None = None, odds: LineOdds | None = None
) -> DiceStats:
    """Every standing roll of a campaign (of ``character`` alone, when named), hidden ones
    included: `dicepool stats`, for whoever holds the database.

    Args:
        odds: the lines' odds and their budget (default: :class:`LineOdds`'s).

    Raises:
        CampaignError: no such campaign, or no such character in it.
    """
    with db.read() as conn:
        row = need_campaign(conn, campaign)
        named = _named(conn, row, character, screened=False)
        rolls, _, gone = _log_rolls(conn, row)
    return _stats(row, rolls, gone, odds, named)


def table_dice_stats(
    db: Database, seat: Seat, character: str | None = None, odds: LineOdds | None = None
) -> DiceStats:
    """The rolls of a table that ``seat`` may see (of ``character`` alone, when named): a
    player's leave out hidden rolls not yet revealed, and name none of the storyteller's
    characters (one reads as not there, as in a player's roll line).

    Raises:
        CampaignError: no such character (that the seat may see).
    """
    with db.read() as conn:
        row = campaign_by_id(conn, seat.campaign_id)
        assert row is not None, "a seat belongs to a campaign"
        named = _named(conn, row, character, screened=not seat.storyteller)
        rolls, reveals, gone = _log_rolls(conn, row)
    events = sorted([*rolls, *reveals], key=lambda e: e.seq)
    last = events[-1].seq if events else 0
    read = LogRead(row.id, 0, last, tuple(events), indexed(rolls), _revealed(reveals))
    # a hidden roll not yet revealed reaches a player as its number alone: no faces to count
    seen = [
        s.event
        for s in visible(seat, read)
        if s.event.kind is Kind.ROLLED and not behind_the_screen(s.event.data)
    ]
    return _stats(row, seen, gone, odds, named)


def _revealed(reveals: list[Event]) -> frozenset[EventRef]:
    return frozenset(Revealed.of(e.data).event for e in reveals)


def _named(conn: Sql, row: CampaignRow, character: str | None, screened: bool) -> str | None:
    """The character's name as its sheet spells it (None for none).

    Raises:
        CampaignError: no such character (among the players', when ``screened``).
    """
    if character is None:
        return None
    _, state = with_screen(conn, row, screened)
    return state.character(character).name


SUSPECT = 0.01
"""A p-value below this is rare for fair dice: they do that once in a hundred tables."""

UNUSUAL = 0.05
"""A p-value below this is unusual for fair dice: once in twenty."""


def p_words(p_value: float) -> str:
    """What a die's p-value says in words (shown beside it wherever colour says it too):
    ``rare for fair dice`` below :data:`SUSPECT`, ``unusual`` below :data:`UNUSUAL`, else ""."""
    return "rare for fair dice" if p_value < SUSPECT else "unusual" if p_value < UNUSUAL else ""


def lines_sentence(lines: Lines, counted: str, who: str = "The table") -> str:
    """The rolls against the odds in words, e.g. ``The table rolled 40 lines whose exact
    expected successes total 51.3, and got 49: 0.4 standard deviations below``, then the
    rolls not compared and why."""
    if lines.compared:
        plural = "line" if lines.compared == 1 else "lines"
        said = (
            f"{who} rolled {lines.compared} {plural} whose exact expected {counted} total "
            f"{lines.expected:.1f}, and got {lines.observed}"
        )
        z = lines.deviations
        if z is not None:
            said += (
                ": right on the odds"
                if abs(z) < 0.05
                else f": {abs(z):.1f} standard deviations {'above' if z > 0 else 'below'}"
            )
    else:
        said = f"{who} rolled no line to compare with its odds"
    if lines.not_compared:
        why = ", ".join(f"{reason} ({n})" for reason, n in sorted(lines.not_compared.items()))
        said += f"; not compared: {why}"
    return said
