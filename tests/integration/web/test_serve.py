"""`dicepool serve` as a real process: it says where it listens and answers the API there."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request
from pathlib import Path

from ..servers import SCRIPT, free_port, post, serving, stop


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
        stop(server)


def test_a_roll_through_one_server_arrives_live_at_another_on_postgresql(
    postgres_url: str,
) -> None:
    """Two servers share a campaign; their clients read the log only every ten minutes when
    nothing wakes them, so the roll arriving at once is PostgreSQL's NOTIFY at work."""
    from websockets.sync.client import connect

    first, second = free_port(), free_port()
    one, two = serving(postgres_url, first, "600"), serving(postgres_url, second, "600")
    try:
        table = post(first, "/api/campaigns", {"name": "Night", "system": "cofd"})
        told, where = table["storyteller"]["token"], table["id"]
        with connect(f"ws://127.0.0.1:{first}/api/campaigns/{where}/live") as live:
            live.send(json.dumps({"token": told, "after": 0}))
            assert json.loads(live.recv(timeout=20))["kind"] == "campaign-created"  # read once
            made = post(second, f"/api/campaigns/{where}/rolls", {"line": "chronicles 2"}, told)
            pushed = json.loads(live.recv(timeout=20))
        assert pushed["id"] == made["event"] and pushed["kind"] == "rolled"
    finally:
        for server in (one, two):
            stop(server)
