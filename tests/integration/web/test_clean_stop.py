"""A stopped `dicepool serve` leaves SQLite's main file whole: every acknowledged roll is in
it, without the ``-wal`` file beside it (issue 32, item 4)."""

from __future__ import annotations

import shutil
import signal
import sqlite3
from pathlib import Path

import pytest

from ..servers import free_port, post, serving

ROLLS = 40
"""Fewer rolls than fill SQLite's automatic checkpoint (1,000 pages): without the server's
own checkpoint at its stop they would all still be in the ``-wal`` file."""


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_a_stopped_servers_main_file_alone_holds_every_acknowledged_roll(
    how: signal.Signals, tmp_path: Path
) -> None:
    db = tmp_path / "table.sqlite3"
    port = free_port()
    server = serving(str(db), port)
    try:
        table = post(port, "/api/campaigns", {"name": "Night", "system": "cofd"})
        token, where = table["storyteller"]["token"], table["id"]
        made = [
            post(port, f"/api/campaigns/{where}/rolls", {"line": "chronicles 3"}, token)["event"]
            for _ in range(ROLLS)
        ]
    finally:
        server.send_signal(how)  # uvicorn stops cleanly, then dies of the signal
        server.wait(30)
    alone = tmp_path / "copy"
    alone.mkdir()
    shutil.copy(db, alone / db.name)  # the main file alone: no -wal, no -shm
    with sqlite3.connect(alone / db.name) as copy:
        kept = {seq for (seq,) in copy.execute("SELECT seq FROM events WHERE kind = 'rolled'")}
    assert len(made) == ROLLS and set(made) <= kept
