"""The table on Discord: the storyteller links a channel, players tie their Discord user to a
seat, and the table's rolls and changes are mirrored to a channel's webhook.

A Discord user acts as the seat it is tied to at the table its channel is linked to
(:func:`seat_for`), so a command from Discord passes the same seat checks as the page and the
API. Each tie is logged (``discord-linked``, ``discord-joined``) with a row of
``discord_ties`` made in the same transaction; the storyteller's undo deletes the row, and
undoing the undo writes it again (:func:`undo_ties`). Discord's user and channel ids are kept
plain: they are public numbers that anyone in the channel sees, and a hash of them could be
reversed by counting; what vouches for a user is Discord's signature on each interaction.

The webhook's URL is a secret (whoever holds it posts to the channel): it is kept in
``discord_webhooks`` alone, never in the log, whose ``webhook-set`` event says only that
mirroring started or stopped. That is why setting it cannot be undone (set it again).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Sequence
from datetime import UTC, datetime, timedelta

from dicepool.campaign.seats import Role, Seat, join_table, seat_from
from dicepool.errors import AccessError, CampaignError, ParameterError
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import DiscordTie, WebhookSet
from dicepool.store.database import Database
from dicepool.store.discord import (
    Tie,
    WebhookRow,
    advance,
    channel_table,
    delete_tie,
    drop_webhook,
    hold,
    insert_tie,
    set_webhook,
    user_seat,
    webhook_rows,
)
from dicepool.store.log import append, campaign_by_id
from dicepool.store.seats import find_seat_at_id
from dicepool.store.sql import Sql

ENV_WEBHOOKS = "DICEPOOL_DISCORD_WEBHOOKS"
"""The environment variable that says where channel webhooks live (tests: a local receiver)."""

WEBHOOKS = "https://discord.com/api/webhooks/"
"""Where Discord's channel webhooks live: a webhook URL must start so, so the server posts
to Discord alone, never to an address a storyteller chose on its network."""

MAX_WEBHOOK = 400
"""The longest webhook URL taken, in characters (Discord's are about 120)."""

SNOWFLAKE = re.compile(r"[0-9]{1,20}")
"""A Discord id: a number of up to 20 digits."""

NOT_UNDONE = "a webhook's change cannot be undone (its URL is kept out of the log): set it again"


def webhook_base() -> str:
    """Where channel webhooks live: :data:`WEBHOOKS`, or ``$DICEPOOL_DISCORD_WEBHOOKS``."""
    return os.environ.get(ENV_WEBHOOKS) or WEBHOOKS


def check_webhook(url: str) -> str:
    """A channel webhook's URL, checked: under :func:`webhook_base`, printable, no spaces.

    Raises:
        ParameterError: another address (the message says where webhooks live).
    """
    base = webhook_base()
    rest = url.strip()[len(base) :]
    if (
        not url.strip().startswith(base)
        or len(url) > MAX_WEBHOOK
        or not re.fullmatch(r"[0-9]+/[A-Za-z0-9_.~-]+", rest)
    ):
        raise ParameterError(
            "url",
            f"url is a channel webhook's, {base}ID/TOKEN (Discord: the channel's settings, "
            "Integrations, Webhooks, Copy Webhook URL)",
        )
    return url.strip()


def snowflake(value: object, what: str) -> str:
    """A Discord id as text, checked.

    Raises:
        CampaignError: not one.
    """
    text = str(value)
    if not SNOWFLAKE.fullmatch(text):
        raise CampaignError(f"Discord sent no {what} id")
    return text


def _tie(conn: Sql, seat: Seat, kind: Kind, user: str, channel: str | None) -> Event:
    record = DiscordTie(seat.id, seat.name, user, channel)
    logged = append(conn, seat.campaign_id, event_of(kind, record), seat.name)
    insert_tie(conn, logged.id, seat.campaign_id, channel, user, seat.id)
    return logged


def link_channel(db: Database, seat: Seat, channel: str, user: str) -> Event:
    """Link a Discord channel to the storyteller's table, and their Discord user to their
    seat: a ``discord-linked`` event (a channel linked before moves to this table).

    Raises:
        AccessError: a seat that is not the storyteller's.
    """
    if not seat.storyteller:
        raise AccessError("only the storyteller's link ties a channel to the table")
    with db.write() as conn:
        campaign_by_id(conn, seat.campaign_id, lock=True)
        return _tie(conn, seat, Kind.DISCORD_LINKED, user, channel)


def join_from_discord(
    db: Database, token_seat: Seat, name: str, user: str, lasts: timedelta | None = None
) -> tuple[Seat, Event]:
    """Tie a Discord user to a seat: a new player's, taken with the table's invitation and
    ``name`` (as on the page), or the player's own seat that its link opens. A
    ``discord-joined`` event.

    Raises:
        AccessError: a storyteller's link (``/link`` ties the storyteller), an expired
            invitation.
        SheetError, CampaignError: as :func:`~dicepool.campaign.seats.join_table`.
    """
    if token_seat.storyteller:
        raise AccessError("that is the storyteller's link: use /link in the table's channel")
    seat = token_seat
    if token_seat.role is Role.INVITE:
        seat, _ = join_table(db, token_seat, name, lasts)
    with db.write() as conn:
        campaign_by_id(conn, seat.campaign_id, lock=True)
        return seat, _tie(conn, seat, Kind.DISCORD_JOINED, user, None)


def table_of_channel(db: Database, channel: str) -> int | None:
    """The campaign a Discord channel is linked to (None: none)."""
    with db.read() as conn:
        return channel_table(conn, channel)


def seat_for(db: Database, channel: str, user: str) -> Seat:
    """The seat a Discord user sits at, at the table of the channel it writes in.

    Raises:
        AccessError: a channel no table is linked to, or a user tied to no seat there (the
            message says which command ties it).
    """
    with db.read() as conn:
        campaign = channel_table(conn, channel)
        if campaign is None:
            raise AccessError(
                "no table is linked to this channel: the storyteller runs /link with their link"
            )
        seat_id = user_seat(conn, campaign, user)
        found = find_seat_at_id(conn, seat_id) if seat_id is not None else None
    if found is None:
        raise AccessError("you sit at no seat of this table: /join with the table's invitation")
    return seat_from(found.row, found.campaign, found.system, found.character)


def ties_of(events: Sequence[Event], struck: Collection[int]) -> set[Tie]:
    """The ties a log makes: one for each ``discord-linked`` or ``discord-joined`` event that
    stands (not among the ``struck``), as :func:`~dicepool.store.discord.campaign_ties` gives
    them."""
    ties = set()
    for event in events:
        if event.kind in (Kind.DISCORD_LINKED, Kind.DISCORD_JOINED) and event.id not in struck:
            tie = DiscordTie.of(event.data)
            ties.add((event.id, tie.channel, tie.user, tie.seat_id))
    return ties


def undo_ties(conn: Sql, campaign_id: int, root: Event, restore: bool) -> None:
    """What an undo of ``root`` does to who plays from Discord (inside the undo's
    transaction): a tie is deleted (``restore``: written again).

    Raises:
        CampaignError: a webhook's change, which no undo reverses.
    """
    if root.kind is Kind.WEBHOOK_SET:
        raise CampaignError(NOT_UNDONE)
    if root.kind not in (Kind.DISCORD_LINKED, Kind.DISCORD_JOINED):
        return
    if not restore:
        delete_tie(conn, root.id)
        return
    tie = DiscordTie.of(root.data)
    insert_tie(conn, root.id, campaign_id, tie.channel, tie.user, tie.seat_id)


def webhook_on(db: Database, campaign_id: int, url: str | None, actor: str) -> Event:
    """Mirror the table to a channel webhook from its next event on (``url`` None or empty:
    stop): a ``webhook-set`` event, which is the first the webhook gets.

    Raises:
        ParameterError: a URL that is no channel webhook's.
        CampaignError: no webhook to stop.
    """
    checked = check_webhook(url) if url else None
    with db.write() as conn:
        row = campaign_by_id(conn, campaign_id, lock=True)
        if row is None:
            raise CampaignError(f"no table {campaign_id}")
        if checked is None:
            if not drop_webhook(conn, campaign_id):
                raise CampaignError("this table mirrors to no webhook")
        else:
            set_webhook(conn, campaign_id, checked, row.last_seq)
        return append(
            conn, campaign_id, event_of(Kind.WEBHOOK_SET, WebhookSet(bool(checked))), actor
        )


def webhook_gone(db: Database, webhook: WebhookRow, reason: str) -> Event | None:
    """Stop mirroring to a webhook Discord no longer has, and tell the storyteller why in
    the log (None: the storyteller had set another meanwhile)."""
    with db.write() as conn:
        campaign_by_id(conn, webhook.campaign_id, lock=True)
        if not drop_webhook(conn, webhook.campaign_id, webhook.url):
            return None
        record = WebhookSet(False, reason)
        return append(conn, webhook.campaign_id, event_of(Kind.WEBHOOK_SET, record), "discord")


def webhooks(db: Database) -> list[WebhookRow]:
    """Every table's webhook, with the sequence number posted up to."""
    with db.read() as conn:
        return webhook_rows(conn)


def posted(db: Database, webhook: WebhookRow, seq: int) -> bool:
    """Write down that ``webhook`` has the table's events up to ``seq``; False when it
    changed meanwhile (another process posted them, or the storyteller set another)."""
    with db.write() as conn:
        return advance(conn, webhook, seq)


def held(db: Database, webhook: WebhookRow, holder: str, lasts: timedelta) -> bool:
    """Whether process ``holder`` posts to ``webhook`` for the next ``lasts`` (held now, or
    free: no other process posting, or one that stopped renewing its hold)."""
    now = datetime.now(UTC)
    with db.write() as conn:
        return hold(conn, webhook, holder, now, now + lasts)


def onlooker(seat: Seat) -> Seat:
    """A seat at ``seat``'s table that sees what every player sees (and sits with no
    character): the channel's view of the log."""
    return Seat(0, seat.campaign_id, seat.campaign, Role.PLAYER, "channel", None, seat.system)
