"""A campaign's seals, inside a caller's transaction: the secret seed of each period of its log
and the roll numbers it has given out.

A seed never leaves the store until its seal closes (the ``seal-close`` event then carries it).
"""

from __future__ import annotations

from dataclasses import dataclass

from dicepool.store.sql import Row, Sql

_COLUMNS = "id, campaign_id, number, seed, rolls, closed, stream_key, mixed"
_SEAL = f"SELECT {_COLUMNS} FROM seals"


@dataclass(frozen=True)
class SealRow:
    """A seal as stored: its number in the campaign, its seed (hex), the roll numbers given
    out, whether it is closed, the key its stream is read with now (hex: the seed with the
    players' contributions mixed in) and how many contributions that is."""

    id: int
    campaign_id: int
    number: int
    seed: str
    rolls: int
    closed: bool
    key: str
    mixed: int


def _seal(row: Row) -> SealRow:
    return SealRow(
        row["id"],
        row["campaign_id"],
        row["number"],
        row["seed"],
        row["rolls"],
        bool(row["closed"]),
        row["stream_key"] or row["seed"],
        row["mixed"] or 0,
    )


def insert_seal(conn: Sql, campaign_id: int, number: int, seed: bytes) -> SealRow:
    """Open seal ``number`` of a campaign with ``seed``."""
    values = {"campaign": campaign_id, "number": number, "seed": seed.hex(), "closed": False}
    seal_id = conn.insert(
        "INSERT INTO seals (campaign_id, number, seed, rolls, closed, stream_key, mixed) "
        "VALUES (:campaign, :number, :seed, 0, :closed, :seed, 0)",
        values,
    )
    return SealRow(seal_id, campaign_id, number, seed.hex(), 0, False, seed.hex(), 0)


def mix_into(conn: Sql, seal_id: int, key: bytes) -> None:
    """Read the seal's stream with ``key`` from now on: one more contribution mixed in."""
    conn.run(
        "UPDATE seals SET stream_key = :key, mixed = mixed + 1 WHERE id = :seal",
        {"key": key.hex(), "seal": seal_id},
    )


def take_roll_number(conn: Sql, campaign_id: int) -> SealRow | None:
    """Give out the open seal's next roll number, in one statement; the seal with it as
    ``rolls`` (None: no seal is open)."""
    found = conn.rows(TAKE.format(campaign=":campaign"), {"campaign": campaign_id, "no": False})
    return seal_of(found)


TAKE = (
    "UPDATE seals SET rolls = rolls + 1 WHERE campaign_id = {campaign} AND closed = :no "
    f"RETURNING {_COLUMNS}"
)
"""The open seal's next roll number taken (``{campaign}``: an expression giving the
campaign's id; ``:no``: False), the seal returned with it as ``rolls``."""


def seal_of(found: list[Row]) -> SealRow | None:
    """The seal a statement found (None for none)."""
    return _seal(found[0]) if found else None


def take_later(conn: Sql, seal: SealRow) -> None:
    """Take ``seal``'s next roll number as :data:`TAKE` does, held back for the commit: for a
    roll whose number is known without asking (it follows another of the same transaction,
    which holds the campaign's row)."""
    conn.later("UPDATE seals SET rolls = rolls + 1 WHERE id = :seal", {"seal": seal.id})


def give_back(conn: Sql, seal: SealRow) -> None:
    """Give back the roll number ``seal`` was taken with, no die having been read: a number
    given out is one the log holds."""
    conn.later("UPDATE seals SET rolls = rolls - 1 WHERE id = :seal", {"seal": seal.id})


def open_seal(conn: Sql, campaign_id: int) -> SealRow | None:
    """The campaign's open seal, or None."""
    found = conn.rows(
        f"{_SEAL} WHERE campaign_id = :campaign AND closed = :no",
        {"campaign": campaign_id, "no": False},
    )
    return _seal(found[0]) if found else None


def close_seal(conn: Sql, seal_id: int) -> None:
    """Mark a seal closed (its seed is then public, in its ``seal-close`` event)."""
    conn.run("UPDATE seals SET closed = :yes WHERE id = :seal", {"yes": True, "seal": seal_id})


def campaign_seals(conn: Sql, campaign_id: int) -> list[SealRow]:
    """Every seal of a campaign, the first first."""
    found = conn.rows(
        f"{_SEAL} WHERE campaign_id = :campaign ORDER BY number", {"campaign": campaign_id}
    )
    return [_seal(r) for r in found]
