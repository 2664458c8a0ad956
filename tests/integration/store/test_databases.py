"""The database fixtures themselves: a real PostgreSQL, a fresh database per test, a real file."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import (
    Column,
    Engine,
    Integer,
    MetaData,
    Table,
    create_engine,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import make_url

from ...databases import Server

# The URLs the fresh-database test saw, whichever order its two runs take.
SEEN: list[str] = []


@contextmanager
def engine(url: str) -> Iterator[Engine]:
    """An engine on `url`, disposed after use so no connection outlives the test."""
    made = create_engine(url)
    try:
        yield made
    finally:
        made.dispose()


def test_server_is_postgresql_15_or_newer_through_sqlalchemy_and_psycopg(postgres_url: str) -> None:
    with engine(postgres_url) as postgres, postgres.connect() as connection:
        version = connection.execute(text("select version()")).scalar_one()
        number = int(connection.execute(text("show server_version_num")).scalar_one())
    assert postgres.dialect.name == "postgresql"
    assert postgres.dialect.driver == "psycopg"
    assert version.startswith("PostgreSQL ")
    assert number >= 150000, version


@pytest.mark.parametrize("run", ["first", "second"])
def test_each_test_gets_a_fresh_empty_database(
    run: str, postgres_url: str, postgres_server: Server
) -> None:
    url = make_url(postgres_url)
    assert url.drivername == "postgresql+psycopg"
    assert url.database is not None and url.database.startswith("t_")
    assert postgres_url not in SEEN
    with engine(postgres_url) as postgres:
        assert inspect(postgres).get_table_names() == []
        with postgres.begin() as connection:
            connection.execute(text("create table left_behind (id integer primary key)"))
        assert inspect(postgres).get_table_names() == ["left_behind"]
    with postgres_server.admin() as admin:
        names = {row[0] for row in admin.execute("select datname from pg_database")}
    assert url.database in names
    assert not names & {make_url(seen).database for seen in SEEN}, "an earlier one was kept"
    SEEN.append(postgres_url)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_sqlite_url_is_a_file_under_tmp_path(database_url: str, tmp_path: Path) -> None:
    url = make_url(database_url)
    assert url.drivername == "sqlite"
    assert url.database is not None
    path = Path(url.database)
    assert path.parent == tmp_path
    assert not path.exists()
    with engine(database_url) as sqlite, sqlite.begin() as connection:
        connection.execute(text("create table written (id integer primary key)"))
    assert path.is_file()


def test_database_url_runs_on_both_and_marks_postgresql(
    database_url: str, request: pytest.FixtureRequest
) -> None:
    backend = make_url(database_url).get_backend_name()
    assert backend == request.node.callspec.id
    marked = request.node.get_closest_marker("postgresql") is not None
    assert marked == (backend == "postgresql")
    rows = Table("rows", MetaData(), Column("id", Integer, primary_key=True))
    with engine(database_url) as database, database.begin() as connection:
        rows.create(connection)
        connection.execute(rows.insert(), [{"id": 1}, {"id": 2}])
        assert connection.execute(select(rows.c.id).order_by(rows.c.id)).scalars().all() == [1, 2]
