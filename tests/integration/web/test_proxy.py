"""Two `dicepool serve` processes on one PostgreSQL database behind Debian's nginx, configured
by the file the project ships (``deploy/nginx.conf``, with this test's ports): rolls go through
nginx; one server is killed with SIGKILL and its live clients reconnect through nginx to the
other, catch up from the log, and miss nothing acknowledged; PostgreSQL stops under load, the
servers answer 503 meanwhile, and recover on their own once it is back.

Everything is real: a throwaway PostgreSQL cluster of this module's own (it is stopped and
started again), the servers as processes, nginx as a process, WebSocket clients.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from dicepool.store.database import Database

from ...databases import Cluster, Unavailable, in_ci
from ..proxy import Proxy, nginx_binary, start_nginx
from ..servers import STARTUP_SECONDS, free_port, serving

pytestmark = pytest.mark.postgresql

SETTLE_SECONDS = 30.0
"""How long a client may take to have every acknowledged roll (a bound on a hang)."""


def nginx_or_skip() -> None:
    """Go on only where nginx is installed (the test command installs it; CI must have it)."""
    if nginx_binary() is None:
        if in_ci():
            pytest.fail("nginx is not installed: ./scripts/test installs Debian's nginx")
        pytest.skip("nginx is not installed: ./scripts/test installs Debian's nginx")


def call(port: int, path: str, body: dict[str, Any], token: str | None = None) -> tuple[int, Any]:
    """POST ``body`` through the proxy: the status and the JSON answer (None for none)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as refused:
        return refused.code, None
    except OSError:
        return 0, None


@dataclass
class Follower:
    """A live client of the table through the proxy that reconnects whenever it is dropped,
    giving the last sequence number it has (in a thread of its own)."""

    port: int
    campaign_id: int
    token: str
    ids: list[int] = field(default_factory=list)
    connections: int = 0
    stopping: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        """Follow until stopped."""
        asyncio.run(self._follow())

    async def _follow(self) -> None:
        last = 0
        url = f"ws://127.0.0.1:{self.port}/api/campaigns/{self.campaign_id}/live"
        while not self.stopping.is_set():
            try:
                async with connect(url, open_timeout=5, ping_interval=None) as socket:
                    self.connections += 1
                    await socket.send(json.dumps({"token": self.token, "after": last}))
                    while not self.stopping.is_set():
                        try:
                            message = await asyncio.wait_for(socket.recv(), 0.2)
                        except TimeoutError:
                            continue
                        page = json.loads(message)
                        self.ids += [e["seq"] for e in page.get("events", [])]
                        last = page.get("last", last)
            except (OSError, WebSocketException, TimeoutError):
                await asyncio.sleep(0.2)  # dropped, or nothing to reach yet: again

    def has(self, acked: set[int]) -> bool:
        """Whether every acknowledged roll reached this client."""
        return acked <= set(self.ids)


@dataclass
class Stack:
    """PostgreSQL, two servers, nginx, and a table opened through nginx."""

    cluster: Cluster
    servers: list[subprocess.Popen[str]]
    proxy: Proxy
    campaign_id: int
    storyteller: str
    player: str


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    """The whole stack, started for one test and stopped after it."""
    nginx_or_skip()
    cluster = Cluster()
    try:
        server = cluster.start()
    except Unavailable as why:
        cluster.stop()
        if in_ci():
            raise
        pytest.skip(str(why))
    url = server.url.render_as_string(hide_password=False)
    processes: list[subprocess.Popen[str]] = []
    try:
        database = Database(url)
        database.ensure_schema()
        database.close()
        ports = [free_port(), free_port()]
        trusted = ("--forwarded-allow-ips", "127.0.0.1")
        processes += [serving(url, port, "1", *trusted) for port in ports]
        proxy = start_nginx(tmp_path, ports)
        status, opened = call(proxy.port, "/api/campaigns", {"name": "Night", "system": "cofd"})
        assert status == 201, status
        where, invite = opened["id"], opened["invite"]["token"]
        status, seat = call(proxy.port, f"/api/campaigns/{where}/seats", {"name": "Bo"}, invite)
        assert status == 201, status
        yield Stack(cluster, processes, proxy, where, opened["storyteller"]["token"], seat["token"])
    finally:
        for process in processes:
            process.kill()
            process.wait(10)
        if "proxy" in locals():
            proxy.stop()
        cluster.stop()


def roll(stack: Stack, tries: float = 20.0) -> int:
    """One public roll of the storyteller's through nginx, sent again with its nonce until it
    is acknowledged (a server killed under it, or the database away); its event's id."""
    body = {"line": "chronicles 3", "nonce": secrets.token_hex(16)}
    deadline = time.monotonic() + tries
    while True:
        status, answer = call(
            stack.proxy.port, f"/api/campaigns/{stack.campaign_id}/rolls", body, stack.storyteller
        )
        if status in (200, 201):
            return int(answer["event"])
        assert status in (0, 502, 503, 504), f"a roll through nginx answered {status}"
        assert time.monotonic() < deadline, f"no roll acknowledged in {tries:.0f} s ({status})"
        time.sleep(0.1)


def following(stack: Stack, count: int) -> list[Follower]:
    """``count`` live clients through nginx (the storyteller's and the player's seats), each in
    a thread, once every one is connected."""
    followers = [
        Follower(stack.proxy.port, stack.campaign_id, (stack.storyteller, stack.player)[k % 2])
        for k in range(count)
    ]
    for follower in followers:
        threading.Thread(target=follower.run, daemon=True).start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not all(f.connections for f in followers):
        assert time.monotonic() < deadline, "the live clients did not connect through nginx"
        time.sleep(0.05)
    return followers


def settled(followers: list[Follower], acked: set[int]) -> list[Follower]:
    """The clients still missing an acknowledged roll after :data:`SETTLE_SECONDS` (stopped)."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while time.monotonic() < deadline and not all(f.has(acked) for f in followers):
        time.sleep(0.1)
    for follower in followers:
        follower.stopping.set()
    return [f for f in followers if not f.has(acked)]


def test_a_server_killed_behind_nginx_loses_no_acknowledged_roll(stack: Stack) -> None:
    followers = following(stack, 8)
    acked = {roll(stack) for _ in range(20)}
    stack.servers[0].send_signal(signal.SIGKILL)  # mid-evening, with clients on it
    acked |= {roll(stack) for _ in range(30)}
    assert not settled(followers, acked)
    for follower in followers:
        assert len(follower.ids) == len(set(follower.ids)), "a roll came twice"
    moved = [f for f in followers if f.connections > 1]
    assert moved, "no client was on the killed server"
    assert stack.servers[1].poll() is None


def test_postgresql_restarted_under_load_the_servers_recover_and_lose_nothing(
    stack: Stack,
) -> None:
    followers = following(stack, 4)
    acked = {roll(stack) for _ in range(10)}
    data = str(stack.cluster.data)
    stopped = stack.cluster.run("pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
    assert stopped.returncode == 0, stopped.stderr
    status, _ = call(
        stack.proxy.port,
        f"/api/campaigns/{stack.campaign_id}/rolls",
        {"line": "chronicles 3"},
        stack.storyteller,
    )
    assert status == 503  # the database cannot serve: nothing is rolled, and it says so
    options = f"-h 127.0.0.1 -p {stack.cluster.port} -k {stack.cluster.folder} -c fsync=off"
    started = stack.cluster.run(
        "pg_ctl", "-D", data, "-l", str(stack.cluster.log), "-o", options, "-w", "start"
    )
    assert started.returncode == 0, started.stderr
    acked |= {roll(stack, tries=30.0) for _ in range(10)}  # no server was restarted
    assert not settled(followers, acked)
    assert all(s.poll() is None for s in stack.servers)
