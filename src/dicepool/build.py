"""Which build of dicepool runs: its version, and the commit when it runs from a checkout.

The version (:data:`dicepool.__version__`) follows releases (CHANGELOG.md says what each asks
of an operator); between two releases every build says the same version, so one run from a
git checkout (an editable install, as docs/deploy.md installs it) adds the commit it stands
on. The commit is read from the checkout's ``.git`` files themselves, not by running git: git
may be missing, or refuse a checkout another user owns. Anything not found or unreadable
leaves the version alone: this never fails.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from dicepool import __version__

CHECKOUT = Path(__file__).resolve().parents[2]
"""Where a checkout's root would be: the folder above ``src/`` (an installed wheel's is
``site-packages``' parent, which holds no ``.git``)."""

SHORT = 7
"""The digits of a commit shown (git's short form)."""

_HASH = re.compile(r"[0-9a-f]{40}([0-9a-f]{24})?")


@functools.cache
def build() -> str:
    """The version, and the commit of the checkout this runs from when there is one:
    ``0.2.0 (commit 1a2b3c4)``, or ``0.2.0``."""
    return described(CHECKOUT)


def described(root: Path) -> str:
    """The version, and the commit of a checkout at ``root`` if it is one."""
    found = commit_of(root)
    return f"{__version__} (commit {found[:SHORT]})" if found else __version__


def commit_of(root: Path) -> str | None:
    """The commit a git checkout at ``root`` stands on (its whole hash), or None: no
    checkout, or one whose files say no commit."""
    try:
        git = _git_dir(root / ".git")
        if git is None:
            return None
        head = (git / "HEAD").read_text(encoding="utf-8").strip()
        if not head.startswith("ref: "):
            return head if _HASH.fullmatch(head) else None  # a detached HEAD
        return _ref(git, head.removeprefix("ref: ").strip())
    except (OSError, UnicodeError):
        return None


def _git_dir(dot_git: Path) -> Path | None:
    """The git directory: ``.git`` itself, or the one a worktree's ``.git`` file names."""
    if dot_git.is_dir():
        return dot_git
    if not dot_git.is_file():
        return None
    line = dot_git.read_text(encoding="utf-8").strip()
    if not line.startswith("gitdir: "):
        return None
    return (dot_git.parent / line.removeprefix("gitdir: ").strip()).resolve()


def _ref(git: Path, name: str) -> str | None:
    """The commit a branch ``name`` (``refs/heads/main``) points at: its file, in the worktree's
    git directory or the common one, else its line in ``packed-refs``."""
    common = git
    if (git / "commondir").is_file():
        common = (git / (git / "commondir").read_text(encoding="utf-8").strip()).resolve()
    for where in (git, common):
        loose = where / name
        if loose.is_file():
            found = loose.read_text(encoding="utf-8").strip()
            return found if _HASH.fullmatch(found) else None
    packed = common / "packed-refs"
    if packed.is_file():
        for line in packed.read_text(encoding="utf-8").splitlines():
            commit, _, ref = line.partition(" ")
            if ref == name and _HASH.fullmatch(commit):
                return commit
    return None
