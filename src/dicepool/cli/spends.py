"""`--spend` on a campaign roll: what a roll spends, read from the command line.

``--spend willpower`` (hubris, chronicles, classic), ``--spend edge`` (sundown), ``--spend
momentum N`` (storypath: N dice); the amount of a spend that takes one is written ``momentum=2``,
``"momentum 2"`` or, as the issue spells it, ``--spend momentum 2`` (the command line is mended
before click reads it: see :func:`mend_spend_amounts`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from dicepool.errors import SheetError
from dicepool.notation.suggest import did_you_mean
from dicepool.sheet.spends import Spends
from dicepool.sheet.storypath.momentum import MAX_POINTS
from dicepool.sheet.sundown.play import Resistance

RESOURCES = {"willpower": False, "edge": False, "momentum": True}
"""What ``--spend`` names, each a field of :class:`Spends`, and whether it takes an amount."""

_SPEND = re.compile(r"\s*([a-z]+)\s*(?:[=: ]\s*(\d+))?\s*", re.IGNORECASE)


def read_spends(
    values: Sequence[str],
    choices: Mapping[str, Any] | None = None,
    resist: bool = False,
    soak: bool = False,
    armor: int | None = None,
) -> Spends:
    """The spends ``--spend`` names, the roll's other choices (``--feat``, ``--complex``... by
    their :class:`Spends` names; None: not given), and a sundown Resistance Test's flags.

    ``--resist`` marks a Resistance Test (Edge added free); ``--soak`` a Soak roll, the physical
    Resistance Test that adds Armor too; ``--armor N`` is the Soak roll's Armor (and makes the
    roll a Soak roll: Armor adds to nothing else).

    Raises:
        SheetError: a resource no system spends, or an amount where none is taken.
    """
    soak = soak or armor is not None
    spends = Spends(resist=Resistance(soak, armor or 0) if resist or soak else None)
    named: set[str] = set()
    for value in values:
        found = _SPEND.fullmatch(value)
        word = found.group(1).lower() if found else value.strip()[:20]
        if found is None or word not in RESOURCES:
            hint = did_you_mean(word, RESOURCES)
            raise SheetError(
                f"--spend `{word}` is not a resource; spend one of {', '.join(RESOURCES)}"
                + (f" ({hint})" if hint else "")
            )
        if word in named:
            once = f"`--spend {word} N` once for N points" if RESOURCES[word] else "it once"
            raise SheetError(f"--spend {word} is given twice: give {once}")
        named.add(word)
        amount = None if found.group(2) is None else found.group(2).lstrip("0") or "0"
        if not RESOURCES[word] and amount is not None:
            raise SheetError(f"--spend {word} takes no amount: one point a roll")
        too_long = amount is not None and len(amount) > len(str(MAX_POINTS))
        if RESOURCES[word] and amount is not None and (too_long or int(amount) < 1):
            raise SheetError(
                f"--spend {word} is 1..{MAX_POINTS} points at a time, not {amount[:20]}"
                + ("..." if len(amount) > 20 else "")
            )
        counted: int | bool = int(amount or 1) if RESOURCES[word] else True
        spends = replace(spends, **{word: counted})  # type: ignore[arg-type]
    given = {k: v for k, v in (choices or {}).items() if v is not None}
    return replace(spends, **given)


def mend_spend_amounts(args: list[str]) -> list[str]:
    """``--spend momentum 2`` read as ``--spend momentum=2``: the amount is the spend's."""
    mended: list[str] = []
    i = 0
    while i < len(args):
        amounted = i + 2 < len(args) and RESOURCES.get(args[i + 1].lower()) is True
        if args[i] == "--spend" and amounted and args[i + 2].isdigit():
            mended += ["--spend", f"{args[i + 1]}={args[i + 2]}"]
            i += 3
            continue
        mended.append(args[i])
        i += 1
    return mended
