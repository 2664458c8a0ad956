"""Servers' leases (issue 32), on SQLite and PostgreSQL: a running server's row names it; an
upgrade refuses while a live lease of another schema is held, saying which server; an expired
or given-up lease does not hold it back; and a server that finds the schema moved under it
writes nothing more."""

from __future__ import annotations

import socket
import time

import pytest
import sqlalchemy as sa

from dicepool import __version__
from dicepool.campaign import create_campaign, load_campaign
from dicepool.errors import SchemaMoved, StoreError
from dicepool.store.database import HEAD, Database
from dicepool.store.leases import EXPIRES_SECONDS, hold, live_others, release, renew


def _older_server(db: Database, renewed: float) -> None:
    """The lease a server of the schema before this one keeps (as the next version's upgrade
    will find this one's): renewed at ``renewed``."""
    with db.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO servers (id, version, schema, host, pid, renewed) "
                "VALUES ('old', '0.0.9', '0016', 'tabletop', 4242, :renewed)"
            ),
            {"renewed": renewed},
        )


def test_a_running_servers_lease_names_it_and_is_given_up_when_it_stops(db: Database) -> None:
    assert hold(db, "mine") == HEAD
    with db.engine.connect() as conn:
        held = live_others(conn, "9999")
    assert [(h.id, h.version, h.schema, h.host) for h in held] == [
        ("mine", __version__, HEAD, socket.gethostname())
    ]
    assert hold(db, "mine") == HEAD  # renewed: still one row
    release(db, "mine")
    with db.engine.connect() as conn:
        assert live_others(conn, "9999") == []


def test_an_upgrade_refuses_while_a_server_of_another_schema_holds_a_live_lease(
    db: Database,
) -> None:
    _older_server(db, time.time())
    with pytest.raises(StoreError) as caught:
        db.upgrade()  # what `db upgrade` and a new server's start run on an older schema
    message = str(caught.value)
    assert message.startswith(
        "a dicepool 0.0.9 server (schema 0016) on host tabletop (pid 4242) renewed its lease "
    )
    assert message.endswith(
        f"s ago: stop it first, or wait {EXPIRES_SECONDS} s after it stopped "
        "(then run `dicepool db upgrade`)"
    )
    assert "\n" not in message


def test_an_expired_lease_or_one_of_this_schema_does_not_hold_an_upgrade_back(
    db: Database,
) -> None:
    _older_server(db, time.time() - EXPIRES_SECONDS - 60)  # stopped without saying so
    hold(db, "mine")  # a server of this very schema
    db.upgrade()
    assert db.version() == HEAD


def test_a_server_that_finds_the_schema_moved_writes_nothing_more(database_url: str) -> None:
    server = Database(database_url)
    create_campaign(server, "Night", "chronicles", "st")
    renew(server, "mine")
    assert server.moved is None
    create_campaign(server, "Day", "chronicles", "st")  # still writing
    upgrader = Database(database_url)
    with upgrader.engine.begin() as conn:  # what the next version's `db upgrade` leaves
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0018'"))
    upgrader.close()
    try:
        renew(server, "mine")
        assert server.moved == "0018"
        with pytest.raises(SchemaMoved) as caught:
            create_campaign(server, "Dawn", "chronicles", "st")
        assert str(caught.value) == (
            f"the database was upgraded to schema 0018 under this server (schema {HEAD}): it "
            "writes nothing more; restart it on the new version of dicepool"
        )
        assert load_campaign(server, "Night").name == "Night"  # it still reads
        renew(server, "mine")  # and still holds its lease, so the next upgrade sees it
        with server.engine.connect() as conn:
            assert [h.id for h in live_others(conn, "0018")] == ["mine"]
    finally:
        server.close()
