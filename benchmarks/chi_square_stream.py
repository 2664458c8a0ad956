"""The seal's dice stream: Pearson's chi-square of its faces against a fair die, and its speed.

    .venv/bin/python benchmarks/chi_square_stream.py [--faces 1000000] [--pool 1000] [--seed HEX]

For each die size, ``--faces`` faces are drawn from ``dicepool.core.stream.StreamDice`` as
rolls of ``--pool`` dice with successive roll numbers (one numbering across all sizes, so no two
rolls share a stream), under one seed: 32 random bytes from ``os.urandom``, or ``--seed`` (64 hex
digits) to repeat a run. The table gives each size's chi-square against the uniform expectation
(every face ``faces / sides`` times), its degrees of freedom (``sides - 1``), the p-value (the
chance a fair die shows a chi-square at least as large), and the faces drawn per second (the
stream alone: counting the faces is not timed).

A fair stream gives p-values spread evenly over 0..1: with ten sizes, one below 0.05 in a run is
expected about two runs in five; what would be suspect is a p-value that stays tiny on every seed.

The p-value is the regularized upper incomplete gamma function Q(dof/2, chi2/2), computed here
with ``math`` alone (a series below the mean, Lentz's continued fraction above), so the benchmark
needs nothing beyond the project's own dependencies.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections import Counter

from dicepool.core.stream import SEED_BYTES, StreamDice, commitment

SIZES = [2, 3, 4, 6, 8, 10, 12, 20, 100, 1000]
NONCE = "chi-square"


def upper_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Gamma(a, x) / Gamma(a)."""
    if x <= 0:
        return 1.0
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series for P(a, x) converges fast here
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-16:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    # Lentz's method on the continued fraction for Q(a, x)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return math.exp(log_prefix) * h


def chi_square_p(chi2: float, dof: int) -> float:
    """The chance that a chi-square variable of ``dof`` degrees of freedom is at least ``chi2``."""
    return upper_gamma_q(dof / 2, chi2 / 2)


def draw(
    seed: bytes, sides: int, faces: int, pool: int, first_roll: int
) -> tuple[Counter[int], float]:
    """Count ``faces`` faces of a ``sides``-sided die read as rolls of ``pool`` dice.

    Returns:
        The count of each face, and the seconds the stream took to give them.
    """
    counts: Counter[int] = Counter()
    elapsed = 0.0
    roll_no = first_roll
    left = faces
    while left:
        size = min(pool, left)
        start = time.perf_counter()
        rolled = StreamDice(seed, roll_no, NONCE).roll(sides, size)
        elapsed += time.perf_counter() - start
        counts.update(rolled)
        left -= size
        roll_no += 1
    return counts, elapsed


def chi_square(counts: Counter[int], sides: int, faces: int) -> float:
    """Pearson's statistic of ``counts`` against ``faces / sides`` of each face."""
    expected = faces / sides
    return sum((counts.get(face, 0) - expected) ** 2 for face in range(1, sides + 1)) / expected


def check_p_values() -> None:
    """The p-value function against the tables' 5% critical values (to 4 significant figures)."""
    for chi2, dof in [(3.841, 1), (16.919, 9), (30.144, 19), (123.225, 99), (1073.643, 999)]:
        p = chi_square_p(chi2, dof)
        assert abs(p - 0.05) < 1e-4, (chi2, dof, p)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--faces", type=int, default=1_000_000, help="faces per die size")
    parser.add_argument("--pool", type=int, default=1000, help="dice per roll")
    parser.add_argument("--seed", help=f"the seal's seed, {2 * SEED_BYTES} hex digits")
    args = parser.parse_args()
    check_p_values()
    seed = bytes.fromhex(args.seed) if args.seed else os.urandom(SEED_BYTES)
    print(f"seed {seed.hex()}  (commitment {commitment(seed)})")
    print(f"{args.faces:,} faces per size, rolls of {args.pool} dice, nonce {NONCE!r}\n")
    head = f"{'die':>6} {'faces':>10} {'chi-square':>11} {'dof':>5} {'p-value':>8} {'faces/s':>11}"
    print(head)
    print("-" * len(head))
    roll_no, total_faces, total_seconds = 1, 0, 0.0
    for sides in SIZES:
        counts, seconds = draw(seed, sides, args.faces, args.pool, roll_no)
        roll_no += -(-args.faces // args.pool)
        total_faces += args.faces
        total_seconds += seconds
        chi2 = chi_square(counts, sides, args.faces)
        p = chi_square_p(chi2, sides - 1)
        speed = args.faces / seconds
        print(
            f"{'d' + str(sides):>6} {args.faces:>10,} {chi2:>11.2f} {sides - 1:>5} {p:>8.3f} "
            f"{speed:>11,.0f}"
        )
    print(
        f"\nall sizes: {total_faces:,} faces in {total_seconds:.2f} s of stream time, "
        f"{total_faces / total_seconds:,.0f} faces/s"
    )
    for sides in (10, 1000):
        times = sorted(timed_pool(seed, sides, 1000) for _ in range(200))
        print(
            f"one pool of 1,000 d{sides}s (StreamDice made and read), 200 runs: "
            f"median {times[100] * 1e3:.3f} ms, best {times[0] * 1e3:.3f} ms"
        )


def timed_pool(seed: bytes, sides: int, count: int) -> float:
    """The seconds to make a StreamDice and read one pool from it."""
    start = time.perf_counter()
    StreamDice(seed, 1, NONCE).roll(sides, count)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
