"""Run the real `dicepool` entry point as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(sys.executable).parent / "dicepool"

Run = Callable[..., subprocess.CompletedProcess[str]]

STORAGE_ENV = (
    "DICEPOOL_DATABASE_URL",
    "DICEPOOL_CAMPAIGN",
    "DICEPOOL_ACTOR",
    "XDG_STATE_HOME",
    "XDG_DATA_HOME",
)


def run_dicepool(
    args: tuple[str, ...], env: Mapping[str, str] | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """The console script's run with ``args``, the environment changed by ``env``."""
    full = None
    if env is not None:
        full = {k: v for k, v in os.environ.items() if k not in STORAGE_ENV}
        full.update(env)
    return subprocess.run(
        [str(SCRIPT), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=full,
        input=stdin,
    )


@pytest.fixture
def dicepool() -> Run:
    """Call the installed console script; returns the finished process.

    ``env=`` changes the environment (the storage variables are cleared first), ``stdin=``
    feeds standard input.
    """

    def run(
        *args: str, env: Mapping[str, str] | None = None, stdin: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        return run_dicepool(args, env, stdin)

    return run


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    """An environment whose state, data and home folders are the test's own."""
    folders = {"HOME": "home", "XDG_STATE_HOME": "state", "XDG_DATA_HOME": "data"}
    env = {}
    for name, folder in folders.items():
        (tmp_path / folder).mkdir()
        env[name] = str(tmp_path / folder)
    env["DICEPOOL_ACTOR"] = "tester"
    return env


class Table:
    """One test's database and environment; every command gets ``--db`` (unless given)."""

    def __init__(self, tmp_path: Path, env: dict[str, str], url: str | None = None) -> None:
        self.path = tmp_path / "table.sqlite3"
        self.url = url or str(self.path)
        self.env = env
        self.tmp = tmp_path

    def __call__(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        extra = () if "--db" in args else ("--db", self.url)
        return run_dicepool((*args, *extra), self.env, stdin)

    def ok(self, *args: str, stdin: str | None = None) -> str:
        done = self(*args, stdin=stdin)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        return done.stdout

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json"))

    def refused(self, *args: str, stdin: str | None = None) -> str:
        """The one error line of a command that must fail with exit 2."""
        done = self(*args, stdin=stdin)
        assert done.returncode == 2, done.stdout + done.stderr
        assert "Traceback" not in done.stderr
        lines = done.stderr.strip().splitlines()
        assert lines[0].startswith("error: ")
        assert len(lines) <= 2
        return lines[0]


@pytest.fixture
def table(tmp_path: Path, home: dict[str, str]) -> Table:
    return Table(tmp_path, home)


@pytest.fixture
def any_table(tmp_path: Path, home: dict[str, str], database_url: str) -> Table:
    """A table on SQLite, then on PostgreSQL (see tests/conftest.py)."""
    return Table(tmp_path, home, database_url)
