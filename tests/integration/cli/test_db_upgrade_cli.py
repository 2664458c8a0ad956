"""Only `dicepool db upgrade` (and `serve`, on start) changes a database's schema: every other
command refuses an older one in one line, so a server of the older version still running is
never migrated under (issue 32)."""

from __future__ import annotations

from dicepool.store.database import HEAD, Database, database_url
from dicepool.store.migrate import upgrade

from .conftest import Table

OLDER = "0012"


def _version(url: str) -> str | None:
    db = Database(database_url(url), upgrade=False)
    try:
        return db.version()
    finally:
        db.close()


def _older(url: str) -> None:
    """Make the empty database at ``url`` as an older dicepool left it (schema :data:`OLDER`)."""
    made = Database(database_url(url))
    try:
        with made.engine.connect() as conn, conn.begin():
            upgrade(conn, OLDER)
    finally:
        made.close()


def test_ordinary_commands_refuse_an_older_schema_and_db_upgrade_proceeds(any_table: Table) -> None:
    _older(any_table.url)
    line = (
        f"error: this database is at schema {OLDER}, this dicepool needs {HEAD}: run "
        "`dicepool db upgrade` (stop the servers of the older version first)"
    )
    assert any_table.refused("campaign", "list") == line
    assert any_table.refused("campaign", "create", "Night", "--system", "chronicles") == line
    assert any_table.refused("db", "check") == line
    assert _version(any_table.url) == OLDER  # nothing migrated
    assert f"schema {HEAD} (was {OLDER})" in any_table.ok("db", "upgrade")
    any_table.ok("campaign", "create", "Night", "--system", "chronicles")
    assert "Night" in any_table.ok("campaign", "list")


def test_a_new_database_is_still_made_by_the_first_command(table: Table) -> None:
    table.ok("campaign", "create", "Night", "--system", "chronicles")
    assert _version(table.url) == HEAD
    assert f"schema {HEAD}, up to date" in table.ok("db", "upgrade")


def test_the_backup_taken_before_an_upgrade_is_not_refused(table: Table) -> None:
    _older(table.url)
    copy = table.tmp / "before-upgrade.sqlite3"
    assert "backed up" in table.ok("db", "backup", str(copy))
    assert _version(str(copy)) == OLDER == _version(table.url)
