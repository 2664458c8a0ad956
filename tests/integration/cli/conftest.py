"""Run the real `dicepool` entry point as a user would."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).parent / "dicepool"

Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def dicepool() -> Run:
    """Call the installed console script; returns the finished process."""

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(SCRIPT), *args], capture_output=True, text=True, check=False, timeout=120
        )

    return run
