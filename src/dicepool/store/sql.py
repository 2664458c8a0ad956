"""One way to run the log's SQL on both databases: the same text, two thin drivers.

The store's statements are plain SQL with ``:name`` parameters: the standard library's
``sqlite3`` reads them as they are, and psycopg 3 for PostgreSQL once they are written in its
``%(name)s`` style (:func:`pyformat`, once per text). Neither goes through SQLAlchemy, which
still defines the schema and runs the migrations for both: importing it takes longer (about
280 ms here) than a whole logged roll may (250 ms), and on PostgreSQL its execution and row
building took a third of a server's time (benchmarks/README.md). Each driver turns Python values
into the column's storage (JSON, times) and a taken unique key into :class:`Conflict`.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from dicepool.errors import StoreError

if TYPE_CHECKING:
    import psycopg

Params = Mapping[str, Any]
Row = dict[str, Any]


class Conflict(Exception):
    """A unique key already taken (another process got there first)."""


def database_error(error: BaseException) -> bool:
    """Whether ``error`` is the database's (a driver's error, a :class:`Conflict`, a
    :class:`~dicepool.errors.StoreError`): after one, a transaction can do nothing more."""
    if isinstance(error, Conflict | StoreError | sqlite3.Error):
        return True
    psycopg = sys.modules.get("psycopg")  # only loaded where PostgreSQL is used
    return psycopg is not None and isinstance(error, psycopg.Error)


class Sql(Protocol):
    """A transaction to run statements in."""

    dialect: str
    """``sqlite`` or ``postgresql``: the statements differ only in row locks."""

    def rows(self, sql: str, params: Params | None = None) -> list[Row]:
        """Run a statement; its rows, as column name -> value."""

    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> int:
        """Run a statement (once per mapping, given several); the rows it changed."""

    def insert(self, sql: str, params: Params) -> int:
        """Run an ``INSERT`` of one row into a table keyed by ``id``; the row's id."""

    def batch(self, statements: Sequence[tuple[str, Params]]) -> list[list[Row]]:
        """Run statements in order, each seeing what those before it did (on PostgreSQL in one
        round trip, each with a snapshot of its own); the rows of each."""

    def savepoint(self, name: str) -> None:
        """Mark the place :meth:`rollback_to` ``name`` comes back to (``name``: a word of
        ours, never a user's; held for the next statement on PostgreSQL)."""

    def rollback_to(self, name: str) -> None:
        """Undo what the transaction did since :meth:`savepoint` ``name`` (held for the next
        statement on PostgreSQL)."""

    def later(self, sql: str, params: Params) -> None:
        """Run a statement whose result nobody reads, and that cannot fail for a reason the
        caller would catch (a row of its own, under the row lock the transaction holds):
        at once on SQLite, with the transaction's next statement or its commit on PostgreSQL,
        in the same round trip."""


def loads(value: Any) -> Any:
    """A JSON column's value as Python data (SQLite gives its text)."""
    return json.loads(value) if isinstance(value, str) else value


def moment(value: Any) -> datetime:
    """A time column's value, in UTC (SQLite gives its text, without a zone)."""
    found = datetime.fromisoformat(value) if isinstance(value, str) else value
    assert isinstance(found, datetime)
    # in UTC whatever the server's zone: the hash chain hashes the time as written
    return found.astimezone(UTC) if found.tzinfo is not None else found.replace(tzinfo=UTC)


_PLAIN = frozenset({int, str, float, type(None)})


def _sqlite_value(value: Any) -> Any:
    if isinstance(value, dict | list):
        return json.dumps(value, separators=(",", ":"))
    if isinstance(value, datetime):  # SQLAlchemy's SQLite format: UTC, no zone, microseconds
        return value.astimezone(UTC).replace(tzinfo=None).isoformat(" ", "microseconds")
    return value


def _sqlite_params(params: Params) -> dict[str, Any]:
    """Parameters as SQLite stores them (most need nothing: no call for those)."""
    return {k: v if type(v) in _PLAIN else _sqlite_value(v) for k, v in params.items()}


class SqliteSql:
    """Statements on a ``sqlite3`` connection (in autocommit mode: we write BEGIN ourselves)."""

    dialect = "sqlite"

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def rows(self, sql: str, params: Params | None = None) -> list[Row]:
        cursor = self._execute(sql, params or {})
        names = [d[0] for d in cursor.description or ()]
        return [dict(zip(names, r, strict=True)) for r in cursor.fetchall()]

    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> int:
        if isinstance(params, Sequence):
            try:
                found = [_sqlite_params(p) for p in params]
                return self.connection.executemany(sql, found).rowcount
            except sqlite3.IntegrityError as exc:
                raise Conflict(str(exc)) from exc
        return self._execute(sql, params or {}).rowcount

    def insert(self, sql: str, params: Params) -> int:
        rowid = self._execute(sql, params).lastrowid
        assert rowid is not None
        return rowid

    def batch(self, statements: Sequence[tuple[str, Params]]) -> list[list[Row]]:
        return [self.rows(sql, params) for sql, params in statements]

    def savepoint(self, name: str) -> None:
        self.connection.execute(f"SAVEPOINT {name}")

    def rollback_to(self, name: str) -> None:
        self.connection.execute(f"ROLLBACK TO SAVEPOINT {name}")

    def later(self, sql: str, params: Params) -> None:
        self._execute(sql, params)

    def _execute(self, sql: str, params: Params) -> sqlite3.Cursor:
        try:
            return self.connection.execute(sql, _sqlite_params(params))
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from exc


_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


@lru_cache(maxsize=512)
def pyformat(sql: str) -> str:
    """A statement's ``:name`` parameters as psycopg's ``%(name)s`` (a ``%`` doubled)."""
    return _NAMED.sub(r"%(\1)s", sql.replace("%", "%%"))


def _postgres_value(value: Any) -> Any:
    if isinstance(value, dict | list):
        from psycopg.types.json import Json

        return Json(value)
    return value


def _postgres_params(params: Params) -> dict[str, Any]:
    return {k: v if type(v) in _PLAIN else _postgres_value(v) for k, v in params.items()}


WRITE = "BEGIN"
"""How a write transaction begins on PostgreSQL (READ COMMITTED: each statement sees what is
committed when it starts; rows are locked where a use case needs them)."""

SNAPSHOT = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
"""How a read that must see the database at one moment begins on PostgreSQL."""


class PsycopgSql:
    """Statements on a psycopg 3 connection to PostgreSQL (rows as dicts: ``dict_row``), in
    autocommit mode.

    A transaction (``begin``: :data:`WRITE` or :data:`SNAPSHOT`; None for statements each in
    autocommit) is begun and ended here, by round trips it shares: BEGIN goes with its first
    statement, and the statements held back by :meth:`later` go with the next one or with
    the COMMIT, each group as one simple query (its values written in by psycopg's
    client-side binding). Under a table rolling flat out the campaign's row lock is what rolls
    wait on, and it is held for as many round trips as its transaction makes after taking it.
    """

    dialect = "postgresql"

    def __init__(self, connection: psycopg.Connection[Any], begin: str | None = None) -> None:
        self.connection = connection
        self._begin = begin  # BEGIN (:data:`WRITE`, :data:`SNAPSHOT`), to send with the first
        self._begun = False
        self._held: list[str] = []  # statements held back by later(), their values written in

    def rows(self, sql: str, params: Params | None = None) -> list[Row]:
        with self._execute(sql, params or {}) as cursor:
            return cursor.fetchall() if cursor.description else []

    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> int:
        if isinstance(params, Sequence):
            import psycopg

            self._send_held()
            found = [_postgres_params(p) for p in params]
            try:
                with self.connection.cursor() as cursor:
                    cursor.executemany(pyformat(sql), found)
                    return cursor.rowcount
            except psycopg.IntegrityError as exc:
                raise Conflict(str(exc)) from exc
        with self._execute(sql, params or {}) as cursor:
            return cursor.rowcount

    def insert(self, sql: str, params: Params) -> int:
        return int(self.rows(f"{sql} RETURNING id", params)[0]["id"])

    def batch(self, statements: Sequence[tuple[str, Params]]) -> list[list[Row]]:
        texts = [self._written(sql, params) for sql, params in statements]
        cursor = self._simple(*texts)
        found = []
        with cursor:
            for at in range(len(texts)):
                if at:
                    cursor.nextset()
                found.append(cursor.fetchall() if cursor.description else [])
        return found

    def savepoint(self, name: str) -> None:
        self._held.append(f"SAVEPOINT {name}")

    def rollback_to(self, name: str) -> None:
        self._held.append(f"ROLLBACK TO SAVEPOINT {name}")

    def later(self, sql: str, params: Params) -> None:
        self._held.append(self._written(sql, params))

    def commit(self) -> None:
        """End a transaction: the statements held back, then COMMIT, in one round trip
        (nothing when the transaction sent nothing).

        Raises:
            StoreError: PostgreSQL rolled the transaction back instead (a statement of it
                failed after all): nothing of it is stored.
        """
        if self._begun or self._held:
            with self._simple("COMMIT") as cursor:
                if cursor.statusmessage != "COMMIT":
                    raise StoreError(
                        f"the database rolled the change back ({cursor.statusmessage}): "
                        "nothing was stored; try again"
                    )
            self._begun = False

    def rollback(self) -> None:
        """Undo a transaction begun (the statements held back are dropped); a connection
        lost meanwhile is the pool's to discard."""
        import psycopg

        self._held = []
        if self._begun:
            self._begun = False
            with contextlib.suppress(psycopg.Error):
                self.connection.execute("ROLLBACK")

    def _written(self, sql: str, params: Params) -> str:
        """A statement with its values written in (psycopg's client-side binding)."""
        import psycopg

        with psycopg.ClientCursor(self.connection) as cursor:
            return cursor.mogrify(pyformat(sql), _postgres_params(params))

    def _execute(self, sql: str, params: Params) -> psycopg.Cursor[Any]:
        import psycopg

        if self._begin or self._held:
            return self._simple(self._written(sql, params))
        try:
            return self.connection.execute(pyformat(sql), _postgres_params(params))
        except psycopg.IntegrityError as exc:
            raise Conflict(str(exc)) from exc

    def _send_held(self) -> None:
        """Send BEGIN and the statements held back, if any are waiting (before a statement
        that cannot go with them)."""
        if self._begin or self._held:
            self._simple("SELECT 1")

    def _simple(self, *mine: str) -> psycopg.Cursor[Any]:
        """BEGIN (if still to send), the statements held back and ``mine``, as one simple
        query; the cursor at the result of the first of ``mine``."""
        import psycopg

        before = ([self._begin] if self._begin else []) + self._held
        self._begun = self._begun or self._begin is not None
        self._begin, self._held = None, []
        cursor = self.connection.cursor()
        try:  # no parameters: psycopg sends the text by the simple protocol, whole, in the
            # connection's encoding (the values were written in for it by mogrify)
            cursor.execute("; ".join(before + list(mine)))
        except psycopg.IntegrityError as exc:
            raise Conflict(str(exc)) from exc
        for _ in before:
            cursor.nextset()
        return cursor
