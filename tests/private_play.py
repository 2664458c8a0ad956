"""A web table played through its use cases, and what a player receives of it, read so that
two tables played alike can be compared: the storyteller's private work (issue 28) must read
the same whatever it was.

A :class:`Play` is one table: the storyteller keeps Guard behind the screen, and Bo, a
player, watches. :func:`players_view` is all a player receives (the events, the export, the
undo marks, the dice statistics), with what differs between any two tables for reasons of
their own (ids, times, hashes, salts, seeds, faces) left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dicepool.campaign import create_character, undo
from dicepool.campaign.characters import edit_sheet
from dicepool.campaign.dice_stats import table_dice_stats
from dicepool.campaign.export import export_for
from dicepool.campaign.seats import Seat
from dicepool.campaign.table import (
    SeenEvent,
    events_for,
    read_log,
    roll_at_table,
    struck_seen,
    undo_at_table,
    visible,
)
from dicepool.campaign.verify import verify
from dicepool.core.dice import ForcedDice, SystemDice
from dicepool.store.database import Database

from .integration.store.tables import seated

PLACEHOLDER = {"kind": "concealed", "data": {}, "actor": "", "at": "", "revealed": False}
"""What a player reads of any private work (its seq aside)."""


@dataclass
class Play:
    """One table played by its storyteller, with Guard their own character from the start.

    Attributes:
        hidden: the hidden rolls drawn from the seal that stand, by seq.
        changes: Guard's changes that stand, by seq.
        undos: the undos of those that stand, newest last, each with what it struck (a
            restore undoes one).
        made: how many changes and characters were made (their traits and names differ).
    """

    db: Database
    name: str
    storyteller: Seat = field(init=False)
    player: Seat = field(init=False)
    hidden: list[int] = field(default_factory=list)
    changes: list[int] = field(default_factory=list)
    undos: list[tuple[int, int]] = field(default_factory=list)
    made: int = 0
    changes_made: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.storyteller, self.player = seated(self.db, self.name, "cofd", "st", "Bo")
        self.npc()

    def public_roll(self) -> None:
        """A roll every seat sees whole."""
        roll_at_table(self.db, self.storyteller, "chronicles 2", SystemDice())

    def hidden_roll(self) -> int:
        """A hidden roll of the seal's: players see it behind the screen, by its number."""
        made = roll_at_table(self.db, self.storyteller, "chronicles 3", SystemDice(), hidden=True)
        self.hidden.append(made.event.seq)
        return made.event.seq

    def typed_hidden_roll(self) -> int:
        """A hidden roll whose faces the storyteller typed: no seal numbers it."""
        faces = ForcedDice([9, 2])
        made = roll_at_table(self.db, self.storyteller, "chronicles 2", faces, hidden=True)
        return made.event.seq

    def undo(self, event: int, actor: str | None = None) -> int:
        """Undo (or restore) ``event``, at the table or, with ``actor``, from the command
        line; the undo's seq."""
        if actor is None:
            done, _ = undo_at_table(self.db, self.storyteller, event)
        else:
            done, _ = undo(self.db, self.name, actor, event)
        return done.seq

    def npc(self, name: str = "Guard") -> None:
        """Create one of the storyteller's own characters."""
        create_character(self.db, self.name, name, self.storyteller.name, changes="Wits=2")

    def change(self, name: str = "Guard") -> int:
        """Change one of the storyteller's own characters; the change's seq."""
        self.made += 1
        changes = f"Wits={2 + self.made % 3} Composure={1 + self.made % 4}"
        edited = edit_sheet(self.db, self.name, name, changes, actor=self.storyteller.name)
        self.changes.append(edited.event.seq)
        self.changes_made.add(edited.event.seq)
        return edited.event.seq

    def private(self, which: str) -> None:
        """Do one piece of private work (see :data:`PRIVATE`), if the table's state allows
        it, else a change to Guard."""
        if which in ("undo-hidden", "cli-undo") and self.hidden:
            struck = self.hidden.pop()
            self.undos.append((self.undo(struck, "gm" if which == "cli-undo" else None), struck))
        elif which == "restore" and self.undos:
            undone, struck = self.undos.pop()
            self.undo(undone)
            (self.changes if struck in self.changes_made else self.hidden).append(struck)
        elif which == "undo-change" and self.changes:
            struck = self.changes.pop()
            self.undos.append((self.undo(struck), struck))
        elif which == "typed-hidden":
            self.typed_hidden_roll()
        elif which == "new-npc":
            self.made += 1
            self.npc(f"Spy{self.made}")
        else:
            self.change()


PRIVATE = ("undo-hidden", "restore", "change", "undo-change", "typed-hidden", "new-npc", "cli-undo")
"""The kinds of private work a :class:`Play` does."""


def seen_shape(seen: SeenEvent) -> tuple[Any, ...]:
    """What a player reads of an event, less what two tables differ in anyway: all of a
    placeholder or a roll behind the screen; another event's kind, actor and keys."""
    event = seen.event
    as_read = {**event.to_dict(), "kind": seen.kind, "revealed": seen.revealed}
    assert "id" not in as_read  # the database's number, counted across every table
    if seen.concealed or (seen.hidden and not seen.revealed):
        if not seen.concealed:
            del as_read["at"]  # a roll's time: the two tables rolled it at their own
        return tuple(sorted((k, repr(v)) for k, v in as_read.items()))
    return (event.seq, seen.kind, event.actor, sorted(event.data), seen.revealed)


def exported_shape(event: dict[str, Any]) -> tuple[Any, ...]:
    """An event of a player's export, less ids, times, hashes and salts (whether a salt is
    given stays), and a public event's data (but its keys)."""
    chain = sorted(event["chain"])
    behind = event["data"].get("hidden") and "result" not in event["data"]
    if event["kind"] == "concealed" or behind:
        return (sorted(event), event["seq"], event["kind"], repr(event["data"]), chain)
    return (
        sorted(event),
        event["seq"],
        event["kind"],
        event["actor"],
        sorted(event["data"]),
        chain,
    )


def players_view(play: Play) -> dict[str, Any]:
    """All a player receives, comparable between tables (see :func:`seen_shape`)."""
    db, player = play.db, play.player
    page = events_for(db, player).events
    export = export_for(db, player)
    struck = struck_seen(db, player, page)
    stats = table_dice_stats(db, player)
    return {
        "events": [seen_shape(s) for s in page],
        "without placeholders": [
            s.event.seq for s in visible(player, read_log(db, player.campaign_id))
        ],
        "export": [exported_shape(e) for e in export["events"]],
        "struck": sorted(s.event.seq for s in page if s.event.id in struck),
        "stats": (stats.table.rolls, [t.rolls for t in stats.actors], dict(stats.left_out)),
    }


def chain_checks(play: Play) -> int:
    """Check the player's export as `dicepool verify` does; how many events it holds whole."""
    export = export_for(play.db, play.player)
    checked = verify(export["events"], [export["head"]["hash"]])
    assert checked.chain is not None and checked.chain.problems == (), checked.chain
    assert all(found for _, found in checked.chain.heads)
    return checked.chain.whole
