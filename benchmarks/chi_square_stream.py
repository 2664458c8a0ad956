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

The statistic and its p-value are ``dicepool.odds.fit``'s (the table's dice statistics use the
same): the p-value is the regularized upper incomplete gamma function Q(dof/2, chi2/2), computed
with ``math`` alone (a series below the mean, Lentz's continued fraction above), so the benchmark
needs nothing beyond the project's own dependencies.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from dicepool.core.stream import SEED_BYTES, StreamDice, commitment
from dicepool.odds.fit import chi_square_p, fair_die_fit

SIZES = [2, 3, 4, 6, 8, 10, 12, 20, 100, 1000]
NONCE = "chi-square"


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
        fit = fair_die_fit([counts[face] for face in range(1, sides + 1)])
        speed = args.faces / seconds
        print(
            f"{'d' + str(sides):>6} {args.faces:>10,} {fit.chi_square:>11.2f} {fit.dof:>5} "
            f"{fit.p_value:>8.3f} {speed:>11,.0f}"
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
