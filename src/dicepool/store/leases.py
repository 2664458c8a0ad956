"""Servers' leases: which dicepool servers hold the database now, and for which schema.

A running server keeps a row in ``servers`` (its version, the schema it was built for, its host
and process) and renews it every :data:`RENEW_SECONDS`; a row not renewed for
:data:`EXPIRES_SECONDS` is a server that stopped without saying so (a clean stop deletes it).
``db upgrade``, and a new server's start-up upgrade, refuse while a live lease of another schema
is held (:func:`refusal`), so an older server is never migrated under; and a server renewing its
lease reads the schema's version, so one that finds it moved stops writing
(:meth:`~dicepool.store.database.Database.schema_moved`).

Times are the servers' own clocks (Unix seconds): servers on several hosts need their clocks
set alike (NTP), as TLS does anyway.
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dicepool import __version__

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

    from dicepool.store.database import Database

RENEW_SECONDS = 10
"""How often a running server renews its lease."""

EXPIRES_SECONDS = 3 * RENEW_SECONDS
"""How long a lease not renewed still counts: a server missing two renewals is taken as gone."""


@dataclass(frozen=True)
class Lease:
    """One server's lease, as its row holds it."""

    id: str
    version: str
    schema: str
    host: str
    pid: int
    renewed: float

    def said(self, now: float) -> str:
        """The server and how fresh its lease is, as a refusal names it."""
        ago = max(0, round(now - self.renewed))
        return (
            f"a dicepool {self.version} server (schema {self.schema}) on host {self.host} "
            f"(pid {self.pid}) renewed its lease {ago} s ago"
        )


def new_lease_id() -> str:
    """A server process's own lease id."""
    return secrets.token_hex(16)


def hold(db: Database, lease_id: str) -> str | None:
    """Take or renew this server's lease, in one transaction that also reads the schema's
    version; returns that version (None: the database has no ``servers`` table, one older than
    this code). The caller compares it with the schema it was built for."""
    from dicepool.store.database import HEAD

    version = db.version()
    if version is None or version < "0017":
        return version
    row = {
        "id": lease_id,
        "version": __version__[:40],
        "schema": HEAD,
        "host": socket.gethostname()[:255],
        "pid": os.getpid(),
        "renewed": time.time(),
    }
    with db.write(lease=True) as sql:
        if not sql.run("UPDATE servers SET renewed = :renewed WHERE id = :id", row):
            sql.run(
                "INSERT INTO servers (id, version, schema, host, pid, renewed) "
                "VALUES (:id, :version, :schema, :host, :pid, :renewed)",
                row,
            )
    return version


def release(db: Database, lease_id: str) -> None:
    """Give up this server's lease (it stops): an upgrade need not wait for it to expire."""
    version = db.version()
    if version is None or version < "0017":
        return
    with db.write(lease=True) as sql:
        sql.run("DELETE FROM servers WHERE id = :id", {"id": lease_id})


def live_others(conn: Connection, schema: str, now: float | None = None) -> list[Lease]:
    """The live leases of servers built for another schema than ``schema``, freshest first,
    read on a SQLAlchemy connection (the migrations'); none where there is no ``servers``
    table yet."""
    import sqlalchemy as sa

    if not sa.inspect(conn).has_table("servers"):
        return []
    since = (time.time() if now is None else now) - EXPIRES_SECONDS
    rows = conn.execute(
        sa.text(
            "SELECT id, version, schema, host, pid, renewed FROM servers "
            "WHERE renewed > :since AND schema <> :schema ORDER BY renewed DESC"
        ),
        {"since": since, "schema": schema},
    )
    return [Lease(**_plain(row._mapping)) for row in rows]


def _plain(row: Any) -> dict[str, Any]:
    return {key: row[key] for key in ("id", "version", "schema", "host", "pid", "renewed")}


def refusal(leases: list[Lease], now: float | None = None) -> str:
    """The one line that refuses an upgrade while ``leases`` (live, another schema) are held."""
    at = time.time() if now is None else now
    more = f" (and {len(leases) - 1} more)" if len(leases) > 1 else ""
    return (
        f"{leases[0].said(at)}{more}: stop it first, or wait {EXPIRES_SECONDS} s after it "
        "stopped (then run `dicepool db upgrade`)"
    )


def renew(db: Database, lease_id: str) -> None:
    """Renew this server's lease; if the schema moved under it (another version's upgrade), it
    stops writing (:meth:`~dicepool.store.database.Database.schema_moved`)."""
    from dicepool.store.database import HEAD

    version = hold(db, lease_id)
    if version is not None and version != HEAD:
        db.schema_moved(version)
