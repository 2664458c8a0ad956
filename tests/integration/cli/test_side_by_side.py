"""An older dicepool's server and today's side by side on one database (issue 32, SQLite and
PostgreSQL): while the
old server serves, today's ordinary commands refuse the database and change nothing, so the old
server goes on logging chained rolls; stopped, then `db upgrade`, then today's server: every
event of both is chained and `db check` agrees.

The older version is a copy of the commit before the leases (schema 0016), taken with
``git archive`` (no worktree: the checkout's git state is left alone), run by this interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from dicepool.build import CHECKOUT
from dicepool.store.database import HEAD, Database

from ..servers import answering, free_port, post, serving, stop
from .conftest import run_dicepool

OLD_COMMIT = "f09c42c7453eb323ada667a960383dd21230c190"
"""The last commit before servers kept leases: dicepool 0.1.0, schema 0016."""

OLD_SCHEMA = "0016"


@pytest.fixture(scope="module")
def old_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The older version's ``src`` folder, extracted from the checkout's history."""
    if not (CHECKOUT / ".git").exists():
        pytest.skip("not a git checkout: the older version cannot be taken from its history")
    where = tmp_path_factory.mktemp("old")
    archive = subprocess.run(
        ["git", "-C", str(CHECKOUT), "archive", OLD_COMMIT, "src/dicepool"],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        pytest.skip(f"commit {OLD_COMMIT[:7]} is not in this checkout's history")
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive.stdout, check=True)
    return where / "src"


def _old_serving(source: Path, url: str, port: int) -> subprocess.Popen[str]:
    """The older version's `dicepool serve` on ``url``, once it answers."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    server = subprocess.Popen(
        [sys.executable, "-m", "dicepool", "serve", "--port", str(port), "--db", url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=source.parent,
    )
    return answering(server, port, "the older server")


def _roll(port: int, where: int, token: str) -> int:
    made = post(port, f"/api/campaigns/{where}/rolls", {"line": "chronicles 3"}, token)
    seq: int = made["event"]  # its number in the log
    return seq


def _held(url: str) -> tuple[str | None, int, int]:
    """The database's schema, its events, and how many of them have no chain (read as is:
    nothing migrated)."""
    db = Database(url, upgrade=False)
    try:
        with db.engine.connect() as conn:
            events, unchained = conn.execute(
                sa.text("SELECT count(*), count(*) - count(hash) FROM events")
            ).one()
        return db.version(), int(events), int(unchained)
    finally:
        db.close()


def test_an_older_server_and_todays_commands_side_by_side(
    old_source: Path, database_url: str
) -> None:
    port = free_port()
    old = _old_serving(old_source, database_url, port)
    try:
        table = post(port, "/api/campaigns", {"name": "Night", "system": "chronicles"})
        where, told = table["id"], table["storyteller"]["token"]
        before = [_roll(port, where, told) for _ in range(3)]
        listed = run_dicepool(("campaign", "list", "--db", database_url))
        assert listed.returncode == 2
        assert listed.stderr.strip() == (
            f"error: this database is at schema {OLD_SCHEMA}, this dicepool needs {HEAD}: run "
            "`dicepool db upgrade` (stop the servers of the older version first)"
        )
        assert _held(database_url)[0] == OLD_SCHEMA  # nothing migrated under the old server
        after = _roll(port, where, told)  # which goes on, its rolls chained as ever
        assert after == before[-1] + 1
    finally:
        stop(old)
    assert _held(database_url)[2] == 0
    upgraded = run_dicepool(("db", "upgrade", "--db", database_url))
    assert upgraded.returncode == 0, upgraded.stderr
    assert f"schema {HEAD} (was {OLD_SCHEMA})" in upgraded.stdout
    new = serving(database_url, port)
    try:
        assert _roll(port, where, told) == after + 1
    finally:
        stop(new)
    version, events, unchained = _held(database_url)
    assert (version, unchained) == (HEAD, 0)
    checked = run_dicepool(("db", "check", "--db", database_url))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith(f"ok: 1 campaigns, {events} events")
