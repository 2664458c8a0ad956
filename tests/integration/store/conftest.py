"""Databases for the storage tests: a real SQLite file under tmp_path.

Replaced by the project-wide ``database_url`` fixture (SQLite and PostgreSQL) once it lands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dicepool.store.database import database_url as url_of


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """The URL of a fresh SQLite database file."""
    return url_of(str(tmp_path / "dicepool.sqlite3"))
