"""Seats at a web table, inside a caller's transaction: found by the hash of their token.

A token is never stored: only its SHA-256, so a copy of the database seats nobody. The hash is
of a random 256-bit token, so a plain digest is enough (there is nothing to guess from).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from dicepool.store.sql import Row, Sql

_SEAT = "SELECT id, campaign_id, role, name, character_key FROM seats"


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    """A seat as stored: its campaign, role, name and character (by key, or None)."""

    id: int
    campaign_id: int
    role: str
    name: str
    character_key: str | None


def _seat(row: Row) -> SeatRow:
    return SeatRow(row["id"], row["campaign_id"], row["role"], row["name"], row["character_key"])


def insert_seat(
    conn: Sql, campaign_id: int, role: str, name: str, token: str, character_key: str | None
) -> SeatRow:
    """Add a seat holding ``token`` (its hash); the seat."""
    values = {
        "campaign": campaign_id,
        "role": role,
        "name": name,
        "hash": token_hash(token),
        "key": character_key,
    }
    seat_id = conn.insert(
        "INSERT INTO seats (campaign_id, role, name, token_hash, character_key) "
        "VALUES (:campaign, :role, :name, :hash, :key)",
        values,
    )
    return SeatRow(seat_id, campaign_id, role, name, character_key)


def find_seat(conn: Sql, token: str) -> SeatRow | None:
    """The seat ``token`` opens, or None."""
    found = conn.rows(f"{_SEAT} WHERE token_hash = :hash", {"hash": token_hash(token)})
    return _seat(found[0]) if found else None


@dataclass(frozen=True)
class SeatAt:
    """A seat with what a request needs of its campaign (name, system) and its character's name
    (or None)."""

    row: SeatRow
    campaign: str
    system: str
    character: str | None


def find_seat_at(conn: Sql, token: str) -> SeatAt | None:
    """The seat ``token`` opens with its campaign's name and system and its character's name,
    in one query (every request asks it), or None."""
    found = conn.rows(
        "SELECT s.id, s.campaign_id, s.role, s.name, s.character_key, c.name AS campaign, "
        "c.system, ch.name AS character FROM seats s JOIN campaigns c ON c.id = s.campaign_id "
        "LEFT JOIN characters ch "
        "ON ch.campaign_id = s.campaign_id AND ch.name_key = s.character_key "
        "WHERE s.token_hash = :hash",
        {"hash": token_hash(token)},
    )
    if not found:
        return None
    first = found[0]
    return SeatAt(_seat(first), first["campaign"], first["system"], first["character"])


def campaign_seats(conn: Sql, campaign_id: int) -> list[SeatRow]:
    """Every seat of a campaign, in the order taken."""
    found = conn.rows(
        f"{_SEAT} WHERE campaign_id = :campaign ORDER BY id", {"campaign": campaign_id}
    )
    return [_seat(r) for r in found]


def seated_characters(conn: Sql, campaign_id: int, role: str) -> frozenset[str]:
    """The characters (by key) that the seats of ``role`` at a campaign sit with."""
    found = conn.rows(
        "SELECT character_key FROM seats WHERE campaign_id = :campaign AND role = :role "
        "AND character_key IS NOT NULL",
        {"campaign": campaign_id, "role": role},
    )
    return frozenset(r["character_key"] for r in found)


def set_seat_character(conn: Sql, seat_id: int, character_key: str | None) -> None:
    """Give a seat its character (by key), or none."""
    conn.run(
        "UPDATE seats SET character_key = :key WHERE id = :seat",
        {"key": character_key, "seat": seat_id},
    )
