"""The web table in-process: a database on SQLite then PostgreSQL, and a client of its app."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from dicepool.store.database import Database
from dicepool.web.app import create_app


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    database = Database(database_url)
    yield database
    database.close()


@pytest.fixture
def client(db: Database) -> Iterator[TestClient]:
    """A client of the app; a server error is answered 500, as a real client would see it."""
    with TestClient(create_app(db), raise_server_exceptions=False) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {token}"}
