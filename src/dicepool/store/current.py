"""The current campaign of each database: what commands use when no ``--campaign`` is given.

It is remembered per database in ``current.json`` in the user's state folder (platformdirs),
keyed by the database URL without its password: ``{"sqlite:////home/ana/x.sqlite3": "Night"}``.
The file is a convenience, not the truth: an unreadable one counts as empty and is rewritten
whole (atomically) at the next ``campaign use``.
"""

from __future__ import annotations

import json
from pathlib import Path

from dicepool.errors import StoreError
from dicepool.store.files import write_atomically

FILE = "current.json"


def state_file() -> Path:
    """Where the current campaigns are remembered."""
    import platformdirs

    return platformdirs.user_state_path("dicepool") / FILE


def _read(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def current_campaign(database: str, path: Path | None = None) -> str | None:
    """The campaign last chosen for ``database`` (its URL shown without password), or None."""
    return _read(path or state_file()).get(database)


def remember_campaign(database: str, name: str, path: Path | None = None) -> None:
    """Make ``name`` the current campaign of ``database``.

    Raises:
        StoreError: the state folder cannot be written.
    """
    path = path or state_file()
    held = _read(path)
    held[database] = name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(held, indent=2, sort_keys=True) + "\n")
    except OSError as exc:
        raise StoreError(f"cannot remember the current campaign in {path}: {exc}") from exc
