"""The table on Discord in the store, on SQLite and PostgreSQL: a tie found by its channel
and user, undone and restored with its event, and the webhook's place in the log."""

from __future__ import annotations

from datetime import timedelta

import pytest

from dicepool.campaign.discord import (
    held,
    join_from_discord,
    link_channel,
    posted,
    seat_for,
    webhook_gone,
    webhook_on,
    webhooks,
)
from dicepool.campaign.history import check, undo
from dicepool.campaign.seats import find_seat_by_token, open_table, seated_by_token
from dicepool.errors import AccessError, CampaignError, ParameterError
from dicepool.store.database import Database
from dicepool.store.discord import delete_tie


def test_a_user_acts_as_the_seat_it_is_tied_to_until_the_tie_is_undone(db: Database) -> None:
    table = open_table(db, "Nights", "hubris")
    told = seated_by_token(db, table.storyteller)
    invite = find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    linked = link_channel(db, told, "700", "111")
    with pytest.raises(AccessError, match="/join"):
        seat_for(db, "700", "222")
    bo, joined, _ = join_from_discord(db, invite, "Bo", "222")
    assert seat_for(db, "700", "222") == bo and seat_for(db, "700", "111") == told
    with pytest.raises(AccessError, match="no table is linked"):
        seat_for(db, "701", "222")
    struck, _ = undo(db, "Nights", "storyteller", joined.seq)
    with pytest.raises(AccessError, match="/join"):
        seat_for(db, "700", "222")
    undo(db, "Nights", "storyteller", struck.seq)  # restored
    assert seat_for(db, "700", "222") == bo
    undo(db, "Nights", "storyteller", linked.seq)
    with pytest.raises(AccessError, match="no table is linked"):
        seat_for(db, "700", "222")
    with pytest.raises(AccessError, match="storyteller"):
        link_channel(db, bo, "700", "222")


def test_the_webhook_is_kept_out_of_the_log_and_posted_up_to_once(db: Database) -> None:
    table = open_table(db, "Nights", "hubris")
    told = seated_by_token(db, table.storyteller)
    assert told is not None
    with pytest.raises(ParameterError, match="channel webhook"):
        webhook_on(db, told.campaign_id, "http://10.0.0.1/api/webhooks/1/abc", "storyteller")
    url = "https://discord.com/api/webhooks/123/abc"
    event = webhook_on(db, told.campaign_id, url, "storyteller")
    assert url not in str(event.data) and event.data == {"on": True, "reason": ""}
    (row,) = webhooks(db)
    assert row.url == url and row.posted == event.seq - 1
    assert posted(db, row, event.seq)
    assert not posted(db, row, event.seq)  # another process posted from the same place
    # one process posts at a time: another waits until the first stops renewing its hold
    assert held(db, row, "first", timedelta(seconds=60))
    assert not held(db, row, "second", timedelta(seconds=60))
    assert held(db, row, "first", timedelta(seconds=-1))  # renewed, and run out at once
    assert held(db, row, "second", timedelta(seconds=60))
    assert not held(db, row, "first", timedelta(seconds=60))
    with pytest.raises(CampaignError, match="cannot be undone"):
        undo(db, "Nights", "storyteller", event.seq)
    (row,) = webhooks(db)
    gone = webhook_gone(db, row, "Discord answered 404")
    assert gone is not None and gone.data == {"on": False, "reason": "Discord answered 404"}
    assert webhooks(db) == [] and webhook_gone(db, row, "again") is None
    with pytest.raises(CampaignError, match="no webhook"):
        webhook_on(db, told.campaign_id, "", "storyteller")


def test_db_check_finds_a_tie_the_log_does_not_make(db: Database) -> None:
    """The ties kept are the log's standing ``discord-linked`` and ``discord-joined`` events:
    through an undo and a restore they agree, and a tie deleted or written behind the log's
    back is named by its event."""
    table = open_table(db, "Nights", "hubris")
    told = seated_by_token(db, table.storyteller)
    invite = find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    linked = link_channel(db, told, "700", "111")
    _, joined, _ = join_from_discord(db, invite, "Bo", "222")
    struck, _ = undo(db, "Nights", "storyteller", joined.seq)
    assert check(db) == []
    undo(db, "Nights", "storyteller", struck.seq)  # restored
    assert check(db) == []
    with db.write() as conn:
        delete_tie(conn, linked.id)
    assert check(db) == [
        f"Nights: its Discord ties differ from the log's (missing for events [{linked.id}], "
        "kept without one standing: [])"
    ]
