"""The classic chart as a whole process: `dicepool chart` against a python process with icepool.

    .venv/bin/python benchmarks/bench_chart_process.py [--runs 7]

Times, as fresh processes (median of ``--runs`` after a warm-up run):

- ``dicepool chart classic --pools 1-20 --difficulties 2-10 --stat botch`` (the CLI; if the
  command is not installed, ``python -c "from dicepool.odds import chart; chart(...)"``);
- ``python -c`` computing the same botch grid with icepool (a Vector of (successes, ones) per
  die, summed over the pool), printing it.

and prints the ratio (target: dicepool at least 10 times faster). Both processes' numbers are
checked to agree to 1e-9 first.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

from processes import median_seconds

ARGS = ["chart", "classic", "--pools", "1-20", "--difficulties", "2-10", "--stat", "botch"]

LIBRARY = (
    "from dicepool.odds import chart; import json; "
    "c = chart('classic', range(1, 21), range(2, 11), 'botch'); "
    "print(json.dumps(c.values.tolist()))"
)

ICEPOOL = """
import json
from icepool import Vector, d10
grid = []
for n in range(1, 21):
    row = []
    for d in range(2, 11):
        joint = n @ d10.map(lambda f: Vector((int(f >= d), int(f == 1))))
        botch = sum(q for (s, o), q in joint.items() if s == 0 and o >= 1)
        row.append(botch / joint.denominator())
    grid.append(row)
print(json.dumps(grid))
"""


def dicepool_command() -> tuple[list[str], str]:
    """The CLI as a user runs it, or the library call when the CLI is not installed."""
    script = Path(sys.executable).parent / "dicepool"
    found = str(script) if script.exists() else shutil.which("dicepool")
    if found is not None:
        probe = subprocess.run([found, *ARGS], capture_output=True, check=False)
        if probe.returncode == 0:
            return [found, *ARGS], "dicepool " + " ".join(ARGS)
    return [sys.executable, "-c", LIBRARY], "python -c 'chart(...)' (no CLI chart command)"


def same_numbers() -> float:
    """The largest difference between the library's grid and icepool's."""
    ours = subprocess.run(
        [sys.executable, "-c", LIBRARY], capture_output=True, text=True, check=True
    ).stdout
    theirs = subprocess.run(
        [sys.executable, "-c", ICEPOOL], capture_output=True, text=True, check=True
    ).stdout
    a, b = json.loads(ours), json.loads(theirs)
    return max(
        abs(x - y)
        for row_a, row_b in zip(a, b, strict=True)
        for x, y in zip(row_a, row_b, strict=True)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each process")
    args = parser.parse_args()
    diff = same_numbers()
    print(
        f"library grid vs icepool grid: max difference {diff:.1e}",
        "(ok)" if diff <= 1e-9 else "DIFFERENT",
    )
    command, label = dicepool_command()
    ours = median_seconds(command, args.runs)
    theirs = median_seconds([sys.executable, "-c", ICEPOOL], args.runs)
    print(f"{label:<72} {ours * 1000:8.0f} ms")
    print(f"{'python -c (icepool, same grid)':<72} {theirs * 1000:8.0f} ms")
    ratio = theirs / ours
    print(f"ratio {ratio:.1f}x (target >= 10x: {'ok' if ratio >= 10 else 'MISSED'})")


if __name__ == "__main__":
    main()
