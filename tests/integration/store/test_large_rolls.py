"""A roll of a large pool logs its dice packed, every reader of the log reads it, and an event
over the log's limit is refused with nothing logged."""

from __future__ import annotations

import json

import pytest

from dicepool.campaign import check, create_campaign, roll
from dicepool.campaign.dice_stats import dice_stats
from dicepool.campaign.export import export_campaign
from dicepool.campaign.seals import close
from dicepool.campaign.verify import verify
from dicepool.core.dice import SystemDice
from dicepool.errors import LimitError
from dicepool.notation.packing import dice_of
from dicepool.sheet.payloads import Rolled
from dicepool.store import log as store_log
from dicepool.store.database import Database
from dicepool.store.log import MAX_EVENT_BYTES, campaign_events, find_campaign


def stored_sizes(db: Database, campaign: str) -> list[int]:
    """The size of each event's data as the database holds it, in bytes."""
    with db.read() as conn:
        row = find_campaign(conn, campaign)
        assert row is not None
        found = conn.rows(
            "SELECT length(CAST(data AS TEXT)) AS size FROM events WHERE campaign_id = :c "
            "ORDER BY seq",
            {"c": row.id},
        )
    return [int(r["size"]) for r in found]


def test_the_largest_pool_logs_kilobytes_that_every_reader_reads(db: Database) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    big = roll(db, "Night", "chronicles 10000 8again rote", SystemDice(), "st")
    small = roll(db, "Night", "chronicles 5", SystemDice(), "st")
    dice = dice_of(Rolled.of(big.event.data).result)
    assert len(dice) > 20_000 and dice == [d.to_dict() for d in big.result.dice]
    size = stored_sizes(db, "Night")[2]
    assert size < 4 * len(dice)  # about 2 bytes a die: it was some 90 (2 MB for this roll)
    close(db, "Night", "st")  # its seed out: anyone can check the faces
    checked = verify(export_campaign(db, "Night")["events"])
    assert checked.ok and checked.seals[0].checked == 2
    stats = dice_stats(db, "Night")
    assert stats.table.rolls == 2
    assert stats.table.dice[0].faces == len(dice) + len(small.result.dice)
    assert check(db) == []
    with db.read() as conn:
        row = find_campaign(conn, "Night")
        assert row is not None
        read_back = campaign_events(conn, row.id)[2]
    assert dice_of(Rolled.of(read_back.data).result) == dice


def test_an_event_over_the_logs_limit_is_refused_and_nothing_logged(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_campaign(db, "Night", "chronicles", "st")
    before = stored_sizes(db, "Night")
    limit = 4000  # the real limit takes a roll of some 400,000 dice to pass
    monkeypatch.setattr(store_log, "MAX_EVENT_BYTES", limit)
    with pytest.raises(LimitError, match=r"over the log's limit of 4,000 bytes an event"):
        roll(db, "Night", "chronicles 3000", SystemDice(), "st")
    assert stored_sizes(db, "Night") == before  # no roll, and no sequence number taken
    roll(db, "Night", "chronicles 300", SystemDice(), "st")
    assert len(stored_sizes(db, "Night")) == len(before) + 1
    assert max(stored_sizes(db, "Night")) <= limit <= MAX_EVENT_BYTES


def test_a_log_written_before_packing_reads_the_same(db: Database) -> None:
    """An export of a large roll with its dice listed, as every earlier version wrote them
    (before the hash chain too), checks the same as one with its dice packed."""
    create_campaign(db, "Night", "classic", "st")
    roll(db, "Night", "classic 800 diff 7", SystemDice(), "st")
    close(db, "Night", "st")
    events = export_campaign(db, "Night")["events"]
    listed = json.loads(json.dumps(events))
    for event in listed:  # an export of version 1: no chain (this one would see the edit)
        del event["chain"]
    rolled = next(e for e in listed if e["kind"] == "rolled")
    assert isinstance(rolled["data"]["result"]["dice"], dict)
    rolled["data"]["result"]["dice"] = dice_of(rolled["data"]["result"])
    assert verify(listed).seals == verify(events).seals and verify(listed).seals[0].checked == 1
    assert verify(listed).chain is None and verify(events).ok
