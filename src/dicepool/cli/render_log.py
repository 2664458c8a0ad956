"""The log for the terminal: one line per event, a struck event dim, struck through and marked.

A summary is written from the event's data alone, so an old event reads the same whatever
the sheets say now.
"""

from __future__ import annotations

from datetime import datetime

import click

from dicepool.campaign.shown import unsealed_mark
from dicepool.campaign.summaries import clip, roll_marks, summary
from dicepool.cli.safe import visible
from dicepool.sheet.events import Event, Kind

MAX_SUMMARY = 160
"""The longest summary shown for one event, in characters."""


def local_time(at: str) -> str:
    """An ISO time shown short, in the local zone: ``2026-03-01 21:05``."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return at[:16]


def entry_line(event: Event, struck: bool, target: Event | None = None) -> str:
    """One line of the log: the event's number (its seq), time, actor, kind, summary; struck
    events marked."""
    text = visible(clip(summary(event, target), MAX_SUMMARY))
    if event.kind is Kind.ROLLED and (marks := roll_marks(event.data)):
        text += click.style(f" [{', '.join(marks)}]", fg="magenta")
    head = f"{event.seq:>5}  {local_time(event.at)}  {visible(clip(event.actor, 20)):<10} "
    kind = f"{event.kind.value:<17} "
    if struck:
        body = click.style(f"{kind}{text}", dim=True, strikethrough=True)
        return click.style(head, dim=True) + body + " (undone)"
    colour = {Kind.ROLLED: "cyan", Kind.UNDONE: "yellow"}.get(event.kind)
    return head + click.style(kind, fg=colour) + text


def event_json(event: Event, struck: bool) -> dict[str, object]:
    """An event as ``log --json`` prints it."""
    return {**event.to_dict(), "struck": struck, **unsealed_mark(event.kind.value, event.data)}
