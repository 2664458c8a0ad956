"""Events logged before events named each other by seq (issue 28) named the event they act on
by the database's id, and the hash chain keeps them so. On SQLite and PostgreSQL, beside a
table that logged in turns (so ids and seqs differ): an undo and a reveal of the old form,
written with the store itself, still strike, restore, reveal and summarize by seq; a
storypath log of the old form (an Advantage used, Stunts and a Drawback carried) replays, its
story kept by id is upgraded to seqs (migration 0015), and play goes on by seq. Events logged
from now on name their target by seq."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from dicepool.campaign import check, load_campaign, log, roll, undo
from dicepool.campaign.campaigns import create_campaign, need_campaign
from dicepool.campaign.characters import create_character
from dicepool.campaign.storypath import set_players
from dicepool.campaign.stunts import buy_stunt, carry_drawback
from dicepool.campaign.summaries import summary
from dicepool.campaign.table import events_for, recent_for, reveal, roll_at_table, struck_seen
from dicepool.core.dice import ForcedDice, SystemDice
from dicepool.errors import CampaignError
from dicepool.sheet.events import Event, Kind
from dicepool.sheet.spends import NO_SPENDS, Spends
from dicepool.store.chain import GENESIS, digest_of, link
from dicepool.store.database import HEAD, Database
from dicepool.store.log import append, campaign_events
from dicepool.store.sql import loads

from .tables import seated


def busy(db: Database, rolls: int = 3) -> None:
    """Dawn, another table of the database, rolls: the ids run on past Night's seqs."""
    for _ in range(rolls):
        roll(db, "Dawn", "chronicles 2", ForcedDice([8, 3]), "al")


def logged_before(db: Database, campaign: str, kind: Kind, target: Event) -> Event:
    """An event of ``kind`` naming ``target`` as it was logged before: by its database id."""
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        return append(conn, row.id, Event(kind, {"event": target.id}), "st")


@pytest.fixture
def dawn(db: Database) -> Database:
    create_campaign(db, "Dawn", "chronicles", "al")
    busy(db, 10)
    return db


def test_an_old_undo_and_reveal_strike_restore_reveal_and_say_so_by_seq(dawn: Database) -> None:
    db = dawn
    told, bo = seated(db, "Night", "chronicles", "st", "Bo")
    busy(db)
    plain = roll(db, "Night", "chronicles 2", ForcedDice([8, 1]), "st").event
    busy(db)
    secret = roll_at_table(db, told, "chronicles 3", SystemDice(), hidden=True).event
    busy(db)
    assert (plain.id, secret.id) != (plain.seq, secret.seq)
    undone = logged_before(db, "Night", Kind.UNDONE, plain)
    shown = logged_before(db, "Night", Kind.REVEALED, secret)
    assert undone.data == {"event": plain.id}  # as logged, and kept
    # the log reads it: the roll struck, the undo naming it by seq
    entries = {e.event.seq: e for e in log(db, "Night")}
    assert entries[plain.seq].struck
    entry = entries[undone.seq]
    assert entry.event.data == {"event": {"seq": plain.seq}} and entry.target is not None
    assert summary(entry.event, entry.target).startswith(f"undid event {plain.seq} (rolled: ")
    said = {s.event.seq: summary(s.event) for s in recent_for(db, bo).events}
    assert said[undone.seq] == f"undid event {plain.seq}"
    assert said[shown.seq] == f"revealed hidden roll {secret.seq}"
    # the player's view: the roll struck, the hidden roll whole just before its reveal
    seen = events_for(db, bo).events
    assert plain.id in struck_seen(db, bo, seen)
    assert [(s.event.seq, s.revealed) for s in seen[-2:]] == [
        (secret.seq, True),
        (shown.seq, False),
    ]
    with pytest.raises(CampaignError, match=f"roll {secret.seq} is revealed already"):
        reveal(db, told, secret.seq)
    # restored by undoing the old undo, by its seq: the new undo names it by seq
    restored, target = undo(db, "Night", "st", undone.seq)
    assert restored.data == {"event": {"seq": undone.seq}}
    assert summary(restored, target) == f"restored event {plain.seq} (undid undo {undone.seq})"
    assert not {e.event.seq: e for e in log(db, "Night")}[plain.seq].struck
    with db.read() as conn:  # what the store follows: the ids
        found = conn.rows("SELECT undoes FROM events WHERE id = :id", {"id": restored.id})
    assert found[0]["undoes"] == undone.id
    again, _ = undo(db, "Night", "st", restored.seq)  # the old undo stands again
    assert {e.event.seq: e for e in log(db, "Night")}[plain.seq].struck
    assert again.data == {"event": {"seq": restored.seq}}
    assert check(db) == []


def test_a_roll_and_its_undo_logged_now_name_each_other_by_seq(dawn: Database) -> None:
    db = dawn
    create_campaign(db, "Night", "chronicles", "st")
    busy(db)
    plain = roll(db, "Night", "chronicles 2", ForcedDice([8, 1]), "st").event
    busy(db)
    struck, target = undo(db, "Night", "st", plain.seq)
    assert (target.seq, struck.data) == (plain.seq, {"event": {"seq": plain.seq}})
    assert plain.id > 10 > plain.seq  # Dawn's ten rolls came first
    with db.read() as conn:
        found = conn.rows("SELECT undoes FROM events WHERE id = :id", {"id": struck.id})
    assert found[0]["undoes"] == plain.id  # the store still follows the id


# --- a storypath log of the old form, and its story --------------------------------------


def saga(db: Database) -> dict[str, int]:
    """Saga played beside Dawn: an Advantage and an Enhancement Stunt used, a Drawback
    carried and taken, a Difficulty Stunt taken by Bo; then an Advantage and a Stunt left
    waiting. The seqs of its rolls, by what they are."""
    create_campaign(db, "Saga", "storypath", "st")
    set_players(db, "Saga", 2, "st")
    create_character(db, "Saga", "Ana", "st", changes="Dexterity=3 Athletics=2")
    create_character(db, "Saga", "Bo", "st", changes="Dexterity=2 Athletics=2")
    line = "Dexterity + Athletics"

    def rolled(who: str, faces: list[int], spends: Spends = NO_SPENDS, text: str = line) -> int:
        busy(db, 2)
        return roll(db, "Saga", text, ForcedDice(faces), "st", who, spends).event.seq

    seqs = {"failed": rolled("Ana", [2, 3, 4, 5, 6], Spends(consolation="advantage"))}
    seqs["stunted"] = rolled("Ana", [8, 9, 8, 8, 2])  # 3 stunt successes
    buy_stunt(db, "Saga", seqs["stunted"], "enhancement", 1, None, "a run", "st")
    buy_stunt(db, "Saga", seqs["stunted"], "difficulty", 1, "Bo", "mud", "st")
    drawback = Spends(drawback="drunk")
    seqs["drawn"] = rolled("Ana", [8, 2, 2, 2, 2], drawback, f"{line} enh 4")
    carry_drawback(db, "Saga", seqs["drawn"], "difficulty", 1, None, "st")
    uses = Spends(advantage=True, stunt=seqs["stunted"])
    seqs["used"] = rolled("Ana", [8, 8, 2, 2, 2], uses)  # the Advantage, the Stunt, the Drawback
    seqs["bo"] = rolled("Bo", [8, 8, 2, 3])  # his Difficulty Stunt
    seqs["waiting"] = rolled("Ana", [2, 3, 4, 5, 6], Spends(consolation="advantage"))
    seqs["second"] = rolled("Ana", [8, 9, 8, 2, 2])
    buy_stunt(db, "Saga", seqs["second"], "difficulty", 1, "Bo", "rain", "st")
    return seqs


def by_id(value: Any, ids: dict[int, int]) -> Any:
    """``value`` with every reference ``{"seq": N}`` written as an old event wrote it: the id."""
    if isinstance(value, dict):
        if set(value) == {"seq"}:
            return ids[value["seq"]]
        return {k: by_id(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [by_id(v, ids) for v in value]
    return value


def story_by_id(story: dict[str, Any], ids: dict[int, int]) -> dict[str, Any]:
    """A story as it was kept before migration 0015: its rolls by id."""
    advantages, carries = story["advantages"], story["carries"]
    return {
        **story,
        "advantages": {"pending": [[c, ids[e], w] for c, e, w in advantages["pending"]]},
        "carries": {
            "pending": [[*c[:4], ids[c[4]], *c[5:]] for c in carries["pending"]],
            "spent": [[ids[r], n] for r, n in carries["spent"]],
            "drawn": [ids[r] for r in carries["drawn"]],
        },
    }


def as_logged_before(db: Database, campaign: str) -> None:
    """Rewrite a campaign as a dicepool of schema 0014 logged and kept it: every reference of
    its events' data by id (the chain hashed again over it), its story by id, the schema's
    version 0014."""
    with db.write() as conn:
        row = need_campaign(conn, campaign, lock=True)
        events = campaign_events(conn, row.id)
        ids = {e.seq: e.id for e in events}
        prev = GENESIS
        for event in events:
            data = by_id(event.data, ids)
            assert event.chain is not None
            digest = digest_of(
                event.seq, event.at, event.actor, event.kind.value, data, event.chain.salt
            )
            hashed = link(prev, event.seq, digest)
            conn.run(
                "UPDATE events SET data = :d, digest = :g, prev = :p, hash = :h WHERE id = :i",
                {
                    "d": _stored(conn.dialect, data),
                    "g": digest,
                    "p": prev,
                    "h": hashed,
                    "i": event.id,
                },
            )
            prev = hashed
        story = loads(
            conn.rows("SELECT story FROM campaigns WHERE id = :c", {"c": row.id})[0]["story"]
        )
        conn.run(
            "UPDATE campaigns SET head = :h, story = :s WHERE id = :c",
            {"h": prev, "s": _stored(conn.dialect, story_by_id(story, ids)), "c": row.id},
        )
        conn.run("UPDATE alembic_version SET version_num = '0014'")


def _stored(dialect: str, value: dict[str, Any]) -> Any:
    return value if dialect == "postgresql" else json.dumps(value)


@pytest.fixture
def upgraded(dawn: Database) -> Iterator[tuple[Database, dict[str, int]]]:
    """Saga logged and kept by id, then opened by this dicepool (its schema upgraded)."""
    seqs = saga(dawn)
    as_logged_before(dawn, "Saga")
    opened = Database(dawn.url)
    try:
        yield opened, seqs
    finally:
        opened.close()


def test_an_old_storypath_log_replays_and_its_story_is_upgraded_to_seqs(
    upgraded: tuple[Database, dict[str, int]],
) -> None:
    db, seqs = upgraded
    assert db.version() == "0014"
    state = load_campaign(db, "Saga")  # the first use upgrades the schema
    assert db.version() == HEAD
    assert check(db) == []  # the log replayed (its ids put by seq) is the story kept
    [advantage] = state.now.advantages.pending
    assert (advantage.character, advantage.event) == ("Ana", seqs["waiting"])
    carries = state.now.carries
    assert [(c.holder, c.roll) for c in carries.pending] == [("Bo", seqs["second"])]
    assert set(carries.spent) == {(seqs["stunted"], 2), (seqs["second"], 1)}
    assert carries.drawn == (seqs["drawn"],)
    with db.read() as conn:  # the log is as it was written: ids
        kept = [e for e in campaign_events(conn, need_campaign(conn, "Saga").id)]
    bought = next(e for e in kept if e.kind is Kind.STUNT_BOUGHT)
    assert bought.data["event"] == next(e.id for e in kept if e.seq == seqs["stunted"])


def test_an_old_storypath_log_reads_by_seq_and_play_goes_on_by_seq(
    upgraded: tuple[Database, dict[str, int]],
) -> None:
    db, seqs = upgraded
    said = [summary(e.event, e.target) for e in log(db, "Saga", 100)]
    assert (
        f"Ana buys a Enhancement Stunt 1 with the stunt successes of event {seqs['stunted']}: a run"
        in said
    )
    used = next(s for s in said if "Advantage of" in s)
    assert f"Advantage of event {seqs['failed']} used" in used
    assert f"Enhancement Stunt 1 of event {seqs['stunted']} taken" in used
    assert f"Drawback's difficulty 1 of event {seqs['drawn']} taken" in used
    assert f"Ana's Drawback of event {seqs['drawn']} carried" in " ".join(said)
    with pytest.raises(CampaignError, match=f"cannot undo event {seqs['second']}: event"):
        undo(db, "Saga", "st", seqs["second"])  # the Stunt bought on it stands on it
    now = roll(
        db,
        "Saga",
        "Dexterity + Athletics",
        ForcedDice([8, 2, 2, 2, 2]),
        "st",
        "Ana",
        Spends(advantage=True),
    )
    assert now.event.data["effects"]["advantage"]["from"] == {"seq": seqs["waiting"]}
    bo = roll(db, "Saga", "Dexterity + Athletics", ForcedDice([8, 8, 2, 3]), "st", "Bo")
    assert bo.event.data["effects"]["carried"]["used"] == [
        ["stunt", "difficulty", 1, "Bo", {"seq": seqs["second"]}]
    ]
    undo(db, "Saga", "st", bo.event.seq)  # his Stunt waits again
    assert [c.roll for c in load_campaign(db, "Saga").now.carries.pending] == [seqs["second"]]
    assert check(db) == []
