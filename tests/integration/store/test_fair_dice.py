"""Dice no one can fish, the server's owner included (SQLite and PostgreSQL).

The owner reads and writes the database: the open seal's seed, its key and its next roll
number are all there. These tests play the attacks issue 22 names through the database, and
show that no choice the owner makes without adding events to the log changes the faces of a
storyteller's roll, that a player's contribution is mixed into every roll after it, and that
a player's nonce reaches the stream unchanged.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

import pytest

from dicepool.campaign import create_character
from dicepool.campaign.contributions import contribute
from dicepool.campaign.export import export_campaign
from dicepool.campaign.seals import Sealed, close, open_seal_of
from dicepool.campaign.seats import Seat, take_character
from dicepool.campaign.shown import faces_shown
from dicepool.campaign.table import roll_at_table
from dicepool.campaign.verify import Status, verify
from dicepool.core.dice import SystemDice
from dicepool.core.roll import resolve_any
from dicepool.core.stream import StreamDice, mixed_key, stream_faces
from dicepool.errors import AccessError, CampaignError
from dicepool.notation.parser import parse
from dicepool.store.database import Database

from .tables import seated

LINE = "chronicles 5"


def _seats(db: Database) -> tuple[Seat, Seat]:
    storyteller, player = seated(db, "Night", "chronicles", "st", "Bo")
    create_character(db, "Night", "Cy", "Bo", changes="Wits=2 Stealth=1")
    return storyteller, take_character(db, player, "Cy")


def _add(db: Database, player: Seat) -> str:
    """Bo's browser adds to the open seal, whose commitment it read from the page."""
    seal = open_seal_of(db, "Night")
    given = secrets.token_hex(32)
    contribute(db, player, seal.number, seal.commitment, given)
    return given


def _open_seal(db: Database) -> dict[str, Any]:
    """What the owner reads of the open seal straight from the database."""
    with db.read() as conn:
        return dict(
            conn.rows(
                "SELECT id, seed, stream_key, rolls, mixed FROM seals WHERE closed = :no",
                {"no": False},
            )[0]
        )


def _successes(key: bytes, roll_no: int, nonce: str) -> int:
    result = resolve_any(parse(LINE), StreamDice(key, roll_no, nonce))
    return int(result.to_dict()["successes"])


def _sql(db: Database, sql: str, **params: Any) -> None:
    with db.write() as conn:
        conn.run(sql, params)


def test_a_players_contribution_is_mixed_into_every_roll_after_it(db: Database) -> None:
    storyteller, player = _seats(db)
    before = roll_at_table(db, storyteller, LINE, SystemDice()).event
    given = _add(db, player)
    after = roll_at_table(db, storyteller, LINE, SystemDice()).event
    mine = roll_at_table(db, player, "chronicles 3", Sealed("bo-1")).event
    seed = bytes.fromhex(_open_seal(db)["seed"])
    assert [e.data["seal"].get("mixed", 0) for e in (before, after, mine)] == [0, 1, 1]
    assert mine.data["seal"]["nonce"] == "bo-1"  # the player's nonce, unchanged
    key = mixed_key(seed, [bytes.fromhex(given)])
    assert faces_shown("rolled", mine.data) == stream_faces(
        key, 3, "bo-1", [10] * len(faces_shown("rolled", mine.data))
    )
    seal = open_seal_of(db, "Night")
    with pytest.raises(CampaignError, match="holds that contribution already"):
        contribute(db, player, seal.number, seal.commitment, given)
    # one a browser of Bo's, four at most
    more = [
        contribute(db, player, seal.number, seal.commitment, secrets.token_hex(32))
        for _ in range(3)
    ]
    assert [m.mixed for m in more] == [2, 3, 4]
    with pytest.raises(CampaignError, match="Bo has added to seal 1 from 4 browsers already"):
        contribute(db, player, seal.number, seal.commitment, secrets.token_hex(32))
    with pytest.raises(AccessError, match="only a player's browser"):
        contribute(db, storyteller, seal.number, seal.commitment, secrets.token_hex(32))
    with pytest.raises(CampaignError, match="not seal 1's commitment"):
        contribute(db, player, 1, "0" * 64, secrets.token_hex(32))
    with pytest.raises(CampaignError, match="a contribution is 64 lowercase hex digits"):
        contribute(db, player, seal.number, seal.commitment, "AB" * 32)
    with pytest.raises(CampaignError, match="seal 2 is not open"):
        contribute(db, player, 2, seal.commitment, secrets.token_hex(32))
    close(db, "Night", "st")
    checked = verify(export_campaign(db, "Night")["events"])
    assert checked.ok and checked.seals[0].checked == 3 and checked.seals[0].contributions == 4
    assert checked.seals[1].contributions == 0 and open_seal_of(db, "Night").alone


def test_the_storytellers_rolls_take_no_free_nonce(db: Database) -> None:
    storyteller, player = _seats(db)
    chosen = roll_at_table(db, storyteller, LINE, Sealed("chosen-by-me"), nonce="chosen-by-me")
    assert chosen.event.data["seal"]["nonce"] == ""
    hidden = roll_at_table(db, storyteller, LINE, Sealed(""), hidden=True).event
    assert len(hidden.data["seal"]["nonce"]) == 32  # else its faces would be out at the close
    assert roll_at_table(db, player, LINE, Sealed("x")).event.data["seal"]["nonce"] == "x"


def test_the_owner_grinding_nonces_and_seeds_gets_the_logs_faces_or_is_caught(
    db: Database,
) -> None:
    storyteller, player = _seats(db)
    _add(db, player)
    owned = _open_seal(db)  # the owner reads the open seal's seed and key
    key, roll_no = bytes.fromhex(owned["stream_key"]), owned["rolls"] + 1
    fair = _successes(key, roll_no, "")
    # offline, the owner searches nonces for the storyteller's next roll, as in the issue
    best = max((f"n{i}" for i in range(2000)), key=lambda n: _successes(key, roll_no, n))
    assert _successes(key, roll_no, best) > fair  # under the old scheme, this was the roll
    attempts = []
    for source in (Sealed(best), SystemDice(), Sealed("")):
        event = roll_at_table(db, storyteller, LINE, source, nonce=best).event
        attempts.append((event.data["seal"]["roll_no"], event.data["result"]))
        # the owner erases the attempt from the database and tries again with another choice
        _sql(db, "DELETE FROM rolls_sent WHERE event_id = :e", e=event.id)
        _sql(db, "DELETE FROM events WHERE id = :e", e=event.id)
        _sql(
            db,
            "UPDATE campaigns SET last_seq = last_seq - 1 WHERE id = :c",
            c=storyteller.campaign_id,
        )
        _sql(db, "UPDATE seals SET rolls = rolls - 1 WHERE id = :s", s=owned["id"])
    assert len({str(a) for a in attempts}) == 1  # every choice: the same roll, the same faces
    assert attempts[0][1]["successes"] == fair
    # a seed (or key) the owner grinds offline and writes in: the faces it gives are caught
    ground = next(
        k
        for k in (hashlib.sha256(f"k{i}".encode()).digest() for i in range(2000))
        if _successes(k, roll_no, "") > fair
    )
    _sql(db, "UPDATE seals SET stream_key = :k WHERE id = :s", k=ground.hex(), s=owned["id"])
    forged = roll_at_table(db, storyteller, LINE, SystemDice()).event
    assert forged.data["result"]["successes"] > fair
    close(db, "Night", "st")
    checked = verify(export_campaign(db, "Night")["events"])
    [first, _] = checked.seals
    assert first.status is Status.MISMATCH
    assert [p.seq for p in first.problems] == [forged.seq]
    assert "its faces are not the stream's" in first.problems[0].message
