"""Timing whole processes, shared by the benchmarks that start `dicepool` as a user would."""

from __future__ import annotations

import os
import statistics
import subprocess
import time

# As on a user's machine, processes may cache compiled modules: this sandbox sets
# PYTHONDONTWRITEBYTECODE, which would make every process compile its libraries again.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def median_seconds(command: list[str], runs: int) -> float:
    """Median wall time of ``runs`` fresh processes, after one warm-up run."""
    subprocess.run(command, capture_output=True, check=True, env=ENV)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=ENV)
        times.append(time.perf_counter() - start)
    return statistics.median(times)
