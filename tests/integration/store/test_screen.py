"""A hidden roll as players read it is stored beside it (``events.screen``, migration 0010):
a player's read takes that placeholder and never the roll's data, so what the read costs tells
nothing of the roll (benchmarks/hidden_read.py measures it)."""

from __future__ import annotations

import sqlite3

import pytest

from dicepool.campaign import check, roll, undo
from dicepool.campaign.seals import Sealed
from dicepool.campaign.seats import Seat, find_seat_by_token, join_table, open_table
from dicepool.campaign.table import events_for
from dicepool.core.dice import ForcedDice
from dicepool.sheet.events import Event, screen_of
from dicepool.store.database import Database
from dicepool.store.sql import loads


def _table(db: Database) -> tuple[Seat, Seat]:
    """A table of chronicles with the storyteller's seat and Bo's, a player's."""
    table = open_table(db, "Night", "cofd")
    told, invite = find_seat_by_token(db, table.storyteller), find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    return told, join_table(db, invite, "Bo")[0]


def _screens(db: Database) -> dict[int, object]:
    """Each event's stored ``screen``, by id (None where NULL)."""
    with db.read() as conn:
        rows = conn.rows("SELECT id, screen FROM events ORDER BY id")
    return {r["id"]: None if r["screen"] is None else loads(r["screen"]) for r in rows}


def test_only_a_hidden_roll_stores_what_players_read_of_it(db: Database) -> None:
    told, player = _table(db)
    public = roll(db, "Night", "chronicles 2", ForcedDice([8, 3]), "st").event
    secret = roll(db, "Night", "chronicles 300 8again", Sealed(), "st", hidden=True).event
    unsealed = roll(db, "Night", "chronicles 1", ForcedDice([9]), "st", hidden=True).event
    screens = _screens(db)
    assert screens[public.id] is None
    assert screens[secret.id] == screen_of(secret)
    assert screens[secret.id] == {"hidden": True, "seal": {"seal": 1, "roll_no": 1}}
    assert screens[unsealed.id] == {"hidden": True}  # typed faces: players see it concealed
    seen = {s.event.id: s for s in events_for(db, player).events}
    assert seen[secret.id].event.data == screens[secret.id]
    assert seen[unsealed.id].concealed and seen[unsealed.id].event.data == {}  # no number
    assert {s.event.id: s.event for s in events_for(db, told).events}[secret.id] == secret


def test_a_players_read_never_reads_a_hidden_rolls_data(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The roll's data made unreadable in the file: the storyteller's read fails on it, a
    player's (the events and the page's, through an undo and a restore) reads as before."""
    path = tmp_path_factory.mktemp("screen") / "night.sqlite3"
    db = Database(f"sqlite:///{path}")
    try:
        told, player = _table(db)
        secret = roll(db, "Night", "chronicles 3", Sealed(), "st", hidden=True).event
        struck, _ = undo(db, "Night", "st", secret.seq)
        undo(db, "Night", "st", struck.seq)  # the restore
        before = events_for(db, player).events
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE events SET data = '{not json' WHERE id = ?", (secret.id,))
        conn.close()
        after = events_for(db, player).events
        assert after == before and [s.kind for s in after[-3:]] == ["rolled", *["concealed"] * 2]
        assert after[-3].event.data == {"hidden": True, "seal": {"seal": 1, "roll_no": 1}}
        with pytest.raises(ValueError):
            events_for(db, told)
    finally:
        db.close()


def test_the_upgrade_gives_hidden_rolls_logged_before_it_their_screen(db: Database) -> None:
    _, player = _table(db)
    secret = roll(db, "Night", "chronicles 2", Sealed(), "st", hidden=True).event
    public = roll(db, "Night", "chronicles 2", Sealed(), "st").event
    with db.write() as conn:  # the schema of 0009: no screen, chain, mixed key, Discord, head
        conn.run("ALTER TABLE campaigns DROP COLUMN head")
        conn.run("DROP TABLE discord_ties")
        conn.run("DROP TABLE discord_webhooks")
        for column in ("screen", "salt", "prev", "digest", "hash"):
            conn.run(f"ALTER TABLE events DROP COLUMN {column}")
        for column in ("stream_key", "mixed"):
            conn.run(f"ALTER TABLE seals DROP COLUMN {column}")
        conn.run("UPDATE alembic_version SET version_num = '0009'")
    db.close()
    again = Database(db.url)
    try:
        again.ensure_schema()
        screens = _screens(again)
        assert screens[secret.id] == screen_of(secret) and screens[public.id] is None
        seen: list[Event] = [s.event for s in events_for(again, player).events]
        assert [e.data for e in seen if e.id == secret.id] == [screen_of(secret)]
        assert check(again) == []
    finally:
        again.close()
