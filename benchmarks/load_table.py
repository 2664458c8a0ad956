"""The web table under load: 50 live clients at one table, ten of them rolling, for a fixed time.

Three stacks, one after the other, each driven the same way: the rollers by this asyncio
process, the live clients by another (``--listeners``), so that a roller's next request never
waits for the fifty pushes to be read first:

- ``sqlite``: one ``dicepool serve`` process on a SQLite file in a temporary folder;
- ``postgresql``: two ``dicepool serve`` processes on one throwaway PostgreSQL cluster (initdb
  and pg_ctl in a temporary folder, fsync on unless ``--pg-fsync off``); the clients are spread
  over both servers and every roller sends its rolls to each server in turn, so most rolls
  reach most clients through the other process (LISTEN/NOTIFY);
- ``bare``: the limit, ``bare_broadcast.py``: the same framework, server settings and WebSocket
  library with no dice and no database: a POST sends its message, one event as long as a
  logged roll's, to every socket at once (where the table sends what its reader read
  together in one message).

A table is opened through the API, with a seat for each client (the storyteller and players);
the rollers' players are given characters (through the library: the API has no route for that
yet) and roll ``Dexterity + Athletics`` for them over and over, each waiting for its answer
before the next (closed loop). The rolls a second count the 201s; the latency of a roll at a
client is from the moment its request is sent to the moment that client receives its event,
and p50/p99 are over every (roll, client) pair, with the p99 of the slowest client per roll
beside them. The first ``--warmup`` seconds are left out of the figures. When the rollers stop,
the clients are given ``--drain`` seconds to receive what was acknowledged; what has not
arrived then is counted missing. Finally the rolls in the log (read through the API) are
counted and compared with the rolls acknowledged.

The clients share the machine's cores with the servers: the WebSocket clients are the
``websockets`` library's asyncio client (no compression, so that neither side spends its time
deflating), the rollers a minimal HTTP/1.1 client on ``asyncio`` streams, the cheapest way to
send a POST from Python. The CPU each side used is printed beside the figures.

    .venv/bin/python benchmarks/load_table.py                     # all three, 10 s each
    .venv/bin/python benchmarks/load_table.py --stacks sqlite --seconds 5 --serve-args=--ws=wsproto
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import orjson
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests' throwaway PostgreSQL cluster

from tests.databases import Cluster  # noqa: E402

from dicepool.campaign import create_character  # noqa: E402
from dicepool.campaign.seats import (  # noqa: E402
    MAX_SEATS,
    find_seat_by_token,
    join_table,
    take_character,
)
from dicepool.store.database import Database  # noqa: E402

SCRIPT = Path(sys.executable).parent / "dicepool"
BARE = Path(__file__).resolve().parent / "bare_broadcast.py"
HOST = "127.0.0.1"
CAMPAIGN = "Load"
SHEET = "Dexterity=3 Athletics=2"
LINE = b'{"line": "Dexterity + Athletics"}'


def with_nonce() -> bytes:
    """A roll as the page sends it: with a fresh nonce of the browser's (its idempotency key,
    kept with its answer)."""
    return b'{"line": "Dexterity + Athletics", "nonce": "%s"}' % os.urandom(16).hex().encode()


ROLLS_PER_SECOND = 10_000
"""The servers' rate limit per seat: well above what ten rollers can ask."""

_EVENT = re.compile(rb'"event":(\d+)')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` and its children have used so far (PostgreSQL's server
    and its backends)."""
    total = cpu_seconds(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


# --- the servers -------------------------------------------------------------------------------


@contextmanager
def started(command: list[str], port: int, log: Path, src: str | None = None) -> Any:
    """A server process, once it answers on ``port``; stopped at the end. ``src``: a
    checkout's ``src`` folder to run instead of the installed dicepool."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [env.get("PYTHONPATH")])])
    with log.open("w") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        for _ in range(200):
            if server.poll() is not None:
                raise SystemExit(f"{shlex.join(command)} ended:\n{log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"http://{HOST}:{port}/openapi.json", timeout=5):
                    break
            except OSError:
                time.sleep(0.05)
        else:
            raise SystemExit(f"{shlex.join(command)} did not answer:\n{log.read_text()[-2000:]}")
        yield server
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def serve_command(db_url: str, port: int, extra: list[str]) -> list[str]:
    """``dicepool serve`` on ``db_url`` with the benchmark's rate limit."""
    return [
        str(SCRIPT),
        "serve",
        "--port",
        str(port),
        "--db",
        db_url,
        "--rolls-per-second",
        str(ROLLS_PER_SECOND),
        *extra,
    ]


# --- a minimal HTTP/1.1 client -----------------------------------------------------------------


class Http:
    """One keep-alive HTTP/1.1 connection: a request written in one go, the answer read by its
    Content-Length (uvicorn always sends one for these routes)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", token: str = ""
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        assert self.reader is not None
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            + (f"Authorization: Bearer {token}\r\n" if token else "")
            + "\r\n"
        )
        self.writer.write(head.encode() + body)
        answer = await self.reader.readuntil(b"\r\n\r\n")
        status = int(answer[9:12])
        length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", answer)
        if length is None:
            raise RuntimeError(f"an answer without Content-Length: {answer[:200]!r}")
        return status, await self.reader.readexactly(int(length[1]))

    async def json(self, method: str, path: str, body: Any = None, token: str = "") -> Any:
        data = b"" if body is None else json.dumps(body).encode()
        status, answer = await self.request(method, path, data, token)
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {answer[:300]!r}")
        return json.loads(answer)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


# --- a run -------------------------------------------------------------------------------------


@dataclass
class Table:
    """A table ready for the load: its id and a token per client (the rollers' first)."""

    campaign_id: int
    tokens: list[str]
    storyteller: str


@dataclass
class Client:
    """A live client: what arrived (event ids and times), on which server."""

    port: int
    token: str
    ids: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    first: asyncio.Event = field(default_factory=asyncio.Event)
    sizes: list[int] = field(default_factory=list)
    messages: int = 0


@dataclass
class Figures:
    """What one stack did."""

    stack: str
    seconds: float
    acked: int
    rate: float
    p50: float
    p99: float
    p99_slowest: float
    samples: int
    missing: int
    logged: int | None
    refused: int
    server_cpu: float
    client_cpu: float
    size: int
    per_message: float
    database_cpu: float | None = None


async def listen(client: Client, campaign_id: int) -> None:
    """Follow the table until cancelled, noting each event's seq and arrival."""
    url = f"ws://{HOST}:{client.port}/api/campaigns/{campaign_id}/live"
    socket: ClientConnection
    async with connect(url, compression=None, max_size=2**22, ping_interval=None) as socket:
        await socket.send(json.dumps({"token": client.token, "after": 0}))
        ids, times, now = client.ids, client.times, time.perf_counter
        async for message in socket:
            at = now()
            text = message if isinstance(message, str) else message.decode()
            if not text.startswith('{"events":'):
                raise RuntimeError(f"an unexpected message: {text[:200]}")
            client.messages += 1
            for event in orjson.loads(text)["events"]:  # what was read together: one or more
                ids.append(event["seq"])  # the roll's answer names it so too
                times.append(at)
                if len(client.sizes) < 200:
                    client.sizes.append(len(orjson.dumps(event)))
            client.first.set()


def listeners_main() -> None:
    """``--listeners``: the live clients, in a process of their own (see :func:`listeners`).

    Reads its table (ports, campaign, tokens) from a line on stdin, prints ``ready`` once every
    client has its first message, then reads the ids of the rolls acknowledged from another
    line, waits for each client to have them all (at most the drain given), and prints what
    each client received, as one line of JSON."""
    asyncio.run(_listen_apart())


async def _listen_apart() -> None:
    loop = asyncio.get_running_loop()
    table = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
    ports, campaign_id = table["ports"], table["campaign_id"]
    clients = [Client(ports[k % len(ports)], token) for k, token in enumerate(table["tokens"])]
    listening = [asyncio.create_task(listen(c, campaign_id)) for c in clients]
    await asyncio.wait_for(asyncio.gather(*(c.first.wait() for c in clients)), 30)
    print("ready", flush=True)
    end = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
    acked, drained = set(end["acked"]), time.perf_counter() + end["drain"]
    while time.perf_counter() < drained:
        if all(len(acked.intersection(c.ids)) == len(acked) for c in clients):
            break
        await asyncio.sleep(0.1)
    errors = [repr(t.exception()) for t in listening if t.done() and t.exception()]
    for task in listening:
        task.cancel()
    await asyncio.gather(*listening, return_exceptions=True)
    received = [
        {"ids": c.ids, "times": c.times, "sizes": c.sizes, "messages": c.messages} for c in clients
    ]
    print(json.dumps({"clients": received, "errors": errors}), flush=True)


class Listeners:
    """The live clients in a child process: apart from the rollers, so that a roller's next
    request never waits for this process to read fifty pushes first (on a table the rollers
    and the followers are other machines)."""

    def __init__(self, ports: list[int], table: Table) -> None:
        self.ports, self.table = ports, table
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        """Start the child, connect the clients, and return once each has its first message."""
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--listeners",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=2**30,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        given = {"ports": self.ports, "campaign_id": self.table.campaign_id}
        self.process.stdin.write(json.dumps({**given, "tokens": self.table.tokens}).encode())
        self.process.stdin.write(b"\n")
        ready = await asyncio.wait_for(self.process.stdout.readline(), 60)
        if ready != b"ready\n":
            raise RuntimeError(f"the live clients did not connect: {ready[:300]!r}")

    def cpu(self) -> float:
        """The CPU time the child has used so far."""
        assert self.process is not None
        return cpu_seconds(self.process.pid)

    async def finish(self, acked: list[int], drain: float) -> tuple[list[Client], list[str]]:
        """What each client received (once it has every roll acknowledged, or after ``drain``
        seconds), and the errors of those that stopped early."""
        assert self.process is not None and self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps({"acked": acked, "drain": drain}).encode() + b"\n")
        found = json.loads(await self.process.stdout.readline())
        await self.process.wait()
        clients = []
        for given, got in zip(self.table.tokens, found["clients"], strict=True):
            client = Client(0, given, got["ids"], got["times"], sizes=got["sizes"])
            client.messages = got["messages"]
            clients.append(client)
        return clients, found["errors"]

    def stop(self) -> None:
        """Kill the child if it is still there (a run that failed)."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()


@dataclass
class Rolled:
    """What the rollers did: the send time of each roll acknowledged, by event id."""

    sent: dict[int, float] = field(default_factory=dict)
    refused: int = 0


async def roller(
    ports: list[int],
    path: str,
    token: str,
    until: Callable[[], bool],
    rolled: Rolled,
    body: Callable[[], bytes] = lambda: LINE,
) -> None:
    """Roll, wait for the answer, roll again, until ``until()``; each roll to the next server,
    its body ``body()``."""
    connections = [Http(port) for port in ports]
    turn = 0
    try:
        while not until():
            http = connections[turn % len(connections)]
            turn += 1
            start = time.perf_counter()
            status, answer = await http.request("POST", path, body(), token)
            if status != 201:
                rolled.refused += 1
                continue
            found = _EVENT.search(answer)
            assert found is not None, answer[:200]
            rolled.sent[int(found[1])] = start
    finally:
        for http in connections:
            http.close()


async def open_table(port: int, clients: int, rollers: int, db_url: str) -> Table:
    """A table opened through the API, with the storyteller and ``clients - 1`` players, the
    first ``rollers`` of them with characters: seats and characters through the library, as
    the API meters seats taken with one invitation (and has no route giving a character).
    A table holds :data:`MAX_SEATS` seats: clients beyond them follow the table on a player's
    seat as a second device (a seat holds several live connections)."""
    http = Http(port)
    try:
        opened = await http.json("POST", "/api/campaigns", {"name": CAMPAIGN, "system": "cofd"})
    finally:
        http.close()
    db = Database(db_url)
    try:
        invite = find_seat_by_token(db, opened["invite"]["token"])
        assert invite is not None
        seats = [join_table(db, invite, f"P{k}") for k in range(min(clients, MAX_SEATS) - 1)]
        for k, (seat, _) in enumerate(seats[:rollers]):
            create_character(db, CAMPAIGN, f"C{k}", "load", changes=SHEET)
            take_character(db, seat, f"C{k}")
    finally:
        db.close()
    players = [token for _, token in seats]
    players += [players[k % len(players)] for k in range(clients - 1 - len(players))]
    told = opened["storyteller"]["token"]
    return Table(opened["id"], [*players[:rollers], told, *players[rollers:]], told)


async def count_logged(port: int, table: Table) -> int:
    """The rolls in the log, read page by page as the storyteller."""
    http, after, rolls = Http(port), 0, 0
    try:
        while True:
            page = await http.json(
                "GET",
                f"/api/campaigns/{table.campaign_id}/events?after={after}",
                None,
                table.storyteller,
            )
            rolls += sum(e["kind"] == "rolled" for e in page["events"])
            if page["last"] == after:
                return rolls
            after = page["last"]
    finally:
        http.close()


async def progress(name: str, start: float, rolled: Rolled) -> None:
    """A line a second on stderr: where the run is."""
    last, before = start, 0
    while True:
        await asyncio.sleep(1.0)
        now, done = time.perf_counter(), len(rolled.sent)
        print(
            f"  {name}: {now - start:5.1f} s, {done} rolls ({(done - before) / (now - last):.0f}"
            "/s)   ",
            end="\r" if sys.stderr.isatty() else "\n",
            file=sys.stderr,
            flush=True,
        )
        last, before = now, done


async def drive(
    name: str,
    ports: list[int],
    table: Table,
    args: argparse.Namespace,
    servers: list[int],
    logged: Callable[[], Awaitable[int | None]],
    database: Callable[[], float] | None = None,
) -> Figures:
    """Connect the clients, roll for the time given, drain, and work out the figures."""
    listeners = Listeners(ports, table)
    try:
        await listeners.start()
        rolled = Rolled()
        start = time.perf_counter()
        counting = start + args.warmup
        end = counting + args.seconds
        path = f"/api/campaigns/{table.campaign_id}/rolls"
        shown = asyncio.create_task(progress(name, start, rolled))
        rollers = [
            roller(
                ports[k % len(ports) :] + ports[: k % len(ports)],
                path,
                table.tokens[k],
                lambda: time.perf_counter() >= end,
                rolled,
                with_nonce if args.nonces else lambda: LINE,
            )
            for k in range(args.rollers)
        ]
        cpu_before: tuple[float, list[float]] | None = None
        database_before = 0.0

        profiles: list[subprocess.Popen[bytes]] = []

        def clients_cpu() -> float:
            return time.process_time() + listeners.cpu()

        async def mark() -> None:
            nonlocal cpu_before, database_before
            await asyncio.sleep(max(0.0, counting - time.perf_counter()))
            cpu_before = (clients_cpu(), [tree_cpu_seconds(pid) for pid in servers])
            database_before = database() if database is not None else 0.0
            if args.profile is not None:
                profiles.extend(
                    profile(pid, args, f"{name.split()[0]}-{k}") for k, pid in enumerate(servers)
                )

        await asyncio.gather(mark(), *rollers)
        for spy in profiles:
            await asyncio.to_thread(spy.wait)
        assert cpu_before is not None
        wall = time.perf_counter() - counting
        client_cpu = (clients_cpu() - cpu_before[0]) / wall
        server_cpu = (
            sum(tree_cpu_seconds(p) - b for p, b in zip(servers, cpu_before[1], strict=True)) / wall
        )
        database_cpu = (database() - database_before) / wall if database is not None else None
        shown.cancel()
        print(file=sys.stderr)
        clients, failed = await listeners.finish(list(rolled.sent), args.drain)
        for error in failed:
            print(f"  a client stopped early: {error}", file=sys.stderr)
        counted = await logged()
        found = figures(name, clients, rolled, counting, end, client_cpu, server_cpu, counted)
        found.database_cpu = database_cpu
        return found
    finally:
        listeners.stop()


def profile(pid: int, args: argparse.Namespace, name: str) -> subprocess.Popen[bytes]:
    """py-spy sampling server ``pid`` for the measured time, its stacks (collapsed, with the
    idle ones) written to ``--profile``'s folder."""
    spy = Path(sys.executable).parent / "py-spy"
    out = Path(args.profile) / f"{name}.txt"
    command = [str(spy), "record", "--pid", str(pid), "--duration", str(int(args.seconds))]
    command += ["--format", "raw", "--nonblocking", "--gil", "--rate", "400", "--output", str(out)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def figures(
    name: str,
    clients: list[Client],
    rolled: Rolled,
    counting: float,
    end: float,
    client_cpu: float,
    server_cpu: float,
    logged: int | None,
) -> Figures:
    counted = {i: t for i, t in rolled.sent.items() if counting <= t < end}
    delays, slowest, missing = [], [], 0
    worst: dict[int, float] = dict.fromkeys(counted, 0.0)
    for client in clients:
        seen = 0
        for event, at in zip(client.ids, client.times, strict=True):
            sent = counted.get(event)
            if sent is not None:
                delays.append(at - sent)
                worst[event] = max(worst[event], at - sent)
                seen += 1
        missing += len(counted) - seen
    slowest = list(worst.values())
    ms = np.array(delays) * 1000 if delays else np.array([np.nan])
    sizes = [s for c in clients for s in c.sizes[-50:]]
    return Figures(
        stack=name,
        seconds=end - counting,
        acked=len(rolled.sent),
        rate=len(counted) / (end - counting),
        p50=float(np.percentile(ms, 50)),
        p99=float(np.percentile(ms, 99)),
        p99_slowest=float(np.percentile(np.array(slowest or [np.nan]) * 1000, 99)),
        samples=len(delays),
        missing=missing,
        logged=logged,
        refused=rolled.refused,
        server_cpu=server_cpu,
        client_cpu=client_cpu,
        size=int(np.median(sizes)) if sizes else 0,
        per_message=sum(len(c.ids) for c in clients) / max(1, sum(c.messages for c in clients)),
    )


# --- the stacks --------------------------------------------------------------------------------


async def run_sqlite(args: argparse.Namespace, folder: Path) -> Figures:
    db_url = f"sqlite:///{folder / 'load.sqlite3'}"
    port = free_port()
    command = serve_command(db_url, port, args.serve_args)
    with started(command, port, folder / "sqlite.log", args.src) as s:
        table = await open_table(port, args.clients, args.rollers, db_url)
        return await drive(
            "sqlite", [port], table, args, [s.pid], lambda: count_logged(port, table)
        )


async def run_postgresql(args: argparse.Namespace, folder: Path) -> Figures:
    cluster = Cluster()
    try:
        server = cluster.start()
        with server.admin() as admin:
            admin.execute(f"ALTER SYSTEM SET fsync = {args.pg_fsync}")
            admin.execute("SELECT pg_reload_conf()")
        db_url = server.database_url(server.create_database())
        ports = [free_port(), free_port()]
        async with AsyncExitStack() as stack:
            pids = []
            for k, port in enumerate(ports):
                log = folder / f"postgresql-{k}.log"
                command = serve_command(db_url, port, args.serve_args)
                pids.append(stack.enter_context(started(command, port, log, args.src)).pid)
            table = await open_table(ports[0], args.clients, args.rollers, db_url)
            postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
            return await drive(
                "postgresql (2 servers)",
                ports,
                table,
                args,
                pids,
                lambda: count_logged(ports[1], table),
                lambda: tree_cpu_seconds(postmaster),
            )
    finally:
        cluster.stop()


async def run_bare(args: argparse.Namespace, folder: Path, size: int) -> Figures:
    port = free_port()
    command = [sys.executable, str(BARE), "--port", str(port), "--size", str(size)]
    with started(command, port, folder / "bare.log") as server:
        table = Table(1, [f"client-{k}" for k in range(args.clients)], "storyteller")

        async def no_log() -> None:
            return None

        return await drive("bare broadcast", [port], table, args, [server.pid], no_log)


def show(results: list[Figures], args: argparse.Namespace) -> None:
    print(
        f"\n{args.clients} live clients at one table, {args.rollers} of them rolling "
        f"(closed loop{', with nonces' if args.nonces else ''}), {args.seconds:g} s measured "
        f"after {args.warmup:g} s; latency from a "
        "roll's request to its event at a client, over every (roll, client) pair"
    )
    head = (
        "| stack | rolls/s | p50 ms | p99 ms | p99 slowest client ms | rolls acked | in the log "
        "| deliveries missing | server CPU | server CPU per roll | database CPU | client CPU "
        "| event | events a message |"
    )
    print(head)
    print("|" + "---|" * head.count(" | ") + "---|")
    bare = next((r for r in results if r.stack.startswith("bare")), None)
    for r in results:
        database = "in the server" if r.database_cpu is None else f"{r.database_cpu:.0%}"
        database = "none" if r is bare else database
        logged = "n/a" if r.logged is None else str(r.logged)
        if r.logged is not None:
            logged += " (equal)" if r.logged == r.acked else " (DIFFERENT)"
        print(
            f"| {r.stack} | {r.rate:,.0f} | {r.p50:.1f} | {r.p99:.1f} | {r.p99_slowest:.1f} | "
            f"{r.acked:,} | {logged} | {r.missing} | {r.server_cpu:.0%} | "
            f"{r.server_cpu / r.rate * 1000 if r.rate else 0:.2f} ms | {database} | "
            f"{r.client_cpu:.0%} "
            f"| {r.size} B | {r.per_message:.1f} |"
        )
    if bare is not None and bare.rate:
        for r in results:
            if r is not bare:
                print(f"{r.stack}: {r.rate / bare.rate:.0%} of the bare server's rolls/s")
    refused = [f"{r.stack} {r.refused}" for r in results if r.refused]
    if refused:
        print("refused rolls (not 201): " + ", ".join(refused))


async def main_async(args: argparse.Namespace) -> list[Figures]:
    results = []
    with tempfile.TemporaryDirectory(prefix="dicepool-load-") as tmp:
        folder = Path(tmp)
        for stack in args.stacks:
            print(f"{stack}...", file=sys.stderr)
            if stack == "sqlite":
                results.append(await run_sqlite(args, folder))
            elif stack == "postgresql":
                results.append(await run_postgresql(args, folder))
            else:
                size = next((r.size for r in results if r.size), args.size)
                results.append(await run_bare(args, folder, size))
    return results


def main() -> None:
    if sys.argv[1:] == ["--listeners"]:  # the child process of the live clients
        listeners_main()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured time per stack")
    parser.add_argument("--warmup", type=float, default=1.0, help="rolling before measuring")
    parser.add_argument("--drain", type=float, default=10.0, help="wait for late events")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rollers", type=int, default=10)
    parser.add_argument(
        "--stacks",
        type=lambda text: text.split(","),
        default=["sqlite", "postgresql", "bare"],
        help="which, in order (comma-separated): sqlite, postgresql, bare",
    )
    parser.add_argument(
        "--size",
        type=int,
        default=1200,
        help="the bare server's event size when no "
        "dicepool stack ran before it to measure a logged roll's",
    )
    parser.add_argument("--pg-fsync", choices=["on", "off"], default="on")
    parser.add_argument(
        "--nonces",
        action="store_true",
        help="send each roll with a nonce, as the page does (its answer is kept under it)",
    )
    parser.add_argument(
        "--src", help="run dicepool serve from this checkout's src folder (e.g. an older one)"
    )
    parser.add_argument(
        "--profile",
        metavar="DIR",
        help="sample the servers with py-spy (pip install py-spy) "
        "while measuring: DIR/STACK-N.txt, collapsed stacks",
    )
    parser.add_argument(
        "--serve-args", type=shlex.split, default=[], help="more options for dicepool serve"
    )
    args = parser.parse_args()
    if not 1 <= args.rollers <= args.clients - 1:
        parser.error("the rollers are players: 1..clients-1 of them")
    unknown = set(args.stacks) - {"sqlite", "postgresql", "bare"}
    if unknown:
        parser.error(f"unknown stacks: {', '.join(sorted(unknown))}")
    results = asyncio.run(main_async(args))
    show(results, args)
    wrong = [r.stack for r in results if r.missing or r.refused or r.logged not in (None, r.acked)]
    if wrong:
        sys.exit(f"deliveries missing, rolls refused or a log that disagrees: {', '.join(wrong)}")


if __name__ == "__main__":
    main()
