"""docs/deploy.md's nightly backup runs as written, as cron runs it, and its copies restore.

The crontab of the page is read from the page: its variable lines set the job's environment,
which is all it has (``env -i``: cron gives a job ``SHELL``, ``HOME``, ``LOGNAME`` and a
``PATH`` of ``/usr/bin:/bin`` unless the file sets one), and its job line runs with ``/bin/sh
-c``, its ``%`` read as cron reads it (a line end, the rest standard input; ``\\%`` a ``%``).
The job runs twice within a second, on SQLite and on PostgreSQL; each copy is restored with the
page's restore commands and ``db check`` counts its events. The server machine's paths are the
test's own (the virtualenv is the tests', the folders temporary), and a PostgreSQL command run
as the ``postgres`` user here connects to the tests' cluster as its superuser.
"""

from __future__ import annotations

import contextlib
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from psycopg import errors, sql
from sqlalchemy.engine import make_url

from dicepool.campaign import create_campaign, create_character, roll
from dicepool.core.dice import SeededDice
from dicepool.store.backup import libpq
from dicepool.store.database import Database

from ...databases import Server
from .conftest import run_dicepool
from .test_readme import DOCS, blocks

PAGE = DOCS / "deploy.md"
BIN = Path(sys.executable).parent
CRON_PATH = "/usr/bin:/bin"
"""The PATH cron gives a job when its file sets none (Debian's)."""

SECRET = "s3cret-Backup-word"
"""The password in the tests' PostgreSQL URLs (the tests' cluster trusts the loopback, so it
is sent to nobody): no output may hold it."""

VENV_BIN, BACKUPS, DATABASE = (
    "/opt/dicepool/.venv/bin",
    "/var/backups/dicepool",
    "/var/lib/dicepool",
)
ROLE = "dicepool"


def page_block(language: str, holding: str) -> list[str]:
    """The lines of the page's block of ``language`` that holds ``holding``."""
    found = [b for b in blocks(PAGE.read_text()) if b.language == language and holding in b.text]
    assert len(found) == 1, f"deploy.md has {len(found)} {language} blocks with {holding!r}"
    return [line for line in found[0].text.splitlines() if line.strip()]


def cron_command(field: str) -> tuple[str, str]:
    """A crontab command field as cron runs it: the command and its standard input (the first
    unescaped ``%`` ends the command; later ones are line ends; ``\\%`` is a ``%``)."""
    parts = re.split(r"(?<!\\)%", field)
    command, rest = parts[0], parts[1:]
    return command.replace("\\%", "%"), "\n".join(rest).replace("\\%", "%")


def crontab(substitutions: dict[str, str]) -> tuple[dict[str, str], str, str]:
    """The page's crontab, its paths the test's: the job's environment, command and input."""
    lines = page_block("crontab", "db backup")
    for old, new in substitutions.items():
        lines = [line.replace(old, new) for line in lines]
    env = dict(line.split("=", 1) for line in lines if re.match(r"\w+=", line))
    (job,) = [line for line in lines if not re.match(r"\w+=|#", line)]
    fields = job.split(None, 6)
    assert len(fields) == 7 and fields[5] == "dicepool", f"not a cron.d line for dicepool: {job}"
    command, stdin = cron_command(fields[6])
    return env, command, stdin


def run_as_cron(env: dict[str, str], command: str, stdin: str, home: Path) -> str:
    """The job run as cron runs it; what it printed (cron would mail it), checked to be no
    failure."""
    job_env = {"SHELL": "/bin/sh", "HOME": str(home), "LOGNAME": "dicepool", "PATH": CRON_PATH}
    job_env.update(env)
    done = subprocess.run(
        ["env", "-i", *(f"{k}={v}" for k, v in job_env.items()), "/bin/sh", "-c", command],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    printed = done.stdout + done.stderr
    assert done.returncode == 0, printed
    assert SECRET not in printed
    return printed


def checked_events(url: str) -> int:
    """The events ``db check`` finds in the database at ``url``, which it must find whole."""
    checked = run_dicepool(("db", "check", "--db", url))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    found = re.search(r"ok: 1 campaigns, (\d+) events", checked.stdout)
    assert found, checked.stdout
    return int(found[1])


def a_table(url: str, rolls: int) -> int:
    """A campaign with a character who rolled ``rolls`` times at ``url``; its events."""
    db = Database(url)
    try:
        create_campaign(db, "Night", "chronicles", "st")
        create_character(db, "Night", "Ana", "st", changes="Dexterity=3 Stealth=2")
        for _ in range(rolls):
            roll(db, "Night", "Dexterity + Stealth", SeededDice(3), "st", "Ana")
    finally:
        db.close()
    return checked_events(url)


def restore_sqlite(copy: Path, tmp_path: Path) -> str:
    """The page's SQLite restore, the copy put in place of a database file; its URL."""
    live = tmp_path / "restored" / "dicepool.sqlite3"
    live.parent.mkdir(exist_ok=True)
    live.write_bytes(b"the database the copy replaces")
    Path(f"{live}-wal").write_bytes(b"a stale write-ahead log")
    for line in page_block("sh", "dicepool.sqlite3-wal"):
        line = line.replace(" -o dicepool -g dicepool", "")  # no such user here, not root
        line = line.replace(f"{BACKUPS}/dicepool-2026-11-28T031700Z.sqlite3", str(copy))
        done = subprocess.run(line.replace(DATABASE, str(live.parent)), shell=True, check=False)
        assert done.returncode == 0, line
    assert not Path(f"{live}-wal").exists()
    return f"sqlite:///{live}"


def restore_dump(server: Server, dump: Path) -> str:
    """The page's PostgreSQL restore of ``dump``, into a database made afresh and owned by the
    ``dicepool`` role; its URL (the caller drops it)."""
    with server.admin() as admin, contextlib.suppress(errors.DuplicateObject):
        admin.execute(sql.SQL("CREATE ROLE {} LOGIN").format(sql.Identifier(ROLE)))
    name = server.create_database()
    with server.admin() as admin:
        owner = sql.SQL("ALTER DATABASE {} OWNER TO {}")
        admin.execute(owner.format(sql.Identifier(name), sql.Identifier(ROLE)))
    url = server.database_url(name)
    lines = [line for line in page_block("sh", "pg_restore") if " pg_restore " in line]
    assert len(lines) == 1, lines
    args = shlex.split(lines[0].removeprefix("sudo -u postgres "))
    args = [f"--dbname={libpq(url)[0]}" if a == "--dbname=dicepool" else a for a in args]
    args = [str(dump) if a.endswith(".dump") else a for a in args]
    done = subprocess.run(args, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    return url


def with_password(url: str) -> str:
    return make_url(url).set(password=SECRET).render_as_string(hide_password=False)


def test_the_nightly_backup_runs_as_cron_runs_it_twice_a_day_on_sqlite(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    events = a_table(f"sqlite:///{live}", rolls=5)
    backups = tmp_path / "backups"
    copies = nightly_copies(tmp_path, backups, str(live))
    assert [c.suffix for c in copies] == [".sqlite3", ".sqlite3"]
    for copy in copies:
        assert checked_events(restore_sqlite(copy, tmp_path)) == events


def test_the_nightly_backup_runs_as_cron_runs_it_twice_a_day_on_postgresql(
    tmp_path: Path, postgres_server: Server, postgres_url: str
) -> None:
    events = a_table(postgres_url, rolls=5)
    backups = tmp_path / "backups"
    copies = nightly_copies(tmp_path, backups, with_password(postgres_url))
    assert [c.suffix for c in copies] == [".dump", ".dump"]
    for copy in copies:
        restored = restore_dump(postgres_server, copy)
        try:
            assert checked_events(restored) == events
        finally:
            postgres_server.drop_database(make_url(restored).database or "")


def nightly_copies(tmp_path: Path, backups: Path, database: str) -> list[Path]:
    """The page's folder made and its job run twice the same day, as cron would: the two
    copies, each a file of its own."""
    for line in page_block("sh", "mkdir -p"):
        if line.startswith("mkdir "):  # chown, chmod: to a user this machine does not have
            subprocess.run(line.replace(BACKUPS, str(backups)), shell=True, check=True)
    env, command, stdin = crontab({VENV_BIN: str(BIN), BACKUPS: str(backups)})
    assert env["PATH"].startswith(f"{BIN}:"), "the job's PATH starts with the virtualenv's"
    env["DICEPOOL_DATABASE_URL"] = database  # the page's own URL, made the test's
    home = tmp_path / "home"
    home.mkdir()
    said = [run_as_cron(env, command, stdin, home) for _ in range(2)]
    copies = sorted(backups.iterdir())
    assert len(copies) == 2 and all(c.name.startswith("dicepool-") for c in copies), copies
    assert all("backed up " in s for s in said), said
    return copies


@pytest.mark.parametrize(
    ("field", "command", "stdin"),
    [
        ("dicepool db backup /b", "dicepool db backup /b", ""),
        ("cp x /b/$(date +\\%F).db", "cp x /b/$(date +%F).db", ""),
        ("cp x /b/$(date +%F).db", "cp x /b/$(date +", "F).db"),
    ],
)
def test_cron_reads_a_percent_as_a_line_end(field: str, command: str, stdin: str) -> None:
    assert cron_command(field) == (command, stdin)
