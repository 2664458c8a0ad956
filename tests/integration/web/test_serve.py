"""`dicepool serve` as a real process: it says where it listens and answers the API there."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from ..servers import SCRIPT, free_port, post, serving, stop
from .conftest import Feed


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
        assert f"http://127.0.0.1:{port}/" in said and str(db) in said
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


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_a_roll_through_one_server_arrives_live_at_another(
    store: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Two servers share a campaign; their clients read the log only every ten minutes when
    nothing wakes them, so the roll arriving at once is PostgreSQL's NOTIFY at work, or the
    watch on the SQLite file."""
    from websockets.sync.client import connect

    url = str(tmp_path / "shared.sqlite3")
    if store == "postgresql":
        url = request.getfixturevalue("postgres_url")
    first, second = free_port(), free_port()
    one, two = serving(url, first, "600"), serving(url, second, "600")
    try:
        table = post(first, "/api/campaigns", {"name": "Night", "system": "cofd"})
        told, where = table["storyteller"]["token"], table["id"]
        with connect(f"ws://127.0.0.1:{first}/api/campaigns/{where}/live") as live:
            live.send(json.dumps({"token": told, "after": 0}))
            feed = Feed(lambda: live.recv(timeout=20))
            read_once = [e["kind"] for e in feed.take(2)]
            assert read_once == ["campaign-created", "seal-open"]
            made = post(second, f"/api/campaigns/{where}/rolls", {"line": "chronicles 2"}, told)
            pushed = feed.next()
        assert pushed["seq"] == made["event"] and pushed["kind"] == "rolled"
    finally:
        for server in (one, two):
            stop(server)


def rolls_until_refused(port: int, where: int, token: str, tries: int) -> list[int]:
    """The statuses of ``tries`` rolls made one after another, as fast as they go."""
    statuses = []
    for _ in range(tries):
        try:
            post(port, f"/api/campaigns/{where}/rolls", {"line": "chronicles 1"}, token)
            statuses.append(201)
        except urllib.error.HTTPError as refused:
            statuses.append(refused.code)
    return statuses


def test_serve_sets_the_rolls_a_seat_may_make_a_second(tmp_path: Path) -> None:
    """With --rolls-per-second 1 (a burst of 2) a seat is refused well within ten quick rolls;
    with the default (50, a burst of 100) none of them is."""
    slow, usual = free_port(), free_port()
    one = serving(str(tmp_path / "a.sqlite3"), slow, "1", "--rolls-per-second", "1")
    two = serving(str(tmp_path / "b.sqlite3"), usual)
    try:
        for port, refused in ((slow, True), (usual, False)):
            table = post(port, "/api/campaigns", {"name": "Night", "system": "cofd"})
            statuses = rolls_until_refused(port, table["id"], table["storyteller"]["token"], 10)
            assert statuses[:2] == [201, 201] and set(statuses) <= {201, 429}, statuses
            assert (429 in statuses) is refused, statuses
    finally:
        for server in (one, two):
            stop(server)


@pytest.mark.parametrize(
    ("option", "value"),
    [("--rolls-per-second", v) for v in ("0", "10001", "many")]
    + [("--workers", v) for v in ("0", "17")],
)
def test_serve_refuses_an_option_out_of_its_bounds(option: str, value: str) -> None:
    done = subprocess.run(
        [str(SCRIPT), "serve", option, value, "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and option in done.stderr


def test_workers_share_the_port_and_every_roll_reaches_the_live_client(tmp_path: Path) -> None:
    """Two worker processes on one SQLite file: each roll is a new connection, taken by either
    worker; the live client (on one of them) gets every roll, in order."""
    from websockets.sync.client import connect

    port = free_port()
    server = serving(str(tmp_path / "workers.sqlite3"), port, "600", "--workers", "2")
    try:
        table = post(port, "/api/campaigns", {"name": "Night", "system": "cofd"})
        told, where = table["storyteller"]["token"], table["id"]
        with connect(f"ws://127.0.0.1:{port}/api/campaigns/{where}/live") as live:
            live.send(json.dumps({"token": told, "after": 2}))
            made = [
                post(port, f"/api/campaigns/{where}/rolls", {"line": "chronicles 2"}, told)
                for _ in range(12)
            ]
            pushed = [e["seq"] for e in Feed(lambda: live.recv(timeout=20)).take(len(made))]
        assert pushed == [m["event"] for m in made]
    finally:
        stop(server)
