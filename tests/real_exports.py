"""Real exports for the tests of ``verify`` and of players' receipts: a web table on a SQLite
file, its player rolling with nonces of its own, exported as ``dicepool campaign export``
writes it; and what a host with a hand on the database could make of such a log, its chain
hashed again so that it still holds.
"""

from __future__ import annotations

import copy
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicepool.campaign import create_character
from dicepool.campaign.contributions import contribute
from dicepool.campaign.export import export_campaign
from dicepool.campaign.seals import Sealed, close, open_seal_of
from dicepool.campaign.seats import Seat, find_seat_by_token, join_table, open_table, take_character
from dicepool.campaign.table import roll_at_table
from dicepool.store.chain import GENESIS, digest_of, link, new_salt
from dicepool.store.database import Database

NAME = "Night"
LINE = "chronicles 4"


def sqlite_copy(template: Path, folder: Path) -> Database:
    """A database on a copy of the migrated SQLite template, in ``folder``."""
    path = folder / "table.sqlite3"
    shutil.copyfile(template, path)
    return Database(f"sqlite:///{path}")


@dataclass
class Night:
    """A web table, Night: its storyteller's seat and Bo's, who plays Cy."""

    db: Database
    storyteller: Seat
    player: Seat

    def commitment(self) -> str:
        """The commitment of the seal open now, as the player's page shows it."""
        return open_seal_of(self.db, NAME).commitment

    def contribute(self) -> str:
        """Bo's browser adds to the open seal: the contribution, in hex."""
        given = secrets.token_hex(32)
        seal = open_seal_of(self.db, NAME)
        contribute(self.db, self.player, seal.number, seal.commitment, given)
        return given

    def roll(self, nonce: str, commitment: str | None = None) -> int:
        """Bo's browser sends a roll with ``nonce``, naming the seal whose commitment it saw
        (None: the server names none, as a host's own code would): the roll's seq."""
        event = roll_at_table(
            self.db, self.player, LINE, Sealed(nonce), nonce=nonce, commitment=commitment
        ).event
        assert event.seq is not None
        return event.seq

    def close(self) -> None:
        """The storyteller closes the open seal (its seed logged; the next one opens)."""
        close(self.db, NAME, self.storyteller.name)

    def export(self) -> dict[str, Any]:
        """The whole log, as the storyteller's ``dicepool campaign export`` writes it."""
        return export_campaign(self.db, NAME)


def night(db: Database) -> Night:
    """Open the table Night, with Bo seated as Cy's player."""
    table = open_table(db, NAME, "chronicles", "st")
    told = find_seat_by_token(db, table.storyteller)
    invite = find_seat_by_token(db, table.invite)
    assert told is not None and invite is not None
    player = join_table(db, invite, "Bo")[0]
    create_character(db, NAME, "Cy", "Bo", changes="Wits=2 Stealth=1")
    return Night(db, told, take_character(db, player, "Cy"))


def receipt(
    nonce: str,
    commitment: str,
    seq: int | None,
    contribution: str | None = None,
    hash: str | None = None,
) -> dict[str, Any]:
    """One receipt, as a player's browser keeps it."""
    kept: dict[str, Any] = {"nonce": nonce, "commitment": commitment, "seq": seq}
    if contribution is not None:
        kept["contribution"] = contribution
    if hash is not None:
        kept["hash"] = hash
    return kept


def receipts_file(*receipts: dict[str, Any], campaign: int | str = 1) -> dict[str, Any]:
    """A receipts file holding ``receipts``."""
    return {
        "format": "dicepool-receipts",
        "version": 1,
        "campaign": campaign,
        "receipts": list(receipts),
    }


def at_seq(export: dict[str, Any], seq: int) -> dict[str, Any]:
    """The event of ``seq`` in an export."""
    found: dict[str, Any] = export["events"][seq - 1]
    assert found["seq"] == seq
    return found


def rechained(export: dict[str, Any]) -> dict[str, Any]:
    """The export with every event numbered 1, 2, 3... in its order and its chain hashed
    again from the first: what a host rewriting the log in the database would write (the
    salts kept, or drawn for an event that has none)."""
    prev = GENESIS
    for seq, event in enumerate(export["events"], 1):
        event["seq"] = seq
        salt = event.get("chain", {}).get("salt") or new_salt()
        digest = digest_of(seq, event["at"], event["actor"], event["kind"], event["data"], salt)
        hashed = link(prev, seq, digest)
        event["chain"] = {"prev": prev, "digest": digest, "hash": hashed, "salt": salt}
        prev = hashed
    last = export["events"][-1]
    export["head"] = {"seq": last["seq"], "hash": last["chain"]["hash"]}
    return export


def forge_outside(export: dict[str, Any], after: int, like: int) -> int:
    """Put in, after the event of seq ``after``, a roll shaped as the one of seq ``like`` that
    names no seal and shows 10 on every die (faces the server chose), and chain the log again:
    the forged roll's seq."""
    forged = copy.deepcopy(at_seq(export, like))
    del forged["data"]["seal"]
    for die in forged["data"]["result"]["dice"]:
        die["face"] = 10
    forged.update(id=9999, chain={"salt": new_salt()})
    export["events"].insert(after, forged)
    rechained(export)
    return after + 1
