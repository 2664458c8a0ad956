"""The odds commands as whole processes (issue 29): `dicepool odds`, `compare`, `chart` and
`plot`, as a user runs them, from start-up to the last line printed.

Each command runs ``--runs`` times as a fresh process after one warm-up (the median, the
fastest and the slowest are printed), beside ``python -c pass`` (the interpreter alone) and
``dicepool roll`` (the command that must start fast at the table). The work of these commands
is a few milliseconds: what they cost is mostly the modules they import, so each is also run
once in a process that lists the heavy modules it loaded.

    .venv/bin/python benchmarks/cli_speed.py [--runs 15] [--src PATH] [--no-bytecode]

``--src`` puts another checkout's ``src`` first on the path of the timed processes (``git
archive HEAD src | tar -x -C /tmp/before`` gives one to compare with, without touching this
checkout). ``--no-bytecode`` times them as a checkout runs where ``PYTHONDONTWRITEBYTECODE`` is
set (this sandbox sets it): dicepool's own modules, copied without their ``__pycache__``, are
compiled again at every start, while the libraries keep the bytecode they were installed with.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from processes import ENV

COMMANDS = [
    ("roll", ["roll", "chronicles 7 9again rote", "--seed", "1"]),
    ("odds", ["odds", "chronicles 7"]),
    ("odds --json", ["odds", "classic 7 diff 8 thr 1 spec", "--json"]),
    ("odds custom 3d6", ["odds", "custom 3d6"]),
    ("odds --goal --rolls", ["odds", "chronicles 8", "--goal", "3", "--rolls", "4"]),
    ("compare", ["compare", "hubris 4", "hubris 4 wp"]),
    ("chart", ["chart", "classic"]),
    ("chart botch 1-20", ["chart", "classic", "--pools", "1-20", "--stat", "botch"]),
    ("plot (PNG)", ["plot", "chronicles 6", "chronicles 6 rote", "-o", "{out}/odds.png"]),
]
"""Each command by name, with its arguments (``{out}``: a scratch directory)."""

HEAVY = (
    "numpy",
    "rich",
    "click",
    "matplotlib",
    "sqlalchemy",
    "alembic",
    "pydantic",
    "fastapi",
    "psycopg",
    "dicepool.store",
    "dicepool.sheet",
    "dicepool.web",
)
"""The modules worth naming when a command loads them (the last three: our own heavy layers)."""

LOADED = """
import sys
sys.argv = ["dicepool", *sys.argv[1:]]
from dicepool.cli.main import main
try:
    main()
except SystemExit:
    pass
heavy = {heavy!r}
found = sorted(h for h in heavy if any(m == h or m.startswith(h + ".") for m in sys.modules))
print(",".join(found), file=sys.stderr)
"""


def timed(command: list[str], runs: int, env: dict[str, str]) -> list[float]:
    """Wall seconds of ``runs`` fresh processes of ``command``, after one warm-up run."""
    subprocess.run(command, capture_output=True, check=True, env=env)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=env)
        times.append(time.perf_counter() - start)
    return times


def loaded(args: list[str], env: dict[str, str]) -> str:
    """The heavy modules a command's process loads, comma-separated."""
    code = LOADED.format(heavy=HEAVY)
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, check=True
    )
    return done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--src", type=Path, help="a checkout's src to run the commands from")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile dicepool's modules at every start"
    )
    args = parser.parse_args()
    env = dict(ENV)
    with tempfile.TemporaryDirectory() as copies:
        src = args.src
        if args.no_bytecode:
            src = Path(copies) / "src"
            shutil.copytree(
                (args.src or Path(__file__).parent.parent / "src").resolve(),
                src,
                ignore=shutil.ignore_patterns("__pycache__"),
            )
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        if src is not None:
            env["PYTHONPATH"] = os.pathsep.join([str(src.resolve()), env.get("PYTHONPATH", "")])
        report(args.runs, env)


def report(runs: int, env: dict[str, str]) -> None:
    """Time every command and print the table."""
    # the console script, as a user runs it (PYTHONPATH comes before the installed checkout)
    dicepool = [str(Path(sys.executable).parent / "dicepool")]
    base = statistics.median(timed([sys.executable, "-c", "pass"], runs, env))
    print(f"{runs} runs each; python -c pass: {base * 1000:.0f} ms (median)")
    print(f"{'command':<22} {'median':>8} {'fastest':>8} {'slowest':>8}  heavy modules loaded")
    with tempfile.TemporaryDirectory() as out:
        for name, argv in COMMANDS:
            argv = [a.format(out=out) for a in argv]
            try:
                times = timed(dicepool + argv, runs, env)
            except subprocess.CalledProcessError as exc:
                print(f"{name:<22} failed: {exc.stderr.decode(errors='replace').strip()[:80]}")
                continue
            median, low, high = statistics.median(times), min(times), max(times)
            print(
                f"{name:<22} {median * 1000:>6.0f}ms {low * 1000:>6.0f}ms {high * 1000:>6.0f}ms"
                f"  {loaded(argv, env) or '-'}"
            )


if __name__ == "__main__":
    main()
