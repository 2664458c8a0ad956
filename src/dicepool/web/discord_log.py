"""The storyteller's commands on the log from Discord: ``/reveal seq:``, ``/undo seq:`` and
``/restore seq:``, through the use cases the page's buttons call (:func:`reveal`,
:func:`undo_at_table`, :func:`restore_at_table`), with their seat checks: a player is refused
in their words ("only the storyteller reveals a hidden roll").

What a command did is answered as the channel may see it (:func:`on_the_log`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from dicepool.campaign.discord import onlooker
from dicepool.campaign.seats import Seat
from dicepool.campaign.summaries import summary
from dicepool.campaign.table import read_log, restore_at_table, reveal, undo_at_table, visible
from dicepool.errors import ParameterError
from dicepool.sheet.events import Event, Kind
from dicepool.store.database import Database
from dicepool.store.log import MAX_SEQ
from dicepool.web.discord_words import event_lines, message


def _reveal(db: Database, seat: Seat, seq: int) -> tuple[Event, Event | None]:
    return reveal(db, seat, seq), None


ON_THE_LOG: dict[str, Callable[[Database, Seat, int], tuple[Event, Event | None]]] = {
    "reveal": _reveal,
    "undo": undo_at_table,
    "restore": restore_at_table,
}
"""Each command on the log, and the use case it runs on the event it names (the event logged,
and the one it acts on)."""


def on_the_log(db: Database, seat: Seat, name: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """Run ``/reveal``, ``/undo`` or ``/restore`` on the event numbered ``seq``; its answer.

    A revealed roll is shown to the channel whole, as players now see it; an undo or a
    restore is answered to the channel where it shows the players what it shows the
    storyteller, else to the storyteller alone (an undo of a hidden roll tells no one else).

    Raises:
        ParameterError: no ``seq``, or one out of the log's numbers.
        AccessError: a player's seat (the storyteller's commands).
        CampaignError: as the use case (no such roll, not hidden, standing already...).
    """
    seq = given.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= MAX_SEQ:
        raise ParameterError("seq", "seq is the event's number in the log: /undo seq:12")
    done, target = ON_THE_LOG[name](db, seat, seq)
    read = read_log(db, seat.campaign_id, done.seq - 1, 1)
    mine = [line for s in visible(seat, read, done.seq - 1) for line in event_lines(s)]
    theirs = [line for s in visible(onlooker(seat), read, done.seq - 1) for line in event_lines(s)]
    if target is not None and target.kind is Kind.UNDONE:  # a restore: say what came back
        said, restored = summary(done), summary(done, target)
        mine, theirs = ([x.replace(said, restored, 1) for x in xs] for xs in (mine, theirs))
    if name == "reveal" or mine == theirs:
        return message("\n".join(theirs))
    return message("\n".join(mine), ephemeral=True)
