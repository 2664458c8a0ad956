"""The rolls each seat sent with a nonce of its own, inside a caller's transaction: a roll's
nonce is its idempotency key (the same seat sending it again gets the first roll's answer)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dicepool.store.sql import Row, Sql, loads

Sent = tuple[int, str]
"""A seat (by id) and the nonce it sent a roll with."""


def answers_statement(
    campaign: str, params: Mapping[str, Any], sents: Sequence[Sent]
) -> tuple[str, dict[str, Any]]:
    """The statement reading the answers kept under any of ``sents`` (``campaign``: an
    expression giving the campaign's id, with its ``params``), read by :func:`answers_of`."""
    nonces = {f"nonce{i}": nonce for i, (_, nonce) in enumerate(sents)}
    among = ", ".join(f":{name}" for name in nonces)
    sql = (
        f"SELECT seat_id, nonce, answer FROM rolls_sent WHERE campaign_id = {campaign} "
        f"AND nonce IN ({among})"
    )
    return sql, {**params, **nonces}


def answers_of(found: list[Row], sents: Sequence[Sent]) -> dict[Sent, dict[str, Any]]:
    """The answers kept under ``sents`` that :func:`answers_statement` found (the same
    nonce sent by another seat is another roll)."""
    asked = set(sents)
    kept = {(r["seat_id"], r["nonce"]): r["answer"] for r in found}
    return {sent: loads(answer) for sent, answer in kept.items() if sent in asked}


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
