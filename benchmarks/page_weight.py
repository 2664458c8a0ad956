"""What the table's page weighs and how long it takes to open with a long log (issue 29).

A table with ``--events`` events (rolls of two characters, hidden ones, every player's
contributions to its seals, a seal closed every 100 rolls) is made on a fresh SQLite file; a
real ``dicepool serve`` process serves it, and Debian's Chromium (driven by Playwright) opens
the page as the storyteller and as a player, on a phone's width and on a desktop's. For each:
the bytes the browser received (the page, its styles and scripts; not the live feed's
frames), the time until the page's load event and until the newest roll is on screen (in the
log, or below the roll box on a phone), and the page's height; and, to compare, the time the
browser takes to open the home page. The goal: under 300 KB and 1 s, the newest roll shown.

    .venv/bin/python benchmarks/page_weight.py [--events 1000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, Request, sync_playwright

from dicepool.campaign.characters import create_character
from dicepool.campaign.contributions import contribute
from dicepool.campaign.rolls import roll
from dicepool.campaign.seals import Sealed, close, open_seal_of
from dicepool.campaign.seats import find_seat_by_token, join_table, open_table, take_character
from dicepool.store.database import Database

WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
"""The screens the page is opened on."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def build(path: Path, events: int) -> tuple[str, str, str]:
    """A table with about ``events`` events; its name, the storyteller's and a player's token."""
    db = Database(f"sqlite:///{path}")
    table = open_table(db, "Long", "cofd")
    invite = find_seat_by_token(db, table.invite)
    assert invite is not None
    create_character(db, "Long", "Ana", "storyteller", changes="Dexterity=3 Stealth=2")
    create_character(db, "Long", "Mara", "storyteller", changes="Strength=3 Brawl=2")
    players = []
    for name in ("Pat", "Sol"):
        seat, token = join_table(db, invite, name)
        players.append((seat, token))
    take_character(db, players[0][0], "Ana")
    n, rolls = 0, 0
    while n < events:
        seal = open_seal_of(db, "Long")
        if seal.mixed < 2:
            for seat, _ in players:
                contribute(db, seat, seal.number, seal.commitment, os.urandom(32).hex())
                n += 1
        who = ("Ana", "Pat") if rolls % 2 else ("Mara", "storyteller")
        line = "Dexterity + Stealth # sneaking past" if who[0] == "Ana" else "Strength + Brawl"
        roll(db, "Long", line, Sealed(), who[1], roller=who[0], hidden=rolls % 7 == 0)
        n, rolls = n + 1, rolls + 1
        if rolls % 100 == 0:
            close(db, "Long", "storyteller")
            n += 2
    db.close()
    return "Long", table.storyteller, players[0][1]


def open_page(page: Page, base: str, token: str) -> dict[str, float]:
    """Open the seat's link; the bytes received, the times to load and to the newest roll."""
    done: list[Request] = []
    page.on("requestfinished", lambda r: done.append(r))
    start = time.perf_counter()
    page.goto(f"{base}/t/{token}", wait_until="load")
    loaded = time.perf_counter() - start
    newest = page.locator("#log li.entry.kind-rolled").first.get_attribute("data-seq")
    shown_at = f"#log #ev-{newest}:visible, #my-roll[data-seq='{newest}']:visible"
    page.locator(shown_at).first.wait_for(state="visible")
    shown = time.perf_counter() - start
    height = page.evaluate("document.documentElement.scrollHeight")
    received = sum(r.sizes()["responseBodySize"] for r in done)
    return {"kb": received / 1000, "load": loaded, "shown": shown, "height": height}


def bare_open(page: Page, base: str) -> float:
    """The time the browser takes to open the home page (a form, no log): what opening any
    page costs here, measured the same way."""
    start = time.perf_counter()
    page.goto(f"{base}/", wait_until="load")
    return time.perf_counter() - start


def main() -> None:
    """Build the table, serve it, and print what each page weighed and took."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    name, told, player = build(folder / "long.sqlite3", args.events)
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dicepool",
            "serve",
            "--port",
            str(port),
            "--db",
            str(folder / "long.sqlite3"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        print(f"a table of {args.events} events ({name}); median of {args.runs} opens")
        print(f"{'seat':<12} {'screen':<8} {'KB':>7} {'load s':>7} {'roll s':>7} {'height px':>10}")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            bare = []
            for _ in range(args.runs):
                context = browser.new_context()
                bare.append(bare_open(context.new_page(), base))
                context.close()
            print(f"{'(home page)':<12} {'desktop':<8} {'':>7} {statistics.median(bare):>7.2f}")
            for seat, token in (("storyteller", told), ("player", player)):
                for screen, (w, h) in WIDTHS.items():
                    runs = []
                    for _ in range(args.runs):
                        context = browser.new_context(viewport={"width": w, "height": h})
                        runs.append(open_page(context.new_page(), base, token))
                        context.close()
                    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
                    print(
                        f"{seat:<12} {screen:<8} {med['kb']:>7.1f} {med['load']:>7.2f} "
                        f"{med['shown']:>7.2f} {med['height']:>10.0f}"
                    )
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
