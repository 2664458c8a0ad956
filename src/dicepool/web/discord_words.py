"""What the table says on Discord: a roll with its dice as the terminal shows them (without
colour), the exact odds, a sheet, the log's lines; each message within Discord's limits.

Every message goes in a code block, so what a user typed (a roll's comment, a name) is shown
as typed and never read as Discord's markdown; and every message is sent with
``allowed_mentions`` empty, so an ``@everyone`` in a comment pings nobody.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dicepool.campaign.summaries import dice_groups, die_look, summary
from dicepool.campaign.table import SeenEvent
from dicepool.sheet.events import Kind
from dicepool.sheet.payloads import Rolled

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


def dice_text(system: str, dice: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> list[str]:
    """A roll's dice, one line a group, as the terminal shows them without colour: ``10!``
    added a die, ``[3]`` no longer counts, ``(7)`` was cancelled."""
    groups = dice_groups(system, dice)
    width = max((len(name) for name, _ in groups), default=0)
    return [
        f"  {name:<{width}}  {' '.join(die_look(d)[0] for d in group)}" for name, group in groups
    ]


def roll_lines(seen: SeenEvent) -> list[str]:
    """A roll's line in the log, then its dice (a roll behind the screen: its line alone)."""
    lines = [summary(seen.event)]
    roll = seen.roll
    if roll is None:
        return lines
    result = roll.result
    sides = [result] if "dice" in result else [result["attacker"], result["defender"]]
    for side in sides:
        lines += dice_text(str(side.get("system", result.get("system", ""))), side["dice"])
    return lines


def event_lines(seen: SeenEvent) -> list[str]:
    """An event as the channel reads it: its number and line (a roll with its dice; a
    revealed roll marked so)."""
    event = seen.event
    lines = roll_lines(seen) if event.kind is Kind.ROLLED else [summary(event)]
    mark = " (revealed)" if seen.revealed else ""
    lines[0] = f"#{event.seq} {event.actor}{mark}: {lines[0]}"
    return lines


def rolled_text(seen: SeenEvent) -> str:
    """A roll just made, for its roller's answer."""
    hidden = (
        " (hidden: only you see it until you reveal it)"
        if Rolled.of(seen.event.data).hidden
        else ""
    )
    return "\n".join(event_lines(seen)) + hidden


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


def sheet_text(sheet: Mapping[str, Any]) -> str:
    """A character's sheet (as the API gives it): its ratings, specialties and state."""
    lines = [f"{sheet['name']} ({sheet.get('system', '')})"]
    traits: Mapping[str, int] = sheet.get("traits") or {}
    lines += _wrapped([f"{name} {value}" for name, value in traits.items()])
    specialties: Mapping[str, Sequence[str]] = sheet.get("specialties") or {}
    if specialties:
        lines.append("Specialties")
        lines += _wrapped([f"{t} ({', '.join(s)})" for t, s in specialties.items()])
    for key, value in (sheet.get("state") or {}).items():
        if key == "tracks" and isinstance(value, list):
            lines += track_lines(value)
            continue
        lines.append(f"{key}: {_plain(value)}")
    if sheet.get("notes"):
        lines.append(f"notes: {sheet['notes']}")
    return "\n".join(lines)


MARKS = {"bashing": "[/]", "lethal": "[X]", "aggravated": "[*]"}
"""A box of a damage track as the terminal draws it (an empty one: ``[ ]``)."""


def track_lines(tracks: Sequence[Mapping[str, Any]]) -> list[str]:
    """A line a track of the sheet: a damage track's boxes and, in words, what they hold
    (``Health  [X][/][ ][ ]  1 lethal, 1 bashing, 2 unhurt``); points as ``Willpower  3/4``."""
    width = max((len(str(t.get("name", ""))) for t in tracks), default=0)
    lines = []
    for track in tracks:
        name = f"  {track.get('name', '')!s:<{width}}  "
        if track.get("kind") != "damage":
            lines.append(f"{name}{track.get('points')}/{track.get('max')}")
            continue
        boxes = [str(b) if b else "" for b in track.get("boxes") or []]
        drawn = "".join(MARKS.get(b, "[ ]") for b in boxes)
        held = [f"{boxes.count(w)} {w}" for w in ("aggravated", "lethal", "bashing") if w in boxes]
        held.append(f"{boxes.count('')} unhurt")
        lines.append(f"{name}{drawn}  {', '.join(held)}")
    return lines


def _wrapped(items: list[str], width: int = 60) -> list[str]:
    lines = [""]
    for item in items:
        if lines[-1] and len(lines[-1]) + len(item) + 2 > width:
            lines.append("")
        lines[-1] += (", " if lines[-1] else "  ") + item
    return [line for line in lines if line]


def _plain(value: object) -> str:
    """A state's value in a line: a mapping as ``key value`` pairs, a list comma-separated."""
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    return str(value)
