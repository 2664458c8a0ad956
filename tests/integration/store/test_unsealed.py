"""Every roll that shows dice is drawn from a seal or marked as typed by hand (issue 28), on
SQLite and PostgreSQL.

The library's use cases refuse a dice source that is neither the seal's stream nor faces
typed by hand (or a seeded generator's, marked so): the host who calls the library on the
server's database with dice of their own logs nothing. A roll the host writes with the
store's own append (so the hash chain is recomputed and holds) is marked wherever it is
shown: the log's summaries (the command line, Discord, the page), the export, and
`verify`, which fails.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from dicepool.campaign import create_character
from dicepool.campaign.export import export_campaign
from dicepool.campaign.rolls import roll
from dicepool.campaign.seats import take_character
from dicepool.campaign.shown import UNSEALED_WORDS, unsealed
from dicepool.campaign.summaries import summary
from dicepool.campaign.table import SeenEvent
from dicepool.campaign.verify import verify
from dicepool.core.dice import ForcedDice, SeededDice
from dicepool.errors import DiceError
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import Drawn, Rolled
from dicepool.store.database import Database
from dicepool.store.log import append, find_campaign
from dicepool.web.discord_words import event_lines

from .tables import seated


class Loaded:
    """The host's own dice: every die shows its highest face."""

    def roll(self, sides: int, count: int) -> list[int]:
        return [sides] * count


def _kinds(db: Database) -> list[str]:
    return [e["kind"] for e in export_campaign(db, "Night")["events"]]


def test_the_library_refuses_dice_of_the_callers_own(db: Database) -> None:
    seated(db, "Night", "chronicles", "st", "Bo")
    before = _kinds(db)
    with pytest.raises(DiceError, match="come from its seal, or are typed by hand"):
        roll(db, "Night", "chronicles 5", Loaded(), "st")  # type: ignore[arg-type]
    assert _kinds(db) == before  # nothing logged


def test_typed_and_seeded_dice_are_logged_marked_not_unsealed(db: Database) -> None:
    seated(db, "Night", "chronicles", "st", "Bo")
    typed = roll(db, "Night", "chronicles 2", ForcedDice([8, 3]), "st").event
    seeded = roll(db, "Night", "chronicles 2", SeededDice(7), "st").event
    assert typed.data["typed"] is True and seeded.data["seeded"] is True
    assert not unsealed("rolled", typed.data) and not unsealed("rolled", seeded.data)
    assert verify(export_campaign(db, "Night")["events"]).ok


def _forged(db: Database) -> Event:
    """The host's roll outside every seal: a typed roll's data without its mark, logged by the
    store's own append, so the chain runs through it unbroken."""
    template = roll(db, "Night", "chronicles 3", ForcedDice([9, 9, 8]), "st").event
    forged = replace(Rolled.of(template.data), drawn=Drawn())  # no seal, no mark
    with db.write() as conn:
        row = find_campaign(conn, "Night", lock=True)
        assert row is not None
        return append(conn, row.id, event_of(Kind.ROLLED, forged), "st")


def test_a_roll_forged_outside_every_seal_fails_verify_and_is_marked_everywhere(
    db: Database,
) -> None:
    _, bo = seated(db, "Night", "chronicles", "st", "Bo")
    create_character(db, "Night", "Ana", "Bo", changes="Dexterity=2")
    take_character(db, bo, "Ana")
    forged = _forged(db)
    assert unsealed("rolled", forged.data)
    exported = export_campaign(db, "Night")
    checked = verify(exported["events"])
    assert checked.chain is not None and not checked.chain.problems  # the chain holds...
    assert not checked.ok  # ...and still the roll fails the check
    marked = [e for e in exported["events"] if e.get("unsealed")]
    assert [e["seq"] for e in marked] == [forged.seq]
    assert marked[0]["unsealed"] == UNSEALED_WORDS
    assert UNSEALED_WORDS in summary(forged)  # the command line's log, the page's words
    assert UNSEALED_WORDS in event_lines(SeenEvent(forged))[0]  # Discord's message


def test_a_sealed_roll_is_not_marked(db: Database) -> None:
    seated(db, "Night", "chronicles", "st", "Bo")
    from dicepool.core.dice import SystemDice

    rolled = roll(db, "Night", "chronicles 3", SystemDice(), "st").event
    assert rolled.data["seal"]["seal"] == 1
    assert UNSEALED_WORDS not in summary(rolled)
    assert not [e for e in export_campaign(db, "Night")["events"] if e.get("unsealed")]


def test_a_forged_roll_is_marked_in_the_api_the_live_feed_and_log_json(db: Database) -> None:
    from dicepool.campaign.table import events_for
    from dicepool.cli.render_log import event_json as log_json
    from dicepool.web.api import event_json

    _, bo = seated(db, "Night", "chronicles", "st", "Bo")
    forged = _forged(db)
    seen = {s.event.seq: s for s in events_for(db, bo).events}
    assert event_json(seen[forged.seq])["unsealed"] == UNSEALED_WORDS  # the API's, the feed's
    assert "unsealed" not in event_json(seen[forged.seq - 1])  # the typed roll it copied
    assert log_json(forged, False)["unsealed"] == UNSEALED_WORDS
    assert summary(forged).startswith(f"[{UNSEALED_WORDS}] ")  # a line cut to fit keeps it


def test_the_placeholder_of_private_work_is_not_marked_unsealed(db: Database) -> None:
    """The placeholder stands on the log as an empty roll: its kind as a player reads it,
    ``concealed``, is what the mark is decided by (it showed as a roll the server chose)."""
    from dicepool.campaign.table import events_for, roll_at_table, undo_at_table
    from dicepool.core.dice import SystemDice
    from dicepool.web.api import event_json

    teller, bo = seated(db, "Night", "chronicles", "st", "Bo")
    hidden = roll_at_table(db, teller, "chronicles 3", SystemDice(), hidden=True).event
    undo_at_table(db, teller, hidden.seq)
    seen = [event_json(s) for s in events_for(db, bo).events]
    [placeholder] = [e for e in seen if e["kind"] == "concealed"]
    assert "unsealed" not in placeholder
    assert not [e for e in seen if e.get("unsealed")]
