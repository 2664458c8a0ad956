"""A server's lease on its database (issue 32): held while it serves, given up when it stops;
a server whose schema moved under it answers its writes 503 with the line that says to restart
it."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi.testclient import TestClient

from dicepool.store.database import HEAD, Database
from dicepool.store.leases import renew
from dicepool.web.app import create_app

from .conftest import bearer


def _leases(db: Database) -> list[tuple[str, str]]:
    with db.engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT id, schema FROM servers ORDER BY id"))
        return [(row.id, row.schema) for row in rows]


def test_a_server_holds_a_lease_while_it_serves_and_stops_writing_when_the_schema_moves(
    db: Database,
) -> None:
    app = create_app(db, lease=True)
    with TestClient(app, raise_server_exceptions=False) as client:
        held = _leases(db)
        assert [schema for _, schema in held] == [HEAD]  # taken before the first request
        table = client.post("/api/campaigns", json={"name": "Night", "system": "chronicles"})
        assert table.status_code == 201, table.text
        told, where = table.json()["storyteller"]["token"], table.json()["id"]
        with db.engine.begin() as conn:  # the next version's `db upgrade`, run anyway
            conn.execute(sa.text("UPDATE alembic_version SET version_num = '0018'"))
        renew(db, held[0][0])  # the server's next renewal
        rolled = client.post(
            f"/api/campaigns/{where}/rolls",
            json={"line": "chronicles 3", "dice": [8, 9, 2]},
            headers=bearer(told),
        )
        assert rolled.status_code == 503
        assert rolled.json() == {
            "error": f"the database was upgraded to schema 0018 under this server (schema "
            f"{HEAD}): it writes nothing more; restart it on the new version of dicepool"
        }
    assert _leases(db) == []  # given up as it stopped
