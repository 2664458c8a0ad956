"""Faces typed by hand, read from text: the dice a player rolled on the table, given to
`dicepool roll --dice` or the page's roll box."""

from __future__ import annotations

import re

from dicepool.errors import DiceError, LimitError

MAX_DICE_TEXT = 100_000
"""The longest text read as faces (a pool of 10,000 dice fits with room to spare)."""


def parse_faces(text: str) -> list[int]:
    """Faces typed by hand: numbers separated by commas or spaces, e.g. ``1,3,4,6,7``.

    Raises:
        LimitError: a text over :data:`MAX_DICE_TEXT` characters.
        DiceError: no face, or a token that is not one (named with its position).
    """
    if len(text) > MAX_DICE_TEXT:
        raise LimitError(f"--dice is over {MAX_DICE_TEXT} characters; give fewer faces")
    tokens = [t for t in re.split(r"[,\s]+", text.strip()) if t]
    for position, token in enumerate(tokens, 1):
        if not re.fullmatch(r"[0-9]{1,6}", token):  # str.isdigit() takes "²" too
            shown = token if len(token) <= 20 else token[:17] + "..."
            raise DiceError(
                f"--dice: `{shown}` (number {position}) is not a face; give faces like 1,3,4,6,7"
            )
    if not tokens:
        raise DiceError("--dice is empty; give the faces you rolled, like 1,3,4,6,7")
    return [int(t) for t in tokens]
