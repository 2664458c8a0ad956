"""Opening a database: schema versions, migrations, and the one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from dicepool.campaign import create_campaign
from dicepool.errors import StoreError
from dicepool.store.database import HEAD, REVISIONS, Database
from dicepool.store.database import database_url as url_of
from dicepool.store.migrate import revisions, upgrade
from dicepool.store.schema import metadata


def test_revisions_are_the_shipped_migrations() -> None:
    assert list(REVISIONS) == revisions()
    assert revisions()[-1] == HEAD


def test_migrating_an_empty_database_gives_exactly_the_schema(database_url: str) -> None:
    db = Database(database_url)
    try:
        assert db.version() is None
        db.ensure_schema()
        assert db.version() == HEAD
        with db.engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), metadata)
            tables = set(sa.inspect(conn).get_table_names())
        assert differences == []
        assert tables == {*metadata.tables, "alembic_version"}
    finally:
        db.close()


def test_opening_twice_upgrades_once(database_url: str) -> None:
    first = Database(database_url)
    create_campaign(first, "Night", "chronicles", "st")
    first.close()
    again = Database(database_url, upgrade=False)
    try:
        again.ensure_schema()  # already at the head: no upgrade needed, none refused
        assert again.version() == HEAD
    finally:
        again.close()


def test_a_database_newer_than_the_program_is_refused_in_one_line(database_url: str) -> None:
    db = Database(database_url)
    create_campaign(db, "Night", "chronicles", "st")
    with db.engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    db.close()
    newer = Database(database_url)
    try:
        with pytest.raises(StoreError) as caught:
            newer.ensure_schema()
        message = str(caught.value)
        assert "made by a newer dicepool (schema 9999)" in message
        assert "\n" not in message
        with pytest.raises(StoreError, match="newer dicepool"):
            create_campaign(newer, "Day", "chronicles", "st")
    finally:
        newer.close()


def at_schema(url: str, revision: str) -> None:
    """Migrate the empty database at ``url`` up to ``revision`` alone: an older dicepool's."""
    db = Database(url)
    try:
        with db.engine.connect() as conn, conn.begin():
            upgrade(conn, revision)
    finally:
        db.close()


def test_an_older_database_is_refused_when_upgrading_is_not_allowed(database_url: str) -> None:
    at_schema(database_url, "0012")
    db = Database(database_url, upgrade=False)
    try:
        with pytest.raises(StoreError) as caught:
            create_campaign(db, "Night", "chronicles", "st")
        assert str(caught.value) == (
            f"this database is at schema 0012, this dicepool needs {HEAD}: run "
            "`dicepool db upgrade` (stop the servers of the older version first)"
        )
        assert db.version() == "0012"  # refused before anything changed
    finally:
        db.close()
    upgrading = Database(database_url)
    try:
        create_campaign(upgrading, "Night", "chronicles", "st")
        assert upgrading.version() == HEAD
    finally:
        upgrading.close()


def test_an_empty_database_is_made_even_when_upgrading_is_not_allowed(database_url: str) -> None:
    db = Database(database_url, upgrade=False)
    try:
        create_campaign(db, "Night", "chronicles", "st")
        assert db.version() == HEAD
    finally:
        db.close()


def test_a_path_in_a_missing_folder_is_refused_in_one_line(tmp_path: Path) -> None:
    url = url_of(str(tmp_path / "nowhere" / "dicepool.sqlite3"))
    with pytest.raises(StoreError) as caught:
        Database(url)
    message = str(caught.value)
    assert "does not exist" in message and str(tmp_path / "nowhere") in message
    assert "\n" not in message
    assert not (tmp_path / "nowhere").exists()


def test_a_file_that_is_not_a_database_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    text = "these are my session notes, not a database\n" * 200
    path.write_text(text)
    db = Database(url_of(str(path)))
    try:
        with pytest.raises(StoreError) as caught:
            db.ensure_schema()
    finally:
        db.close()
    message = str(caught.value)
    assert message.startswith(f"cannot use the database sqlite:///{path}")
    assert "not a database" in message and "\n" not in message
    assert path.read_text() == text  # the file is left as it was


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("sqlite:///:memory:", "gone when dicepool ends"),
        ("sqlite://", "gone when dicepool ends"),
        ("mysql://u@h/db", "SQLite or PostgreSQL, not mysql"),
        ("not a url://x", "is not a database URL"),
    ],
)
def test_urls_dicepool_cannot_use_are_refused(url: str, reason: str) -> None:
    with pytest.raises(StoreError, match=reason):
        Database(url)
