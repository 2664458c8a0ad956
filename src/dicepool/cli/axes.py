"""Option types and axes shared by `dicepool chart`, `dicepool plot --chart` and `dicepool odds`.

A range list is typed as ``1-20``, ``3`` or ``1,2,5-8``; each system's difficulty axis is its own
(classic difficulty, storypath Difficulty in successes, sundown threshold, dice removed in hubris
and chronicles, custom target), so the defaults and the axis names live here, one per system.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

import click

from dicepool.core.pool import MAX_POOL
from dicepool.errors import NotationError
from dicepool.notation import system_name

MAX_POINTS = 100
"""At most this many pools (or difficulties) in one chart."""

MAX_DIFFICULTY = 1000
"""The largest value a difficulty axis accepts (a sanity bound; each system checks its own)."""

STATS = {
    "mean": "mean successes",
    "success": "P(success)",
    "botch": "P(botch)",
    "exceptional": "P(exceptional success)",
}

WITH_EXCEPTIONAL = frozenset({"chronicles"})
"""Systems with an exceptional success: their chart's ``success`` counts it in (``odds --json``
keeps ``success`` and ``exceptional`` apart), and the label says so."""


def stat_label(system: str, stat: str) -> str:
    """What a chart of ``stat`` shows for ``system``, in words (sundown counts hits)."""
    if stat == "success" and system in WITH_EXCEPTIONAL:
        return "P(success (incl. exceptional))"
    if stat == "mean" and system == "sundown":
        return "mean hits"
    return STATS[stat]


DEFAULT_STATS = {"sundown": "success", "storypath": "success"}
"""A chart's statistic when none is asked for, where ``mean`` would not change along the axis
(sundown's threshold and storypath's Difficulty judge the roll but leave its total alone)."""

FLAT = {"sundown": frozenset({"mean"}), "storypath": frozenset({"mean", "botch"})}
"""Statistics that are the same in every column of a system's chart."""


def stat_for(system: str, stat: str | None) -> str:
    """The statistic asked for, or the system's default: one that varies along its axis."""
    return stat if stat is not None else DEFAULT_STATS.get(system, "mean")


def flat_note(system: str, stat: str) -> str | None:
    """A note when ``stat`` cannot vary along ``system``'s axis (every column the same)."""
    if stat not in FLAT.get(system, ()):
        return None
    return (
        f"note: {stat_label(system, stat)} does not depend on the {AXES[system][0]}, so every "
        "column is the same; --stat success varies with it"
    )


AXES = {
    "classic": ("difficulty", "2-10"),
    "storypath": ("Difficulty (successes needed)", "1-5"),
    "sundown": ("threshold (hits needed)", "1-6"),
    "hubris": ("Difficulty (dice removed)", "0-5"),
    "chronicles": ("resistance (dice removed)", "0-5"),
    "custom": ("target number", "2-10"),
}
"""Each system's difficulty axis: its name, and the default range."""

RANGE_PART = re.compile(r"^(\d+)(?:-(\d+))?$")

F = TypeVar("F", bound=Callable[..., Any])


class RangeList(click.ParamType[tuple[int, ...], Any]):
    """A list of whole numbers typed as ``1-20``, ``3`` or ``1,2,5-8`` (in the order given).

    Args:
        low: the smallest value allowed.
        high: the largest value allowed.
        most: the most values the list may hold.
    """

    name = "range"

    def __init__(self, low: int, high: int, most: int = MAX_POINTS) -> None:
        self.low, self.high, self.most = low, high, most

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[int, ...]:
        """Parse the text into a tuple of values, failing with a one-line usage error."""
        if isinstance(value, tuple):
            return value
        values: list[int] = []
        for part in str(value).replace(" ", "").split(","):
            values += self.expand(part, param, ctx)
            if len(values) > self.most:
                self.fail(
                    f"at most {self.most} values, not more; ask for a shorter range", param, ctx
                )
        if len(set(values)) != len(values):
            self.fail(f"{value!r} lists a value twice", param, ctx)
        return tuple(values)

    def expand(self, part: str, param: click.Parameter | None, ctx: click.Context | None) -> range:
        """One part: ``7`` or ``5-8``."""
        match = RANGE_PART.match(part)
        if match is None:
            self.fail(f"{part!r} is not a number or a range like 1-20 (use 1,2,5-8)", param, ctx)
        start = int(match[1])
        stop = int(match[2]) if match[2] is not None else start
        if stop < start:
            self.fail(f"{part!r} runs backwards; write {stop}-{start}", param, ctx)
        if start < self.low or stop > self.high:
            self.fail(f"{part!r} is outside {self.low}..{self.high}", param, ctx)
        if stop - start >= self.most:
            self.fail(f"{part!r} has more than {self.most} values; ask for fewer", param, ctx)
        return range(start, stop + 1)


POOLS = RangeList(1, MAX_POOL)
DIFFICULTIES = RangeList(0, MAX_DIFFICULTY)


def difficulties_for(system: str, given: tuple[int, ...] | None) -> tuple[int, ...]:
    """The difficulty axis asked for, or the system's default one."""
    if given is not None:
        return given
    converted: tuple[int, ...] = DIFFICULTIES.convert(AXES[system][1], None, None)
    return converted


def chart_options(command: F) -> F:
    """The options that describe a chart: pools, difficulties and the statistic."""
    options = [
        click.option(
            "--pools",
            type=POOLS,
            default="1-10",
            show_default=True,
            help=f"Pool sizes, e.g. 1-20 or 1,2,5-8 (at most {MAX_POINTS}, each 1..{MAX_POOL}).",
        ),
        click.option(
            "--difficulties",
            type=DIFFICULTIES,
            default=None,
            help="The system's difficulty axis, e.g. 2-10 (default: "
            + "; ".join(f"{s} {AXES[s][1]}" for s in sorted(AXES))
            + ").",
        ),
        click.option(
            "--stat",
            type=click.Choice(sorted(STATS)),
            default=None,
            help="What each cell shows (default: mean; success for sundown and storypath, "
            "whose mean does not change along their axis).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


class SystemName(click.ParamType[str, Any]):
    """A system by its name or an alias players use (``cod``, ``wod``, ``vtm``), any case."""

    name = "system"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        """The system's own name; a near miss fails with a suggestion."""
        try:
            return system_name(str(value))
        except NotationError as exc:
            self.fail(str(exc), param, ctx)


class ResistancePair(click.ParamType[tuple[int, int], Any]):
    """Two Resistance attributes typed as ``A,D`` (attacker, defender), each 1 or more."""

    name = "A,D"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[int, int]:
        """Parse ``3,2`` into (3, 2)."""
        if isinstance(value, tuple):
            return value
        match = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*", str(value))
        if match is None or int(match[1]) < 1 or int(match[2]) < 1:
            self.fail(
                f"{value!r} is not two Resistances; give the attacker's and the defender's, "
                "like 3,2",
                param,
                ctx,
            )
        return int(match[1]), int(match[2])
