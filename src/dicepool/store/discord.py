"""The table on Discord, inside a caller's transaction: who plays from which channel, and
each table's channel webhook."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from dicepool.store.sql import Sql


def insert_tie(
    conn: Sql, event_id: int, campaign_id: int, channel: str | None, user: str, seat_id: int
) -> None:
    """Tie Discord ``user`` (and ``channel``, for a link) to a seat, as event ``event_id`` did."""
    conn.run(
        "INSERT INTO discord_ties (event_id, campaign_id, channel, user_id, seat_id) "
        "VALUES (:event, :campaign, :channel, :user, :seat)",
        {
            "event": event_id,
            "campaign": campaign_id,
            "channel": channel,
            "user": user,
            "seat": seat_id,
        },
    )


def delete_tie(conn: Sql, event_id: int) -> None:
    """Untie what event ``event_id`` tied (its undo)."""
    conn.run("DELETE FROM discord_ties WHERE event_id = :event", {"event": event_id})


Tie = tuple[int, str | None, str, int]
"""A tie as kept: the event that made it, the channel (None: a user's alone), the Discord
user and the seat (by id)."""


def campaign_ties(conn: Sql, campaign_id: int) -> set[Tie]:
    """Every tie kept for a campaign."""
    found = conn.rows(
        "SELECT event_id, channel, user_id, seat_id FROM discord_ties WHERE campaign_id = :c",
        {"c": campaign_id},
    )
    return {(r["event_id"], r["channel"], r["user_id"], r["seat_id"]) for r in found}


def channel_table(conn: Sql, channel: str) -> int | None:
    """The campaign a Discord channel was last linked to (None: none)."""
    found = conn.rows(
        "SELECT campaign_id FROM discord_ties WHERE channel = :channel "
        "ORDER BY event_id DESC LIMIT 1",
        {"channel": channel},
    )
    return int(found[0]["campaign_id"]) if found else None


def channel_linker(conn: Sql, channel: str) -> str | None:
    """The Discord user who made a channel's latest link (None: a channel never linked)."""
    found = conn.rows(
        "SELECT user_id FROM discord_ties WHERE channel = :channel ORDER BY event_id DESC LIMIT 1",
        {"channel": channel},
    )
    return str(found[0]["user_id"]) if found else None


def user_seat(conn: Sql, campaign_id: int, user: str) -> int | None:
    """The seat (its id) a Discord user was last tied to at a campaign (None: none)."""
    found = conn.rows(
        "SELECT seat_id FROM discord_ties WHERE campaign_id = :campaign AND user_id = :user "
        "ORDER BY event_id DESC LIMIT 1",
        {"campaign": campaign_id, "user": user},
    )
    return int(found[0]["seat_id"]) if found else None


@dataclass(frozen=True)
class WebhookRow:
    """A table's channel webhook, and the sequence number of its log posted up to."""

    campaign_id: int
    url: str
    posted: int


def set_webhook(conn: Sql, campaign_id: int, url: str, posted: int) -> None:
    """Make ``url`` the table's webhook, posting what comes after sequence number ``posted``."""
    conn.run(
        "DELETE FROM discord_webhooks WHERE campaign_id = :campaign", {"campaign": campaign_id}
    )
    conn.run(
        "INSERT INTO discord_webhooks (campaign_id, url, posted) VALUES (:campaign, :url, :posted)",
        {"campaign": campaign_id, "url": url, "posted": posted},
    )


def drop_webhook(conn: Sql, campaign_id: int, url: str | None = None) -> bool:
    """Forget the table's webhook (only while it is ``url``, when given); whether one was."""
    where = " AND url = :url" if url is not None else ""
    return (
        conn.run(
            f"DELETE FROM discord_webhooks WHERE campaign_id = :campaign{where}",
            {"campaign": campaign_id, "url": url},
        )
        > 0
    )


def webhook_rows(conn: Sql) -> list[WebhookRow]:
    """Every table's webhook."""
    found = conn.rows("SELECT campaign_id, url, posted FROM discord_webhooks ORDER BY campaign_id")
    return [WebhookRow(int(r["campaign_id"]), str(r["url"]), int(r["posted"])) for r in found]


def advance(conn: Sql, row: WebhookRow, posted: int) -> bool:
    """Write down that ``row``'s webhook was posted up to ``posted``, if nothing changed it
    meanwhile (another process posting, the storyteller setting another); whether it did."""
    changed = conn.run(
        "UPDATE discord_webhooks SET posted = :posted "
        "WHERE campaign_id = :campaign AND url = :url AND posted = :before",
        {"posted": posted, "campaign": row.campaign_id, "url": row.url, "before": row.posted},
    )
    return changed > 0


def hold(conn: Sql, row: WebhookRow, holder: str, now: datetime, until: datetime) -> bool:
    """Let ``holder`` post to ``row``'s webhook until ``until``, if no other process holds it
    at ``now`` (and it is still the table's); whether it may."""
    changed = conn.run(
        "UPDATE discord_webhooks SET holder = :holder, held_until = :until "
        "WHERE campaign_id = :campaign AND url = :url "
        "AND (holder IS NULL OR holder = :holder OR held_until < :now)",
        {
            "holder": holder,
            "until": until,
            "campaign": row.campaign_id,
            "url": row.url,
            "now": now,
        },
    )
    return changed > 0
