"""The web table in-process: a database on SQLite then PostgreSQL, and a client of its app."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import anyio
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from dicepool.store.database import Database
from dicepool.web.app import create_app, serve_from


@pytest.fixture(scope="session")
def web_app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    """The worker's application, made by `create_app` once: each test's `client` points it at
    the test's own database with a fresh state (`serve_from`). FastAPI builds a new
    application's routes at its first requests, which cost more than most tests here."""
    return create_app(Database(f"sqlite:///{tmp_path_factory.mktemp('app') / 'unused.sqlite3'}"))


@pytest.fixture
def client(web_app: FastAPI, db: Database) -> Iterator[TestClient]:
    """A client of the app on ``db``; a server error is answered 500, as a real client would
    see it."""
    serve_from(web_app, db)
    with TestClient(web_app, raise_server_exceptions=False) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {token}"}


def text_within(socket: Any, seconds: float = 30.0) -> Callable[[], str]:
    """``socket.receive_text``, failing after ``seconds`` instead of waiting for ever: a
    message that never comes fails its test rather than hanging the whole suite."""

    async def receive() -> Any:
        with anyio.fail_after(seconds):
            return await socket._send_rx.receive()

    def text() -> str:
        message = socket.portal.call(receive)
        socket._raise_on_close(message)
        return str(message["text"])

    return text


class Feed:
    """A live client's events one at a time, whichever messages carried them.

    Each message of the live feed is a page of the log, as the ``events`` route answers: its
    events (one or more) and the number to ask ``after`` next, which covers them all.

    Args:
        receive: the next message of the client's socket, as text.
    """

    def __init__(self, receive: Callable[[], str | bytes]) -> None:
        self.receive = receive
        self.waiting: deque[dict[str, Any]] = deque()
        self.last = 0

    def next(self) -> dict[str, Any]:
        """The next event pushed."""
        while not self.waiting:
            page = json.loads(self.receive())
            assert set(page) == {"events", "last"} and page["events"], page
            assert page["last"] >= max(e["seq"] for e in page["events"]), page
            assert page["last"] >= self.last  # never back
            self.last = page["last"]
            self.waiting.extend(page["events"])
        return self.waiting.popleft()

    def take(self, count: int) -> list[dict[str, Any]]:
        """The next ``count`` events pushed."""
        return [self.next() for _ in range(count)]
