"""Every command block of README.md and of the documentation site (docs/*.md) runs as written,
from the top of its page, in a fresh set-up; and the README stays one a newcomer reads to the end.

A page's blocks (```` ```sh ```` and ```` ```python ````) run in order, in one temporary folder
as the working directory, with data, state and home folders of their own: what a newcomer who
pastes them one after the other gets. Each page starts afresh (a reader may open any page of the
site first), with the set-up's server serving. Each command must exit 0 and print no ``error:``;
a failure names its page and line and shows what the command printed.

How each command runs:

- a line that starts with ``dicepool`` (or the set-up's ``.venv/bin/dicepool``) and has no shell
  syntax runs in this process (:func:`run_dicepool`, as the console script does), but for
  ``dicepool serve``: that one starts a real server with ``--port`` of its own added (port 8000
  may be taken on a machine that runs tests), checks the line it prints and that it answers
  ``GET /`` with the front page, and stops it;
- the set-up's server (:data:`SETUP`) is left serving, as a newcomer's would be, and must serve
  the data folder's database: the API's calls go to it, ``localhost:8000`` replaced by its
  address (the one substitution); a page that calls the API without the set-up's command finds
  it serving all the same (started for it);
- any other line runs in one bash session (so a variable a line sets is there for the next),
  with the virtualenv of the tests first on ``PATH``;
- a python block runs with the virtualenv's Python, but for one whose first line names a file
  (``# faces.py: ...``): it is saved under that name, for the commands after it to run. The
  faces ``faces.py`` prints are checked against the export's.

Not run as written: the commands of :data:`NOT_RUN`, each named with why (the set-up's test
command, and a server machine's commands as root), and the blocks of a file's text
(:data:`SHOWN`: ```` ```ini ````, ```` ```nginx ````). Changed: each server's port (one of its
own), and with it the API's address.
"""

from __future__ import annotations

import ast
import json
import os
import re
import select
import shlex
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ..servers import STARTUP_SECONDS, free_port
from .conftest import STORAGE_ENV, run_dicepool

ROOT = Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
"""The README and every page of the documentation site."""

README_LINES = 300
"""The most lines the README may have: a newcomer reads it to the end (issue 29)."""

BIN = Path(sys.executable).parent
"""The virtualenv running the tests: its `dicepool` and `python3` are the pages'."""

SETUP = (
    "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/dicepool serve",
    "./scripts/test",
)
"""The set-up's commands, the project's two (the README holds no other set-up), each the one
command of its block. The first makes a virtualenv and installs the package, which the tests
already run from: its `dicepool serve` is run (and must serve the data folder's database). The
second is the test command, which this test is part of."""

ON_A_SERVER = "a server machine's, as root (a user, /opt, systemd, /var): not this test's to make"
NOT_RUN = {
    SETUP[1]: "the test command, which this test is part of",
    "useradd --system --home-dir /var/lib/dicepool --create-home dicepool": ON_A_SERVER,
    "python3 -m venv /opt/dicepool/.venv": ON_A_SERVER,
    "/opt/dicepool/.venv/bin/pip install /path/to/dicepool    # a checkout or a wheel": ON_A_SERVER,
    "mkdir -p /var/backups/dicepool": ON_A_SERVER,
    "chown dicepool: /var/backups/dicepool": ON_A_SERVER,
    "chmod 700 /var/backups/dicepool": ON_A_SERVER,
    "install -o dicepool -g dicepool -m 600 /var/backups/dicepool/"
    "dicepool-2026-11-28T031700Z.sqlite3 /var/lib/dicepool/dicepool.sqlite3": ON_A_SERVER,
    "rm -f /var/lib/dicepool/dicepool.sqlite3-wal /var/lib/dicepool/dicepool.sqlite3-shm": (
        ON_A_SERVER
    ),
    "sudo -u postgres dropdb dicepool": ON_A_SERVER,
    "sudo -u postgres createdb -O dicepool dicepool": ON_A_SERVER,
    "sudo -u postgres pg_restore --no-owner --role=dicepool --exit-on-error --dbname=dicepool "
    "/var/backups/dicepool/dicepool-2026-11-28T031700Z.dump": ON_A_SERVER,
}
"""The commands of the pages not run, as written, each with why; every one is on a page."""

SHOWN = {"ini", "nginx", "crontab"}
"""The languages of blocks that hold a file's text (an environment file, nginx's site, a
crontab), shown and never run here (tests/integration/cli/test_backup_recipe.py runs the
crontab's line as cron would, and the restore's commands on a copy)."""

SETUP_WORDS = re.compile(r"pip install|-m venv|scripts/test|apt-get|\buv\b")
"""What makes a command a set-up: an install, a virtualenv, the test command."""

VENV_BIN = ".venv/bin/"
"""The set-up's virtualenv, whose `dicepool` a newcomer who has not activated it types."""

API = "localhost:8000"
"""Where the pages' API calls go; the test's own server's port replaces 8000."""

SHELL_SYNTAX = re.compile(r"[|&;<>(){}*?\[\]~$`!\\]")
"""What makes a line the shell's to run, outside quotes and the comment."""

FILE_BLOCK = re.compile(r"#\s*(?P<name>[\w-]+\.py):")
"""A python block's first line that names the file it is saved as."""

COMMAND_SECONDS = 60.0
"""How long one shell command may take before the test gives up on it."""


@dataclass(frozen=True)
class Command:
    """A command of a block: its text (continued lines joined by the shell) and its line."""

    text: str
    line: int


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: its language, its first line's number and its text."""

    language: str
    line: int
    text: str

    def commands(self) -> list[Command]:
        """Each command of a shell block: blank and comment lines left out, a line ending in
        ``\\`` continued on the next."""
        lines = self.text.split("\n")
        found, number = [], 0
        while number < len(lines):
            start, text = number, lines[number]
            while text.endswith("\\") and number + 1 < len(lines):
                number += 1
                text += "\n" + lines[number]
            number += 1
            if text.strip() and not text.lstrip().startswith("#"):
                found.append(Command(text, self.line + start))
        return found


def blocks(text: str) -> list[Block]:
    """Every fenced block of a Markdown text, in order; a block indented under a list item is
    read without its indent."""
    found, lines, number = [], text.split("\n"), 0
    while number < len(lines):
        opening = re.fullmatch(r"( *)```(\S*)\s*", lines[number])
        if opening:
            indent = opening[1]
            end = lines.index(f"{indent}```", number + 1)
            body = "\n".join(line.removeprefix(indent) for line in lines[number + 1 : end])
            found.append(Block(opening[2], number + 2, body))
            number = end
        number += 1
    return found


def dicepool_args(command: str) -> list[str] | None:
    """The arguments of a `dicepool` line with no shell syntax, else None (the shell's)."""
    command = command.removeprefix(VENV_BIN)
    if not command.startswith("dicepool "):
        return None
    unquoted = re.sub(r"'[^']*'|\"[^\"$`\\]*\"", "''", command)
    unquoted = re.sub(r"(^|\s)#.*", "", unquoted)  # the comment
    if SHELL_SYNTAX.search(unquoted) or '"' in unquoted:
        return None
    return shlex.split(command, comments=True)[1:]


class Shell:
    """One bash session: each command's status and output, and its variables kept for the next.

    Args:
        cwd: the working directory.
        env: the whole environment.
        scratch: a folder of the test's own for the commands' output.
    """

    MARK = "DOCS-COMMAND-DONE"

    def __init__(self, cwd: Path, env: dict[str, str], scratch: Path) -> None:
        self.scratch = scratch
        self.errors = scratch / "bash.err"
        with self.errors.open("w") as errors:
            self.bash = subprocess.Popen(
                ["bash", "--noprofile", "--norc"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=errors,
                cwd=cwd,
                env=env,
                text=True,
            )

    def run(self, command: str) -> subprocess.CompletedProcess[str]:
        """Run ``command``; a syntax error or a command that hangs fails the test."""
        assert self.bash.stdin is not None and self.bash.stdout is not None
        out, err = self.scratch / "out", self.scratch / "err"
        self.bash.stdin.write(
            f"{{\n{command}\n}} >{shlex.quote(str(out))} 2>{shlex.quote(str(err))} </dev/null\n"
            f'echo "{self.MARK} $?"\n'
        )
        self.bash.stdin.flush()
        ready, _, _ = select.select([self.bash.stdout], [], [], COMMAND_SECONDS)
        if not ready:
            self.close()
            raise AssertionError(f"`{command}` did not end within {COMMAND_SECONDS} s")
        said = self.bash.stdout.readline().split()
        if said[:1] != [self.MARK]:
            bash = self.errors.read_text()
            return subprocess.CompletedProcess(command, -1, "", f"bash ended: {bash}")
        return subprocess.CompletedProcess(command, int(said[1]), out.read_text(), err.read_text())

    def close(self) -> None:
        if self.bash.poll() is None:
            self.bash.kill()
        self.bash.wait(10)
        if self.bash.stdin is not None:
            self.bash.stdin.close()
        if self.bash.stdout is not None:
            self.bash.stdout.close()


class Server:
    """A real `dicepool serve` with ``args`` on a free port (started, not waited for): its
    front page and the first line it prints.

    Args:
        args: serve's options as the page gives them (``--port`` is added).
        cwd: the working directory.
        env: the whole environment.
        scratch: a folder for what it prints.
    """

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str], scratch: Path) -> None:
        self.port = free_port()
        self.said = scratch / f"serve-{self.port}.out"
        with self.said.open("w") as out:
            self.process = subprocess.Popen(
                [str(BIN / "dicepool"), "serve", *args, "--port", str(self.port)],
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=cwd,
                env=env,
                text=True,
            )

    def front_page(self) -> str | None:
        """The page at ``/``, once it answers (None if it never does)."""
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                url = f"http://127.0.0.1:{self.port}/"
                with urllib.request.urlopen(url, timeout=5) as answer:
                    return str(answer.read().decode())
            except OSError:
                time.sleep(0.1)
        return None

    @property
    def address(self) -> str:
        """Where the pages' API calls reach it."""
        return f"localhost:{self.port}"

    def first_line(self) -> str:
        return (self.said.read_text().splitlines() or [""])[0]

    def stop(self) -> str:
        """Stop it; what it printed."""
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        return self.said.read_text()


class Reader:
    """A newcomer at a page: each command run in turn, each failure noted with its line.

    Args:
        page: the page's name, as failures name it.
        tmp_path: the test's own folder.
        home: the data, state and home folders.
    """

    def __init__(self, page: str, tmp_path: Path, home: dict[str, str]) -> None:
        self.page = page
        self.folder = tmp_path / "here"
        self.scratch = tmp_path / "scratch"
        self.folder.mkdir()
        self.scratch.mkdir()
        self.home = home
        self.env = {
            k: v for k, v in os.environ.items() if k not in (*STORAGE_ENV, "DICEPOOL_PUBLIC_URL")
        }
        self.env.update(home, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
        self.shell = Shell(self.folder, self.env, self.scratch)
        self.failures: list[str] = []
        self.output: dict[str, str] = {}
        self.saved: dict[str, int] = {}
        self.api: Server | None = None

    def fail(self, line: int, what: str, words: str, printed: str = "") -> None:
        shown = printed.strip()[-3000:]
        self.failures.append(
            f"{self.page}:{line}: `{what}` {words}" + (f"\n{shown}" if shown else "")
        )

    def check(self, command: Command, done: subprocess.CompletedProcess[str]) -> None:
        printed = done.stdout + done.stderr
        self.output[command.text] = done.stdout
        if done.returncode != 0:
            self.fail(command.line, command.text, f"exited {done.returncode}", printed)
        elif "error:" in printed or "Traceback" in done.stderr:
            self.fail(command.line, command.text, "printed an error", printed)

    def run_block(self, block: Block) -> None:
        if block.language == "python":
            self.run_python(block)
        elif block.language == "sh":
            for command in block.commands():
                self.run_command(command)
        elif block.language not in SHOWN:
            self.fail(block.line, f"```{block.language}", "is a block the test cannot run")

    def run_command(self, command: Command) -> None:
        if command.text == SETUP[0]:  # the set-up's server serves the API's calls later on
            self.api = Server([], self.folder, self.env, self.scratch)
            self.check_server(command, [], self.api)
            return
        if command.text in NOT_RUN:
            return
        args = dicepool_args(command.text)
        if args is not None and args[:1] == ["serve"]:
            server = Server(args[1:], self.folder, self.env, self.scratch)
            try:
                self.check_server(command, args[1:], server)
            finally:
                server.stop()
        elif args is not None:
            self.check(command, run_dicepool(tuple(args), env=self.home))
        elif API in command.text:
            if self.api is None:  # the set-up's server, serving since the README's first command
                self.api = Server([], self.folder, self.env, self.scratch)
                if self.api.front_page() is None:
                    self.fail(command.line, command.text, "has no server", self.api.stop())
                    return
            self.check(command, self.shell.run(command.text.replace(API, self.api.address)))
        else:
            self.check(command, self.shell.run(command.text))

    def check_server(self, command: Command, args: list[str], server: Server) -> None:
        """A server a line started says where it serves (the set-up's: on the data folder's
        database) and answers with the front page."""
        page = server.front_page()
        said = server.first_line()
        address = f"http://127.0.0.1:{server.port}/"
        if "--host" in args:
            address = f":{server.port}/"
        if "--public-url" in args:
            address = args[args.index("--public-url") + 1].rstrip("/") + "/"
        if command.text == SETUP[0]:
            database = Path(self.home["XDG_DATA_HOME"]) / "dicepool" / "dicepool.sqlite3"
            address = f"dicepool serves sqlite:///{database} at {address} (Ctrl-C stops)"
        if page is None or "Open a table" not in page:
            self.fail(command.line, command.text, "served no front page", server.stop())
        elif not said.startswith("dicepool serves ") or address not in said:
            self.fail(command.line, command.text, f"did not say `{address}`", said)

    def run_python(self, block: Block) -> None:
        named = FILE_BLOCK.match(block.text)
        if named:
            (self.folder / named["name"]).write_text(block.text + "\n")
            self.saved[named["name"]] = block.line
            return
        script = self.scratch / f"block-{block.line}.py"
        script.write_text(block.text + "\n")
        done = subprocess.run(
            [sys.executable, str(script)],
            capture_output=True,
            text=True,
            cwd=self.folder,
            env=self.env,
            timeout=COMMAND_SECONDS,
            check=False,
        )
        self.check(Command("```python", block.line), done)

    def close(self) -> None:
        self.shell.close()
        if self.api is not None:
            self.api.stop()


def faces_of(export: Any, seq: int) -> list[int]:
    """The faces of the roll logged at ``seq`` of an export, as the event holds them."""
    event = next(e for e in export["events"] if e["seq"] == seq)
    return [d["face"] for d in event["data"]["result"]["dice"]]


def named(page: Path) -> str:
    """A page's name, from the project's root."""
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", [p for p in PAGES if blocks(p.read_text())], ids=named)
def test_every_command_of_a_page_runs_as_written(
    page: Path, tmp_path: Path, home: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    found = blocks(page.read_text(encoding="utf-8"))
    reader = Reader(named(page), tmp_path, home)
    monkeypatch.chdir(reader.folder)
    try:
        for block in found:
            reader.run_block(block)
    finally:
        reader.close()
    assert not reader.failures, "\n\n".join(reader.failures)

    # a script saved from the page is run by a command after it; faces.py finds the faces
    for name, line in reader.saved.items():
        runs = [c for c in reader.output if c.startswith(f"python3 {name} ")]
        assert runs, f"{named(page)}:{line}: {name} is run by no command of the page"
    for faces_run in (c for c in reader.output if c.startswith("python3 faces.py ")):
        export, seq = shlex.split(faces_run, comments=True)[2:4]
        printed = ast.literal_eval(reader.output[faces_run].strip())
        exported = json.loads((reader.folder / export).read_text())
        assert printed == faces_of(exported, int(seq)), faces_run


def test_the_readme_is_read_to_the_end_with_two_set_up_commands() -> None:
    """At most :data:`README_LINES` lines, and the set-up is the two commands of
    :data:`SETUP`, each the one command of its block, the README's first two: no other command
    of the README installs anything."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_LINES, f"README.md is over {README_LINES} lines"
    commands = [[c.text for c in b.commands()] for b in blocks(text)]
    assert commands[:2] == [[SETUP[0]], [SETUP[1]]], "the set-up blocks changed"
    set_up = [c for block in commands for c in block if SETUP_WORDS.search(c)]
    assert set_up == list(SETUP), f"the README's set-up is {set_up}, not the two commands"


def test_every_command_not_run_is_on_a_page() -> None:
    """:data:`NOT_RUN` names no command the pages no longer hold (each is a page's command, as
    written)."""
    written = {c.text for p in PAGES for b in blocks(p.read_text()) for c in b.commands()}
    assert set(NOT_RUN) <= written, set(NOT_RUN) - written


def test_a_page_links_only_to_pages_that_are_there() -> None:
    """The README's links into docs/ (its "where to go next") name pages that exist; the site's
    own links are MkDocs's to check (tests/test_docs_site.py)."""
    links = re.findall(r"\]\((docs/[^)#]+)", README.read_text(encoding="utf-8"))
    assert len(links) >= 5, links
    missing = [link for link in links if not (ROOT / link).is_file()]
    assert not missing, missing


@pytest.mark.parametrize(
    ("line", "args"),
    [
        (
            'dicepool roll "cofd 7 # sneaking" --seed 1  # ours',
            ["roll", "cofd 7 # sneaking", "--seed", "1"],
        ),
        ('dicepool roll "storypath 4 diff 2; diff 1"', ["roll", "storypath 4 diff 2; diff 1"]),
        (
            "dicepool char set Ana 'Firearms (-Sniping)'",
            ["char", "set", "Ana", "Firearms (-Sniping)"],
        ),
        ('dicepool roll "$LINE"', None),
        ("dicepool log --json | head", None),
        ("dicepool serve --db ~/night.sqlite3", None),
        ("dicepool roll cofd 5 && dicepool log", None),
        ("curl localhost:8000/api/odds", None),
        (".venv/bin/dicepool serve --host 0.0.0.0", ["serve", "--host", "0.0.0.0"]),
        (".venv/bin/pip install -q .", None),
    ],
)
def test_a_dicepool_line_without_shell_syntax_runs_in_process(
    line: str, args: list[str] | None
) -> None:
    """Quotes and the comment hide what looks like syntax; anything bash would read otherwise
    (a variable, a pipe, a home folder, a list) leaves the line to bash."""
    assert dicepool_args(line) == args
