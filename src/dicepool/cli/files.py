"""A file a command reads (``-``: standard input): bounded, decoded, and named safely.

Both ``char import`` (a sheet) and ``verify`` (a campaign's export) read one. Reading stops a
byte past the bound, so a huge file or an endless pipe costs no more than the bound; a
byte-order mark is allowed, as editors on Windows write one.
"""

from __future__ import annotations

import sys

from dicepool.cli.safe import visible
from dicepool.errors import DicepoolError


def read_text(
    source: str, most: int, error: type[DicepoolError], too_large: str
) -> tuple[str, str]:
    """The UTF-8 text of ``source`` (a path, or ``-`` for standard input) and its name as error
    lines give it (escaped: a file name may hold a terminal escape).

    Args:
        most: the most bytes read.
        error: what is raised.
        too_large: what follows "NAME is over " when the file holds more than ``most`` bytes.

    Raises:
        error: the file cannot be read, holds more than ``most`` bytes, or is not UTF-8.
    """
    name = "standard input" if source == "-" else visible(source)
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(most + 1)
        else:
            with open(source, "rb") as file:
                raw = file.read(most + 1)
    except OSError as exc:
        raise error(f"cannot read {name}: {exc.strerror or exc}") from exc
    if len(raw) > most:
        raise error(f"{name} is over {too_large}")
    try:
        return raw.decode("utf-8-sig"), name  # a byte-order mark is allowed
    except UnicodeDecodeError as exc:
        raise error(f"{name} is not UTF-8 text (byte {exc.start + 1})") from exc
