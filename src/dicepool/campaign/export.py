"""A campaign's whole log as one JSON file, and reading such a file back.

The file is what `dicepool verify FILE` checks: anyone holding it can recompute every face of
every closed seal without the database. It is versioned, so that a later dicepool can tell an
old file from a new one and a reader refuses what it does not know rather than misreading it::

    {"format": "dicepool-campaign", "version": 2,
     "campaign": {"name": ..., "system": ...}, "exported_at": "2025-...+00:00",
     "head": {"seq": N, "hash": ...},
     "events": [{"seq", "at", "actor", "kind", "data",
                 "chain": {"prev", "digest", "hash", "salt"}}, ...]}

Each event is named by its ``seq``, its place in the campaign's log (an export written before
also gave its ``id``, the database's number counted across every campaign, which no reader
needs: verify names events by seq alone).

Version 2 adds the hash chain (:mod:`dicepool.store.chain`): each event's ``chain``, with its
``salt`` only where the export's reader sees the event whole; the storyteller's private work in
a player's export (an undo or a restore of a hidden roll, what they do to their own characters'
sheets: :func:`~dicepool.campaign.table.concealed_as`) stands as ``{"seq", "kind":
"concealed", "data": {}, "chain"}``, the same whatever it hides, so the chain runs through it.
Version 1 (no chain) is still read, and its seals checked.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from dicepool.campaign.campaigns import need_campaign
from dicepool.campaign.chained import exported
from dicepool.campaign.seats import Seat
from dicepool.campaign.table import CONCEALED, SeenEvent, whole_log_for
from dicepool.errors import CampaignError
from dicepool.sheet.events import Chain
from dicepool.store.database import Database
from dicepool.store.log import campaign_chain, campaign_events

FORMAT = "dicepool-campaign"
"""The ``format`` of a campaign export."""

VERSION = 2
"""The ``version`` of the export this dicepool writes."""

READ = (1, 2)
"""The versions of the export this dicepool reads (1: without the hash chain)."""

MAX_EXPORT = 256 * 2**20
"""The largest export read, in bytes (some 150,000 events): a file is read whole to be checked."""


def export_campaign(db: Database, name: str) -> dict[str, Any]:
    """Campaign ``name`` and its whole log, read in one transaction, as the export's JSON.

    Raises:
        CampaignError: there is no campaign ``name``.
    """
    with db.read() as conn:
        row = need_campaign(conn, name)
        events = campaign_events(conn, row.id)
    return _export(row.name, row.system, [exported(e) for e in events])


def export_for(db: Database, seat: Seat) -> dict[str, Any]:
    """The export of a web table's log as ``seat`` sees it: a player's holds a hidden roll by
    its number alone until it is revealed (what ``dicepool verify`` checks of it), the rest of
    the storyteller's private work as one placeholder (:func:`_concealed`), and the whole
    chain, an event's salt given only with the content it hashes."""
    # the chain first: every event on it was logged before the seat's read, so none the seat
    # may see is taken for one it may not (an event logged between them is on neither)
    with db.read() as conn:
        chain = campaign_chain(conn, seat.campaign_id)
    seen = {s.event.seq: s for s in whole_log_for(db, seat)}
    events = [_exported(seen.get(seq), seq, links) for seq, links in chain]
    return _export(seat.campaign, seat.system, events)


def _exported(seen: SeenEvent | None, seq: int, links: Chain) -> dict[str, Any]:
    """The export's event ``seq`` as its seat sees it (None: not at all)."""
    return _concealed(seq, links) if seen is None or seen.concealed else exported(seen.event)


def _concealed(seq: int, links: Chain) -> dict[str, Any]:
    """An event the seat may not see at all, or private work it sees as a placeholder: its
    place on the chain (no salt: nothing to check its digest against), nothing of it, the same
    whatever it is."""
    return {"seq": seq, "kind": CONCEALED, "data": {}, "chain": links.to_dict()}


def _export(name: str, system: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    last = events[-1] if events else None
    head = {"seq": last["seq"], "hash": last["chain"]["hash"]} if last and "chain" in last else None
    return {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {"name": name, "system": system},
        "exported_at": datetime.now(UTC).isoformat(),
        "head": head,
        "events": events,
    }


def export_text(export: dict[str, Any]) -> str:
    """The export as the file's text: its header, then one event per line.

    One line per event keeps a long log small and lets ``diff`` and ``grep`` find an event;
    ``json.dumps`` escapes every control and non-ASCII character, so the text is safe to print.
    """
    head = {key: value for key, value in export.items() if key != "events"}
    lines = [json.dumps(event) for event in export["events"]]
    body = "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"
    return json.dumps(head)[:-1] + f', "events": {body}}}\n'


def read_json(text: str, what: str) -> Any:
    """The JSON of a file someone sent, ``what`` it should be (``"a campaign export"``).

    Raises:
        CampaignError: the text is not JSON (one line that says where).
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CampaignError(
            f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from exc
    except RecursionError as exc:
        raise CampaignError(f"nests too deep to be {what}") from exc
    except ValueError as exc:  # e.g. a number of thousands of digits
        raise CampaignError(f"not {what}: {exc}") from exc


def read_export(text: str) -> tuple[dict[str, Any], list[Any]]:
    """The campaign (``name``, ``system``) and the events of an export's text.

    The events themselves are not checked here: :func:`dicepool.campaign.verify.verify` reads
    whatever they hold and names the event of each problem.

    Raises:
        CampaignError: the text is not JSON, not a campaign export, or of a version this
            dicepool does not read (one line that says which).
    """
    data = read_json(text, "a campaign export")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignError(
            f'not a campaign export (no "format": "{FORMAT}"); '
            "write one with `dicepool campaign export NAME -o FILE`"
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CampaignError(
            f'a campaign export without a "version" number (this dicepool reads {VERSION})'
        )
    if version not in READ:
        raise CampaignError(
            f"a campaign export of version {version}, and this dicepool reads versions "
            f"{READ[0]}-{READ[-1]}: check it with the dicepool that wrote it"
        )
    return _campaign(data.get("campaign")), _events(data.get("events"))


def _campaign(campaign: object) -> dict[str, Any]:
    if not (
        isinstance(campaign, dict)
        and isinstance(campaign.get("name"), str)
        and isinstance(campaign.get("system"), str)
    ):
        raise CampaignError('a campaign export without its "campaign" name and system')
    return {"name": campaign["name"], "system": campaign["system"]}


def _events(events: object) -> list[Any]:
    if not isinstance(events, list):
        raise CampaignError('a campaign export without its list of "events"')
    return events
