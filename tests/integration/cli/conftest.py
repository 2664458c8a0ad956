"""Run the `dicepool` command as a user would: in this process, as the console script does
(:func:`run_dicepool`), or as a real process where the process is the point
(:func:`run_process`: exit statuses, start-up imports, a full disk, memory)."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import subprocess
import sys
import traceback
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from click import formatting
from click.testing import CliRunner

from dicepool.cli.main import cli, main
from dicepool.store.database import Database

SCRIPT = Path(sys.executable).parent / "dicepool"

Run = Callable[..., subprocess.CompletedProcess[str]]

STORAGE_ENV = (
    "DICEPOOL_DATABASE_URL",
    "DICEPOOL_CAMPAIGN",
    "DICEPOOL_ACTOR",
    "XDG_STATE_HOME",
    "XDG_DATA_HOME",
)

WIDTH = "80"
"""The terminal width a real process of the tests sees: its output is a pipe, so click's help
and rich's tables take ``COLUMNS`` when set, else 80."""


def run_process(
    args: tuple[str, ...], env: Mapping[str, str] | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """The console script run as a real process with ``args``, the environment changed by
    ``env`` (the storage variables cleared first)."""
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


def run_dicepool(
    args: tuple[str, ...], env: Mapping[str, str] | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """The console script's run with ``args``, in this process: what :func:`run_process`
    gives, without starting Python for each command.

    The console script's own ``main`` runs, with ``sys.argv``, the standard streams (pipes,
    never a terminal: no colour) and the environment as the real process would have them:
    ``env`` changes it (the storage variables cleared first), ``stdin`` is standard input
    (empty when None). Its exit status is ``sys.exit``'s; an exception that escapes ``main`` is
    printed on stderr as Python prints it, with status 1.
    """
    changes: dict[str, str | None] = {}
    if env is not None:
        changes = {name: None for name in STORAGE_ENV} | dict(env)
    changes.setdefault("COLUMNS", os.environ.get("COLUMNS", WIDTH))
    argv, forced_width = sys.argv, formatting.FORCED_WIDTH
    with (
        CliRunner().isolation(input=stdin or "", env=changes) as (out, err, _),
        closed_at_exit(),
    ):
        # as the installed script: the program's name is `dicepool` (not pytest's), and the
        # help is as wide as COLUMNS says (the runner forces 80 otherwise)
        sys.argv = [str(SCRIPT), *args]
        formatting.FORCED_WIDTH = None
        cli.main = functools.partial(type(cli).main, cli, prog_name="dicepool")  # type: ignore
        try:
            main()
            status = 0
        except SystemExit as exc:
            status = exit_status(exc.code)
        except Exception:
            traceback.print_exc()
            status = 1
        finally:
            del cli.main
            sys.argv, formatting.FORCED_WIDTH = argv, forced_width
            sys.stdout.flush()
            sys.stderr.flush()
        stdout, stderr = as_text(out.getvalue()), as_text(err.getvalue())
    return subprocess.CompletedProcess([str(SCRIPT), *args], status, stdout, stderr)


@contextlib.contextmanager
def closed_at_exit() -> Iterator[None]:
    """Close every database the command opened once it ends, as a process's exit does (its
    connections are not left to the garbage collector)."""
    opened: list[Database] = []
    real_init = Database.__init__

    def init(self: Database, *args: Any, **kwargs: Any) -> None:
        real_init(self, *args, **kwargs)
        opened.append(self)

    Database.__init__ = init  # type: ignore[method-assign]
    try:
        yield
    finally:
        Database.__init__ = real_init  # type: ignore[method-assign]
        for database in opened:
            database.close()


def exit_status(code: object) -> int:
    """The status a process exits with for ``sys.exit(code)``; a message is printed."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def as_text(data: bytes) -> str:
    """Bytes written, read back as ``subprocess.run(text=True)`` reads a pipe (newlines
    translated)."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


@pytest.fixture
def dicepool() -> Run:
    """Call the console script (in-process: :func:`run_dicepool`); returns the finished
    process.

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

    def process(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        """The command run as a real process (:func:`run_process`)."""
        extra = () if "--db" in args else ("--db", self.url)
        return run_process((*args, *extra), self.env, stdin)

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
