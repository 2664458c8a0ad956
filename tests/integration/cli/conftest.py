"""Run the real `dicepool` entry point as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

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
