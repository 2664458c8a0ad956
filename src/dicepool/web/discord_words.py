"""What the table says on Discord: a roll read at a glance (:mod:`dicepool.web.discord_rolls`),
the exact odds, a sheet as the terminal draws it (:mod:`dicepool.web.discord_sheet`), the log's
lines; each message within Discord's limits.

Every message goes in a code block, so what a user typed (a roll's comment, a name) is shown
as typed and never read as Discord's markdown; and every message is sent with
``allowed_mentions`` empty, so an ``@everyone`` in a comment pings nobody.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dicepool.campaign.shown import UNSEALED_WORDS, unsealed
from dicepool.campaign.summaries import summary
from dicepool.campaign.table import SeenEvent
from dicepool.sheet.events import Kind
from dicepool.sheet.payloads import Rolled
from dicepool.web.discord_rolls import roll_about, roll_body, roll_head

CONTENT = 2000
"""The most characters of a message's content (Discord's limit; no embeds are sent)."""

EPHEMERAL = 64
"""The flag of an answer only its asker sees."""

FENCE = "```"
"""A code block's fence."""

QUIET: dict[str, list[str]] = {"parse": []}
"""``allowed_mentions`` that let no text of the message ping anyone."""

ROOM = CONTENT - 2 * len(FENCE) - 2
"""The characters of a message's content inside its code block."""

ROWS = 16
"""The most rows of a distribution shown (the likeliest counts; the rest are in the page)."""


def message(text: str, ephemeral: bool = False) -> dict[str, Any]:
    """A message's JSON: ``text`` in a code block, cut to :data:`CONTENT`, pinging no one."""
    data: dict[str, Any] = {"content": block(text), "allowed_mentions": QUIET}
    if ephemeral:
        data["flags"] = EPHEMERAL
    return data


def block(text: str) -> str:
    """``text`` in a code block, at most :data:`CONTENT` characters in all (a fence inside it
    broken by a zero-width space, so it cannot end the block)."""
    inner = text.replace(FENCE, "`\u200b``")
    if len(inner) > ROOM:
        inner = inner[: ROOM - 1] + "…"
    return f"{FENCE}\n{inner}\n{FENCE}"


def fitting(lines: Iterable[str], most: int = ROOM) -> list[list[str]]:
    """``lines`` in groups that each fit one message (a line longer than one is cut)."""
    groups: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = line if len(line) <= most else line[: most - 1] + "…"
        if groups[-1] and size + len(line) + 1 > most:
            groups.append([])
            size = 0
        groups[-1].append(line)
        size += len(line) + 1
    return [g for g in groups if g]


def roll_lines(seen: SeenEvent) -> list[str]:
    """A roll as the channel reads it: its result first, then its place in the log, then its
    dice, marked (:mod:`dicepool.web.discord_rolls`); a roll behind the screen, its line
    alone."""
    event = seen.event
    roll = seen.roll
    if roll is None:
        return [f"{summary(event)}{_about(seen)}"]
    head = roll_head(roll, event.actor)
    if unsealed(event.kind.value, event.data):  # the mark first: a line cut to fit keeps it
        head = f"[{UNSEALED_WORDS}] {head}"
    return [head, roll_about(event, roll, seen.revealed), *roll_body(roll)]


def event_lines(seen: SeenEvent) -> list[str]:
    """An event as the channel reads it: what it did first, then its number and who did it
    (a roll with its dice; a revealed roll marked so)."""
    if seen.event.kind is Kind.ROLLED:
        return roll_lines(seen)
    return [f"{summary(seen.event)}{_about(seen)}"]


def _about(seen: SeenEvent) -> str:
    """``  (#7 by Bo)``: an event's number and who logged it, after what it did."""
    mark = ", revealed" if seen.revealed else ""
    return f"  (#{seen.event.seq} by {seen.event.actor}{mark})"


def rolled_text(seen: SeenEvent) -> str:
    """A roll just made, for its roller's answer (a hidden roll says how to reveal it)."""
    lines = event_lines(seen)
    if Rolled.of(seen.event.data).hidden:
        lines.append(f"only you see it: /reveal seq:{seen.event.seq} shows it to the table")
    return "\n".join(lines)


def percent(p: float) -> str:
    """A probability in percent, two decimals (``< 0.01%`` for a sliver above nothing)."""
    if 0 < p < 0.00005:
        return "<0.01%"
    return f"{100 * p:.2f}%"


def odds_text(odds: Mapping[str, Any]) -> str:
    """The exact odds of a line (as ``dicepool odds --json`` gives them), in words."""
    lines = [str(odds.get("input", ""))]
    outcomes: Mapping[str, float] = odds.get("outcomes") or {}
    width = max((len(k) for k in outcomes), default=0)
    lines += [f"  {k.replace('_', ' '):<{width}}  {percent(p):>7}" for k, p in outcomes.items()]
    exactly: Mapping[str, float] = odds.get("distribution") or {}
    at_least: Mapping[str, float] = odds.get("at_least") or {}
    shown = sorted(exactly, key=lambda k: exactly[k], reverse=True)[:ROWS]
    if shown:
        lines.append(f"  {'count':>5}  {'exactly':>7}  {'at least':>8}")
        for key in sorted(shown, key=_number):
            lines.append(
                f"  {key:>5}  {percent(exactly[key]):>7}  {percent(at_least.get(key, 0.0)):>8}"
            )
    if "mean" in odds:
        lines.append(f"mean {odds['mean']:.3f}  sd {odds.get('sd', 0):.3f}")
    return "\n".join(lines)


def _number(key: str) -> float:
    try:
        return float(key)
    except ValueError:
        return float("inf")
