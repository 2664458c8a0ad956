"""Events as a table's reader is shown them: every earlier event they name, by its seq.

An event names the events it acts on by their seq (:mod:`dicepool.sheet.refs`); one logged
before the log did names them by the database's id, a number counted across every campaign,
and the log keeps it so (its hash is over it). The API, the live feed and the export give
each event as it was logged, since a player's check of the chain hashes it. What a reader is
shown puts them by seq first (:func:`old_seqs` with
:func:`~dicepool.sheet.events.by_seq`): the page's log and the command line's.
"""

from __future__ import annotations

from collections.abc import Iterable

from dicepool.sheet.events import Event, refs_of
from dicepool.store.log import seqs_of
from dicepool.store.sql import Sql


def names_by_id(events: Iterable[Event]) -> bool:
    """Whether any of ``events`` names an earlier event by the database's id (old data)."""
    return any(ref.old for event in events for ref in refs_of(event))


def old_seqs(conn: Sql, campaign_id: int, events: Iterable[Event]) -> dict[int, int]:
    """The seqs of the earlier events that ``events`` (of one campaign) name by the
    database's id, by id: none to look up in a log written since events named each other by
    seq."""
    ids = sorted({ref.id for event in events for ref in refs_of(event) if ref.old})
    return seqs_of(conn, campaign_id, ids)
