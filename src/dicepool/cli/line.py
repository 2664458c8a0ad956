"""The roll line as the commands take it: typed over one or several arguments, maybe an alias,
maybe a ``# comment``; and what is shown of it above a roll (made safe to print)."""

from __future__ import annotations

from dicepool.cli.safe import visible
from dicepool.notation import expand_aliases, split_comment


def line_of(words: tuple[str, ...]) -> str:
    """The roll line as typed over one or several arguments (quotes are optional)."""
    return " ".join(words).strip()


def comment_of(text: str) -> str | None:
    """The comment after the line's ``#``, as typed (None if there is none)."""
    return split_comment(text)[1]


def alias_note(text: str) -> str | None:
    """``8cod -> chronicles 8`` when the line used an alias, else None (comment left out)."""
    body = split_comment(text)[0].strip()
    expanded = expand_aliases(body)
    return visible(f"{body} -> {expanded}") if expanded.split() != body.split() else None


def comment_caption(text: str) -> str | None:
    """``# sneaking past the guard``: the line's comment as shown with the roll, else None."""
    comment = comment_of(text)
    return None if comment is None else visible(f"# {comment}")
