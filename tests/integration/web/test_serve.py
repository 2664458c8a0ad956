"""`dicepool serve` as a real process: it says where it listens and answers the API there."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

SCRIPT = Path(sys.executable).parent / "dicepool"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_serve_opens_a_table_over_http(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "table.sqlite3"
    with subprocess.Popen(
        [str(SCRIPT), "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as server:
        _use(server, port, db)


def _use(server: subprocess.Popen[str], port: int, db: Path) -> None:
    try:
        assert server.stdout is not None
        said = server.stdout.readline()
        assert f"http://localhost:{port}/" in said and str(db) in said
        body = json.dumps({"name": "Web", "system": "hubris"}).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/campaigns",
            data=body,
            headers={"Content-Type": "application/json"},
        )
        for _ in range(50):  # the server prints its address just before it listens
            try:
                with urllib.request.urlopen(request, timeout=5) as answer:
                    opened = json.load(answer)
                break
            except OSError:
                time.sleep(0.1)
        assert opened["name"] == "Web" and len(opened["storyteller"]["token"]) >= 43
    finally:
        server.terminate()
        server.wait(10)
