"""Where the database is, opening it safely, and its schema's version.

The default is a SQLite file in the user's data folder, with nothing to set up;
``DICEPOOL_DATABASE_URL`` or ``--db`` picks another file (a path or a ``sqlite:///`` URL) or a
PostgreSQL server (``postgresql://user:pass@host/db``). SQLite runs in WAL mode with foreign
keys on and ``synchronous=FULL``, so an event acknowledged has reached the disk, and every write
transaction starts with ``BEGIN IMMEDIATE``, so two writers take turns instead of failing at
commit. The schema is upgraded on first use by the migrations shipped in the package.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from dicepool.errors import DicepoolError, StoreError

ENV_URL = "DICEPOOL_DATABASE_URL"

REVISIONS = ("0001",)
"""Every schema revision this version knows, oldest first; the last is the head."""

HEAD = REVISIONS[-1]

BUSY_SECONDS = 30
"""How long a SQLite writer waits for another to finish before giving up."""

_WRITE = "dicepool_write"


def default_path() -> Path:
    """The default SQLite file, in the user's data folder (platformdirs)."""
    import platformdirs

    return platformdirs.user_data_path("dicepool") / "dicepool.sqlite3"


def database_url(given: str | None = None) -> str:
    """The database to use: ``given`` (``--db``), else the environment's, else the default.

    A plain path names a SQLite file; ``postgresql://`` is served by psycopg 3.
    """
    text = given or os.environ.get(ENV_URL) or ""
    if not text:
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    if "://" not in text:
        return f"sqlite:///{Path(text).expanduser().absolute()}"
    for plain in ("postgresql://", "postgres://"):
        if text.startswith(plain):
            return "postgresql+psycopg://" + text.removeprefix(plain)
    return text


def shown(url: str) -> str:
    """A URL to show in messages: without its password."""
    try:
        return sa.make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(an unreadable URL)"


def open_engine(url: str) -> Engine:
    """An engine for ``url``, with SQLite's safety settings on every connection.

    Raises:
        StoreError: a URL that names no database dicepool can use.
    """
    try:
        parsed = sa.make_url(url)
    except ArgumentError as exc:
        raise StoreError(
            f"`{url[:60]}` is not a database URL; give a file path or postgresql://user@host/db"
        ) from exc
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return _sqlite_engine(parsed)
    if backend == "postgresql":
        if parsed.drivername != "postgresql+psycopg":
            parsed = parsed.set(drivername="postgresql+psycopg")
        return sa.create_engine(parsed, pool_pre_ping=False)
    raise StoreError(f"dicepool stores in SQLite or PostgreSQL, not {backend}: {shown(url)}")


def _sqlite_engine(url: sa.URL) -> Engine:
    path = url.database or ""
    if path in ("", ":memory:"):
        raise StoreError("give SQLite a file (a database in memory is gone when dicepool ends)")
    folder = Path(path).parent
    if not folder.is_dir():
        raise StoreError(f"cannot open the database {path}: the folder {folder} does not exist")
    engine = sa.create_engine(url, connect_args={"timeout": BUSY_SECONDS})

    @event.listens_for(engine, "connect")
    def _settings(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None  # we say when a transaction begins, and how
        cursor = dbapi.cursor()
        for pragma in (
            "journal_mode=WAL",
            "foreign_keys=ON",
            "synchronous=FULL",
            f"busy_timeout={BUSY_SECONDS * 1000}",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        writing = conn.get_execution_options().get(_WRITE, False)
        # straight to the driver: SQLAlchemy's statement machinery costs more than the BEGIN
        conn.connection.driver_connection.execute(  # type: ignore[union-attr]
            "BEGIN IMMEDIATE" if writing else "BEGIN"
        )

    return engine


class Database:
    """One database: its engine and the transactions the use cases run in.

    Args:
        url: a SQLAlchemy URL (see :func:`database_url`).
        upgrade: bring an older schema up to date on first use (``True``), or refuse it.
    """

    def __init__(self, url: str, upgrade: bool = True) -> None:
        self.url = url
        self.engine = open_engine(url)
        self._checked = False
        self._upgrade = upgrade

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """A transaction that may write: committed when the block ends, rolled back on error.

        SQLite takes its write lock at the start (``BEGIN IMMEDIATE``); PostgreSQL locks the
        rows a use case reads with ``FOR UPDATE``.
        """
        self.ensure_schema()
        with self._translated(), self.engine.connect() as conn:
            conn = conn.execution_options(**{_WRITE: True})
            with conn.begin():
                yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A read-only transaction (it never takes SQLite's write lock)."""
        self.ensure_schema()
        with self._translated(), self.engine.connect() as conn, conn.begin():
            yield conn

    def ensure_schema(self) -> None:
        """Check the schema's version once; upgrade an older one; refuse a newer one."""
        if self._checked:
            return
        with self._translated():
            version = self.version()
            if version != HEAD:
                if version is not None and version not in REVISIONS:
                    raise StoreError(
                        f"the database {shown(self.url)} was made by a newer dicepool (schema "
                        f"{version}); upgrade dicepool to use it"
                    )
                if not self._upgrade:
                    raise StoreError(
                        f"the database {shown(self.url)} needs an upgrade; run "
                        "`dicepool db upgrade`"
                    )
                self.upgrade()
        self._checked = True

    def version(self) -> str | None:
        """The schema revision the database holds (None: an empty database)."""
        with self._translated(), self.engine.connect() as conn:
            if not sa.inspect(conn).has_table("alembic_version"):
                return None
            return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()

    def upgrade(self) -> None:
        """Run the migrations up to the head, one process at a time."""
        from dicepool.store.migrate import upgrade

        with self._translated(), self.engine.connect() as conn:
            conn = conn.execution_options(**{_WRITE: True})
            with conn.begin():
                if conn.dialect.name == "postgresql":  # one migrator at a time
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(7170)"))
                upgrade(conn)
        self._checked = True

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """Turn a database's failure into one line that says what to do."""
        try:
            yield
        except DicepoolError:
            raise
        except DBAPIError as exc:
            reason = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
            raise StoreError(f"cannot use the database {shown(self.url)}: {reason}") from exc
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot use the database {shown(self.url)}: {exc}") from exc

    def close(self) -> None:
        """Close every connection."""
        self.engine.dispose()
