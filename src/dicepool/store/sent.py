"""The rolls each seat sent with a nonce of its own, inside a caller's transaction: a roll's
nonce is its idempotency key (the same seat sending it again gets the first roll's answer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dicepool.store.sql import Row, Sql, loads


def sent_answer(conn: Sql, campaign_id: int, seat_id: int, nonce: str) -> dict[str, Any] | None:
    """The answer given to the roll ``seat_id`` sent with ``nonce``, or None (never sent)."""
    found = conn.rows(
        SENT.format(campaign=":campaign"),
        {"campaign": campaign_id, "seat": seat_id, "nonce": nonce},
    )
    return answer_of(found)


SENT = (
    "SELECT answer FROM rolls_sent "
    "WHERE campaign_id = {campaign} AND seat_id = :seat AND nonce = :nonce"
)
"""The answer kept under ``:seat`` and ``:nonce`` (``{campaign}``: an expression giving the
campaign's id)."""


def answer_of(found: list[Row]) -> dict[str, Any] | None:
    """The answer :data:`SENT` found, or None."""
    if not found:
        return None
    answer: dict[str, Any] = loads(found[0]["answer"])
    return answer


def keep_sent(
    conn: Sql, campaign_id: int, seat_id: int, nonce: str, event_id: int, answer: Mapping[str, Any]
) -> None:
    """Keep a roll's answer under the seat and nonce it was sent with (held back for the
    commit: under the campaign's row lock, the seat's nonce was found free)."""
    conn.later(
        "INSERT INTO rolls_sent (campaign_id, seat_id, nonce, event_id, answer) "
        "VALUES (:campaign, :seat, :nonce, :event, :answer)",
        {
            "campaign": campaign_id,
            "seat": seat_id,
            "nonce": nonce,
            "event": event_id,
            "answer": dict(answer),
        },
    )
