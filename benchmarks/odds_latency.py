"""How soon the roll box shows the odds of a line after its last keystroke, in Debian's Chromium
against a `dicepool serve` process on a fresh SQLite file (issue 19: within 150 ms).

Types a line key by key (40 ms apart, as a quick typist), then times from the last keystroke to
the odds box showing that line's notation; repeats, and prints the median and the worst.

    .venv/bin/python benchmarks/odds_latency.py --runs 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.integration.servers import free_port, post, serving, stop

SHOWN = "line => (document.querySelector('#odds .notation') || {}).textContent === line"
"""Whether the odds box shows the odds of ``line``."""

LINES = ["chronicles 7 9again", "chronicles 12 rote", "chronicles 5 8again", "chronicles 9"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    folder = Path(tempfile.mkdtemp())
    port = free_port()
    server = serving(str(folder / "odds.sqlite3"), port)
    try:
        table = post(port, "/api/campaigns", {"name": "Odds", "system": "chronicles"})
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/t/{table['storyteller']['token']}")
            page.wait_for_selector("#line")
            waits = []
            for run in range(runs):
                line = LINES[run % len(LINES)]
                page.fill("#line", "")
                page.wait_for_timeout(300)
                page.type("#line", line[:-1], delay=40)
                typed = time.perf_counter()  # the last keystroke: timed from before it
                page.keyboard.press(line[-1])
                page.wait_for_function(SHOWN, arg=line)
                waits.append((time.perf_counter() - typed) * 1000)
            browser.close()
    finally:
        stop(server)
    waits.sort()
    print(f"odds shown after the last keystroke, {runs} lines typed:")
    median = statistics.median(waits)
    print(f"  median {median:.0f} ms, best {waits[0]:.0f} ms, worst {waits[-1]:.0f} ms")


if __name__ == "__main__":
    main()
