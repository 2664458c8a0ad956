"""One address floods a real `dicepool serve` with half-sent requests while a client at another
address is served: on one process, and behind the shipped nginx configuration.

The flood comes from 127.0.0.2 (its client sockets bound to it), the client from 127.0.0.4:
two addresses to the server on one machine (it listens on 127.0.0.1). Each flooding
connection sends a part of a request and never the rest. Past its address's bounds the
server answers 429 at once, to that address alone (`dicepool.web.clients`); nginx, behind
which the server trusts the address it forwards, answers 429 past ``limit_conn``. The served
client's call has a timeout of a few seconds, so the test fails if it is starved; nothing
here is timed.

The flood needs a few thousand open files in this process: the soft limit is raised to its
hard limit if need be (the servers and nginx started after inherit it; nginx's workers are
given their own by ``worker_rlimit_nofile``).
"""

from __future__ import annotations

import asyncio
import resource
import socket
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from dicepool.cli.main import cli
from dicepool.web.limits import MAX_ADDRESS_CONNECTIONS, MAX_ADDRESS_HEADS

from ..proxy import start_nginx
from ..servers import free_port, serving, stop
from .test_proxy import nginx_or_skip

FLOOD = 3000
"""The half-sent requests of a flood."""

HOST = "127.0.0.1"
"""Where the server and nginx listen, and the address of the proxy the server trusts."""

FLOODER = "127.0.0.2"
NEIGHBOUR = "127.0.0.4"

HALF_HEAD = b"GET / HTTP/1.1\r\nHost: dicepool\r\nUser-Agent: flood\r\n"  # its end never comes
HALF_BODY = (
    b"POST /api/campaigns HTTP/1.1\r\nHost: dicepool\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100\r\n\r\n{"
)
ASK = b"GET / HTTP/1.1\r\nHost: dicepool\r\nConnection: close\r\n\r\n"

PATIENCE = 5.0
"""How long the served client waits for its whole answer (a bound on a hang, not a timing)."""

SETTLE = 20.0
"""How long a flood may take to be answered, on a busy machine (a bound on a hang)."""

NGINX_LIMIT = 128
"""The requests one address holds through the shipped site (``limit_conn``)."""

NGINX_CONNECTIONS = 8192
"""nginx's ``worker_connections``, as docs/deploy.md sizes them."""


@pytest.fixture(scope="module", autouse=True)
def open_files() -> None:
    """Room for the flood's sockets in this process (and the servers it starts): the soft
    limit of open files raised to the hard one when it is lower than a flood needs."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = 2 * FLOOD + 1024
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = hard if hard == resource.RLIM_INFINITY else min(hard, needed)
        resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
    assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= needed, "too few open files"


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A `dicepool serve` process with its default bounds, trusting the addresses forwarded
    from 127.0.0.1 (where nginx is, in front of it); everyone else is counted by their own."""
    chosen = free_port()
    db = str(tmp_path_factory.mktemp("flood") / "table.sqlite3")
    server = serving(db, chosen, "1", "--forwarded-allow-ips", HOST)
    yield chosen
    stop(server)


@dataclass
class Flood:
    """What became of a flood's connections: each answered one's status (or ``closed``,
    ``reset``, ``unconnected``), and how many were still held unanswered at the end."""

    answered: Counter[str] = field(default_factory=Counter)
    held: int = 0


def status_of(answer: bytes) -> str:
    if not answer:
        return "closed"
    return answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "garbled"


async def half_sent(
    port: int, payload: bytes, opened: list[int], source: str = FLOODER
) -> str | None:
    """A connection from ``source`` that sends ``payload`` and waits (counted in ``opened``
    once it is connected, or could not be): its answer's status, or None when it is
    cancelled unanswered (held)."""
    loop = asyncio.get_running_loop()
    with socket.socket() as conn:
        conn.setblocking(False)
        conn.bind((source, 0))
        try:
            await asyncio.wait_for(loop.sock_connect(conn, (HOST, port)), SETTLE)
        except (OSError, TimeoutError):
            return "unconnected"
        finally:
            opened.append(1)
        try:
            await loop.sock_sendall(conn, payload)
            return status_of(await loop.sock_recv(conn, 4096))
        except OSError:
            return "reset"  # closed by the server before all was sent
        except asyncio.CancelledError:
            return None


async def ask(port: int, request: bytes = ASK, source: str = NEIGHBOUR) -> str:
    """One whole request from ``source`` on a connection of its own: its answer's status
    (``no answer`` after :data:`PATIENCE`)."""
    loop = asyncio.get_running_loop()
    with socket.socket() as conn:
        conn.setblocking(False)
        conn.bind((source, 0))

        async def exchange() -> bytes:
            await loop.sock_connect(conn, (HOST, port))
            await loop.sock_sendall(conn, request)
            answer = b""
            while chunk := await loop.sock_recv(conn, 65536):
                answer += chunk
            return answer

        try:
            return status_of(await asyncio.wait_for(exchange(), PATIENCE))
        except TimeoutError:
            return "no answer"


async def opening(
    port: int, payload: bytes, count: int, source: str
) -> list[asyncio.Task[str | None]]:
    """``count`` connections from ``source`` sending ``payload``, once each is connected."""
    opened: list[int] = []
    tasks = [asyncio.create_task(half_sent(port, payload, opened, source)) for _ in range(count)]
    deadline = time.monotonic() + SETTLE
    while len(opened) < count and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    return tasks


async def flood_and_ask(port: int, floods: dict[bytes, int], keep: int) -> tuple[Flood, str]:
    """Flood ``port`` with ``floods`` (so many connections sending each payload); once every
    one is open, the neighbour asks. The flood is watched until at most ``keep`` connections
    are unanswered (or :data:`SETTLE` passed), then closed. The flood's outcome and the
    neighbour's answer."""
    tasks = []
    for payload, count in floods.items():
        tasks += await opening(port, payload, count, FLOODER)
    answered = await ask(port)
    deadline = time.monotonic() + SETTLE
    pending = {t for t in tasks if not t.done()}
    while len(pending) > keep and time.monotonic() < deadline:
        _, pending = await asyncio.wait(pending, timeout=0.2)
    for task in pending:
        task.cancel()
    outcomes = await asyncio.gather(*tasks)
    flood = Flood(Counter(o for o in outcomes if o is not None), outcomes.count(None))
    return flood, answered


async def served_again(port: int, source: str) -> str:
    """The status a request from ``source`` gets once its connections closed (their closing
    reaches the server a moment later: asked again until it is not 429)."""
    deadline = time.monotonic() + SETTLE
    answered = await ask(port, source=source)
    while answered == "429" and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        answered = await ask(port, source=source)
    return answered


def test_one_process_serves_another_address_while_one_floods(port: int) -> None:
    flood, answered = asyncio.run(flood_and_ask(port, {HALF_HEAD: FLOOD}, MAX_ADDRESS_HEADS))
    assert answered == "200", f"the neighbour was answered {answered} during the flood"
    assert flood.held <= MAX_ADDRESS_HEADS, f"{flood.held} half-sent heads held from one address"
    refused = flood.answered["429"] + flood.answered["reset"]  # reset: closed while it sent
    assert refused >= FLOOD - MAX_ADDRESS_HEADS, flood.answered
    assert asyncio.run(served_again(port, FLOODER)) == "200"  # its bound, not a ban


def test_half_sent_bodies_from_one_address_are_bounded_by_its_connections(port: int) -> None:
    flood, answered = asyncio.run(flood_and_ask(port, {HALF_BODY: 600}, MAX_ADDRESS_CONNECTIONS))
    assert answered == "200"
    assert flood.held <= MAX_ADDRESS_CONNECTIONS and flood.answered["429"] >= 600 - flood.held


def test_a_kept_alive_connection_is_refused_while_its_address_holds_its_heads(
    port: int,
) -> None:
    source = "127.0.0.3"  # an address of this test's own

    async def crowded() -> list[str]:
        loop = asyncio.get_running_loop()
        with socket.socket() as kept:
            kept.setblocking(False)
            kept.bind((source, 0))
            await loop.sock_connect(kept, (HOST, port))
            await loop.sock_sendall(kept, KEPT)
            told = [await asyncio.wait_for(answer_on(loop, kept), PATIENCE)]
            # the server counts connections in the order they connect: these before the next
            heads = await opening(port, HALF_HEAD, MAX_ADDRESS_HEADS, source)
            next_one = half_sent(port, HALF_HEAD, [], source)
            told.append(await asyncio.wait_for(next_one, PATIENCE))
            await loop.sock_sendall(kept, KEPT)
            told.append(await asyncio.wait_for(answer_on(loop, kept), PATIENCE))
            for task in heads:
                task.cancel()
            told += [o for o in await asyncio.gather(*heads) if o is not None]
            return told

    # a new connection, then the kept one's next request, refused; none of the heads answered
    assert asyncio.run(crowded()) == ["404", "429", "429"]


KEPT = b"GET /no-such-page HTTP/1.1\r\nHost: dicepool\r\nAccept: application/json\r\n\r\n"
"""A request that keeps its connection alive, answered in a few bytes."""


async def answer_on(loop: asyncio.AbstractEventLoop, conn: socket.socket) -> str:
    """The status of the next whole answer on a kept-alive connection."""
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = await loop.sock_recv(conn, 65536)
        if not chunk:
            break
        answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    length = next(
        (
            int(line.split(b":")[1])
            for line in head.lower().split(b"\r\n")
            if line.startswith(b"content-length:")
        ),
        0,
    )
    while len(body) < length:
        body += await loop.sock_recv(conn, 65536)
    return status_of(head)


def test_an_address_forwarded_by_a_named_proxy_is_bounded_by_its_requests(
    port: int,
) -> None:
    forwarded = HALF_BODY.replace(b"\r\n\r\n", b"\r\nX-Forwarded-For: 198.51.100.7\r\n\r\n")
    other = ASK.replace(b"\r\n\r\n", b"\r\nX-Forwarded-For: 198.51.100.8\r\n\r\n")

    async def through_the_proxy() -> tuple[Flood, str]:
        tasks = await opening(port, forwarded, MAX_ADDRESS_CONNECTIONS + 40, HOST)
        deadline = time.monotonic() + SETTLE
        while sum(t.done() for t in tasks) < 40 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        answered = await ask(port, other, HOST)
        for task in tasks:
            task.cancel()
        outcomes = await asyncio.gather(*tasks)
        return Flood(Counter(o for o in outcomes if o), outcomes.count(None)), answered

    flood, answered = asyncio.run(through_the_proxy())
    assert flood.answered == {"429": 40} and flood.held == MAX_ADDRESS_CONNECTIONS
    assert answered == "200"  # another address, through the same proxy


def test_nginx_with_the_shipped_site_serves_another_address_while_one_floods(
    port: int, tmp_path: Path
) -> None:
    nginx_or_skip()
    proxy = start_nginx(tmp_path, [port], connections=NGINX_CONNECTIONS)
    try:
        floods = {HALF_HEAD: FLOOD // 2, HALF_BODY: FLOOD // 2}
        flood, answered = asyncio.run(flood_and_ask(proxy.port, floods, FLOOD // 2 + NGINX_LIMIT))
    finally:
        proxy.stop()
    assert answered == "200", f"the neighbour was answered {answered} through nginx"
    # nginx counts a request once its head is whole: the half-sent bodies past the limit are
    # refused at once, the half-sent heads held by nginx (cheaply) until their 10 s are up
    assert flood.answered["429"] == FLOOD // 2 - NGINX_LIMIT, flood.answered


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--max-address-connections", "15"),
        ("--max-address-heads", "3"),
        ("--head-seconds", "0.5"),
        ("--head-seconds", "61"),
    ],
)
def test_serve_refuses_an_address_bound_out_of_its_range(option: str, value: str) -> None:
    done = CliRunner().invoke(cli, ["serve", option, value, "--db", "x.sqlite3"])
    assert done.exit_code == 2 and option in done.output
