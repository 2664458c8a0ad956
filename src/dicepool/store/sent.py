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
        "SELECT seat_id, nonce, answer, (SELECT seq FROM events WHERE events.id = "
        f"rolls_sent.event_id) AS seq FROM rolls_sent WHERE campaign_id = {campaign} "
        f"AND nonce IN ({among})"
    )
    return sql, {**params, **nonces}


def answers_of(found: list[Row], sents: Sequence[Sent]) -> dict[Sent, dict[str, Any]]:
    """The answers kept under ``sents`` that :func:`answers_statement` found (the same
    nonce sent by another seat is another roll), each naming its roll by its place in the
    table's log: an answer kept before answers did named it by the database's id, a number
    counted across every table, which is never given again."""
    asked = set(sents)
    kept = {(r["seat_id"], r["nonce"]): _by_seq(loads(r["answer"]), r["seq"]) for r in found}
    return {sent: answer for sent, answer in kept.items() if sent in asked}


def _by_seq(answer: dict[str, Any], seq: int) -> dict[str, Any]:
    """A kept answer with its ``event`` and ``seq`` the roll's sequence number."""
    return {**answer, "event": seq, "seq": seq}


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
