"""A roll as Discord shows it, read at a glance: the result first, then the dice, marked.

The first line says who rolled what and what came of it, in the rules text's words (``Ana —
Dexterity + Stealth: 3 successes (Success)``; a contest names both sides and the winner:
``Ana vs Guard — Dexterity + Stealth vs Wits + Composure: Ana wins by 2``). The next says
where it stands in the log (``#12 by Bo``), the numbers rolled, what the roll spent and its
comment. Then the dice, one line a group, each die as the terminal writes it (``10!`` added a
die, ``[3]`` no longer counts, ``(7)`` was cancelled: :func:`~dicepool.campaign.summaries.
die_look`) with a mark that survives copying where the terminal has colour alone: ``9*`` a
success, ``1-`` a one that counts against the roll (cancels a success, botches, a dramatic
failure); a failure stays plain. The same marks in every system.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dicepool.campaign.summaries import (
    contest_sides,
    contest_verdict,
    dice_groups,
    die_look,
    effects_words,
    roll_counts,
    roll_marks,
)
from dicepool.notation.tokens import VERSUS, split_comment
from dicepool.sheet.events import Event
from dicepool.sheet.payloads import Rolled

LOOK_MARKS = {"success": "*", "one": "-"}
"""The mark after a die of each look (:func:`~dicepool.campaign.summaries.die_look`): the
terminal's green and red, in characters that survive copying."""

DASH = " — "
"""Between who rolled and what they rolled, on a roll's first line."""

DICE_WIDTH = 60
"""The widest line of dice before it goes on under itself (a phone's code block)."""


def die_text(die: Mapping[str, Any]) -> str:
    """A die as the channel reads it: the terminal's text and a mark for its look."""
    text, look = die_look(die)
    return text + LOOK_MARKS.get(look, "")


def dice_text(
    system: str, dice: Sequence[Mapping[str, Any]] | Mapping[str, Any], indent: int = 2
) -> list[str]:
    """A roll's dice, one group a line (``rolled``, ``exploded``, ``assist 1 rolled``...),
    each die marked, a long group going on under itself."""
    groups = dice_groups(system, dice)
    width = max((len(name) for name, _ in groups), default=0)
    lines = []
    for name, group in groups:
        head = f"{' ' * indent}{name:<{width}}  "
        lines += _wrapped(head, [die_text(d) for d in group])
    return lines


def _wrapped(head: str, words: Iterable[str]) -> list[str]:
    """``words`` after ``head``, a space between, going on under the first word past
    :data:`DICE_WIDTH`."""
    lines: list[str] = []
    line, empty = head, True
    for word in words:
        if not empty and len(line) + 1 + len(word) > DICE_WIDTH:
            lines.append(line)
            line, empty = " " * len(head), True
        line += word if empty else f" {word}"
        empty = False
    return [*lines, line]


def _what(rolled: Rolled) -> str:
    """The line rolled as its sides write their pools: the comment off, and a side's
    ``Name:`` off where the first line names that side already."""
    body, _comment = split_comment(rolled.line)
    sides: list[list[str]] = [[]]
    for word in body.split():
        if word.lower() in VERSUS:
            sides.append([])
        else:
            sides[-1].append(word)
    written = []
    for i, words in enumerate(sides):
        side = " ".join(words)
        head, colon, rest = side.partition(":")
        roller = rolled.rollers[i] if i < len(rolled.rollers) else None
        if colon and roller and head.strip().casefold() == roller.casefold():
            side = rest.strip()
        written.append(side)
    return " vs ".join(written)


def roll_head(rolled: Rolled, actor: str) -> str:
    """A roll's first line: who, what, and what came of it."""
    result = rolled.result
    if "winner" in result:
        attacker, defender = contest_sides(rolled)
        return f"{attacker} vs {defender}{DASH}{_what(rolled)}: {contest_verdict(rolled)}"
    who = rolled.roller or actor
    came = roll_counts(result)
    return f"{who}{DASH}{_what(rolled)}: {came}" if came else f"{who}{DASH}{_what(rolled)}"


def roll_about(event: Event, rolled: Rolled, revealed: bool) -> str:
    """A roll's second line: its place in the log, who rolled it, the numbers, what it
    spent, its marks (``hidden``, ``typed``...) and its comment."""
    parts = [f"#{event.seq} by {event.actor}" + (", revealed" if revealed else "")]
    if " ".join(rolled.numbers.split()).casefold() != _what(rolled).casefold():
        parts.append(rolled.numbers)  # the traits' ratings, where the line named traits
    spent = effects_words(rolled.effects).removeprefix("; ")
    marks = roll_marks(event.data)
    parts += [p for p in (spent, ", ".join(marks)) if p]
    _body, comment = split_comment(rolled.line)
    if comment:
        parts.append(f"# {comment}")
    return "  " + " · ".join(parts)


def roll_body(rolled: Rolled) -> list[str]:
    """A roll's dice: each side's under its name and count, for a contest."""
    result = rolled.result
    if "winner" not in result:
        return [*dice_text(_system(result), result["dice"]), *_notes(result)]
    lines = []
    names = contest_sides(rolled)
    width = max(len(n) for n in names)
    for name, key in zip(names, ("attacker", "defender"), strict=True):
        side = result[key]
        lines.append(f"  {name:<{width}}  {roll_counts(side)}")
        lines += dice_text(_system(side, result), side["dice"], indent=4)
        lines += _notes(side, indent=4)
    return lines


def _system(side: Mapping[str, Any], whole: Mapping[str, Any] | None = None) -> str:
    return str(side.get("system") or (whole or {}).get("system", ""))


def _notes(result: Mapping[str, Any], indent: int = 2) -> list[str]:
    """The rules' notes on a roll (``rote: 3 dice rerolled``), as the terminal adds them."""
    return [f"{' ' * indent}({note})" for note in result.get("notes") or () if note]
