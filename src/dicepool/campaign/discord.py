"""The table on Discord: the storyteller links a channel, players tie their Discord user to a
seat, and the table's rolls and changes are mirrored to a channel's webhook.

A Discord user acts as the seat it is tied to at the table its channel is linked to
(:func:`seat_for`), so a command from Discord passes the same seat checks as the page and the
API. Each tie is logged (``discord-linked``, ``discord-joined``) with a row of
``discord_ties`` made in the same transaction; the storyteller's undo deletes the row, and
undoing the undo writes it again (:func:`undo_ties`). Discord's user and channel ids are kept
plain: they are public numbers that anyone in the channel sees, and a hash of them could be
reversed by counting; what vouches for a user is Discord's signature on each interaction.

A channel is the table of its latest tie. A channel linked to one table moves to another only
by the first table's storyteller (:func:`link_channel`): the first table's log then says so
(``discord-moved``, naming no table) and the second's has its ``discord-linked``. Either
storyteller may undo the move: the second's undo of its link leaves the first table the
latest again; the first's undo of ``discord-moved`` brings the channel back by a tie of its
own (the undo's), while the channel is still at a table its mover linked it to.

The webhook's URL is a secret (whoever holds it posts to the channel): it is kept in
``discord_webhooks`` alone, never in the log, whose ``webhook-set`` event says only that
mirroring started or stopped. That is why setting it cannot be undone (set it again).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Mapping, Sequence
from datetime import UTC, datetime, timedelta

from dicepool.campaign.seats import Role, Seat, join_table, seat_from
from dicepool.campaign.view import sit_with, sit_with_new_character, table_view
from dicepool.errors import AccessError, CampaignError, ParameterError
from dicepool.sheet.events import Event, Kind, event_of
from dicepool.sheet.payloads import DiscordTie, Undone, WebhookSet
from dicepool.sheet.refs import EventRef
from dicepool.store.database import Database
from dicepool.store.discord import (
    Tie,
    WebhookRow,
    advance,
    channel_linker,
    channel_table,
    delete_tie,
    drop_webhook,
    hold,
    insert_tie,
    set_webhook,
    user_seat,
    webhook_rows,
)
from dicepool.store.log import append, campaign_by_id, event_named
from dicepool.store.seats import SeatRow, find_seat_at_id
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
    seat: a ``discord-linked`` event. A channel linked to another table moves only when
    ``user`` is tied to that table's storyteller seat, and that table's log says so (a
    ``discord-moved`` event, which names neither this table nor anything of it).

    Raises:
        AccessError: a seat that is not the storyteller's; a channel of another table whose
            storyteller ``user`` is not (the message names that table: who may move it).
        CampaignError: the channel changed tables meanwhile.
    """
    if not seat.storyteller:
        raise AccessError("only the storyteller's link ties a channel to the table")
    with db.read() as conn:
        before = channel_table(conn, channel)
    # both tables held, the lower id first: two moves between the same tables never wait on
    # each other
    held = sorted({seat.campaign_id} | ({before} if before is not None else set()))
    with db.write() as conn:
        rows = {cid: campaign_by_id(conn, cid, lock=True) for cid in held}
        if channel_table(conn, channel) != before:
            raise CampaignError("this channel changed tables meanwhile: run /link again")
        if before is not None and before != seat.campaign_id:
            row = rows[before]
            mover = _storyteller_at(conn, before, user, row.name if row else "its table")
            moved = DiscordTie(mover.id, mover.name, user, channel)
            append(conn, before, event_of(Kind.DISCORD_MOVED, moved), mover.name)
        return _tie(conn, seat, Kind.DISCORD_LINKED, user, channel)


def _storyteller_at(conn: Sql, campaign_id: int, user: str, table: str) -> SeatRow:
    """The storyteller's seat a Discord user is tied to at a table.

    Raises:
        AccessError: the user is tied to none there (the message names the table).
    """
    seat_id = user_seat(conn, campaign_id, user)
    found = find_seat_at_id(conn, seat_id) if seat_id is not None else None
    if found is None or found.row.role != Role.STORYTELLER:
        raise AccessError(
            f"this channel is the table {table}: only the storyteller of {table} may move it "
            "to another table"
        )
    return found.row


def join_from_discord(
    db: Database, token_seat: Seat, name: str, user: str, lasts: timedelta | None = None
) -> tuple[Seat, Event, str | None]:
    """Tie a Discord user to a seat: a new player's, taken with the table's invitation and
    ``name`` (as on the page), or the player's own seat that its link opens. A
    ``discord-joined`` event. Returns the seat, the event, and a new seat's token (its page's
    link, shown this once; None for a seat's own link).

    Raises:
        AccessError: a storyteller's link (``/link`` ties the storyteller), an expired
            invitation, or the invitation from a user tied to a seat of the table already.
        SheetError, CampaignError: as :func:`~dicepool.campaign.seats.join_table`.
    """
    if token_seat.storyteller:
        raise AccessError("that is the storyteller's link: use /link in the table's channel")
    seat, token = token_seat, None
    if token_seat.role is Role.INVITE:
        sitting = _tied(db, token_seat.campaign_id, user)
        if sitting is not None:
            raise AccessError(
                f"you sit at {token_seat.campaign} as {sitting.name} already; /character makes "
                "or takes your character"
            )
        seat, token = join_table(db, token_seat, name, lasts)
    with db.write() as conn:
        campaign_by_id(conn, seat.campaign_id, lock=True)
        return seat, _tie(conn, seat, Kind.DISCORD_JOINED, user, None), token


def _tied(db: Database, campaign_id: int, user: str) -> SeatRow | None:
    """The seat (not revoked) a Discord user is tied to at a table, or None."""
    with db.read() as conn:
        seat_id = user_seat(conn, campaign_id, user)
        found = find_seat_at_id(conn, seat_id) if seat_id is not None else None
    return found.row if found is not None else None


class Unlinked(AccessError):
    """A command in a channel no table is linked to (or a direct message)."""


def play_from_discord(db: Database, seat: Seat, name: str, traits: str) -> tuple[Seat, bool]:
    """The character a seat plays from Discord: a player with none takes ``name`` when it is
    one made for a player that no one sits with (True), else it is made with ``traits`` and
    the player sits with it (False); the storyteller's is their own, seated by no one.

    Raises:
        AccessError: a player who sits with a character already.
        CampaignError, SheetError: as :func:`~dicepool.campaign.view.sit_with_new_character`.
    """
    taking = seat.role is Role.PLAYER and not seat.character
    if taking and table_view(db, seat).sheet(name) is not None:
        return sit_with(db, seat, name), True
    return sit_with_new_character(db, seat, name, traits), False


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
            raise Unlinked(
                "no table is linked to this channel: the storyteller runs /link with their link"
            )
        seat_id = user_seat(conn, campaign, user)
        found = find_seat_at_id(conn, seat_id) if seat_id is not None else None
    if found is None:
        raise AccessError("you sit at no seat of this table: /join with the table's invitation")
    return seat_from(found.row, found.campaign, found.system, found.character)


def ties_of(events: Sequence[Event], struck: Collection[int]) -> set[Tie]:
    """The ties a log makes, as :func:`~dicepool.store.discord.campaign_ties` gives them: one
    for each ``discord-linked`` or ``discord-joined`` event that stands (not among the
    ``struck``), and one for each standing undo of a ``discord-moved`` (it brings the channel
    back)."""
    ties = set()
    by_id = {e.id: e for e in events}
    by_seq = {e.seq: e for e in events}
    for event in events:
        if event.id in struck:
            continue
        root, hops = _undone(event, by_id, by_seq)
        if event.kind in (Kind.DISCORD_LINKED, Kind.DISCORD_JOINED) or (
            root.kind is Kind.DISCORD_MOVED and hops == 1
        ):
            tie = DiscordTie.of(root.data)
            ties.add((event.id, tie.channel, tie.user, tie.seat_id))
    return ties


def _undone(
    event: Event, by_id: Mapping[int, Event], by_seq: Mapping[int, Event]
) -> tuple[Event, int]:
    """The event an undo (of an undo...) comes down to, and how many undos down; any other
    event is its own, none down."""
    hops = 0
    while event.kind is Kind.UNDONE:
        ref: EventRef = Undone.of(event.data).event
        found = by_seq.get(ref.seq) if ref.seq else by_id.get(ref.id)
        if found is None:
            break
        event, hops = found, hops + 1
    return event, hops


def undo_ties(
    conn: Sql, campaign_id: int, root: Event, restore: bool, target: Event, undo: Event
) -> None:
    """What ``undo`` (an undo of ``target``, which comes down to ``root``) does to who plays
    from Discord, inside the undo's transaction: a link's or a join's tie is deleted
    (``restore``: written again); a moved channel comes back (``restore``: moves away again).

    Raises:
        CampaignError: a webhook's change, which no undo reverses; a moved channel linked
            since to another table by someone else than its mover.
    """
    if root.kind is Kind.WEBHOOK_SET:
        raise CampaignError(NOT_UNDONE)
    if root.kind is Kind.DISCORD_MOVED:
        _move_back(conn, campaign_id, root, restore, target, undo)
        return
    if root.kind not in (Kind.DISCORD_LINKED, Kind.DISCORD_JOINED):
        return
    if not restore:
        delete_tie(conn, root.id)
        return
    tie = DiscordTie.of(root.data)
    insert_tie(conn, root.id, campaign_id, tie.channel, tie.user, tie.seat_id)


def _move_back(
    conn: Sql, campaign_id: int, moved: Event, restore: bool, target: Event, undo: Event
) -> None:
    """Bring a moved channel back by a tie of the undo of the move, ``undo`` itself or the
    one ``undo`` brings back (``restore``: delete that tie, its undo struck): while the channel
    is at this table, at none, or at a table its mover linked it to last; not from a table
    someone else linked it to since (only that table's storyteller moves it)."""
    direct = undo if target.id == moved.id else _undo_of(conn, campaign_id, target, moved)
    if restore:
        delete_tie(conn, direct.id)
        return
    tie = DiscordTie.of(moved.data)
    channel = tie.channel or ""
    now = channel_table(conn, channel)
    if now not in (None, campaign_id) and channel_linker(conn, channel) != tie.user:
        raise CampaignError(
            "the channel was linked to another table since, by someone else: only that "
            "table's storyteller moves it now (/link in the channel)"
        )
    insert_tie(conn, direct.id, campaign_id, channel, tie.user, tie.seat_id)


def _undo_of(conn: Sql, campaign_id: int, undo: Event, root: Event) -> Event:
    """The undo of ``root`` that ``undo`` (an undo of an undo...) comes down to."""
    while True:
        named = event_named(conn, campaign_id, Undone.of(undo.data).event)
        assert named is not None, "an undo names an event of its campaign"
        if named.id == root.id:
            return undo
        undo = named


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
