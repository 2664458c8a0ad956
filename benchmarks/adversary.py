"""The web table against an adversary: what a stranger or a greedy player can make a real
`dicepool serve` process spend, and what its other tables feel meanwhile.

One server on a SQLite file in a temporary folder, then four runs, one after the other:

- **watched tables**: ``--tables`` tables, each followed by a live client, each rolled
  ``--big-rolls`` times with about the largest roll the table takes (``chronicles 880``, some
  980 dice, 90 KB of log before they were packed); the server's resident memory is sampled
  throughout;
- **flood**: a table whose log holds ``--heavy-rolls`` such rolls is read whole (page after
  page, from the start, again and again) by ``--readers`` clients at once with one player's
  token, while a neighbour table rolls ``chronicles 5`` in a closed loop: the neighbour's roll
  latency before and during the flood, and what the readers were answered;
- **silent sockets**: ``--sockets`` WebSockets that never send their hello, and ``--silent``
  TCP connections that never send a request: how many were accepted, refused, and closed by
  the server within ``--wait`` seconds;
- **heads and bodies**: an 8 MiB request head, a 1 MiB chunked body, a 1 MiB declared body, and
  a body trickled a byte a second: the status each gets (or none).

It prints the figures of each run, and a summary: the largest answer, the neighbour's p50/p99
while flooded, the server's peak resident memory (the kernel's high-water mark) and its memory
at the end, and the connections refused. ``--src`` runs another checkout's ``src`` (the code
before a change) with the same clients, as ``load_table.py`` does. The clients share the
machine's cores with the server: the figures are this machine's, under its load.

    .venv/bin/python benchmarks/adversary.py
    .venv/bin/python benchmarks/adversary.py --src /tmp/before/src --tables 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from load_table import HOST, Http, cpu_seconds, free_port, serve_command, started
from websockets.asyncio.client import ClientConnection, connect

from dicepool.campaign.seats import find_seat_by_token, join_table
from dicepool.campaign.seats import open_table as library_open_table
from dicepool.store.database import Database

BIG = "chronicles 880"
"""About the largest roll the table takes (some 980 dice with explosions: its limit is 1,000)."""

SMALL = "chronicles 5"
"""The neighbour's roll."""

MIB = 1024 * 1024

_LAST = re.compile(rb'"last":(\d+)\}\s*$')


# --- the server's memory -------------------------------------------------------------------


def memory(pid: int) -> tuple[float, float]:
    """The process's resident memory now and its high-water mark, in MiB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) / 1024
    return found["VmRSS"], found["VmHWM"]


@dataclass
class Watch:
    """The server's resident memory, sampled until stopped; the server killed past a ceiling
    (a run of the unbounded code must not take the machine down)."""

    pid: int
    ceiling: float
    peak: float = 0.0
    over: bool = False

    async def run(self) -> None:
        while True:
            now, _ = memory(self.pid)
            self.peak = max(self.peak, now)
            if now > self.ceiling:
                self.over = True
                os.kill(self.pid, signal.SIGKILL)  # the server this script started
                return
            await asyncio.sleep(0.1)


# --- tables --------------------------------------------------------------------------------


@dataclass
class Table:
    """A table opened through the API: its id, the storyteller's and a player's tokens."""

    where: int
    told: str
    player: str


def open_table(db_url: str, name: str) -> Table:
    """A table with a player, through the library (the API lets one address open ten tables
    at once, then one every five seconds)."""
    db = Database(db_url)
    try:
        opened = library_open_table(db, name, "chronicles")
        invite = find_seat_by_token(db, opened.invite)
        assert invite is not None
        _, player = join_table(db, invite, "P")
    finally:
        db.close()
    return Table(opened.campaign_id, opened.storyteller, player)


async def roll_many(port: int, table: Table, line: str, count: int) -> list[float]:
    """Roll ``line`` ``count`` times, one after the other; each roll's latency in seconds."""
    http, body, took = Http(port), json.dumps({"line": line}).encode(), []
    try:
        for _ in range(count):
            start = time.perf_counter()
            status, answer = await http.request(
                "POST", f"/api/campaigns/{table.where}/rolls", body, table.told
            )
            took.append(time.perf_counter() - start)
            if status != 201:
                raise RuntimeError(f"a roll was answered {status}: {answer[:200]!r}")
    finally:
        http.close()
    return took


async def follow(
    port: int, table: Table, arrived: Counter[int], ready: asyncio.Event, number: int
) -> None:
    """A live client of ``table``, counting the events it is sent, until cancelled. It
    connects from a loopback address of its own, as the players of many tables do from
    theirs (the server holds 64 live connections an address)."""
    url = f"ws://{HOST}:{port}/api/campaigns/{table.where}/live"
    here = (f"127.0.{1 + number // 250}.{1 + number % 250}", 0)
    socket_: ClientConnection
    async with connect(
        url, compression=None, max_size=2**27, ping_interval=None, local_addr=here
    ) as socket_:
        await socket_.send(json.dumps({"token": table.told}))
        ready.set()
        async for message in socket_:
            arrived[table.where] += len(orjson.loads(message)["events"])


# --- the runs ------------------------------------------------------------------------------


async def watched_tables(port: int, args: argparse.Namespace, watch: Watch) -> dict[str, Any]:
    """Big rolls on many watched tables: the server's memory."""
    tables = [open_table(args.db_url, f"W{k}") for k in range(args.tables)]
    arrived: Counter[int] = Counter()
    readies = [asyncio.Event() for _ in tables]
    live = [
        asyncio.create_task(follow(port, t, arrived, r, k))
        for k, (t, r) in enumerate(zip(tables, readies, strict=True))
    ]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 60)
    start = time.perf_counter()
    lanes = 4  # rollers at once, each taking the tables in turn
    await asyncio.gather(
        *(_roll_tables(port, tables[lane::lanes], args.big_rolls, watch) for lane in range(lanes))
    )
    deadline = time.perf_counter() + 60
    while sum(arrived.values()) < len(tables) * args.big_rolls and time.perf_counter() < deadline:
        await asyncio.sleep(0.2)
    seconds = time.perf_counter() - start
    now, high = (0.0, watch.peak) if watch.over else memory(watch.pid)
    for task in live:
        task.cancel()
    await asyncio.gather(*live, return_exceptions=True)
    await asyncio.sleep(1)  # the tables nobody watches any more are dropped
    after = 0.0 if watch.over else memory(watch.pid)[0]
    return {
        "tables": len(tables),
        "rolls": len(tables) * args.big_rolls,
        "seconds": round(seconds, 1),
        "arrived": sum(arrived.values()),
        "rss_watched_mib": round(now, 1),
        "rss_unwatched_mib": round(after, 1),
        "peak_mib": round(max(high, watch.peak), 1),
        "stopped_over_ceiling": watch.over,
    }


async def _roll_tables(port: int, tables: list[Table], rolls: int, watch: Watch) -> None:
    for _ in range(rolls):
        for table in tables:
            if watch.over:
                return
            await roll_many(port, table, BIG, 1)


@dataclass
class Reads:
    """What the flooding readers were answered."""

    statuses: Counter[int] = field(default_factory=Counter)
    largest: int = 0
    read: int = 0  # bytes
    whole_logs: int = 0
    whole_seconds: list[float] = field(default_factory=list)


async def full_reads(port: int, table: Table, until: float, reads: Reads) -> None:
    """Read the whole log, page after page from the start, again and again, until ``until``;
    a refused page is asked again at once (an adversary waits for no Retry-After)."""
    http = Http(port)
    try:
        while time.perf_counter() < until:
            after, start = 0, time.perf_counter()
            while time.perf_counter() < until:
                path = f"/api/campaigns/{table.where}/events?after={after}"
                status, body = await http.request("GET", path, b"", table.player)
                reads.statuses[status] += 1
                if status != 200:
                    continue
                reads.largest, reads.read = max(reads.largest, len(body)), reads.read + len(body)
                found = _LAST.search(body[-40:])
                assert found is not None, body[-200:]
                if int(found[1]) == after:
                    reads.whole_logs += 1
                    reads.whole_seconds.append(time.perf_counter() - start)
                    break
                after = int(found[1])
    finally:
        http.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def flood(port: int, args: argparse.Namespace, watch: Watch) -> dict[str, Any]:
    """Ten readers of a heavy table's whole log against a neighbour's rolls."""
    heavy, neighbour = open_table(args.db_url, "Heavy"), open_table(args.db_url, "Neighbour")
    start = time.perf_counter()
    await asyncio.gather(*(roll_many(port, heavy, BIG, args.heavy_rolls // 4) for _ in range(4)))
    filled = time.perf_counter() - start
    cpu = cpu_seconds(watch.pid)
    calm = await _neighbour(port, neighbour, time.perf_counter() + args.seconds)
    calm_cpu, cpu = cpu_seconds(watch.pid) - cpu, cpu_seconds(watch.pid)
    reads = Reads()
    until = time.perf_counter() + args.seconds
    readers = [
        asyncio.create_task(full_reads(port, heavy, until, reads)) for _ in range(args.readers)
    ]
    flooded = await _neighbour(port, neighbour, until)
    await asyncio.gather(*readers)
    flooded_cpu = cpu_seconds(watch.pid) - cpu
    ms = 1000.0
    return {
        "heavy_rolls": args.heavy_rolls,
        "fill_seconds": round(filled, 1),
        "calm_p50_ms": round(statistics.median(calm) * ms, 1),
        "calm_p99_ms": round(percentile(calm, 0.99) * ms, 1),
        "flooded_p50_ms": round(statistics.median(flooded) * ms, 1),
        "flooded_p90_ms": round(percentile(flooded, 0.90) * ms, 1),
        "flooded_p99_ms": round(percentile(flooded, 0.99) * ms, 1),
        "neighbour_rolls_calm": len(calm),
        "neighbour_rolls_flooded": len(flooded),
        "server_cpu_seconds_calm": round(calm_cpu, 1),
        "server_cpu_seconds_flooded": round(flooded_cpu, 1),
        "reads_by_status": dict(sorted(reads.statuses.items())),
        "largest_answer_bytes": reads.largest,
        "bytes_read_mib": round(reads.read / MIB, 1),
        "whole_logs_read": reads.whole_logs,
        "whole_log_seconds_p50": round(statistics.median(reads.whole_seconds), 2)
        if reads.whole_seconds
        else None,
        "peak_mib": round(watch.peak, 1),
    }


async def _neighbour(port: int, table: Table, until: float) -> list[float]:
    took: list[float] = []
    while time.perf_counter() < until:
        took += await roll_many(port, table, SMALL, 1)
    return took


async def silent(port: int, args: argparse.Namespace, watch: Watch) -> dict[str, Any]:
    """WebSockets that never say hello, and connections that never send a request."""
    table = open_table(args.db_url, "Silent")
    url = f"ws://{HOST}:{port}/api/campaigns/{table.where}/live"
    held: list[ClientConnection] = []
    refused: Counter[str] = Counter()

    async def one() -> None:
        try:
            held.append(await connect(url, compression=None, open_timeout=30, ping_interval=None))
        except Exception as exc:  # refused at the handshake, or not answered
            refused[type(exc).__name__] += 1

    for start in range(0, args.sockets, 200):
        await asyncio.gather(*(one() for _ in range(min(200, args.sockets - start))))
    accepted = len(held)
    tcp = [await asyncio.open_connection(HOST, port) for _ in range(args.silent)]
    await asyncio.sleep(args.wait)
    still_open = sum(1 for s in held if s.close_code is None)
    tcp_closed = 0
    for reader, writer in tcp:
        try:
            answer = await asyncio.wait_for(reader.read(1024), 0.05)
            tcp_closed += answer == b"" or answer.startswith(b"HTTP/1.1 408")
        except TimeoutError:
            pass
        writer.close()
    for socket_ in held:
        await socket_.close()
    return {
        "sockets": args.sockets,
        "accepted": accepted,
        "refused": dict(refused),
        f"open_after_{args.wait:g}s": still_open,
        "tcp_silent": args.silent,
        f"tcp_closed_within_{args.wait:g}s": tcp_closed,
        "peak_mib": round(watch.peak, 1),
    }


def exchange(port: int, *pieces: bytes, pause: float = 0.0, timeout: float = 20.0) -> str:
    """Send ``pieces`` on a new connection; the status line answered (or what happened)."""
    with socket.create_connection((HOST, port), timeout=timeout) as conn:
        sent = 0
        try:
            for piece in pieces:
                conn.sendall(piece)
                sent += len(piece)
                time.sleep(pause)
        except OSError:
            pass
        try:
            answer = conn.recv(4096)
        except TimeoutError:
            return f"no answer in {timeout:g} s ({sent:,} bytes sent)"
        except OSError as exc:
            return f"{type(exc).__name__} ({sent:,} bytes sent)"
        line = answer.split(b"\r\n", 1)[0].decode(errors="replace")
        return f"{line or 'closed'} ({sent:,} bytes sent)"


def heads_and_bodies(port: int) -> dict[str, str]:
    """An 8 MiB head, a 1 MiB body chunked and declared, and a body trickled."""
    post = b"POST /api/campaigns HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    big = b" " * MIB
    chunked = b"".join(b"%x\r\n%s\r\n" % (65536, big[i : i + 65536]) for i in range(0, MIB, 65536))
    head = b"GET /openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: "
    return {
        "head_8_mib": exchange(port, head, *[b"a" * 65536] * 128, b"\r\n\r\n"),
        "chunked_body_1_mib": exchange(
            port, post + b"Transfer-Encoding: chunked\r\n\r\n", chunked + b"0\r\n\r\n"
        ),
        "declared_body_1_mib": exchange(port, post + b"Content-Length: %d\r\n\r\n" % MIB, big),
        "body_a_byte_a_second": exchange(
            port, post + b"Content-Length: 100\r\n\r\n", *[b" "] * 14, pause=1.0, timeout=5.0
        ),
    }


# --- the whole -----------------------------------------------------------------------------


async def run(args: argparse.Namespace, port: int, pid: int) -> dict[str, Any]:
    watch = Watch(pid, args.ceiling)
    sampling = asyncio.create_task(watch.run())
    figures: dict[str, Any] = {}
    try:
        figures["watched"] = await watched_tables(port, args, watch)
        if not watch.over:
            figures["flood"] = await flood(port, args, watch)
        if not watch.over:
            figures["silent"] = await silent(port, args, watch)
        if not watch.over:
            loop = asyncio.get_running_loop()
            figures["heads"] = await loop.run_in_executor(None, heads_and_bodies, port)
    finally:
        sampling.cancel()
    if not watch.over:
        now, high = memory(pid)
        figures["memory"] = {"rss_end_mib": round(now, 1), "peak_mib": round(high, 1)}
    else:
        figures["memory"] = {"stopped_over_mib": args.ceiling, "peak_mib": round(watch.peak, 1)}
    return figures


def summary(figures: dict[str, Any]) -> dict[str, Any]:
    flood_ = figures.get("flood", {})
    silent_ = figures.get("silent", {})
    heads = figures.get("heads", {})
    refused = sum(silent_.get("refused", {}).values()) if silent_ else None
    return {
        "largest_answer_bytes": flood_.get("largest_answer_bytes"),
        "neighbour_p50_ms_flooded": flood_.get("flooded_p50_ms"),
        "neighbour_p99_ms_flooded": flood_.get("flooded_p99_ms"),
        "peak_resident_mib": figures["memory"]["peak_mib"],
        "resident_at_end_mib": figures["memory"].get("rss_end_mib"),
        "silent_sockets_refused": refused,
        "head_8_mib": heads.get("head_8_mib"),
        "chunked_body_1_mib": heads.get("chunked_body_1_mib"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--big-rolls", type=int, default=10)
    parser.add_argument("--heavy-rolls", type=int, default=600)
    parser.add_argument("--readers", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--sockets", type=int, default=3000)
    parser.add_argument("--silent", type=int, default=200)
    parser.add_argument("--wait", type=float, default=12.0)
    parser.add_argument("--ceiling", type=float, default=6144.0, help="MiB: stop the server")
    parser.add_argument("--src", help="a checkout's src folder to serve instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        args.db_url = f"sqlite:///{folder}/adversary.sqlite3"
        command = serve_command(args.db_url, port, [])
        with started(command, port, Path(folder) / "server.log", args.src) as server:
            figures = asyncio.run(run(args, port, server.pid))
    for name, found in figures.items():
        print(f"{name}: {json.dumps(found)}")
    print(f"summary: {json.dumps(summary(figures))}")


if __name__ == "__main__":
    sys.exit(main())
