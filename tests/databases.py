"""Throwaway PostgreSQL for the storage tests: one server per session (per xdist worker), one
database per test.

The server is `DICEPOOL_TEST_POSTGRES_URL` when set (a SQLAlchemy URL such as
`postgresql+psycopg://postgres@127.0.0.1:5432/postgres`, whose user may create databases);
otherwise a cluster made with the local server binaries in a temporary folder, on a free port of
127.0.0.1, and removed at the end. Trust authentication: it listens on the loopback only and
lives for one test session.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shlex
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql
from psycopg.rows import TupleRow
from sqlalchemy.engine import URL, make_url

ENV_URL = "DICEPOOL_TEST_POSTGRES_URL"
SUPERUSER = "postgres"
HOST = "127.0.0.1"
PORT_ATTEMPTS = 5
START_TIMEOUT = 60  # seconds pg_ctl waits for the server to accept connections
LOG_TAIL = 20  # lines of a log shown in a failure message


class Unavailable(Exception):
    """No PostgreSQL server could be had; the message says why."""


def in_ci() -> bool:
    """Whether this run is continuous integration, where a missing server is a failure."""
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


@dataclass(frozen=True)
class Server:
    """A PostgreSQL server the tests may create and drop databases on.

    Attributes:
        url: the SQLAlchemy URL of its maintenance database, as an administrator.
    """

    url: URL

    def admin(self) -> psycopg.Connection[TupleRow]:
        """An autocommit connection to the maintenance database."""
        libpq = self.url.set(drivername="postgresql").render_as_string(hide_password=False)
        return psycopg.connect(libpq, autocommit=True, connect_timeout=10)

    def database_url(self, name: str) -> str:
        """The SQLAlchemy URL of database `name` on this server."""
        url = self.url.set(drivername="postgresql+psycopg", database=name)
        return url.render_as_string(hide_password=False)

    def create_database(self, template: str | None = None) -> str:
        """Create a database with a fresh name, empty or a copy of database ``template`` (which
        nobody may be connected to); returns the name."""
        name = f"t_{secrets.token_hex(8)}"
        create = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        if template is not None:
            create += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
        with self.admin() as connection:
            connection.execute(create)
        return name

    def drop_database(self, name: str) -> None:
        """Drop database `name`, closing whatever connections a test left open."""
        with self.admin() as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def external_server(url: str) -> Server:
    """The server of `DICEPOOL_TEST_POSTGRES_URL`, checked to answer."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        raise Unavailable(f"{ENV_URL} is not a PostgreSQL URL: {parsed!r}")
    server = Server(parsed.set(drivername="postgresql+psycopg"))
    try:
        with server.admin() as connection:
            connection.execute("select 1")
    except psycopg.Error as error:
        raise Unavailable(f"{ENV_URL} ({parsed!r}) does not answer: {error}") from error
    return server


def find_bindir() -> Path:
    """The folder of `initdb` and `pg_ctl`: `pg_config --bindir`, else Debian's newest."""
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config is not None:
        done = subprocess.run(
            [pg_config, "--bindir"], capture_output=True, text=True, check=False, timeout=30
        )
        if done.returncode == 0:
            candidates.append(Path(done.stdout.strip()))
    # Debian's pg_config may come from libpq-dev alone, pointing at /usr/bin without a server.
    debian = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted(map(Path, debian), key=lambda path: _version(path.parent.name))[::-1]
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir
    looked = ", ".join(map(str, candidates)) or "no pg_config, no /usr/lib/postgresql/*/bin"
    raise Unavailable(
        f"no PostgreSQL server binaries (initdb, pg_ctl) found; looked in: {looked}. "
        "Install them (Debian: apt-get install postgresql, which ./scripts/test does) or set "
        f"{ENV_URL}"
    )


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def free_port() -> int:
    """A TCP port of 127.0.0.1 that was free a moment ago (the server may still lose it)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((HOST, 0))
            return int(probe.getsockname()[1])
    except OSError as error:
        raise Unavailable(f"no free TCP port on {HOST}: {error}") from error


def tail(path: Path, lines: int = LOG_TAIL) -> str:
    """The last lines of a log file, or a note that there is none."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return f"(no {path.name})"
    return "\n".join(text.splitlines()[-lines:])


class Cluster:
    """A throwaway cluster: `initdb` in a temporary folder, then `pg_ctl start` and `stop`.

    As root, the server refuses to run, so every command runs as the `postgres` user (made by
    Debian's package) through `runuser`, in a folder that user owns.
    """

    def __init__(self) -> None:
        self.bindir = find_bindir()
        self.as_user: list[str] = []
        owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam(SUPERUSER)
            except KeyError:
                raise Unavailable(
                    "running as root, and PostgreSQL will not run as root, but there is no "
                    f"'{SUPERUSER}' OS user to run it as (Debian's postgresql package creates "
                    "one); run the tests as another user, create that user, or set "
                    f"{ENV_URL}"
                ) from None
            runuser = shutil.which("runuser")
            if runuser is None:
                raise Unavailable("running as root, but there is no runuser to drop to postgres")
            self.as_user = [runuser, "-u", SUPERUSER, "--"]
        self.folder = Path(tempfile.mkdtemp(prefix="dicepool-pg-"))
        if owner is not None:
            try:
                os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            except OSError as error:
                shutil.rmtree(self.folder, ignore_errors=True)
                raise Unavailable(f"cannot give {self.folder} to {SUPERUSER}: {error}") from error
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.port = 0
        self.started = False

    def run(self, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
        """Run a server binary (as postgres when root) from the cluster's folder."""
        command = [*self.as_user, str(self.bindir / tool), *args]
        try:
            return subprocess.run(
                command,
                cwd=self.folder,  # the postgres user may not enter the caller's folder
                capture_output=True,
                text=True,
                check=False,
                timeout=START_TIMEOUT + 30,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            raise Unavailable(
                f"{tool} did not run: {error}\nserver.log:\n{tail(self.log)}"
            ) from error

    def start(self) -> Server:
        """Make the cluster and start it on a free port; raises Unavailable with the logs."""
        initdb = ["-D", str(self.data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8"]
        done = self.run("initdb", *initdb, "--no-sync", "--no-instructions")
        if done.returncode != 0:
            raise Unavailable(f"initdb failed in {self.folder}:\n{done.stdout}{done.stderr}")
        for _ in range(PORT_ATTEMPTS):
            self.port = free_port()
            self.log.unlink(missing_ok=True)  # the tail shown is this attempt's alone
            # pg_ctl hands these to a shell: the folder is quoted.
            server = f"-h {HOST} -p {self.port} -k {shlex.quote(str(self.folder))} -c fsync=off"
            start = ["-D", str(self.data), "-l", str(self.log), "-o", server, "-w"]
            done = self.run("pg_ctl", *start, "-t", str(START_TIMEOUT), "start")
            if done.returncode == 0:
                self.started = True
                return Server(URL.create("postgresql+psycopg", SUPERUSER, None, HOST, self.port))
            if "already in use" not in tail(self.log):
                break  # not a lost port race: another port will not help
        raise Unavailable(
            f"pg_ctl could not start the cluster in {self.folder} (port {self.port}):\n"
            f"{done.stdout}{done.stderr}\nserver.log:\n{tail(self.log)}"
        )

    def stop(self) -> None:
        """Stop the server at once (nothing in it is kept) and delete the folder."""
        # Also after a failed start: pg_ctl may have given up waiting on a server that runs.
        try:
            if self.started or (self.data / "postmaster.pid").exists():
                self.run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
                self.started = False
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
