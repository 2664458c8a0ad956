"""`dicepool --version` says the build: the version, and the commit when run from a checkout
(issue 32, item 6); a copy with no ``.git`` says the version alone, and never fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from dicepool import __version__ as VERSION
from dicepool.build import CHECKOUT, commit_of, described

from .conftest import Run

COMMIT = "0123456789abcdef0123456789abcdef01234567"


def test_version_says_the_version_and_this_checkouts_commit(dicepool: Run) -> None:
    head = subprocess.run(
        ["git", "-C", str(CHECKOUT), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    said = dicepool("--version")
    assert said.returncode == 0
    assert said.stdout == f"dicepool {VERSION} (commit {head[:7]})\n"


def test_a_copy_without_git_says_the_version_alone(tmp_path: Path) -> None:
    source = CHECKOUT / "src" / "dicepool"
    copy = tmp_path / "src" / "dicepool"
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__", "static"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "src")}
    said = subprocess.run(
        [sys.executable, "-m", "dicepool", "--version"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert said.returncode == 0, said.stderr
    assert said.stdout == f"dicepool {VERSION}\n"


def test_a_worktrees_branch_is_read_from_the_common_packed_refs(tmp_path: Path) -> None:
    common = tmp_path / "repo" / ".git"
    (common / "worktrees" / "other").mkdir(parents=True)
    (common / "packed-refs").write_text(f"# pack-refs\n{COMMIT} refs/heads/feature\n")
    (common / "worktrees" / "other" / "HEAD").write_text("ref: refs/heads/feature\n")
    (common / "worktrees" / "other" / "commondir").write_text("../..\n")
    checkout = tmp_path / "other"
    checkout.mkdir()
    (checkout / ".git").write_text(f"gitdir: {common / 'worktrees' / 'other'}\n")
    assert commit_of(checkout) == COMMIT
    assert described(checkout) == f"{VERSION} (commit 0123456)"


def test_a_detached_head_is_its_commit_and_nonsense_is_none(tmp_path: Path) -> None:
    git = tmp_path / ".git"
    git.mkdir()
    (git / "HEAD").write_text(COMMIT + "\n")
    assert commit_of(tmp_path) == COMMIT
    (git / "HEAD").write_text("ref: refs/heads/gone\n")  # a branch with no commit yet
    assert commit_of(tmp_path) is None
    (git / "HEAD").write_bytes(b"\xff\xfe")
    assert described(tmp_path) == VERSION
