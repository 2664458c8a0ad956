"""Fixtures for every test: the databases the storage tests run on.

`database_url` runs a test once on SQLite and once on PostgreSQL. The PostgreSQL server starts
only when a test first asks for it, so a run without storage tests costs nothing, and
`-m "not postgresql"` leaves it out. When no server can be had, the tests that need one are
skipped, or failed when `CI=true`. Under pytest-xdist each worker is a session of its own: its
own server (a cluster on a port of its own) and its own temporary folders.

A test's `db` starts from a copy of a database migrated once a session (a SQLite file copied,
PostgreSQL's `CREATE DATABASE ... TEMPLATE`), not migrated again for every test.

Hypothesis runs with the profile `DICEPOOL_HYPOTHESIS_PROFILE` names: `brief` (the default) or
`long` (tests/hypothesis_profiles.py).
"""

from __future__ import annotations

import os
import shutil
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from dicepool.store.database import Database

from . import hypothesis_profiles
from .databases import ENV_URL, Cluster, Server, Unavailable, external_server, in_ci

POSTGRES_FIXTURES = {"postgres_server", "postgres_url", "migrated_postgres_url"}

MEASURED = {"unit", "property"}
"""The folders of tests whose calls the coverage of ``dicepool.core`` measures: the core's own
tests (99 % of its lines alone). Elsewhere the tracer, called on every line of every frame, made
the calls of the web, storage and command-line tests 1.6x slower for the few lines they add."""


def pytest_configure() -> None:
    """Load the Hypothesis profile `DICEPOOL_HYPOTHESIS_PROFILE` names, before any test module
    (whose settings read it) is collected; an unknown name stops the run in one line."""
    try:
        hypothesis_profiles.load()
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give each test a node id of its own, mark `postgresql` every test on a PostgreSQL
    database, whatever fixture brought it, and `no_cover` (pytest-cov's) every test outside
    :data:`MEASURED`."""
    unique_node_ids(items)
    root = Path(__file__).parent
    for item in items:
        if item.path.relative_to(root).parts[0] not in MEASURED:
            item.add_marker(pytest.mark.no_cover)
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("database_url") == "postgresql"
        if on_postgres or POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgresql)


def unique_node_ids(items: list[pytest.Item]) -> None:
    """Name each test's node id after the test itself where several share one.

    schemathesis names each operation's test ``test_x[GET /path]``, but pytest 9 builds a node id
    from the function's name and its parametrize ids, which schemathesis has none of: every one
    gets the node id ``test_x``. pytest-xdist hands tests to its workers by node id, so it would
    run one operation of each such test and drop the rest. The operation goes into the node id
    as its parameters (pytest's own, private, ``NodeId``: the pinned versions'). A node id still
    shared after this is an error, not a test silently left out.
    """
    counts = Counter(item.nodeid for item in items)
    for item in items:
        node_id = item._id
        base = node_id.names[-1] if node_id.names else ""
        named = item.name.startswith(f"{base}[") and item.name.endswith("]")
        if counts[item.nodeid] > 1 and node_id.params is None and named:
            item._id = node_id.with_params(item.name[len(base) + 1 : -1])
    shared = sorted(nodeid for nodeid, n in Counter(i.nodeid for i in items).items() if n > 1)
    if shared:
        raise pytest.UsageError(f"tests share a node id (pytest-xdist would run one): {shared}")


def unavailable(reason: str) -> NoReturn:
    """Skip the test that needs PostgreSQL, or fail it in continuous integration."""
    if in_ci():
        pytest.fail(f"PostgreSQL is required in CI (CI=true): {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL: {reason}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """The session's PostgreSQL server: `DICEPOOL_TEST_POSTGRES_URL`, or a throwaway cluster.

    Started on first use and stopped (its folder deleted) at the end of the session. If it
    cannot start, pytest keeps that outcome and every test asking for it is skipped (failed when
    `CI=true`) with the reason, without trying again.
    """
    url = os.environ.get(ENV_URL)
    if url:
        yield external(url)
        return
    cluster = local_cluster()
    try:
        yield started(cluster)
    finally:
        cluster.stop()


def external(url: str) -> Server:
    """The server named by the environment; failing when it does not answer."""
    try:
        return external_server(url)
    except Unavailable as error:
        reason = str(error)
    # A server named on purpose that does not answer is a mistake, not a missing tool.
    pytest.fail(reason, pytrace=False)


def local_cluster() -> Cluster:
    """A cluster folder ready for `initdb`, or the test is skipped (failed in CI)."""
    try:
        return Cluster()
    except Unavailable as error:
        reason = str(error)
    unavailable(reason)  # outside the except block, so the report shows the reason alone


def started(cluster: Cluster) -> Server:
    """The cluster, made and started, or the test is skipped (failed in CI)."""
    try:
        return cluster.start()
    except Unavailable as error:
        reason = str(error)
    unavailable(reason)


@pytest.fixture(scope="session")
def postgres_template(postgres_server: Server) -> Iterator[str]:
    """A database of the session's server migrated to the head, nobody connected to it: the
    template of the tests' migrated databases (dropped at the end)."""
    name = postgres_server.create_database()
    try:
        migrate(postgres_server.database_url(name))
        yield name
    finally:
        postgres_server.drop_database(name)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to the head, closed: the tests' migrated files are copies."""
    path = tmp_path_factory.mktemp("template") / "dicepool.sqlite3"
    migrate(f"sqlite:///{path}")
    return path


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the head, and close every connection to it."""
    database = Database(url)
    try:
        database.ensure_schema()
    finally:
        database.close()


@pytest.fixture
def postgres_url(postgres_server: Server) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped after it; yields its URL.

    The URL is SQLAlchemy's: `postgresql+psycopg://postgres@127.0.0.1:PORT/t_<hex>`.
    """
    name = postgres_server.create_database()
    try:
        yield postgres_server.database_url(name)
    finally:
        postgres_server.drop_database(name)


@pytest.fixture
def migrated_postgres_url(postgres_server: Server, postgres_template: str) -> Iterator[str]:
    """A fresh PostgreSQL database at the head (a copy of the template), dropped after it."""
    name = postgres_server.create_database(template=postgres_template)
    try:
        yield postgres_server.database_url(name)
    finally:
        postgres_server.drop_database(name)


@pytest.fixture(
    params=[
        pytest.param("sqlite", id="sqlite"),
        pytest.param("postgresql", id="postgresql"),
    ]
)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: a SQLite file under `tmp_path`, then a PostgreSQL one.

    For a test that uses `db`, the database is already migrated to the head (a copy of the
    session's template): what `db`'s first use would have made of it.
    """
    migrated = "db" in request.fixturenames
    if request.param == "sqlite":
        path = tmp_path / "dicepool.sqlite3"
        if migrated:
            shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    url: str = request.getfixturevalue("migrated_postgres_url" if migrated else "postgres_url")
    return url


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    """A database on ``database_url`` (SQLite, then PostgreSQL), at the head, closed after the
    test."""
    database = Database(database_url)
    yield database
    handed_back(database)
    database.close()


SETTLE_SECONDS = 10.0
"""How long `db` waits, after its test, for connections still out to come back (a bound on a
hang, not a measure of speed)."""


def handed_back(database: Database) -> None:
    """Wait until every pooled PostgreSQL connection is back in the pool.

    A web test's server stops at once, while a thread of its may still be reading the log: a
    connection it hands back after the pool was disposed stays in the old pool, unclosed, and
    its garbage collection later warns in whatever test runs then.
    """
    deadline = time.monotonic() + SETTLE_SECONDS
    while database.lent() and time.monotonic() < deadline:
        time.sleep(0.01)
