"""The architecture rules of DESIGN.md, checked by the tools made for them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import dicepool

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_import_contracts_keep_layers_pointing_one_way() -> None:
    done = run(str(BIN / "lint-imports"), "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_public_api_is_curated_and_sorted() -> None:
    assert dicepool.__all__ == sorted(dicepool.__all__)
    for name in dicepool.__all__:
        assert getattr(dicepool, name) is not None


def test_ruff_finds_nothing() -> None:
    done = run(str(BIN / "ruff"), "check", "src", "tests", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_passes_on_src() -> None:
    done = run(sys.executable, "-m", "mypy", "--no-error-summary", "src/dicepool")
    assert done.returncode == 0, done.stdout + done.stderr


def test_core_and_roll_command_import_no_heavy_modules() -> None:
    """`dicepool roll` must start fast at the table: no numpy, rich or matplotlib."""
    code = (
        "import sys, dicepool.core.roll, dicepool.notation, dicepool.cli.main, dicepool.cli.roll;"
        "heavy = {'numpy', 'rich', 'matplotlib'} & set(sys.modules);"
        "print(','.join(sorted(heavy)))"
    )
    done = run(sys.executable, "-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
