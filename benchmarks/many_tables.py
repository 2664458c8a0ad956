"""Many tables at once, as a server meets them on a game night: every table with its storyteller
and players live all evening, each rolling now and then.

``--tables`` tables (500), each with a storyteller and ``--players`` players (3) connected to its
live feed (2,000 WebSockets), each table's storyteller rolling about once every ``--interval``
seconds (2: 250 rolls a second in all, at random moments, an open loop: a roll is sent on time
whether the last one was answered or not), for ``--seconds`` (60). Two stacks:

- ``sqlite``: one ``dicepool serve`` process on a SQLite file;
- ``postgresql``: two ``dicepool serve`` processes on a throwaway PostgreSQL cluster, behind
  Debian's nginx with the site the project ships (``deploy/nginx.conf``): the clients and the
  rolls all go through nginx.

It prints the rolls a second acknowledged, p50 and p99 of the time from a roll's request to its
event's arrival at each live client of its table, the deliveries missing (a client of the table
that never got an acknowledged roll, once ``--drain`` seconds have passed), each server's
resident memory (now and at its peak), and the memory a live connection costs a server (its
resident memory with every client connected and none rolling, less before they connected, per
connection). The clients run in a child process of their own, from ``--addresses`` loopback
addresses (the server allows 64 live connections an address). Tables and seats are made through
the library before the servers start.

    .venv/bin/python benchmarks/many_tables.py                         # both stacks, 60 s each
    .venv/bin/python benchmarks/many_tables.py --stacks sqlite --tables 200 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import orjson
from load_table import (  # type: ignore[import-not-found]
    Cluster,
    Http,
    cpu_seconds,
    free_port,
    serve_command,
    started,
)
from tests.integration.proxy import start_nginx
from websockets.asyncio.client import connect

from dicepool.campaign.seats import find_seat_by_token, join_table, open_table
from dicepool.store.database import Database

HOST = "127.0.0.1"
LINE = "chronicles 5"
IDLE_SECONDS = 5.0
"""How long the servers' CPU is measured with every client connected and nobody rolling."""
CLIENTS_AN_ADDRESS = 60
"""Live clients a loopback address (the server holds 64 an address)."""


# --- the tables --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seated:
    """A table made for the run: its id, the storyteller's token, every live client's token."""

    campaign_id: int
    storyteller: str
    tokens: tuple[str, ...]


def make_tables(db_url: str, tables: int, players: int) -> list[Seated]:
    """``tables`` tables of chronicles, each with its storyteller and ``players`` players."""
    db = Database(db_url)
    made = []
    try:
        for k in range(tables):
            opened = open_table(db, f"Table {k}", "cofd", "st")
            invite = find_seat_by_token(db, opened.invite)
            assert invite is not None
            seated = [join_table(db, invite, f"P{p}")[1] for p in range(players)]
            told = find_seat_by_token(db, opened.storyteller)
            assert told is not None
            made.append(Seated(told.campaign_id, opened.storyteller, (opened.storyteller, *seated)))
            if k % 50 == 49:
                print(f"  {k + 1} tables made", file=sys.stderr)
    finally:
        db.close()
    return made


# --- the live clients, in a child process ------------------------------------------------------


@dataclass
class Follower:
    """A live client: the events that arrived, with their arrival times."""

    campaign_id: int
    token: str
    address: str
    arrived: dict[str, float] = field(default_factory=dict)  # "campaign:seq" -> when
    ready: asyncio.Event = field(default_factory=asyncio.Event)


async def follow(port: int, client: Follower) -> None:
    """Follow a table until cancelled, noting when each event arrived."""
    url = f"ws://{HOST}:{port}/api/campaigns/{client.campaign_id}/live"
    async with connect(
        url, compression=None, ping_interval=None, open_timeout=60, local_addr=(client.address, 0)
    ) as socket:
        await socket.send(json.dumps({"token": client.token}))
        client.ready.set()
        async for message in socket:
            at = time.perf_counter()
            for event in orjson.loads(message).get("events", []):
                client.arrived[f"{client.campaign_id}:{event['seq']}"] = at


def followers_main() -> None:
    """``--followers``: the live clients (their tables from stdin); prints ``ready`` once all
    are connected, then, given the rolls acknowledged and a drain, what arrived."""
    asyncio.run(_followers())


async def _followers() -> None:
    loop = asyncio.get_running_loop()
    given = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
    clients = [
        Follower(c, token, f"127.0.0.{2 + k // CLIENTS_AN_ADDRESS}")
        for k, (c, token) in enumerate(given["clients"])
    ]
    tasks = []
    for client in clients:  # a few at a time: a server takes so many handshakes a second
        tasks.append(asyncio.create_task(follow(given["port"], client)))
        await asyncio.sleep(0.002)
    await asyncio.wait_for(asyncio.gather(*(c.ready.wait() for c in clients)), 120)
    print("ready", flush=True)
    end = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
    owed: dict[int, set[str]] = {}  # campaign id -> the rolls acknowledged there
    for event, table in end["acked"].items():
        owed.setdefault(table, set()).add(event)
    deadline = time.perf_counter() + end["drain"]
    while time.perf_counter() < deadline:
        if all(owed.get(c.campaign_id, set()) <= c.arrived.keys() for c in clients):
            break
        await asyncio.sleep(0.2)
    errors = [repr(t.exception()) for t in tasks if t.done() and t.exception()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    arrived = [dict(c.arrived) for c in clients]
    print(json.dumps({"arrived": arrived, "errors": errors[:5]}), flush=True)


# --- the rolls -----------------------------------------------------------------------------------


@dataclass
class Rolls:
    """The rolls acknowledged: when each was sent, and its table; what was refused."""

    sent: dict[str, float] = field(default_factory=dict)  # "campaign:seq" -> when sent
    table: dict[str, int] = field(default_factory=dict)  # "campaign:seq" -> its campaign
    refused: int = 0


async def roll_now_and_then(
    port: int, table: Seated, interval: float, until: float, rolls: Rolls
) -> None:
    """The table's storyteller rolls at random moments, about once every ``interval`` s."""
    http = Http(port)
    path = f"/api/campaigns/{table.campaign_id}/rolls"
    try:
        await asyncio.sleep(random.uniform(0, interval))
        while time.perf_counter() < until:
            start = time.perf_counter()
            body = json.dumps({"line": LINE, "nonce": secrets.token_hex(8)}).encode()
            try:
                status, answer = await http.request("POST", path, body, table.storyteller)
            except (asyncio.IncompleteReadError, ConnectionError):
                # the server closed the connection while it was idle (its keep-alive time):
                # the same roll again on a new one (its nonce makes it one roll)
                http.close()
                http = Http(port)
                status, answer = await http.request("POST", path, body, table.storyteller)
            if status == 201:
                # a roll's number counts its own table's events: the table names it too
                event = f"{table.campaign_id}:{orjson.loads(answer)['seq']}"
                rolls.sent[event], rolls.table[event] = start, table.campaign_id
            else:
                rolls.refused += 1
            await asyncio.sleep(
                max(0.0, random.expovariate(1 / interval) - (time.perf_counter() - start))
            )
    finally:
        http.close()


def resident_mib(pid: int) -> tuple[float, float]:
    """A process's resident memory now and at its peak, in MiB."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = {
        line.split(":")[0]: int(line.split()[1])
        for line in status.splitlines()
        if line.startswith(("VmRSS", "VmHWM"))
    }
    return found["VmRSS"] / 1024, found["VmHWM"] / 1024


@dataclass
class Figures:
    """What one stack did."""

    stack: str
    rate: float
    p50: float
    p99: float
    missing: int
    refused: int
    memory: list[tuple[float, float]]
    per_connection_kib: float
    clients: int
    errors: list[str]
    idle_cpu: float
    busy_cpu: float


async def drive(
    name: str, port: int, tables: list[Seated], pids: list[int], args: argparse.Namespace
) -> Figures:
    """Connect every client through ``port``, roll for the time given, drain, and measure."""
    before = sum(resident_mib(p)[0] for p in pids)
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--followers",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        limit=2**30,
    )
    assert child.stdin is not None and child.stdout is not None
    clients = [(t.campaign_id, token) for t in tables for token in t.tokens]
    child.stdin.write(json.dumps({"port": port, "clients": clients}).encode() + b"\n")
    ready = await asyncio.wait_for(child.stdout.readline(), 180)
    if ready != b"ready\n":
        raise SystemExit(f"{name}: the live clients did not connect: {ready[:300]!r}")
    await asyncio.sleep(2)  # settled
    connected = sum(resident_mib(p)[0] for p in pids)
    idle_from = sum(cpu_seconds(p) for p in pids)
    await asyncio.sleep(IDLE_SECONDS)  # every client connected, nobody rolling
    idle_cpu = (sum(cpu_seconds(p) for p in pids) - idle_from) / IDLE_SECONDS
    print(
        f"  {name}: {len(clients)} clients connected; rolling for {args.seconds:g} s",
        file=sys.stderr,
    )
    rolls = Rolls()
    start = time.perf_counter()
    busy_from = sum(cpu_seconds(p) for p in pids)
    until = start + args.seconds
    await asyncio.gather(*(roll_now_and_then(port, t, args.interval, until, rolls) for t in tables))
    elapsed = time.perf_counter() - start
    busy_cpu = (sum(cpu_seconds(p) for p in pids) - busy_from) / elapsed
    memory = [resident_mib(p) for p in pids]
    acked = dict(rolls.table)
    child.stdin.write(json.dumps({"acked": acked, "drain": args.drain}).encode() + b"\n")
    found = json.loads(await child.stdout.readline())
    await child.wait()
    latencies, missing = [], 0
    for (campaign_id, _), arrived in zip(clients, found["arrived"], strict=True):
        for event, table in rolls.table.items():
            if table != campaign_id:
                continue
            at = arrived.get(event)
            if at is None:
                missing += 1
            else:
                latencies.append(at - rolls.sent[event])
    ms = np.array(latencies) * 1000 if latencies else np.array([0.0])
    return Figures(
        name,
        len(rolls.sent) / elapsed,
        float(np.percentile(ms, 50)),
        float(np.percentile(ms, 99)),
        missing,
        rolls.refused,
        memory,
        (connected - before) * 1024 / len(clients),
        len(clients),
        found["errors"],
        idle_cpu,
        busy_cpu,
    )


# --- the stacks --------------------------------------------------------------------------------

SERVER_OPTIONS = ["--max-connections", "10000"]
"""Each server takes every client of the run (half of a process's connections may be live)."""


async def run_sqlite(args: argparse.Namespace, folder: Path) -> Figures:
    db_url = f"sqlite:///{folder / 'many.sqlite3'}"
    tables = make_tables(db_url, args.tables, args.players)
    port = free_port()
    with started(serve_command(db_url, port, SERVER_OPTIONS), port, folder / "sqlite.log") as s:
        return await drive("sqlite (1 process)", port, tables, [s.pid], args)


async def run_postgresql(args: argparse.Namespace, folder: Path) -> Figures:
    cluster = Cluster()
    try:
        server = cluster.start()
        db_url = server.database_url(server.create_database())
        tables = make_tables(db_url, args.tables, args.players)
        ports = [free_port(), free_port()]
        trusted = [*SERVER_OPTIONS, "--forwarded-allow-ips", HOST]
        with (
            started(serve_command(db_url, ports[0], trusted), ports[0], folder / "pg-0.log") as a,
            started(serve_command(db_url, ports[1], trusted), ports[1], folder / "pg-1.log") as b,
        ):
            proxy = start_nginx(
                folder, ports, connections=4 * args.tables * (args.players + 1) + 1024
            )
            try:
                return await drive(
                    "postgresql (2 servers, nginx)", proxy.port, tables, [a.pid, b.pid], args
                )
            finally:
                proxy.stop()
    finally:
        cluster.stop()


def show(results: list[Figures], args: argparse.Namespace) -> None:
    print(
        f"\n{args.tables} tables, each with a storyteller and {args.players} players live "
        f"({args.tables * (args.players + 1):,} WebSockets), a roll a table about every "
        f"{args.interval:g} s, {args.seconds:g} s; latency from a roll's request to its event at "
        "each live client of its table"
    )
    head = (
        "| stack | rolls/s | p50 ms | p99 ms | deliveries missing | refused "
        "| resident MiB (peak) a server | KiB a live connection | server CPU idle | server CPU "
        "rolling |"
    )
    print(head)
    print("|" + "---|" * head.count(" | ") + "---|")
    for r in results:
        memory = ", ".join(f"{now:.0f} ({peak:.0f})" for now, peak in r.memory)
        print(
            f"| {r.stack} | {r.rate:,.0f} | {r.p50:.1f} | {r.p99:.1f} | {r.missing} | {r.refused} "
            f"| {memory} | {r.per_connection_kib:.0f} | {r.idle_cpu:.0%} | {r.busy_cpu:.0%} |"
        )
        for error in r.errors:
            print(f"  {r.stack}: a client stopped: {error}")


def main() -> None:
    if sys.argv[1:] == ["--followers"]:
        followers_main()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--interval", type=float, default=2.0, help="seconds between a table's rolls, on average"
    )
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--drain", type=float, default=15.0)
    parser.add_argument("--stacks", type=lambda t: t.split(","), default=["sqlite", "postgresql"])
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="dicepool-many-") as tmp:
        for stack in args.stacks:
            print(f"{stack}...", file=sys.stderr)
            runner = run_sqlite if stack == "sqlite" else run_postgresql
            results.append(asyncio.run(runner(args, Path(tmp))))
    show(results, args)


if __name__ == "__main__":
    main()
