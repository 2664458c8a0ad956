"""The roll line as the commands take it: typed over one or several arguments, maybe an alias."""

from __future__ import annotations

from dicepool.notation import expand_aliases


def line_of(words: tuple[str, ...]) -> str:
    """The roll line as typed over one or several arguments (quotes are optional)."""
    return " ".join(words).strip()


def alias_note(text: str) -> str | None:
    """``8cod -> chronicles 8`` when the line used an alias, else None."""
    expanded = expand_aliases(text)
    return f"{text} -> {expanded}" if expanded.split() != text.split() else None
