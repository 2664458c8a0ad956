"""What a client may hold of a server: request heads and bodies bounded in size and in time,
live connections bounded per address and closed when they never say hello.

Heads are bounded by the server's HTTP protocol: those tests talk to a real `dicepool serve`
over a socket. Bodies and live connections are the application's: in-process, and on the real
server once for a chunked body."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

from dicepool.cli.main import cli
from dicepool.web import app as web_app
from dicepool.web import live
from dicepool.web.limits import MAX_BODY
from dicepool.web.server import MAX_HEAD

from ..servers import free_port, serving, stop
from .conftest import Feed
from .test_adversary import table

HEAD_WAIT = 3
"""The seconds the module's server gives a request's head (`serve --head-seconds`; 10 by
default): ample for the heads this module sends whole or in pieces a hundredth apart."""


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A `dicepool serve` process on a SQLite file, for the module's tests (a request's head
    given :data:`HEAD_WAIT` seconds: the silent connections' test waits that out)."""
    chosen = free_port()
    db = str(tmp_path_factory.mktemp("served") / "table.sqlite3")
    server = serving(db, chosen, "1", "--head-seconds", str(HEAD_WAIT))
    yield chosen
    stop(server)


def exchange(port: int, *pieces: bytes, timeout: float = 30.0) -> bytes:
    """Send ``pieces`` (a moment apart) on a new connection; all the server answers until it
    closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        try:
            for piece in pieces:
                conn.sendall(piece)
                time.sleep(0.01)
        except OSError:  # refused before all was sent: its answer is read below
            pass
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
        return answer


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def test_a_head_over_the_bound_is_refused_whole_or_in_pieces(port: int) -> None:
    head = b"GET /openapi.json HTTP/1.1\r\nHost: x\r\nX-Big: "
    whole = exchange(port, head + b"a" * MAX_HEAD + b"\r\n\r\n")
    assert status(whole) == 431 and b"over 32768 bytes" in whole
    pieces = exchange(port, head, *[b"a" * 8000] * 6, b"\r\n\r\n")  # closed before the end
    assert status(pieces) == 431
    fits = exchange(port, head + b"a" * 20_000 + b"\r\nConnection: close\r\n\r\n")
    assert status(fits) == 200


def test_a_connection_that_says_nothing_is_closed(port: int) -> None:
    # both connections wait out the server's bound side by side, not one after the other
    with ThreadPoolExecutor(2) as waiting:
        # the server closes it, not this client
        silent = waiting.submit(exchange, port, timeout=3 * HEAD_WAIT)
        trickled = waiting.submit(exchange, port, b"GET /openapi.json HTTP/1.1\r\n")  # no more
    assert status(silent.result()) == 408 and b"no whole request head" in silent.result()
    assert status(trickled.result()) == 408


def chunked(body: bytes, size: int = 8192) -> bytes:
    pieces = [body[i : i + size] for i in range(0, len(body), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in pieces) + b"0\r\n\r\n"


def test_a_chunked_body_over_the_bound_is_413_on_the_real_server(port: int) -> None:
    head = (
        b"POST /api/campaigns HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    over = exchange(port, head + chunked(b" " * (MAX_BODY + 1)))
    assert status(over) == 413 and b"over 65536 bytes" in over
    table_body = json.dumps({"name": "Chunked", "system": "cofd"}).encode()
    assert status(exchange(port, head + chunked(table_body, size=7))) == 201


def test_a_body_over_the_bound_is_413_chunked_or_declared(client: TestClient) -> None:
    def streamed() -> Iterator[bytes]:  # no Content-Length: sent chunked
        for _ in range(MAX_BODY // 4096 + 1):
            yield b" " * 4096

    over = client.post("/api/campaigns", content=streamed())
    assert over.status_code == 413 and "over 65536 bytes" in over.json()["error"]
    declared = client.post("/api/campaigns", content=b" " * (MAX_BODY + 1))
    assert declared.status_code == 413
    pieces = iter([b'{"name": "A", ', b'"system": "cofd"}'])
    fine = client.post(
        "/api/campaigns", content=pieces, headers={"content-type": "application/json"}
    )
    assert fine.status_code == 201


def test_a_body_that_trickles_is_408(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_app, "BODY_SECONDS", 0.2)
    sent: list[Message] = []
    reached: list[Message] = []

    async def app(scope: object, receive: object, send: object) -> None:
        reached.append({"type": "app"})

    async def receive() -> Message:
        if not sent:
            sent.append({})
            return {"type": "http.request", "body": b"{", "more_body": True}
        await asyncio.sleep(3600)  # the rest never comes
        raise AssertionError("unreachable")

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {"type": "http", "headers": [(b"transfer-encoding", b"chunked")]}
    asyncio.run(web_app.BodyLimit(app)(scope, receive, send))  # type: ignore[arg-type]
    assert sent[1]["status"] == 408 and not reached
    assert b"took over 0.2 s" in sent[2]["body"]


def test_a_live_client_that_never_says_hello_is_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "HELLO_SECONDS", 0.3)
    where = table(client).where
    with client.websocket_connect(f"/api/campaigns/{where}/live") as silent:
        assert "error" in silent.receive_json()  # it is told what to send, then closed
        with pytest.raises(WebSocketDisconnect) as closed:
            silent.receive_json()
        assert closed.value.code == 1008
    assert client.app.state.hub._addresses == {}  # type: ignore[attr-defined]


def test_live_connections_are_bounded_per_address(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "MAX_ADDRESS_LIVE", 3)
    where, told, _, _ = table(client)
    url = f"/api/campaigns/{where}/live"
    with ExitStack() as held:
        for _ in range(3):  # silent: each holds a place until its hello's time is up
            held.enter_context(client.websocket_connect(url))
        with pytest.raises(WebSocketDisconnect) as refused:
            held.enter_context(client.websocket_connect(url))
        assert refused.value.code == live.FULL_CODE
        page = client.get(f"/c/{where}", headers={"accept": "text/html"})
        assert page.status_code in (200, 401)  # plain requests are not held back
    with client.websocket_connect(url) as again:  # the places are free again
        again.send_json({"token": told, "after": 0})
        assert Feed(again.receive_text).next()["kind"] == "campaign-created"


def test_live_connections_are_bounded_per_process(client: TestClient) -> None:
    client.app.state.hub.max_live = 2  # type: ignore[attr-defined]
    where, told, _, _ = table(client)
    url = f"/api/campaigns/{where}/live"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(url):
            pass
        assert refused.value.code == live.FULL_CODE
        for socket_ in (one, two):
            socket_.send_json({"token": told, "after": 0})
            assert Feed(socket_.receive_text).next()["kind"] == "campaign-created"


def test_serve_takes_a_bound_of_connections_within_its_range(tmp_path: Path) -> None:
    chosen = free_port()
    server = serving(str(tmp_path / "t.sqlite3"), chosen, "1", "--max-connections", "100")
    try:
        head = b"GET /openapi.json HTTP/1.1\r\nConnection: close\r\n\r\n"
        assert status(exchange(chosen, head)) == 200
    finally:
        stop(server)
    few = CliRunner().invoke(cli, ["serve", "--max-connections", "99", "--db", "x.sqlite3"])
    assert few.exit_code == 2 and "--max-connections" in few.output
