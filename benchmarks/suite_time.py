"""Where the test suite's time goes: one pytest run, its wall time, and the durations pytest
reports summed by directory (setup, call and teardown apart) and by file.

    .venv/bin/python benchmarks/suite_time.py                      # the test command's pytest
    .venv/bin/python benchmarks/suite_time.py -- -n 0 tests/integration/cli
    .venv/bin/python benchmarks/suite_time.py --from-log run.txt   # a run's output, kept

Arguments after ``--`` go to pytest (default: the test command's, ``-n auto --dist loadfile
--no-loadscope-reorder`` with coverage of the core). With several workers, the durations add up
to more than the wall time: they are each test's own time, whichever worker ran it; each
worker's share (its busy time) is shown too, read from pytest-xdist's verbose lines. Figures
depend on the machine and on whatever else runs on it; nothing here is a test.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = [
    *("-n", "auto", "--dist", "loadfile", "--no-loadscope-reorder"),
    *("--cov=dicepool.core", "tests"),
]
LINE = re.compile(r"\s*(?P<seconds>[\d.]+)s (?P<phase>call|setup|teardown)\s+(?P<node>\S.*?)\s*$")
WORKER = re.compile(r"\[(?P<worker>gw\d+)\] \[\s*\d+%\] [A-Z]+ (?P<node>\S.*?)\s*$")
SUMMARY = re.compile(r"=* (?P<summary>.*\d+ passed.*) in (?P<seconds>[\d.]+)s")


def directory_of(path: str) -> str:
    """``tests/integration/cli`` for an integration test, ``tests/unit`` for the others."""
    parts = path.split("/")
    return "/".join(parts[:3] if parts[1:2] == ["integration"] else parts[:2])


def report(text: str, wall: float | None, files: int) -> None:
    """Print the run's wall time, then its durations by directory and its costliest files."""
    by_dir: Counter[str] = Counter()
    by_phase: Counter[tuple[str, str]] = Counter()
    by_file: Counter[str] = Counter()
    tests: Counter[str] = Counter()
    by_worker: Counter[str] = Counter()
    worker_of = {
        found["node"]: found["worker"]
        for found in map(WORKER.match, text.splitlines())
        if found is not None
    }
    for line in text.splitlines():
        found = LINE.match(line)
        if found is None:
            continue
        seconds, phase = float(found["seconds"]), found["phase"]
        path = found["node"].split("::")[0]
        where = directory_of(path)
        by_dir[where] += seconds
        by_phase[where, phase] += seconds
        by_file[path] += seconds
        tests[where] += phase == "call"
        if found["node"] in worker_of:
            by_worker[worker_of[found["node"]]] += seconds
    summary = SUMMARY.search(text)
    if summary:
        print(f"pytest: {summary['summary']} in {summary['seconds']} s")
    if wall is not None:
        print(f"wall time of the whole command: {wall:.0f} s")
    print(f"sum of durations: {sum(by_dir.values()):.0f} s\n")
    if by_worker:
        print("| worker | busy (its tests' durations) |\n|---|---:|")
        for worker, seconds in sorted(by_worker.items()):
            print(f"| {worker} | {seconds:.0f} s |")
        print()
    print("| directory | tests | sum | setup | call | teardown |")
    print("|---|---:|---:|---:|---:|---:|")
    for where, seconds in by_dir.most_common():
        phases = [by_phase[where, p] for p in ("setup", "call", "teardown")]
        cells = " | ".join(f"{s:.1f}" for s in phases)
        print(f"| {where} | {tests[where]} | {seconds:.1f} | {cells} |")
    print("\n| file | sum |\n|---|---:|")
    for path, seconds in by_file.most_common(files):
        print(f"| {path} | {seconds:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from-log", type=Path, help="read a kept run's output instead")
    parser.add_argument("--files", type=int, default=15, help="costliest files shown")
    parser.add_argument("pytest_args", nargs="*", help="pytest's arguments (after --)")
    args = parser.parse_args()
    if args.from_log is not None:
        report(args.from_log.read_text(errors="replace"), None, args.files)
        return
    command = [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider"]
    command += [*(args.pytest_args or DEFAULT), "--durations=0", "--durations-min=0"]
    start = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.monotonic() - start
    report(done.stdout, wall, args.files)
    if done.returncode != 0:
        print(f"\npytest exited {done.returncode}", file=sys.stderr)
        sys.exit(done.returncode)


if __name__ == "__main__":
    main()
