"""`dicepool serve` as a real process, for the tests that talk to it over the network."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

SCRIPT = Path(sys.executable).parent / "dicepool"
"""The `dicepool` command of the interpreter running the tests."""


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on now at ``host`` (a server on every address, 0.0.0.0, needs a
    port no socket holds on any: the flood test's clients hold thousands on 127.0.0.2)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


STARTUP_SECONDS = 30.0
"""How long a server may take to answer (imports on a busy machine take seconds)."""


def serving(db_url: str, port: int, poll: str = "1", *more: str) -> subprocess.Popen[str]:
    """A `dicepool serve` process on ``db_url`` (a URL or a SQLite file), with ``more``
    options, once it answers."""
    server = subprocess.Popen(
        [str(SCRIPT), "serve", "--port", str(port), "--db", db_url, "--poll", poll, *more],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    return answering(server, port)


def answering(
    server: subprocess.Popen[str], port: int, what: str = "the server"
) -> subprocess.Popen[str]:
    """``server`` once it answers on ``port``; killed, and the test failed, if it never does."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline and server.poll() is None:
        try:
            # the front page: /openapi.json, asked first, cost the server its whole schema
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    server.wait(10)
    raise AssertionError(f"{what} did not start (exit status {server.returncode})")


def stop(server: subprocess.Popen[str]) -> None:
    """Stop a server started by :func:`serving`."""
    server.terminate()
    server.wait(10)


def post(port: int, path: str, body: dict[str, object], token: str | None = None) -> Any:
    """POST ``body`` as JSON (with a seat's bearer token) and read the JSON answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), headers=headers
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)
