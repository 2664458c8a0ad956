"""Whole-process start-up of the commands people type at the table.

Runs each command several times as a fresh process and prints the median wall time, against the
targets of the issues: `dicepool roll` under 150 ms, `dicepool odds` under 400 ms.

    .venv/bin/python benchmarks/bench_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from processes import median_seconds

COMMANDS = [
    ("roll", ["roll", "chronicles 7 9again rote", "--seed", "1"], 0.150),
    ("roll --dice", ["roll", "classic 5 diff 6", "--dice", "1,3,4,6,7"], 0.150),
    ("roll --json", ["roll", "sundown 12 thr 3 edge 2", "--json"], 0.150),
    ("odds", ["odds", "chronicles 7 9again rote"], 0.400),
    ("odds --json", ["odds", "classic 7 diff 8 thr 1 spec", "--json"], 0.400),
]


def dicepool_command() -> list[str]:
    """The installed console script next to this interpreter, as a user would run it."""
    script = Path(sys.executable).parent / "dicepool"
    found = str(script) if script.exists() else shutil.which("dicepool")
    if found is None:
        sys.exit("dicepool is not installed in this environment; pip install -e . first")
    return [found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    base = dicepool_command()
    python = median_seconds([sys.executable, "-c", "pass"], args.runs)
    print(f"{'command':<14} {'median ms':>10} {'target ms':>10}  verdict")
    print(f"{'python -c pass':<14} {python * 1000:>10.1f} {'':>10}")
    for name, argv, target in COMMANDS:
        try:
            seconds = median_seconds(base + argv, args.runs)
        except subprocess.CalledProcessError as exc:
            print(f"{name:<14} {'failed':>10} {target * 1000:>10.0f}  {exc.stderr!r}")
            continue
        verdict = "ok" if seconds < target else "OVER"
        print(f"{name:<14} {seconds * 1000:>10.1f} {target * 1000:>10.0f}  {verdict}")


if __name__ == "__main__":
    main()
