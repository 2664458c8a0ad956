"""Measure the figures the cost estimate (``dicepool.odds.cost``) is built on, on this machine.

Each primitive is timed on its own (best of a few runs, and the first, cold, run) and printed
beside the constant the estimate uses; then a few whole questions are estimated and answered,
their estimate beside the time and memory they really took. An estimate should err high: a
ratio (estimate / real) under 1 is worth a look.

    .venv/bin/python benchmarks/calibrate_costs.py
"""

from __future__ import annotations

import json
import math
import time
import tracemalloc
from collections.abc import Callable

import numpy as np

from dicepool.notation import parse
from dicepool.odds import cost as c
from dicepool.odds import odds, unlimited
from dicepool.odds.gf import _remembered_series, convolve

QUESTIONS = [
    "chronicles 10000 8again rote",
    "classic 3000 spec until 5 diff 10",
    "hubris 3000 rote",
    "hubris 5000 wp tn 2",
    "custom 1000d1000 t2 again 2",
    "custom 300d1000 t2 again 2 double 2",
    "storypath 3000 tn 3 assist 3000 scale 4",
    "hubris 3000 team 3000 team 2000 min 5",
    "custom 2000d1000 t2 again 2 vs custom 1000d1000 t2 again 2",
]


def timed(work: Callable[[], object], runs: int = 5) -> tuple[float, float]:
    """The first run's time and the best of ``runs``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return times[0], min(times)


def primitives() -> None:
    print("primitive                      cold        best        constant")
    for n in (1 << 12, 1 << 16, 1 << 20):
        a, b = np.random.rand(n), np.random.rand(n)
        points = 1 << (2 * n - 2).bit_length()
        per = points * math.log2(points)
        cold, best = timed(lambda a=a, b=b, n=n: convolve(a, b, n), 3)
        print(
            f"FFT convolution {n:>8}    {cold / per * 1e9:6.2f} ns  {best / per * 1e9:6.2f} ns"
            f"   FFT_SECONDS {c.FFT_SECONDS * 1e9:.1f} ns per F log2 F"
        )
    a, b = np.random.rand(500), np.random.rand(500)
    cold, best = timed(lambda: np.convolve(a, b))
    print(
        f"direct convolution 500x500   {cold / 250_000 * 1e9:6.3f} ns "
        f"{best / 250_000 * 1e9:6.3f} ns"
        f"  DIRECT_SECONDS {c.DIRECT_SECONDS * 1e9:.2f} ns per multiply-add"
    )
    x = np.random.rand(1_000_000)
    cold, best = timed(lambda: np.cumsum(x))
    print(
        f"pass over 1e6                {cold * 1e3:6.2f} ns  {best * 1e3:6.2f} ns"
        f"   PASS_SECONDS {c.PASS_SECONDS * 1e9:.1f} ns per element"
    )
    totals = {str(k): 1e-3 for k in range(200_000)}
    cold, best = timed(lambda: json.dumps({"d": totals, "a": totals}), 3)
    print(
        f"JSON per total               {cold / 200_000 * 1e6:6.2f} us  "
        f"{best / 200_000 * 1e6:6.2f} us"
        f"   ANSWER_SECONDS {c.ANSWER_SECONDS * 1e6:.1f} us (its at-least and dict too)"
    )


def questions() -> None:
    print(
        "\nquestion                                            estimate          real        ratio"
    )
    for line in QUESTIONS:
        request = parse(line)
        estimate = c.question_cost(request)[0]
        _remembered_series.cache_clear()
        tracemalloc.start()
        start = time.perf_counter()
        odds(request, unlimited())
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"{line[:50]:50s} {estimate.seconds:6.2f} s {estimate.memory / c.MIB:6.0f} MiB"
            f"  {elapsed:6.2f} s {peak / c.MIB:6.0f} MiB  t {estimate.seconds / elapsed:4.1f}"
            f" m {estimate.memory / max(peak, 1):4.1f}"
        )


if __name__ == "__main__":
    primitives()
    questions()
