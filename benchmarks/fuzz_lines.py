"""Fuzz the roll language at length, with the default budget: no line or option gets past 10 s or
1.5 GiB, and none ends in a traceback.

Two parts, both fed by the strategies of ``tests/property/fuzzlines.py`` (the test command runs
the same fuzz briefly, with a small budget):

- lines, in this process: each line is parsed, rolled with a seeded source and asked for its
  exact odds with the default budget; the time of the three together and the most memory held
  (tracemalloc, which numpy reports to) are recorded;
- commands, as real processes: ``dicepool odds LINE`` with the costliest options (--goal,
  --rolls, --milestones, --simulate, --json ...), ``dicepool chart`` over the largest pools, and
  ``dicepool compare``; wall time and peak resident memory (``os.wait4``) of each.

Prints what was tried, how it ended (answered, refused by the budget, refused by another limit,
a bad line) and the worst time and memory with the line or command that took them.

    .venv/bin/python benchmarks/fuzz_lines.py                    # --lines 20000 --commands 300
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.property.fuzzlines import chart_options, lines, odds_options  # noqa: E402

from dicepool.core.dice import SeededDice  # noqa: E402
from dicepool.core.roll import resolve_any  # noqa: E402
from dicepool.errors import BudgetError, DicepoolError, LimitError  # noqa: E402
from dicepool.notation import parse  # noqa: E402
from dicepool.odds import odds  # noqa: E402

DICEPOOL = Path(sys.executable).parent / "dicepool"
MIB = 1 << 20


def at_length(count: int) -> settings:
    """Hypothesis settings for ``count`` fresh examples, nothing stored, nothing shrunk."""
    return settings(
        max_examples=count,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


class Worst:
    """The largest figure seen and what took it."""

    def __init__(self) -> None:
        self.value, self.what = 0.0, ""

    def see(self, value: float, what: str) -> None:
        if value > self.value:
            self.value, self.what = value, what


def kind(exc: BaseException) -> str:
    """How a refusal ended, in a word."""
    if isinstance(exc, BudgetError):
        return "refused by the budget"
    if isinstance(exc, LimitError):
        return "refused by a limit"
    if isinstance(exc, DicepoolError):
        return f"refused: {type(exc).__name__}"
    return f"CRASH {type(exc).__name__}"


def fuzz_lines(count: int) -> None:
    """Parse, roll and ask the exact odds of ``count`` lines; print the tally and the worst."""
    tally: collections.Counter[str] = collections.Counter()
    slowest, largest = Worst(), Worst()
    crashes: list[str] = []

    @at_length(count)
    @given(lines())
    def one(line: str) -> None:
        tracemalloc.start()
        start = time.perf_counter()
        try:
            request = parse(line)
        except Exception as exc:
            tally["bad line: " + kind(exc)] += 1
            crashes.extend([line] if not isinstance(exc, DicepoolError) else [])
            tracemalloc.stop()
            return
        ending = "answered"
        try:
            resolve_any(request, SeededDice(1))
            odds(request)
        except Exception as exc:
            ending = kind(exc)
            crashes.extend([line] if not isinstance(exc, DicepoolError) else [])
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        tally[ending] += 1
        slowest.see(elapsed, line)
        largest.see(peak, line)

    started = time.perf_counter()
    one()
    print(f"lines tried: {sum(tally.values())} in {time.perf_counter() - started:.0f} s")
    for ending, n in tally.most_common():
        print(f"  {n:7d}  {ending}")
    print(f"  worst time   {slowest.value:7.2f} s    {slowest.what[:100]!r}")
    print(f"  worst memory {largest.value / MIB:7.1f} MiB  {largest.what[:100]!r}")
    print(f"  crashes: {len(crashes)} {crashes[:5]}")


def run(args: list[str]) -> tuple[int, float, int, str]:
    """One command as a process: exit status, seconds, peak memory in bytes, last error line.

    The peak is read by GNU time where it is installed: a process forked from this one starts
    with this one's pages counted as its own until it execs, so ``os.wait4`` alone would report
    at least this process's size (it is the fallback, an upper bound).
    """
    timer = shutil.which("time") or ""
    with tempfile.NamedTemporaryFile("w+") as peak, tempfile.TemporaryFile("w+") as err:
        wrap = [timer, "-f", "%M", "-o", peak.name] if timer else []
        start = time.perf_counter()
        process = subprocess.Popen(
            [*wrap, str(DICEPOOL), *args], stdout=subprocess.DEVNULL, stderr=err, text=True
        )
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        err.seek(0)
        lines_ = [line for line in err.read().strip().splitlines() if "exit status" not in line]
        peak.seek(0)
        measured = peak.read().strip().splitlines()
    kib = int(measured[-1]) if timer and measured and measured[-1].isdigit() else usage.ru_maxrss
    last = lines_[-1] if lines_ else ""
    return os.waitstatus_to_exitcode(status), elapsed, kib * 1024, last


def commands() -> st.SearchStrategy[list[str]]:
    """Commands with their costliest options."""
    odds_command = st.builds(lambda line, opts: ["odds", line, *opts], lines(), odds_options())
    chart_command = chart_options().map(lambda opts: ["chart", *opts])
    compare_command = st.builds(lambda a, b: ["compare", a, b], lines(), lines())
    return st.one_of(odds_command, odds_command, chart_command, compare_command)


def fuzz_commands(count: int) -> None:
    """Run ``count`` commands as processes; print the tally and the worst."""
    tally: collections.Counter[str] = collections.Counter()
    slowest, largest = Worst(), Worst()
    tracebacks: list[str] = []

    @at_length(count)
    @given(commands())
    def one(args: list[str]) -> None:
        args = [arg.replace("\x00", "") for arg in args]  # no argv holds a NUL
        code, elapsed, peak, last = run(args)
        shown = " ".join(args)[:120]
        tally[{0: "answered", 2: "refused in one line"}.get(code, f"exit {code}")] += 1
        if "Traceback" in last or code not in (0, 2):
            tracebacks.append(shown)
        if "budget" in last:
            tally["  of which by the budget"] += 1
        slowest.see(elapsed, shown)
        largest.see(peak, shown)

    started = time.perf_counter()
    one()
    print(
        f"commands run: {sum(v for k, v in tally.items() if not k.startswith(' '))} "
        f"in {time.perf_counter() - started:.0f} s"
    )
    for ending, n in sorted(tally.items()):
        print(f"  {n:7d}  {ending}")
    print(f"  worst time   {slowest.value:7.2f} s    {slowest.what!r}")
    print(f"  worst memory {largest.value / MIB:7.1f} MiB  {largest.what!r}")
    print(f"  tracebacks or other exits: {len(tracebacks)} {tracebacks[:5]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--commands", type=int, default=300)
    args = parser.parse_args()
    if args.lines:
        fuzz_lines(args.lines)
    if args.commands:
        fuzz_commands(args.commands)


if __name__ == "__main__":
    main()
