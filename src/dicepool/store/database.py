"""Where the database is, opening it safely, and its schema's version.

The default is a SQLite file in the user's data folder, with nothing to set up;
``DICEPOOL_DATABASE_URL`` or ``--db`` picks another file (a path or a ``sqlite:///`` URL) or a
PostgreSQL server (``postgresql://user:pass@host/db``). SQLite runs in WAL mode with foreign
keys on and ``synchronous=FULL``, so an event acknowledged has reached the disk, and every write
transaction starts with ``BEGIN IMMEDIATE``, so two writers take turns instead of failing at
commit. SQLite is driven through the standard library and PostgreSQL through psycopg 3, its
connections kept in a pool (see :mod:`dicepool.store.sql`); the schema is made on first use and
upgraded by Alembic (over SQLAlchemy), for both, only where asked (``db upgrade``, ``serve``).
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import sys
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dicepool.errors import DicepoolError, SchemaMoved, StoreError, WouldWait
from dicepool.store.sql import SNAPSHOT, WRITE, PsycopgSql, Sql, SqliteSql

if TYPE_CHECKING:
    from psycopg_pool import ConnectionPool
    from sqlalchemy.engine import Engine

ENV_URL = "DICEPOOL_DATABASE_URL"

REVISIONS = (
    "0001",
    "0002",
    "0003",
    "0004",
    "0005",
    "0006",
    "0007",
    "0008",
    "0009",
    "0010",
    "0011",
    "0012",
    "0013",
    "0014",
    "0015",
    "0016",
    "0017",
)
"""Every schema revision this version knows, oldest first; the last is the head."""

HEAD = REVISIONS[-1]

BUSY_SECONDS = 30
"""How long a SQLite writer waits for another to finish before giving up."""

PRAGMAS = (
    "journal_mode=WAL",
    "foreign_keys=ON",
    "synchronous=FULL",
    f"busy_timeout={BUSY_SECONDS * 1000}",
)
"""Every SQLite connection's settings: an acknowledged event is on the disk."""

CONNECT_SECONDS = 10
"""How long connecting to PostgreSQL may take before the server is said to be unreachable."""

POOL_SIZE = (1, 16)
"""The fewest and the most PostgreSQL connections a process keeps open (psycopg_pool): a
transaction takes one for its length. A command needs one; a server's worker threads (40)
rarely hold more than a few at once, since a use case is one short transaction."""

_WOULD_WAIT = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
"""SQLite's primary result codes for "another connection holds what this one needs"."""

_SQLITE = re.compile(r"sqlite(?:\+pysqlite)?:///(?P<path>[^?]*)")


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
        if text.strip() == ":memory:":
            check_file(":memory:")  # refused: a database in memory is gone when we end
        return f"sqlite:///{Path(text).expanduser().absolute()}"
    for plain in ("postgresql://", "postgres://"):
        if text.startswith(plain):
            return "postgresql+psycopg://" + text.removeprefix(plain)
    return text


def shown(url: str) -> str:
    """A URL to show in messages: without its password."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def sqlite_path(url: str) -> str | None:
    """The file a ``sqlite:///`` URL names, or None for another database."""
    found = _SQLITE.fullmatch(url)
    return found["path"] if found else None


def check_file(path: str) -> None:
    """Refuse a SQLite database that is not a file in a folder that exists."""
    if path in ("", ":memory:"):
        raise StoreError("give SQLite a file (a database in memory is gone when dicepool ends)")
    folder = Path(path).parent
    if not folder.is_dir():
        raise StoreError(f"cannot open the database {path}: the folder {folder} does not exist")


def connect_sqlite(path: str) -> sqlite3.Connection:
    """A connection to a SQLite file, with every setting of :data:`PRAGMAS` on.

    It is in autocommit mode: the store writes BEGIN (IMMEDIATE to write) and COMMIT itself.

    Raises:
        StoreError: no file given, or its folder does not exist.
    """
    check_file(path)
    # one connection per thread (see Database), so it may be closed from another thread
    connection = sqlite3.connect(
        path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
    )
    for pragma in PRAGMAS:
        connection.execute(f"PRAGMA {pragma}")
    return connection


def open_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url``: PostgreSQL's, or SQLite's for the migrations.

    Raises:
        StoreError: a URL that names no database dicepool can use.
    """
    import sqlalchemy as sa
    from sqlalchemy.exc import ArgumentError

    path = sqlite_path(url)
    if path is not None:
        check_file(path)  # before SQLAlchemy opens it: the same one-line refusals
        engine = sa.create_engine("sqlite://", creator=lambda: connect_sqlite(path))
        sa.event.listen(engine, "begin", _begin_immediate)
        return engine
    try:
        parsed = sa.make_url(url)
    except ArgumentError as exc:
        raise StoreError(
            f"`{url[:60]}` is not a database URL; give a file path or postgresql://user@host/db"
        ) from exc
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        check_file(parsed.database or "")
    if backend != "postgresql":
        raise StoreError(f"dicepool stores in SQLite or PostgreSQL, not {backend}: {shown(url)}")
    return sa.create_engine(parsed.set(drivername="postgresql+psycopg"))


def older_schema(version: str) -> str:
    """The one line that refuses a database whose schema is older than this dicepool's."""
    return (
        f"this database is at schema {version}, this dicepool needs {HEAD}: run "
        "`dicepool db upgrade` (stop the servers of the older version first)"
    )


def _begin_immediate(conn: Any) -> None:
    """SQLAlchemy on SQLite (the migrations): one writer at a time, from the first statement."""
    conn.connection.driver_connection.execute("BEGIN IMMEDIATE")


class Database:
    """One database and the transactions the use cases run in.

    Args:
        url: a database URL (see :func:`database_url`).
        upgrade: bring an older schema up to date on first use (``True``), or refuse it
            (``False``: what every command but ``db upgrade`` and ``serve`` does, so a server
            of the older version is never migrated under; an empty database is made either way).

    Raises:
        StoreError: a URL that names no database dicepool can use.
    """

    def __init__(self, url: str, upgrade: bool = True) -> None:
        self.url = url
        self._path = sqlite_path(url)
        self._local = threading.local()  # SQLite: a connection per thread (a server's workers)
        self._opened: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._writer = threading.RLock()  # SQLite: this process's writers take turns here
        self._engine: Engine | None = None
        self._pool: ConnectionPool[Any] | None = None
        self._checked = False
        self._upgrade = upgrade
        self._moved: str | None = None  # the schema found under a running server, if moved
        if self._path is None:
            self._engine = open_engine(url)
        else:
            check_file(self._path)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return "sqlite" if self._path is not None else "postgresql"

    @property
    def engine(self) -> Engine:
        """A SQLAlchemy engine on the database (for SQLite, made on first use: migrations)."""
        if self._engine is None:
            self._engine = open_engine(self.url)
        return self._engine

    def write(self, lease: bool = False) -> AbstractContextManager[Sql]:
        """A transaction that may write: committed when the block ends, rolled back on error.

        SQLite takes its write lock at the start (``BEGIN IMMEDIATE``), one writer thread of
        this process at a time; PostgreSQL locks the rows a use case reads with ``FOR UPDATE``.

        Raises:
            SchemaMoved: the schema was upgraded under this server (:meth:`schema_moved`);
                only its lease (``lease``) is still written.
        """
        if self._moved is not None and not lease:
            raise SchemaMoved(
                f"the database was upgraded to schema {self._moved} under this server (schema "
                f"{HEAD}): it writes nothing more; restart it on the new version of dicepool"
            )
        self.ensure_schema()
        return self._transaction(write=True)

    def read(self, whole: bool = False) -> AbstractContextManager[Sql]:
        """A read-only transaction (it never takes SQLite's write lock). On PostgreSQL its
        statements each see the database as it is when they run, unless ``whole``: then all
        of them see it as it was at the first (one snapshot, as SQLite's reads always do),
        for a check that compares one table with another while the servers write."""
        self.ensure_schema()
        return self._transaction(write=False, whole=whole)

    @contextmanager
    def _transaction(self, write: bool, whole: bool = False) -> Iterator[Sql]:
        with self._translated():
            if self._path is None:
                # Reads run in autocommit, without BEGIN and COMMIT (two round trips less):
                # at READ COMMITTED, PostgreSQL's default, each statement of a transaction
                # sees its own snapshot anyway, so a read transaction sees nothing more alike.
                begin = WRITE if write else SNAPSHOT if whole else None
                with self._connections().connection() as conn:
                    sql = PsycopgSql(conn, begin)
                    try:
                        yield sql
                        sql.commit()
                    except BaseException:
                        sql.rollback()
                        raise
                return
            conn = self._connection()
            with self._writers_turn() if write else contextlib.nullcontext():
                conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield SqliteSql(conn)
                except BaseException:
                    conn.rollback()
                    raise
                conn.commit()

    @contextmanager
    def _writers_turn(self) -> Iterator[None]:
        """Writers of this process take turns on a lock, woken the moment it is free (on
        SQLite's own lock they would sleep and retry, up to 100 ms at a time); a thread that
        never waits takes its turn now or raises :class:`WouldWait`."""
        if not self._writer.acquire(blocking=not self._never_waits()):
            raise WouldWait("another writer of this server holds the database")
        try:
            yield
        finally:
            self._writer.release()

    def never_wait_here(self) -> None:
        """Make this thread's SQLite transactions refuse to wait: one that would wait for
        another writer raises :class:`WouldWait` at once. For the web server's event loop,
        where a wait would stall every table; nothing changes on PostgreSQL."""
        if self._path is not None:
            self._connection().execute("PRAGMA busy_timeout = 0")
            self._local.never_wait = True

    def _never_waits(self) -> bool:
        return bool(getattr(self._local, "never_wait", False))

    def _connections(self) -> ConnectionPool[Any]:
        """PostgreSQL's pool of connections (opened on first use): each in autocommit, a
        write transaction begun and committed by :meth:`_transaction`; rows as dicts."""
        if self._pool is None:
            import psycopg
            from psycopg.rows import dict_row
            from psycopg_pool import ConnectionPool

            with self._lock:
                if self._pool is None:
                    libpq = self.engine.url.set(drivername="postgresql").render_as_string(False)
                    # a server that is not there is said at once, where the pool would try
                    # again in the background until its wait for a connection ran out (30 s)
                    psycopg.connect(libpq, connect_timeout=CONNECT_SECONDS).close()
                    fewest, most = POOL_SIZE
                    self._pool = ConnectionPool(
                        libpq,
                        min_size=fewest,
                        max_size=most,
                        kwargs={
                            "autocommit": True,
                            "row_factory": dict_row,
                            "connect_timeout": CONNECT_SECONDS,
                        },
                        open=True,
                        name="dicepool",
                    )
        return self._pool

    def lent(self) -> int:
        """How many of PostgreSQL's pooled connections are out in transactions now (0 on
        SQLite)."""
        if self._pool is None:
            return 0
        stats = self._pool.get_stats()
        return stats.get("pool_size", 0) - stats.get("pool_available", 0)

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection (made on first use): transactions of two threads never
        share one, and WAL lets their reads run side by side."""
        found: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if found is None:
            assert self._path is not None
            found = connect_sqlite(self._path)
            self._local.connection = found
            with self._lock:
                self._opened.append(found)
        return found

    def ensure_schema(self) -> None:
        """Check the schema's version once; upgrade an older one; refuse a newer one."""
        if self._checked:
            return
        version = self.version()
        if version != HEAD:
            if version is not None and version not in REVISIONS:
                raise StoreError(
                    f"the database {shown(self.url)} was made by a newer dicepool (schema "
                    f"{version}); upgrade dicepool to use it"
                )
            if version is not None and not self._upgrade:
                raise StoreError(older_schema(version))
            self.upgrade()
        self._checked = True
        if self._path is None and self._engine is not None:
            self._engine.dispose()  # the migrations' connection: the pool serves the rest

    def schema_moved(self, version: str) -> None:
        """Stop writing: a server renewing its lease found the schema at ``version``, not the
        one it was built for (:mod:`dicepool.store.leases`); what it would write now, the new
        schema could not check."""
        self._moved = version

    @property
    def moved(self) -> str | None:
        """The schema found under this server when it moved (None: it has not)."""
        return self._moved

    def version(self) -> str | None:
        """The schema revision the database holds (None: an empty database)."""
        with self._translated():
            if self._path is not None:
                conn = self._connection()
                table = conn.execute(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
                ).fetchone()
                if table is None:
                    return None
                found = conn.execute("SELECT version_num FROM alembic_version").fetchone()
                return str(found[0]) if found else None
            with self._connections().connection() as pg:  # the pool's: no second connection
                sql = PsycopgSql(pg)
                if not sql.rows("SELECT to_regclass('alembic_version') AS found")[0]["found"]:
                    return None
                found = sql.rows("SELECT version_num FROM alembic_version")
                return str(found[0]["version_num"]) if found else None

    def upgrade(self) -> None:
        """Run the migrations up to the head, one process at a time.

        Raises:
            StoreError: a server of another schema holds a live lease (it would go on writing
                what the new schema cannot check): it names the server.
        """
        import sqlalchemy as sa

        from dicepool.store.leases import live_others, refusal
        from dicepool.store.migrate import upgrade

        with self._translated(), self.engine.connect() as conn, conn.begin():
            if conn.dialect.name == "postgresql":  # one migrator at a time
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(7170)"))
            held = live_others(conn, HEAD)  # read under the lock: no server renews meanwhile
            if held:
                raise StoreError(refusal(held))
            upgrade(conn)
        self._checked = True

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """Turn a database's failure into one line that says what to do."""
        try:
            yield
        except DicepoolError:
            raise
        except sqlite3.Error as exc:
            if self._never_waits() and exc.sqlite_errorcode & 0xFF in _WOULD_WAIT:
                raise WouldWait(f"the database {shown(self.url)} is busy") from exc
            raise StoreError(f"cannot use the database {shown(self.url)}: {exc}") from exc
        except Exception as exc:
            alchemy = sys.modules.get("sqlalchemy.exc")
            psycopg = sys.modules.get("psycopg")
            if not (
                (alchemy is not None and isinstance(exc, alchemy.SQLAlchemyError))
                or (psycopg is not None and isinstance(exc, psycopg.Error))
            ):
                raise
            orig = getattr(exc, "orig", None)
            reason = str(orig or exc).strip().splitlines()[0]
            raise StoreError(f"cannot use the database {shown(self.url)}: {reason}") from exc

    def close(self) -> None:
        """Close every connection."""
        with self._lock:
            opened, self._opened = self._opened, []
        for connection in opened:
            connection.close()
        self._local = threading.local()
        if self._pool is not None:
            self._pool.close()
            self._pool = None
        if self._engine is not None:
            self._engine.dispose()
