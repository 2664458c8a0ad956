"""Seats at a web table, inside a caller's transaction: found by the hash of their token.

A token is never stored: only its SHA-256, so a copy of the database seats nobody. The hash is
of a random 256-bit token, so a plain digest is enough (there is nothing to guess from).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from dicepool.store.sql import Params, Row, Sql, moment

_SEAT = (
    "SELECT id, campaign_id, role, name, character_key, revoked, last_seen, issued_at FROM seats"
)


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    """A seat as stored: its campaign, role, name and character (by key, or None); whether its
    token is revoked, when it was last used (at most a minute off), or None, and when its token
    was issued (None: before that was kept)."""

    id: int
    campaign_id: int
    role: str
    name: str
    character_key: str | None
    revoked: bool = False
    last_seen: datetime | None = None
    issued_at: datetime | None = None


def _seat(row: Row) -> SeatRow:
    seen, issued = row["last_seen"], row["issued_at"]
    return SeatRow(
        row["id"],
        row["campaign_id"],
        row["role"],
        row["name"],
        row["character_key"],
        bool(row["revoked"]),
        moment(seen) if seen is not None else None,
        moment(issued) if issued is not None else None,
    )


def insert_seat(
    conn: Sql, campaign_id: int, role: str, name: str, token: str, character_key: str | None
) -> SeatRow:
    """Add a seat holding ``token`` (its hash), issued now; the seat."""
    issued = datetime.now(UTC)
    values = {
        "campaign": campaign_id,
        "role": role,
        "name": name,
        "hash": token_hash(token),
        "key": character_key,
        "issued": issued,
    }
    seat_id = conn.insert(
        "INSERT INTO seats (campaign_id, role, name, token_hash, character_key, revoked, "
        "issued_at) VALUES (:campaign, :role, :name, :hash, :key, :no, :issued)",
        {**values, "no": False},
    )
    return SeatRow(seat_id, campaign_id, role, name, character_key, issued_at=issued)


def find_seat(conn: Sql, token: str) -> SeatRow | None:
    """The seat ``token`` opens, or None (a revoked seat opens to nobody)."""
    found = conn.rows(
        f"{_SEAT} WHERE token_hash = :hash AND NOT revoked", {"hash": token_hash(token)}
    )
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
    in one query (every request asks it), or None (a revoked seat opens to nobody)."""
    return _seat_at(conn, "s.token_hash = :hash", {"hash": token_hash(token)})


def find_seat_at_id(conn: Sql, seat_id: int) -> SeatAt | None:
    """The seat numbered ``seat_id`` as :func:`find_seat_at` finds it, or None (revoked)."""
    return _seat_at(conn, "s.id = :id", {"id": seat_id})


def _seat_at(conn: Sql, where: str, params: Params) -> SeatAt | None:
    found = conn.rows(
        "SELECT s.id, s.campaign_id, s.role, s.name, s.character_key, s.revoked, s.last_seen, "
        "s.issued_at, "
        "c.name AS campaign, c.system, ch.name AS character "
        "FROM seats s JOIN campaigns c ON c.id = s.campaign_id "
        "LEFT JOIN characters ch "
        "ON ch.campaign_id = s.campaign_id AND ch.name_key = s.character_key "
        f"WHERE {where} AND NOT s.revoked",
        params,
    )
    if not found:
        return None
    first = found[0]
    return SeatAt(_seat(first), first["campaign"], first["system"], first["character"])


def campaign_seats(conn: Sql, campaign_id: int) -> list[SeatRow]:
    """Every seat of a campaign, in the order taken (revoked ones too)."""
    found = conn.rows(
        f"{_SEAT} WHERE campaign_id = :campaign ORDER BY id", {"campaign": campaign_id}
    )
    return [_seat(r) for r in found]


def seated_characters(conn: Sql, campaign_id: int, role: str) -> frozenset[str]:
    """The characters (by key) that the seats of ``role`` at a campaign sit with."""
    found = conn.rows(
        "SELECT character_key FROM seats WHERE campaign_id = :campaign AND role = :role "
        "AND character_key IS NOT NULL",  # a revoked seat holds none (revoke_seat frees it)
        {"campaign": campaign_id, "role": role},
    )
    return frozenset(r["character_key"] for r in found)


def held_statement(campaign_id: int, role: str) -> tuple[str, dict[str, Any]]:
    """The characters (by key) of a campaign that a seat of ``role`` sits with or that were
    made for a player (their ``player`` set), no sheet read: the statement and its parameters
    (read by :func:`held_of`)."""
    sql = (
        "SELECT name_key FROM characters WHERE campaign_id = :campaign AND (player IS NOT NULL "
        "OR name_key IN (SELECT character_key FROM seats WHERE campaign_id = :campaign "
        "AND role = :role AND character_key IS NOT NULL))"
    )
    return sql, {"campaign": campaign_id, "role": role}


def held_of(found: list[Row]) -> frozenset[str]:
    """The characters (by key) :func:`held_statement` found."""
    return frozenset(r["name_key"] for r in found)


def set_seat_character(conn: Sql, seat_id: int, character_key: str | None) -> None:
    """Give a seat its character (by key), or none."""
    conn.run(
        "UPDATE seats SET character_key = :key WHERE id = :seat",
        {"key": character_key, "seat": seat_id},
    )


def seat_by_id(conn: Sql, seat_id: int) -> SeatRow | None:
    """Seat ``seat_id`` (revoked or not), or None."""
    found = conn.rows(f"{_SEAT} WHERE id = :seat", {"seat": seat_id})
    return _seat(found[0]) if found else None


def set_seat_token(conn: Sql, seat_id: int, token: str) -> None:
    """Give a seat a new token (its hash), issued now: the old one opens nothing from now; a
    revoked seat is open again."""
    conn.run(
        "UPDATE seats SET token_hash = :hash, revoked = :no, issued_at = :now WHERE id = :seat",
        {"hash": token_hash(token), "no": False, "now": datetime.now(UTC), "seat": seat_id},
    )


def revoke_seats(conn: Sql, seat_ids: list[int]) -> None:
    """Refuse the tokens of these seats from now, and free their characters."""
    if not seat_ids:
        return
    conn.run(
        "UPDATE seats SET revoked = :yes, character_key = NULL WHERE id = :seat",
        [{"yes": True, "seat": s} for s in seat_ids],
    )


def mark_seen(conn: Sql, seat_id: int, now: datetime, unless_since: datetime) -> None:
    """Record that seat ``seat_id`` was used at ``now``, unless it was at ``unless_since`` or
    later (another request got there first: one write a while, however many requests)."""
    conn.run(
        "UPDATE seats SET last_seen = :now WHERE id = :seat "
        "AND (last_seen IS NULL OR last_seen < :since)",
        {"now": now, "seat": seat_id, "since": unless_since},
    )


def character_names(conn: Sql, campaign_id: int) -> dict[str, str]:
    """A campaign's characters' names, by key."""
    found = conn.rows(
        "SELECT name_key, name FROM characters WHERE campaign_id = :campaign",
        {"campaign": campaign_id},
    )
    return {r["name_key"]: r["name"] for r in found}
