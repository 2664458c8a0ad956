"""One address floods a real `dicepool serve` with half-sent requests; a neighbour at another
address asks meanwhile.

From ``--flood-from`` (127.0.0.2: another loopback address, the client sockets bound to it)
``--connections`` connections are opened as fast as the machine allows, each sending a part of
a request and never the rest: a request head without its end (``--half head``), or a whole
head and a body's first byte of 100 (``--half body``). Then a neighbour at 127.0.0.1 asks for
the front page ``--asks`` times, ``--every`` seconds apart, each on a connection of its own,
while the flood is held for ``--hold`` seconds. It prints how the flood's connections were
answered (at once, later, or not at all while held), what the neighbour was answered and how
long each answer took, and the server's CPU meanwhile.

``--src`` runs another checkout's ``src`` (the code before a change), as ``load_table.py``
does; ``--nginx`` puts Debian's nginx in front, with the site the project ships (that
checkout's, with ``--src``) and ``--nginx-connections`` connections a worker. The open-files
limit of this process (and so of the server it starts) is raised to its hard limit when the
flood needs more.

    .venv/bin/python benchmarks/flood.py
    .venv/bin/python benchmarks/flood.py --src /tmp/before/src
    .venv/bin/python benchmarks/flood.py --nginx --half body
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from load_table import HOST, cpu_seconds, free_port, serve_command, started

FLOOD_FROM = "127.0.0.2"
"""The flooding address: another loopback address, so the server tells it from the neighbour."""

HALVES = {
    "head": b"GET / HTTP/1.1\r\nHost: dicepool\r\nUser-Agent: flood\r\n",  # no blank line
    "body": (
        b"POST /api/campaigns HTTP/1.1\r\nHost: dicepool\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    ),
}
"""What each flooding connection sends, and never the rest."""

ASK = b"GET / HTTP/1.1\r\nHost: dicepool\r\nConnection: close\r\n\r\n"
"""The neighbour's request: the front page."""

AT_ONCE = 1.0
"""A flooding connection answered (or closed) within this many seconds of connecting was
refused at once."""

BATCH = 200
"""Connections opened side by side."""


@dataclass
class Outcome:
    """What became of one connection: a status (or ``closed``, ``reset``, ``held``,
    ``not connected``), and when, in seconds after it connected."""

    what: str
    seconds: float


def status_of(answer: bytes) -> str:
    """The status of an HTTP answer's first bytes (``closed`` for none)."""
    if not answer:
        return "closed"
    parts = answer.split(b" ", 2)
    return parts[1].decode() if len(parts) > 1 and answer.startswith(b"HTTP/") else "garbled"


@dataclass
class Opening:
    """The flood's connections being opened: how many are under way, and when the last one
    was (set once none is)."""

    pending: int
    done: asyncio.Event
    last: float = 0.0

    def one_done(self) -> None:
        self.pending -= 1
        self.last = time.monotonic()
        if self.pending == 0:
            self.done.set()


async def flooding(port: int, payload: bytes, until: float, opening: Opening) -> Outcome:
    """One flooding connection, watched until it is answered or ``until``."""
    loop = asyncio.get_running_loop()
    conn = socket.socket()
    conn.setblocking(False)
    try:
        conn.bind((FLOOD_FROM, 0))
        await asyncio.wait_for(loop.sock_connect(conn, (HOST, port)), until - time.monotonic())
        opened = time.monotonic()
        await loop.sock_sendall(conn, payload)
    except (OSError, TimeoutError):
        conn.close()
        return Outcome("not connected", 0.0)
    finally:
        opening.one_done()
    try:
        answer = await asyncio.wait_for(loop.sock_recv(conn, 4096), until - time.monotonic())
        return Outcome(status_of(answer), time.monotonic() - opened)
    except TimeoutError:
        return Outcome("held", time.monotonic() - opened)
    except OSError:
        return Outcome("reset", time.monotonic() - opened)
    finally:
        conn.close()


async def ask(port: int, patience: float) -> Outcome:
    """The neighbour's request from 127.0.0.1, on a connection of its own, with the time its
    whole answer took (``no answer`` after ``patience`` seconds)."""
    loop = asyncio.get_running_loop()
    start = time.monotonic()
    conn = socket.socket()
    conn.setblocking(False)
    try:
        conn.bind((HOST, 0))

        async def exchange() -> bytes:
            await loop.sock_connect(conn, (HOST, port))
            await loop.sock_sendall(conn, ASK)
            answer = b""
            while chunk := await loop.sock_recv(conn, 65536):
                answer += chunk
            return answer

        answer = await asyncio.wait_for(exchange(), patience)
        return Outcome(status_of(answer), time.monotonic() - start)
    except TimeoutError:
        return Outcome("no answer", time.monotonic() - start)
    except OSError as exc:
        return Outcome(type(exc).__name__, time.monotonic() - start)
    finally:
        conn.close()


async def flood(port: int, args: argparse.Namespace) -> tuple[list[Outcome], list[Outcome], float]:
    """The flood and the neighbour's asks side by side: their outcomes, and the seconds the
    flood took to open."""
    start = time.monotonic()
    until = start + args.hold
    payload = HALVES[args.half]
    opening = Opening(args.connections, asyncio.Event())
    tasks: list[asyncio.Task[Outcome]] = []
    for first in range(0, args.connections, BATCH):
        tasks += [
            asyncio.create_task(flooding(port, payload, until, opening))
            for _ in range(min(BATCH, args.connections - first))
        ]
        await asyncio.sleep(0)  # the batch connects while the next is made
    await opening.done.wait()  # every connection made (or failed): the neighbour asks now
    opened = opening.last - start
    asks = []
    for _ in range(args.asks):
        asks.append(await ask(port, args.patience))
        await asyncio.sleep(args.every)
    return list(await asyncio.gather(*tasks)), asks, opened


def report(flooded: list[Outcome], asks: list[Outcome], opened: float, cpu: float) -> None:
    """Print the figures of one flood."""
    now = Counter(o.what for o in flooded if o.what != "held" and o.seconds <= AT_ONCE)
    later = Counter(o.what for o in flooded if o.what != "held" and o.seconds > AT_ONCE)
    held = sum(o.what == "held" for o in flooded)
    print(f"flood opened in {opened:.2f} s ({len(flooded)} connections)")
    print(f"  refused within {AT_ONCE:g} s: {sum(now.values())} {dict(now.most_common())}")
    print(f"  answered later: {sum(later.values())} {dict(later.most_common())}")
    print(f"  held to the end: {held}")
    times = sorted(o.seconds * 1000 for o in asks)
    answers = Counter(o.what for o in asks)
    print(f"neighbour at {HOST}: {dict(answers.most_common())}")
    print(
        f"  answer times: p50 {statistics.median(times):.1f} ms, max {times[-1]:.1f} ms "
        f"({', '.join(f'{t:.0f}' for t in times)})"
    )
    print(f"server CPU during the flood: {cpu:.2f} s")


def enough_files(connections: int) -> None:
    """Raise this process's soft limit of open files (its server's too: a child inherits it)
    to hold the flood's connections and the server's side of them, if need be."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = 2 * connections + 1024
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = hard if hard == resource.RLIM_INFINITY else min(hard, max(needed, soft))
        resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
        if raised < needed:
            print(f"open files limited to {raised}: fewer than the {needed} the flood needs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=3000)
    parser.add_argument("--half", choices=sorted(HALVES), default="head")
    parser.add_argument("--hold", type=float, default=4.0, help="seconds the flood is held")
    parser.add_argument("--asks", type=int, default=10)
    parser.add_argument("--every", type=float, default=0.25)
    parser.add_argument("--patience", type=float, default=5.0)
    parser.add_argument("--src", help="another checkout's src folder to serve")
    parser.add_argument("--nginx", action="store_true", help="nginx in front (the shipped site)")
    parser.add_argument("--nginx-connections", type=int, default=8192)
    parser.add_argument("--serve", nargs=argparse.REMAINDER, default=[], help="serve's options")
    args = parser.parse_args()
    if args.asks * args.every >= args.hold:
        parser.error("the neighbour's asks must fit in --hold")
    enough_files(args.connections)
    with tempfile.TemporaryDirectory() as temp, ExitStack() as stack:
        folder = Path(temp)
        port = free_port()
        extra = [*args.serve, *(["--forwarded-allow-ips", HOST] if args.nginx else [])]
        command = serve_command(str(folder / "flood.sqlite3"), port, extra)
        server = stack.enter_context(started(command, port, folder / "server.log", args.src))
        target = port
        if args.nginx:
            target = behind_nginx(stack, folder, port, args)
        served = " ".join(["dicepool serve", *extra, f"({args.src or 'this checkout'})"])
        print(served, end="")
        print(" behind nginx" if args.nginx else "", end="")
        print(f": {args.connections} half-sent requests ({args.half}) from {FLOOD_FROM}")
        before = cpu_seconds(server.pid)
        flooded, asks, opened = asyncio.run(flood(target, args))
        report(flooded, asks, opened, cpu_seconds(server.pid) - before)


def behind_nginx(stack: ExitStack, folder: Path, port: int, args: argparse.Namespace) -> int:
    """nginx in front of the server, with the site of the checkout served: its port."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.integration import proxy

    if args.src:
        proxy.SITE = Path(args.src).resolve().parent / "deploy" / "nginx.conf"
    nginx = proxy.start_nginx(folder, [port], connections=args.nginx_connections)
    stack.callback(nginx.stop)
    return nginx.port


if __name__ == "__main__":
    main()
