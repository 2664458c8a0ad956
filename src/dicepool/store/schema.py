"""The tables, one schema for SQLite and PostgreSQL (Alembic's migrations build the same).

``events`` is the log, the truth: rows are only ever inserted. ``campaigns`` and ``characters``
are projections of it, rebuilt by ``dicepool db check`` to prove they agree; ``campaigns`` also
holds each log's last sequence number, the row every writer of a campaign updates first, so
writers of one campaign take turns (PostgreSQL's row lock; SQLite's one writer).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    false,
    text,
)

NAME = 40
"""The longest name of a campaign or a character (the sheet's rule, kept by the schema)."""

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_name)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s",
        "pk": "pk_%(table_name)s",
    }
)

Id = BigInteger().with_variant(Integer(), "sqlite")  # SQLite's rowid is an INTEGER key
Data = JSON()  # JSONB would cost every SQLite process the PostgreSQL dialect's import

campaigns = Table(
    "campaigns",
    metadata,
    Column("id", Id, primary_key=True),
    Column("name", String(NAME), nullable=False),
    Column("name_key", String(NAME), nullable=False, unique=True),
    Column("system", String(20), nullable=False),
    Column("players", Integer, nullable=True),
    Column("house_rules", String(500), nullable=False),
    Column("last_seq", Integer, nullable=False),
    Column("story", Data, nullable=True),  # NULL: a new campaign's story (clock at the start)
    # the hash of the log's last event (NULL: none yet), read with the row's claim (0014)
    Column("head", String(64), nullable=True),
)

events = Table(
    "events",
    metadata,
    Column("id", Id, primary_key=True),
    Column("campaign_id", Id, ForeignKey("campaigns.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("actor", String(80), nullable=False),
    Column("kind", String(40), nullable=False),
    Column("data", Data, nullable=False),
    Column("undoes", Id, ForeignKey("events.id"), nullable=True),
    # the hash chain (dicepool.store.chain): the event's salt, the hash of the event before
    # it, its digest and its own hash (filled for the log before it by migration 0011)
    Column("salt", String(32), nullable=True),
    Column("prev", String(64), nullable=True),
    Column("digest", String(64), nullable=True),
    Column("hash", String(64), nullable=True),
    # a hidden roll as players read it (its seal and number), so reading that costs the same
    # whatever the roll: NULL for every other event
    Column("screen", Data, nullable=True),
    UniqueConstraint("campaign_id", "seq"),
    # only undos are indexed: a roll, the common row, writes no index entry for its NULL
    Index(
        None,
        "undoes",
        sqlite_where=text("undoes IS NOT NULL"),
        postgresql_where=text("undoes IS NOT NULL"),
    ),
)

Index(
    "ix_events_revealed",
    events.c.campaign_id,
    sqlite_where=text("kind = 'revealed'"),
    postgresql_where=text("kind = 'revealed'"),
)

event_characters = Table(
    "event_characters",
    metadata,
    # the key is the lookup of `log --char`: one index for both (a table without rowid in SQLite)
    Column("campaign_id", Id, ForeignKey("campaigns.id"), primary_key=True),
    Column("character_key", String(NAME), primary_key=True),
    Column("event_id", Id, ForeignKey("events.id"), primary_key=True),
    sqlite_with_rowid=False,
)

characters = Table(
    "characters",
    metadata,
    Column("id", Id, primary_key=True),
    Column("campaign_id", Id, ForeignKey("campaigns.id"), nullable=False),
    Column("name_key", String(NAME), nullable=False),
    Column("name", String(NAME), nullable=False),
    Column("player", String(NAME), nullable=True),
    Column("sheet", Data, nullable=False),
    Column("version", Integer, nullable=False),
    UniqueConstraint("campaign_id", "name_key"),
)

seats = Table(
    "seats",
    metadata,
    # a seat is a capability: whoever holds its token sits there (its hash only is kept)
    Column("id", Id, primary_key=True),
    Column("campaign_id", Id, ForeignKey("campaigns.id"), nullable=False),
    Column("role", String(12), nullable=False),
    Column("name", String(NAME), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("character_key", String(NAME), nullable=True),
    # a revoked seat's token is refused; the row stays (its name, and a new link re-seats it)
    Column("revoked", Boolean, nullable=False, server_default=false()),
    Column("last_seen", DateTime(timezone=True), nullable=True),  # kept to the minute
    Column("issued_at", DateTime(timezone=True), nullable=True),  # an invitation expires
    Index(None, "campaign_id"),  # a player's every roll reads which characters players hold
)

seals = Table(
    "seals",
    metadata,
    # a period of a campaign's log whose rolls read one secret seed's stream (issue: dice
    # anyone can check); the seed is kept here, secret, until the seal closes
    Column("id", Id, primary_key=True),
    Column("campaign_id", Id, ForeignKey("campaigns.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("seed", String(64), nullable=False),  # lowercase hex of 32 bytes
    Column("rolls", Integer, nullable=False),  # the roll numbers given out so far
    Column("closed", Boolean, nullable=False),
    # the key the stream is read with now: the seed with the players' contributions mixed in
    # (dicepool.core.stream.mixed_key), and how many (migration 0012)
    Column("stream_key", String(64), nullable=True),
    Column("mixed", Integer, nullable=False, server_default=text("0")),
    UniqueConstraint("campaign_id", "number"),
)

rolls_sent = Table(
    "rolls_sent",
    metadata,
    # a roll's nonce is its idempotency key: a seat that sends the same nonce again (its answer
    # lost to a dropped network) gets the first roll's answer, and no second roll
    Column("campaign_id", Id, ForeignKey("campaigns.id"), primary_key=True),
    Column("seat_id", Id, ForeignKey("seats.id"), primary_key=True),
    Column("nonce", String(64), primary_key=True),
    Column("event_id", Id, ForeignKey("events.id"), nullable=False),
    Column("answer", Data, nullable=False),  # the roll as first answered
)

discord_ties = Table(
    "discord_ties",
    metadata,
    # who plays from Discord (issue 24): each row made by its `discord-linked` or
    # `discord-joined` event (an undo deletes it, a restore writes it again); the latest row
    # of a channel names its table, the latest of a user at a table its seat
    Column("event_id", Id, ForeignKey("events.id"), primary_key=True),
    Column("campaign_id", Id, ForeignKey("campaigns.id"), nullable=False),
    Column("channel", String(24), nullable=True),  # a Discord snowflake, as text
    Column("user_id", String(24), nullable=False),
    Column("seat_id", Id, ForeignKey("seats.id"), nullable=False),
    Index(None, "channel"),
    Index(None, "campaign_id", "user_id"),
)

discord_webhooks = Table(
    "discord_webhooks",
    metadata,
    # a table's channel webhook (a secret: whoever holds it posts there), and the sequence
    # number of the log posted up to
    Column("campaign_id", Id, ForeignKey("campaigns.id"), primary_key=True),
    Column("url", String(400), nullable=False),
    Column("posted", Integer, nullable=False),
    # the server process posting to it now, and until when (several processes on one
    # PostgreSQL database: one posts, so no message goes twice; another takes over after)
    Column("holder", String(32), nullable=True),
    Column("held_until", DateTime(timezone=True), nullable=True),
)

servers = Table(
    "servers",
    metadata,
    # a running server's lease (dicepool.store.leases): its dicepool version and the schema it
    # was built for, where it runs, and when it last renewed the lease (Unix seconds); a row
    # not renewed for a while is a server that stopped without saying so
    Column("id", String(32), primary_key=True),
    Column("version", String(40), nullable=False),
    Column("schema", String(8), nullable=False),
    Column("host", String(255), nullable=False),
    Column("pid", Integer, nullable=False),
    Column("renewed", Float, nullable=False),
)
