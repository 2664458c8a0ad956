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

import json
import re
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import psycopg

Params = Mapping[str, Any]
Row = dict[str, Any]


class Conflict(Exception):
    """A unique key already taken (another process got there first)."""


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


class PsycopgSql:
    """Statements on a psycopg 3 connection to PostgreSQL (rows as dicts: ``dict_row``)."""

    dialect = "postgresql"

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self.connection = connection

    def rows(self, sql: str, params: Params | None = None) -> list[Row]:
        with self._execute(sql, params or {}) as cursor:
            return cursor.fetchall() if cursor.description else []

    def run(self, sql: str, params: Params | Sequence[Params] | None = None) -> int:
        if isinstance(params, Sequence):
            import psycopg

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

    def _execute(self, sql: str, params: Params) -> psycopg.Cursor[Any]:
        import psycopg

        try:
            return self.connection.execute(pyformat(sql), _postgres_params(params))
        except psycopg.IntegrityError as exc:
            raise Conflict(str(exc)) from exc
