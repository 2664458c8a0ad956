"""The store's statement text as psycopg reads it, and the NOTIFY's sequence number sparing a
read of the log (no I/O)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicepool.store.sql import pyformat
from dicepool.web.live import Tail


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("SELECT a FROM t WHERE id = :id", "SELECT a FROM t WHERE id = %(id)s"),
        ("VALUES (:key0), (:key1)", "VALUES (%(key0)s), (%(key1)s)"),
        ("SELECT '50%' AS p, :x", "SELECT '50%%' AS p, %(x)s"),
        ("SELECT CAST(a AS TEXT)::text, '12:30'", "SELECT CAST(a AS TEXT)::text, '12:30'"),
    ],
)
def test_named_parameters_become_psycopgs(sql: str, expected: str) -> None:
    assert pyformat(sql) == expected


@given(st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,20}", fullmatch=True))
def test_every_name_is_kept(name: str) -> None:
    assert pyformat(f"WHERE a = :{name} AND b = 1") == f"WHERE a = %({name})s AND b = 1"


def test_news_of_an_event_read_already_leaves_the_reader_alone() -> None:
    tail = Tail(None, 1, 1.0)  # type: ignore[arg-type]  # news never reads the database
    tail.news(3)
    assert tail.stale.is_set()  # where the log ends is not known yet: read
    tail.stale.clear()
    tail.last = 5
    tail.news(5)
    tail.news(4)
    assert not tail.stale.is_set()
    tail.news(6)
    assert tail.stale.is_set()
    tail.stale.clear()
    tail.news(None)  # a notification without its number
    assert tail.stale.is_set()
